CREATE TABLE "analytics_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"attribution_window_hours" integer DEFAULT 720 NOT NULL,
	"default_attribution_model" text DEFAULT 'first_touch' NOT NULL,
	"time_decay_half_life_hours" integer DEFAULT 168 NOT NULL,
	"lead_score_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hot_lead_threshold" integer DEFAULT 50 NOT NULL,
	"retention_days" integer DEFAULT 395 NOT NULL,
	"internal_ip_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"test_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"yandex_metrica_id" text,
	"ga4_measurement_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "marketing_campaign_spend" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_source" text,
	"channel" text,
	"starts_on" date,
	"ends_on" date,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_utm_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"utm_content" text,
	"utm_term" text,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_coupon_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"campaign_id" uuid,
	"label" text NOT NULL,
	"quantity" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"refusal_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_coupon_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"client_company" text,
	"starts_on" date,
	"ends_on" date,
	"budget_kopecks" bigint,
	"spent_kopecks" bigint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_coupon_campaigns_budget" CHECK (budget_kopecks is null or spent_kopecks <= budget_kopecks)
);
--> statement-breakpoint
CREATE TABLE "partner_coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"used_at" timestamp with time zone,
	"order_id" uuid,
	"discount_kopecks" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"response_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text,
	"manual" text DEFAULT 'AUTO' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_code" integer,
	"last_duration_ms" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_widgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"allowed_domains" text[] NOT NULL,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "client_event_id" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "utm_content" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "utm_term" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "analytics_sessions" ADD COLUMN "is_internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "client_event_id" text;--> statement-breakpoint
ALTER TABLE "funnel_stages" ADD COLUMN "client_event_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "analytics_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "analytics_visitor_id" text;--> statement-breakpoint
ALTER TABLE "analytics_config" ADD CONSTRAINT "analytics_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaign_spend" ADD CONSTRAINT "marketing_campaign_spend_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaign_spend" ADD CONSTRAINT "marketing_campaign_spend_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_utm_links" ADD CONSTRAINT "marketing_utm_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_coupon_batches" ADD CONSTRAINT "partner_coupon_batches_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_coupon_batches" ADD CONSTRAINT "partner_coupon_batches_campaign_id_partner_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."partner_coupon_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_coupon_batches" ADD CONSTRAINT "partner_coupon_batches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_coupon_campaigns" ADD CONSTRAINT "partner_coupon_campaigns_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_coupons" ADD CONSTRAINT "partner_coupons_batch_id_partner_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."partner_coupon_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_coupons" ADD CONSTRAINT "partner_coupons_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_coupons" ADD CONSTRAINT "partner_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_attempts" ADD CONSTRAINT "partner_webhook_attempts_delivery_id_partner_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."partner_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_endpoint_id_partner_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."partner_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_endpoints" ADD CONSTRAINT "partner_webhook_endpoints_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_widgets" ADD CONSTRAINT "partner_widgets_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_campaign_spend_campaign_idx" ON "marketing_campaign_spend" USING btree ("campaign_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_campaigns_utm_key" ON "marketing_campaigns" USING btree (lower("utm_campaign"));--> statement-breakpoint
CREATE INDEX "marketing_utm_links_campaign_idx" ON "marketing_utm_links" USING btree ("utm_campaign");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_hash_key" ON "partner_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_prefix_key" ON "partner_api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "partner_api_keys_partner_idx" ON "partner_api_keys" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_coupon_batches_partner_idx" ON "partner_coupon_batches" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_coupon_batches_status_idx" ON "partner_coupon_batches" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "partner_coupon_campaigns_partner_idx" ON "partner_coupon_campaigns" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_coupons_batch_idx" ON "partner_coupons" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_coupons_order_key" ON "partner_coupons" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "partner_webhook_attempts_delivery_idx" ON "partner_webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "partner_webhook_deliveries_endpoint_idx" ON "partner_webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_webhook_deliveries_event_key" ON "partner_webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "partner_webhook_endpoints_partner_idx" ON "partner_webhook_endpoints" USING btree ("partner_account_id");--> statement-breakpoint
CREATE INDEX "partner_widgets_partner_idx" ON "partner_widgets" USING btree ("partner_account_id");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_client_key" ON "analytics_events" USING btree ("session_id","client_event_id");--> statement-breakpoint
CREATE INDEX "analytics_sessions_created_idx" ON "analytics_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_visitor_idx" ON "analytics_sessions" USING btree ("visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_sessions_campaign_idx" ON "analytics_sessions" USING btree ("utm_campaign","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_client_key" ON "conversions" USING btree ("session_id","client_event_id");--> statement-breakpoint
CREATE INDEX "conversions_created_idx" ON "conversions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "funnel_stages_session_idx" ON "funnel_stages" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_stages_client_key" ON "funnel_stages" USING btree ("session_id","client_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_stages_order_stage_key" ON "funnel_stages" USING btree ("order_id","stage") WHERE order_id is not null;--> statement-breakpoint
-- Sessions keep their UTM tags in columns (issue 19: reports group by them); the old JSON moves over.
UPDATE "analytics_sessions" SET "utm_source" = "utm"->>'source', "utm_medium" = "utm"->>'medium', "utm_campaign" = "utm"->>'campaign', "utm_content" = "utm"->>'content', "utm_term" = "utm"->>'term' WHERE "utm" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_sessions" DROP COLUMN "utm";--> statement-breakpoint
INSERT INTO "analytics_config" ("id") VALUES (1) ON CONFLICT DO NOTHING;