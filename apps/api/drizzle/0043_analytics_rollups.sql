CREATE TABLE "analytics_event_days" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"event_type" text NOT NULL,
	"event_category" text NOT NULL,
	"event_action" text NOT NULL,
	"page_path" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_event_days_pkey" PRIMARY KEY("day","channel","utm_source","utm_campaign","event_type","event_category","event_action","page_path")
);
--> statement-breakpoint
CREATE TABLE "analytics_session_days" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_content" text NOT NULL,
	"utm_term" text NOT NULL,
	"device_type" text NOT NULL,
	"browser_name" text NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_session_days_pkey" PRIMARY KEY("day","channel","utm_source","utm_medium","utm_campaign","utm_content","utm_term","device_type","browser_name")
);
