CREATE TABLE "order_saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_saved_views" ADD CONSTRAINT "order_saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_saved_views_user_name_key" ON "order_saved_views" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "order_saved_views_user_created_idx" ON "order_saved_views" USING btree ("user_id","created_at");