CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"stored_name" text NOT NULL,
	"size" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_order_kind_key" ON "order_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_documents_user_idx" ON "order_documents" USING btree ("user_id");