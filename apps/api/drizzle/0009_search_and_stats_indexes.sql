DROP INDEX "orders_email_idx";--> statement-breakpoint
CREATE INDEX "order_lines_document_idx" ON "order_lines" USING btree ("order_id","ref_id","name","quantity","total") WHERE kind = 'document';--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_search_idx" ON "orders" USING gin (to_tsvector('simple', translate("name", 'Ёё', 'Ее')));--> statement-breakpoint
CREATE INDEX "orders_stats_idx" ON "orders" USING btree ("status","created_at","id","amount","other_cost","delivery_price","pickup_point_id","is_paid") WHERE deleted_at is null;