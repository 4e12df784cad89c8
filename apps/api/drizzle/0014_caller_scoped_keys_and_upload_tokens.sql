DROP INDEX "orders_idempotency_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "owner_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_scope" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "token_hash" text;--> statement-breakpoint
-- Keys already used were a guest's (nothing told them apart): scope them to their order e-mail.
UPDATE "orders" SET "idempotency_scope" = 'email:' || "email" WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
-- Orders placed before the owner confirmation existed stay as they were shown: confirmed.
UPDATE "orders" SET "owner_confirmed_at" = "created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_scope_key" ON "orders" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE order_id is null;