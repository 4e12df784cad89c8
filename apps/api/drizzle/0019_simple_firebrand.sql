ALTER TABLE "uploads" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "character_count" integer;