CREATE TABLE "funnel_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"landing_at" timestamp with time zone,
	"calculator_used_at" timestamp with time zone,
	"step_1_at" timestamp with time zone,
	"step_2_at" timestamp with time zone,
	"step_3_at" timestamp with time zone,
	"order_created_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"split_days" boolean DEFAULT false NOT NULL,
	"session_start" timestamp with time zone,
	"channel" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device_type" text,
	"is_internal" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "funnel_sessions_last_idx" ON "funnel_sessions" USING btree ("last_at","first_at");--> statement-breakpoint
CREATE INDEX "funnel_sessions_split_idx" ON "funnel_sessions" USING btree ("last_at","first_at") WHERE split_days;