CREATE TABLE "analytics_closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_event_session_days" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"event_type" text NOT NULL,
	"event_category" text NOT NULL,
	"event_action" text NOT NULL,
	"page_path" text NOT NULL,
	"sessions" integer NOT NULL,
	CONSTRAINT "analytics_event_session_days_pkey" PRIMARY KEY("day","channel","utm_source","utm_campaign","event_type","event_category","event_action","page_path")
);
--> statement-breakpoint
ALTER TABLE "analytics_event_session_days" ADD CONSTRAINT "analytics_event_session_days_day_analytics_closed_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."analytics_closed_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 087: the distinct sessions with events per event group, stored per closed Moscow day. A day is stored
-- by analytics_close_days() once it is over (the tracker writes events at the server's time, so a past day gets
-- no new events from it); any later change that alters what a day counts — an event of that day inserted,
-- deleted or moved, a session inserted or deleted with events on it, its internal flag or channel / source /
-- campaign changed — deletes the day from analytics_closed_days, which deletes its counts (ON DELETE CASCADE),
-- and the reports count that day from the raw rows again until the job stores it anew.

-- The days of a statement's events.
CREATE FUNCTION analytics_closed_days_on_events() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'DELETE') THEN
    DELETE FROM analytics_closed_days c
     WHERE c.day IN (SELECT order_stats_day(e.created_at) FROM changed_rows e);
  ELSE
    -- Only events whose counted values changed (both their old and their new day).
    WITH moved AS (
      (SELECT id, session_id, created_at, event_type, event_category, event_action, page_path FROM old_rows
       EXCEPT SELECT id, session_id, created_at, event_type, event_category, event_action, page_path FROM new_rows)
      UNION ALL
      (SELECT id, session_id, created_at, event_type, event_category, event_action, page_path FROM new_rows
       EXCEPT SELECT id, session_id, created_at, event_type, event_category, event_action, page_path FROM old_rows)
    )
    DELETE FROM analytics_closed_days c WHERE c.day IN (SELECT order_stats_day(m.created_at) FROM moved m);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_events_insert AFTER INSERT ON analytics_events
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_on_events();
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_events_delete AFTER DELETE ON analytics_events
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_on_events();
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_events_update AFTER UPDATE ON analytics_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_on_events();
--> statement-breakpoint

-- The days of the events of a statement's sessions (inserted, deleted, or with a changed flag or tag; the
-- tracker's own updates of the last visit, visitor or user change none of them and touch nothing).
CREATE FUNCTION analytics_closed_days_on_sessions() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'DELETE') THEN
    DELETE FROM analytics_closed_days c
     WHERE c.day IN (SELECT order_stats_day(e.created_at)
                       FROM changed_rows s JOIN analytics_events e ON e.session_id = s.session_id);
  ELSE
    WITH moved AS (
      (SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM old_rows
       EXCEPT SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM new_rows)
      UNION
      (SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM new_rows
       EXCEPT SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM old_rows)
    )
    DELETE FROM analytics_closed_days c
     WHERE c.day IN (SELECT order_stats_day(e.created_at)
                       FROM moved m JOIN analytics_events e ON e.session_id = m.session_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_sessions_insert AFTER INSERT ON analytics_sessions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_on_sessions();
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_sessions_delete AFTER DELETE ON analytics_sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_on_sessions();
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_sessions_update AFTER UPDATE ON analytics_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_on_sessions();
--> statement-breakpoint

CREATE FUNCTION analytics_closed_days_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM analytics_closed_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_sessions_truncate AFTER TRUNCATE ON analytics_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_truncate();
--> statement-breakpoint
CREATE TRIGGER analytics_closed_days_events_truncate AFTER TRUNCATE ON analytics_events
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_closed_days_truncate();
--> statement-breakpoint

-- Stores the days from first_day to last_day that are not stored yet; returns how many. The two tables are locked
-- in SHARE mode for the transaction: a writer in flight commits first (its trigger then finds no stored day to
-- delete, and its rows are counted here); a writer after waits, and its trigger deletes the day stored here.
-- The caller keeps the range short (a week at a time): writers wait while it runs.
CREATE FUNCTION analytics_close_days(first_day date, last_day date) RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  days date[];
BEGIN
  LOCK TABLE analytics_sessions, analytics_events IN SHARE MODE;
  SELECT array_agg(d::date ORDER BY d) INTO days
    FROM generate_series(first_day::timestamp, last_day::timestamp, interval '1 day') d
   WHERE NOT EXISTS (SELECT 1 FROM analytics_closed_days c WHERE c.day = d::date);
  IF days IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO analytics_closed_days (day) SELECT unnest(days);
  WITH pairs AS MATERIALIZED (
    SELECT DISTINCT order_stats_day(e.created_at) AS day, e.session_id, coalesce(s.channel, '') AS channel,
           coalesce(s.utm_source, '') AS utm_source, coalesce(s.utm_campaign, '') AS utm_campaign, e.event_type,
           coalesce(e.event_category, '') AS event_category, coalesce(e.event_action, '') AS event_action,
           coalesce(e.page_path, '') AS page_path
      FROM analytics_events e
      JOIN analytics_sessions s ON s.session_id = e.session_id
     WHERE NOT s.is_internal
       AND e.created_at >= (days[1]::timestamp AT TIME ZONE 'Etc/GMT-3')
       AND e.created_at < ((days[array_length(days, 1)] + 1)::timestamp AT TIME ZONE 'Etc/GMT-3')
       AND order_stats_day(e.created_at) = ANY (days)
  )
  INSERT INTO analytics_event_session_days
    (day, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path, sessions)
  SELECT day, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path, count(*)
    FROM pairs GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT day, channel, utm_source, utm_campaign, '', '', '', '', count(DISTINCT session_id)
    FROM pairs GROUP BY 1, 2, 3, 4;
  RETURN array_length(days, 1);
END
$$;
