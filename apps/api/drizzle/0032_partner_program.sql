CREATE TABLE "order_attributions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"source" text NOT NULL,
	"click_id" uuid,
	"promo_code" text,
	"sub_id" text,
	"ip_hash" text,
	"device_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"website" text,
	"email" text NOT NULL,
	"phone" text,
	"promotion" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"refusal_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"partner_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_truncated" text,
	"ip_hash" text,
	"user_agent" text,
	"referrer" text,
	"sub_id" text
);
--> statement-breakpoint
CREATE TABLE "partner_commission_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"commission_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"base_kopecks" bigint DEFAULT 0 NOT NULL,
	"rate_percent" numeric(5, 2),
	"amount_kopecks" bigint NOT NULL,
	"original_amount_kopecks" bigint NOT NULL,
	"reason" text,
	"held_at" timestamp with time zone,
	"approvable_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"payout_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_commissions_reversed_zero" CHECK (status <> 'REVERSED' OR amount_kopecks = 0)
);
--> statement-breakpoint
CREATE TABLE "partner_fraud_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"order_id" uuid,
	"commission_id" uuid,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"target_path" text DEFAULT '/' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_password_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payment_detail_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"details" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payment_details" (
	"partner_account_id" uuid PRIMARY KEY NOT NULL,
	"payee_type" text NOT NULL,
	"payee_name" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"bik" text NOT NULL,
	"bank_name" text,
	"account" text NOT NULL,
	"correspondent_account" text,
	"confirmed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" uuid
);
--> statement-breakpoint
CREATE TABLE "partner_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"payee" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "partner_payouts_amount_positive" CHECK (amount_kopecks > 0)
);
--> statement-breakpoint
CREATE TABLE "partner_program_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_affiliate_percent" numeric(5, 2) DEFAULT 10 NOT NULL,
	"commission_corporate_percent" numeric(5, 2) DEFAULT 10 NOT NULL,
	"commission_integrator_percent" numeric(5, 2) DEFAULT 10 NOT NULL,
	"hold_days" integer DEFAULT 14 NOT NULL,
	"min_payout_kopecks" bigint DEFAULT 100000 NOT NULL,
	"attribution_window_days" integer DEFAULT 30 NOT NULL,
	"max_promo_discount_percent" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "partner_program_settings_one_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "partner_promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"ip_hash" text NOT NULL,
	"device_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_accounts" ALTER COLUMN "commission_percent" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "partner_accounts" ALTER COLUMN "commission_percent" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "partner_accounts" ALTER COLUMN "commission_percent" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_click_id_partner_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."partner_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_clicks" ADD CONSTRAINT "partner_clicks_link_id_partner_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."partner_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_clicks" ADD CONSTRAINT "partner_clicks_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commission_events" ADD CONSTRAINT "partner_commission_events_commission_id_partner_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."partner_commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commission_events" ADD CONSTRAINT "partner_commission_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_payout_id_partner_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."partner_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_fraud_events" ADD CONSTRAINT "partner_fraud_events_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_fraud_events" ADD CONSTRAINT "partner_fraud_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_fraud_events" ADD CONSTRAINT "partner_fraud_events_commission_id_partner_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."partner_commissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_fraud_events" ADD CONSTRAINT "partner_fraud_events_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_links" ADD CONSTRAINT "partner_links_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_password_tokens" ADD CONSTRAINT "partner_password_tokens_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payment_detail_changes" ADD CONSTRAINT "partner_payment_detail_changes_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payment_details" ADD CONSTRAINT "partner_payment_details_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payout_runs" ADD CONSTRAINT "partner_payout_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payout_runs" ADD CONSTRAINT "partner_payout_runs_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_run_id_partner_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."partner_payout_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_program_settings" ADD CONSTRAINT "partner_program_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_promo_codes" ADD CONSTRAINT "partner_promo_codes_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "partner_promo_codes" ADD CONSTRAINT "partner_promo_codes_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sign_ins" ADD CONSTRAINT "partner_sign_ins_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_attributions_partner_idx" ON "order_attributions" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_applications_status_idx" ON "partner_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_applications_pending_email_key" ON "partner_applications" USING btree (lower("email")) WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "partner_clicks_partner_idx" ON "partner_clicks" USING btree ("partner_account_id","clicked_at");--> statement-breakpoint
CREATE INDEX "partner_clicks_link_idx" ON "partner_clicks" USING btree ("link_id","clicked_at");--> statement-breakpoint
CREATE INDEX "partner_commission_events_commission_idx" ON "partner_commission_events" USING btree ("commission_id","at");--> statement-breakpoint
CREATE INDEX "partner_commissions_partner_idx" ON "partner_commissions" USING btree ("partner_account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "partner_commissions_approvable_idx" ON "partner_commissions" USING btree ("approvable_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_commissions_order_key" ON "partner_commissions" USING btree ("order_id") WHERE kind = 'ORDER';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_commissions_clawback_key" ON "partner_commissions" USING btree ("order_id") WHERE kind = 'CLAWBACK';--> statement-breakpoint
CREATE INDEX "partner_fraud_events_status_idx" ON "partner_fraud_events" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "partner_fraud_events_partner_idx" ON "partner_fraud_events" USING btree ("partner_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_fraud_events_rule_order_key" ON "partner_fraud_events" USING btree ("rule","order_id") WHERE order_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_links_code_key" ON "partner_links" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "partner_links_partner_idx" ON "partner_links" USING btree ("partner_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_password_tokens_hash_key" ON "partner_password_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payment_detail_changes_token_key" ON "partner_payment_detail_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "partner_payouts_partner_idx" ON "partner_payouts" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_payouts_run_partner_key" ON "partner_payouts" USING btree ("run_id","partner_account_id");--> statement-breakpoint
CREATE INDEX "partner_promo_codes_partner_idx" ON "partner_promo_codes" USING btree ("partner_account_id");--> statement-breakpoint
CREATE INDEX "partner_sign_ins_partner_idx" ON "partner_sign_ins" USING btree ("partner_account_id","at");--> statement-breakpoint
CREATE INDEX "partner_sign_ins_ip_idx" ON "partner_sign_ins" USING btree ("ip_hash");--> statement-breakpoint
-- Issue 18 (decision 059): BLOCKED is called BANNED; a rate equal to the old default (10) becomes "the programme's
-- default for the type" (null), any other rate stays the partner's own; the settings row exists from the start.
UPDATE "partner_accounts" SET "status" = 'BANNED' WHERE "status" = 'BLOCKED';--> statement-breakpoint
UPDATE "partner_accounts" SET "commission_percent" = NULL WHERE "commission_percent" = 10;--> statement-breakpoint
INSERT INTO "partner_program_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
