CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_category" text,
	"event_action" text,
	"event_label" text,
	"event_value" double precision,
	"page_path" text,
	"page_title" text,
	"form_data" jsonb,
	"is_conversion" boolean DEFAULT false NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"landing_page" text,
	"referer" text,
	"user_agent" text,
	"device_type" text,
	"browser_name" text,
	"operating_system" text,
	"utm" jsonb,
	"click_ids" jsonb,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"conversion_type" text NOT NULL,
	"conversion_value" double precision,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"stage" text NOT NULL,
	"source" text,
	"value" double precision,
	"metadata" jsonb,
	"user_id" uuid,
	"order_id" uuid,
	"utm" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_idx" ON "analytics_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE INDEX "funnel_stages_stage_created_idx" ON "funnel_stages" USING btree ("stage","created_at");