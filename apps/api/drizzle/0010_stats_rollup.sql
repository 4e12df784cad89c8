CREATE TABLE "order_line_stats_daily" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"document_key" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"total" numeric(16, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "order_line_stats_daily_pkey" PRIMARY KEY("day","status","document_key")
);
--> statement-breakpoint
CREATE TABLE "order_stats_daily" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"pickup_point_id" uuid,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"paid_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"other_cost" numeric(16, 2) DEFAULT 0 NOT NULL,
	"delivery_price" numeric(16, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "order_stats_daily_key" UNIQUE NULLS NOT DISTINCT("day","status","pickup_point_id")
);
--> statement-breakpoint
DROP INDEX "orders_stats_idx";