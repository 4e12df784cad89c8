CREATE TABLE "lead_score_day_sessions" (
	"day" date NOT NULL,
	"session_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"events" integer NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "lead_score_day_sessions_pkey" PRIMARY KEY("day","session_id")
);
--> statement-breakpoint
CREATE TABLE "lead_score_day_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_score_days" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"rules_key" text NOT NULL,
	"as_of" date NOT NULL,
	"valid_until" date,
	"scored_sessions" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_score_day_sessions" ADD CONSTRAINT "lead_score_day_sessions_day_lead_score_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."lead_score_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 097: lead scoring per closed Moscow day of the sessions' start. A writer raises the version of every day
-- (at least two days old: the job stores days at least three days old) whose sessions or their events its change
-- concerns; the tracker writes today's sessions and their events and raises nothing. The job computes a day and
-- reads its version in one snapshot; a reader uses a stored day only while its version is the current one.
CREATE OR REPLACE FUNCTION lead_score_days_changed(days date[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO lead_score_day_versions AS v (day, version)
  SELECT d, 1 FROM (SELECT DISTINCT d FROM unnest(days) d WHERE d <= order_stats_day(now()) - 2) x
   ORDER BY d
  ON CONFLICT (day) DO UPDATE SET version = v.version + 1
  -- Once per transaction (its commit changes the version either way).
  WHERE v.xmin <> pg_current_xact_id()::xid
$$;
--> statement-breakpoint
-- Events: a statement's events (the tracker's batch is one statement), by the start day of their sessions — one
-- index lookup per event; only sessions started before yesterday can raise anything.
CREATE OR REPLACE FUNCTION lead_score_days_on_events() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM lead_score_days_changed(ARRAY(
      SELECT DISTINCT order_stats_day(s.created_at)
        FROM ((SELECT id, session_id, created_at, event_type, event_action FROM old_rows
               EXCEPT SELECT id, session_id, created_at, event_type, event_action FROM new_rows)
              UNION ALL
              (SELECT id, session_id, created_at, event_type, event_action FROM new_rows
               EXCEPT SELECT id, session_id, created_at, event_type, event_action FROM old_rows)) m
        JOIN analytics_sessions s ON s.session_id = m.session_id
       WHERE s.created_at < now() - interval '1 day'));
  ELSE
    PERFORM lead_score_days_changed(ARRAY(
      SELECT DISTINCT order_stats_day(s.created_at)
        FROM (SELECT DISTINCT session_id FROM changed_rows) e
        JOIN analytics_sessions s ON s.session_id = e.session_id
       WHERE s.created_at < now() - interval '1 day'));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lead_score_days_events_insert AFTER INSERT ON analytics_events
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_days_on_events();
--> statement-breakpoint
CREATE TRIGGER lead_score_days_events_delete AFTER DELETE ON analytics_events
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_days_on_events();
--> statement-breakpoint
CREATE TRIGGER lead_score_days_events_update AFTER UPDATE ON analytics_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_days_on_events();
--> statement-breakpoint
-- Sessions: an old one inserted late, its start, key or internal flag changed (row by row, passed by in the WHEN
-- for the tracker's sessions), or deleted (the retention purge: one statement per batch).
CREATE OR REPLACE FUNCTION lead_score_days_on_session() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM lead_score_days_changed(ARRAY[order_stats_day(NEW.created_at)]);
  ELSE
    PERFORM lead_score_days_changed(ARRAY[order_stats_day(OLD.created_at), order_stats_day(NEW.created_at)]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lead_score_days_session_insert AFTER INSERT ON analytics_sessions
FOR EACH ROW WHEN (NEW.created_at < now() - interval '1 day') EXECUTE FUNCTION lead_score_days_on_session();
--> statement-breakpoint
CREATE TRIGGER lead_score_days_session_update AFTER UPDATE OF session_id, created_at, is_internal ON analytics_sessions
FOR EACH ROW WHEN (least(OLD.created_at, NEW.created_at) < now() - interval '1 day'
  AND (OLD.session_id, OLD.created_at, OLD.is_internal) IS DISTINCT FROM (NEW.session_id, NEW.created_at, NEW.is_internal))
EXECUTE FUNCTION lead_score_days_on_session();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_score_days_on_sessions_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM lead_score_days_changed(ARRAY(SELECT DISTINCT order_stats_day(created_at) FROM old_rows
                                          WHERE created_at < now() - interval '1 day'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lead_score_days_sessions_delete AFTER DELETE ON analytics_sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_score_days_on_sessions_deleted();
--> statement-breakpoint
-- A truncate (tests, seeds) takes every stored day back.
CREATE OR REPLACE FUNCTION lead_score_days_on_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM lead_score_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER lead_score_days_sessions_truncate AFTER TRUNCATE ON analytics_sessions
FOR EACH STATEMENT EXECUTE FUNCTION lead_score_days_on_truncate();
--> statement-breakpoint
CREATE TRIGGER lead_score_days_events_truncate AFTER TRUNCATE ON analytics_events
FOR EACH STATEMENT EXECUTE FUNCTION lead_score_days_on_truncate();
