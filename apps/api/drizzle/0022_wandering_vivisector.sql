ALTER TABLE "payments" ADD COLUMN "manual_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "manual_paid_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "manual_comment" text;