ALTER TABLE "marketing_order_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketing_order_daily" DROP CONSTRAINT "marketing_order_daily_pkey";
--> statement-breakpoint
ALTER TABLE "marketing_order_daily" ADD CONSTRAINT "marketing_order_daily_pkey" PRIMARY KEY("day","acquisition_channel","utm_source","utm_medium","utm_campaign","utm_content","utm_term","shard");