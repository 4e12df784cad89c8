CREATE TABLE "marketing_order_daily" (
	"day" date NOT NULL,
	"acquisition_channel" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"revenue_kopecks" bigint DEFAULT 0 NOT NULL,
	"margin_kopecks" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketing_order_daily_pkey" PRIMARY KEY("day","acquisition_channel","utm_source","utm_medium","utm_campaign","utm_content","utm_term")
);
--> statement-breakpoint
CREATE TABLE "marketing_order_facts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"email_lower" text NOT NULL,
	"acquisition_channel" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_content" text DEFAULT '' NOT NULL,
	"utm_term" text DEFAULT '' NOT NULL,
	"live" boolean NOT NULL,
	"paid_live" boolean NOT NULL,
	"revenue_kopecks" bigint NOT NULL,
	"margin_kopecks" bigint NOT NULL,
	"first_paid" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "marketing_order_facts_email_day_idx" ON "marketing_order_facts" USING btree ("email_lower","day");--> statement-breakpoint
CREATE INDEX "marketing_order_facts_paid_email_idx" ON "marketing_order_facts" USING btree ("email_lower","created_at","order_id") WHERE paid_live;--> statement-breakpoint
CREATE INDEX "marketing_order_facts_first_paid_idx" ON "marketing_order_facts" USING btree ("email_lower") WHERE first_paid;--> statement-breakpoint
CREATE INDEX "marketing_order_facts_paid_created_idx" ON "marketing_order_facts" USING btree ("created_at") WHERE paid_live;