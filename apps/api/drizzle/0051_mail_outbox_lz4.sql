-- Issue 15: every order's confirmation mail (9 KB of HTML, 2 KB of text) was compressed with pglz on insert, 4 % of
-- the database's CPU per order. lz4 compresses about as well at a fraction of the CPU. PGlite is built without lz4:
-- there the columns keep the default. Rows written before keep their pglz values (both are read transparently).
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)
  ) THEN
    ALTER TABLE "mail_outbox" ALTER COLUMN "html" SET COMPRESSION lz4, ALTER COLUMN "text" SET COMPRESSION lz4;
  END IF;
END $$;
