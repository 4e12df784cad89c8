ALTER TABLE "order_attributions" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD COLUMN "rate_limit_tat" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_coupons" ADD COLUMN "discount_returned_kopecks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_campaign_id_partner_coupon_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."partner_coupon_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_attributions_campaign_idx" ON "order_attributions" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_kind_check" CHECK (kind IN ('document', 'assurance', 'delivery', 'discount'));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_from_status_check" CHECK (from_status IN ('NEW', 'PAID', 'IN_PROGRESS', 'READY', 'DELIVERING', 'COMPLETED', 'CANCELED'));--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_to_status_check" CHECK (to_status IN ('NEW', 'PAID', 'IN_PROGRESS', 'READY', 'DELIVERING', 'COMPLETED', 'CANCELED'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status IN ('NEW', 'PAID', 'IN_PROGRESS', 'READY', 'DELIVERING', 'COMPLETED', 'CANCELED'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payer_type_check" CHECK (payer_type IN ('INDIVIDUAL', 'ORGANIZATION'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_type_check" CHECK (delivery_type IN ('PICKUP_POINT', 'OFFICE', 'COURIER', 'ELECTRONIC'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_check" CHECK (provider IN ('test', 'yookassa', 'manual'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK (status IN ('pending', 'superseded', 'succeeded', 'canceled'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_manual_method_check" CHECK (manual_method IN ('cash', 'bank_transfer', 'card_office'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK (status IN ('pending', 'succeeded', 'canceled'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_manual_method_check" CHECK (manual_method IN ('cash', 'bank_transfer', 'card_office'));--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_source_check" CHECK (source IN ('PROMO_CODE', 'LINK', 'PARTNER_ID', 'COUPON', 'API', 'WIDGET'));--> statement-breakpoint
ALTER TABLE "partner_commission_events" ADD CONSTRAINT "partner_commission_events_from_status_check" CHECK (from_status IN ('PENDING', 'APPROVED', 'PAID', 'REVERSED'));--> statement-breakpoint
ALTER TABLE "partner_commission_events" ADD CONSTRAINT "partner_commission_events_to_status_check" CHECK (to_status IN ('PENDING', 'APPROVED', 'PAID', 'REVERSED'));--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_kind_check" CHECK (kind IN ('ORDER', 'ADJUSTMENT', 'CLAWBACK'));--> statement-breakpoint
ALTER TABLE "partner_commissions" ADD CONSTRAINT "partner_commissions_status_check" CHECK (status IN ('PENDING', 'APPROVED', 'PAID', 'REVERSED'));--> statement-breakpoint
ALTER TABLE "partner_payout_runs" ADD CONSTRAINT "partner_payout_runs_status_check" CHECK (status IN ('DRAFT', 'PAID', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "partner_payouts" ADD CONSTRAINT "partner_payouts_status_check" CHECK (status IN ('DRAFT', 'PAID', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "partner_coupon_batches" ADD CONSTRAINT "partner_coupon_batches_status_check" CHECK (status IN ('PENDING', 'APPROVED', 'REFUSED'));--> statement-breakpoint
ALTER TABLE "partner_coupons" ADD CONSTRAINT "partner_coupons_returned_within_discount" CHECK (discount_returned_kopecks >= 0 and discount_returned_kopecks <= coalesce(discount_kopecks, 0));--> statement-breakpoint
ALTER TABLE "partner_webhook_attempts" ADD CONSTRAINT "partner_webhook_attempts_manual_check" CHECK (manual IN ('AUTO', 'RESEND', 'TEST'));--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_status_check" CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED'));--> statement-breakpoint
ALTER TABLE "partner_webhook_deliveries" ADD CONSTRAINT "partner_webhook_deliveries_event_type_check" CHECK (event_type IN ('order.created', 'order.paid', 'order.status_changed', 'commission.created', 'commission.paid', 'webhook.test'));--> statement-breakpoint
ALTER TABLE "partner_webhook_endpoints" ADD CONSTRAINT "partner_webhook_endpoints_status_check" CHECK (status IN ('ACTIVE', 'DISABLED'));--> statement-breakpoint
-- Hand-written (decision 076): orders placed before this migration keep the campaign their link or coupon batch
-- is in now — the best record there is; from now on the campaign is written when the order is attributed.
UPDATE "order_attributions" oa
   SET "campaign_id" = l."campaign_id"
  FROM "partner_clicks" ck
  JOIN "partner_links" l ON l."id" = ck."link_id"
 WHERE ck."id" = oa."click_id" AND oa."campaign_id" IS NULL AND l."campaign_id" IS NOT NULL;--> statement-breakpoint
UPDATE "order_attributions" oa
   SET "campaign_id" = b."campaign_id"
  FROM "partner_coupons" pc
  JOIN "partner_coupon_batches" b ON b."id" = pc."batch_id"
 WHERE oa."source" = 'COUPON' AND pc."order_id" = oa."order_id" AND oa."campaign_id" IS NULL
   AND b."campaign_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "partner_api_keys" DROP COLUMN "rate_window_started_at";--> statement-breakpoint
ALTER TABLE "partner_api_keys" DROP COLUMN "rate_window_count";