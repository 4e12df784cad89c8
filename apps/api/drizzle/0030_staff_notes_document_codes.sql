-- Decision 048 (issue 17). A status change's internal note: staff only, never mailed or shown to the customer.
ALTER TABLE "order_status_history" ADD COLUMN "internal_note" text;--> statement-breakpoint
-- Document codes are unique among live rows, whatever their case or surrounding spaces. Existing duplicates are
-- soft-deleted first (orders keep their lines: they reference the row by id), keeping per code the row the order
-- form lists first (lowest sort order, then the oldest).
UPDATE "document_types" SET "type" = trim("type"), "updated_at" = now() WHERE "type" <> trim("type");--> statement-breakpoint
UPDATE "document_types" AS d SET "deleted_at" = now(), "updated_at" = now()
  FROM (
    SELECT "id", row_number() OVER (PARTITION BY lower("type") ORDER BY "sort_order", "created_at", "id") AS "n"
      FROM "document_types" WHERE "deleted_at" IS NULL
  ) AS ranked
  WHERE d."id" = ranked."id" AND ranked."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_live_type_key" ON "document_types" USING btree (lower("type")) WHERE deleted_at is null;--> statement-breakpoint
-- Customers the order form created got neither name nor phone: both come from their latest order, where the
-- account has none (a name or phone the user set is kept).
UPDATE "users" AS u SET
    "first_name" = CASE
      WHEN coalesce(u."first_name", '') = '' AND coalesce(u."last_name", '') = '' THEN latest."name"
      ELSE u."first_name" END,
    "phone_number" = coalesce(nullif(u."phone_number", ''), latest."phone_number"),
    "updated_at" = now()
  FROM (
    SELECT DISTINCT ON ("user_id") "user_id", nullif(trim("name"), '') AS "name",
           nullif(trim("phone_number"), '') AS "phone_number"
      FROM "orders" WHERE "user_id" IS NOT NULL
      ORDER BY "user_id", "created_at" DESC
  ) AS latest
  WHERE latest."user_id" = u."id"
    AND ((coalesce(u."first_name", '') = '' AND coalesce(u."last_name", '') = '' AND latest."name" IS NOT NULL)
      OR (coalesce(u."phone_number", '') = '' AND latest."phone_number" IS NOT NULL));
