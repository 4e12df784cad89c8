CREATE TABLE "funnel_closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_day_cells" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"device" text NOT NULL,
	"entered" integer NOT NULL,
	"landing" integer NOT NULL,
	"calculator_used" integer NOT NULL,
	"step_1" integer NOT NULL,
	"step_2" integer NOT NULL,
	"step_3" integer NOT NULL,
	"order_created" integer NOT NULL,
	"paid" integer NOT NULL,
	"paid_by_days" integer[] NOT NULL,
	CONSTRAINT "funnel_day_cells_pkey" PRIMARY KEY("day","channel","device")
);
--> statement-breakpoint
CREATE TABLE "funnel_day_durations" (
	"day" date NOT NULL,
	"stage" text NOT NULL,
	"histogram" integer[] NOT NULL,
	"bucket_lows" double precision[] NOT NULL,
	"bucket_highs" double precision[] NOT NULL,
	"negated_minutes" double precision[] NOT NULL,
	CONSTRAINT "funnel_day_durations_pkey" PRIMARY KEY("day","stage")
);
--> statement-breakpoint
CREATE TABLE "funnel_day_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funnel_sessions" ADD COLUMN "multi_day" boolean GENERATED ALWAYS AS (split_days or order_stats_day(first_at) <> order_stats_day(last_at)) STORED;--> statement-breakpoint
ALTER TABLE "funnel_day_cells" ADD CONSTRAINT "funnel_day_cells_day_funnel_closed_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."funnel_closed_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_day_durations" ADD CONSTRAINT "funnel_day_durations_day_funnel_closed_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."funnel_closed_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnel_sessions_multi_day_idx" ON "funnel_sessions" USING btree ("last_at","first_at") WHERE multi_day;--> statement-breakpoint
-- Decision 098: the funnel per closed Moscow day. A change to the funnel rollup's row of a session raises the
-- version of its first and last stage's days (those at least two days old: the job stores days at least three
-- days old), once per transaction; the tracker's and the order form's rows are today's and raise nothing. The job
-- computes a day and reads its version in one snapshot; a reader uses a stored day only while its version is the
-- current one.
CREATE OR REPLACE FUNCTION funnel_days_changed(days date[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO funnel_day_versions AS v (day, version)
  SELECT d, 1 FROM (SELECT DISTINCT d FROM unnest(days) d WHERE d <= order_stats_day(now()) - 2) x
   ORDER BY d
  ON CONFLICT (day) DO UPDATE SET version = v.version + 1
  WHERE v.xmin <> pg_current_xact_id()::xid
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION funnel_days_on_rollup() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Only the rows whose values changed (both their old and their new days).
    PERFORM funnel_days_changed(ARRAY(
      SELECT DISTINCT x.d
        FROM ((SELECT * FROM old_rows WHERE first_at < now() - interval '1 day'
               EXCEPT SELECT * FROM new_rows WHERE first_at < now() - interval '1 day')
              UNION ALL
              (SELECT * FROM new_rows WHERE first_at < now() - interval '1 day'
               EXCEPT SELECT * FROM old_rows WHERE first_at < now() - interval '1 day')) m
        CROSS JOIN LATERAL (VALUES (order_stats_day(m.first_at)), (order_stats_day(m.last_at))) x(d)));
  ELSE
    PERFORM funnel_days_changed(ARRAY(
      SELECT DISTINCT x.d
        FROM changed_rows m
        CROSS JOIN LATERAL (VALUES (order_stats_day(m.first_at)), (order_stats_day(m.last_at))) x(d)
       WHERE m.first_at < now() - interval '1 day'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_days_rollup_insert AFTER INSERT ON funnel_sessions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION funnel_days_on_rollup();
--> statement-breakpoint
CREATE TRIGGER funnel_days_rollup_delete AFTER DELETE ON funnel_sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION funnel_days_on_rollup();
--> statement-breakpoint
CREATE TRIGGER funnel_days_rollup_update AFTER UPDATE ON funnel_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funnel_days_on_rollup();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION funnel_days_on_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM funnel_closed_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER funnel_days_rollup_truncate AFTER TRUNCATE ON funnel_sessions
FOR EACH STATEMENT EXECUTE FUNCTION funnel_days_on_truncate();
