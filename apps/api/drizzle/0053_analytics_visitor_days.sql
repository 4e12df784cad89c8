CREATE TABLE "analytics_visitor_days" (
	"day" date NOT NULL,
	"grain" smallint NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"sessions" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_visitor_days_pkey" PRIMARY KEY("grain","day","key","channel","utm_source","utm_campaign")
);
--> statement-breakpoint
ALTER TABLE "analytics_visitor_days" ADD CONSTRAINT "analytics_visitor_days_day_analytics_closed_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."analytics_closed_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_visitor_days_day_idx" ON "analytics_visitor_days" USING btree ("day");--> statement-breakpoint
-- Decision 088: sessions and distinct visitors per closed Moscow day and grain (see the table's comment in
-- schema/analytics.ts), stored with the events' distinct sessions (decision 087) by analytics_close_days(), and
-- given back with them: a session inserted, deleted, or with a changed start, visitor, internal flag or tag
-- deletes its own day from analytics_closed_days too.

-- The days of a statement's sessions: the days of their events when a counted value of the events explorer
-- changed (as before), and the session's own day when a value the visitor counts read changed (the tracker's
-- update fills a visitor only where there was none: on a stored day that is a change, so the day is given back).
CREATE OR REPLACE FUNCTION analytics_closed_days_on_sessions() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'DELETE') THEN
    DELETE FROM analytics_closed_days c
     WHERE c.day IN (SELECT order_stats_day(e.created_at)
                       FROM changed_rows s JOIN analytics_events e ON e.session_id = s.session_id
                     UNION
                     SELECT order_stats_day(s.created_at) FROM changed_rows s);
  ELSE
    WITH moved AS (
      (SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM old_rows
       EXCEPT SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM new_rows)
      UNION
      (SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM new_rows
       EXCEPT SELECT session_id, channel, utm_source, utm_campaign, is_internal FROM old_rows)
    ),
    counted AS (
      (SELECT session_id, created_at, visitor_id, is_internal, channel, utm_source, utm_medium, utm_campaign,
              utm_content, utm_term FROM old_rows
       EXCEPT SELECT session_id, created_at, visitor_id, is_internal, channel, utm_source, utm_medium, utm_campaign,
              utm_content, utm_term FROM new_rows)
      UNION ALL
      (SELECT session_id, created_at, visitor_id, is_internal, channel, utm_source, utm_medium, utm_campaign,
              utm_content, utm_term FROM new_rows
       EXCEPT SELECT session_id, created_at, visitor_id, is_internal, channel, utm_source, utm_medium, utm_campaign,
              utm_content, utm_term FROM old_rows)
    )
    DELETE FROM analytics_closed_days c
     WHERE c.day IN (SELECT order_stats_day(e.created_at)
                       FROM moved m JOIN analytics_events e ON e.session_id = m.session_id
                     UNION
                     SELECT order_stats_day(x.created_at) FROM counted x);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- As in 0052, and also the days' sessions and visitors per grain: the sessions of the days (by their start) with
-- each grain's key and grouped filter tags, one row per visitor first, then counted.
CREATE OR REPLACE FUNCTION analytics_close_days(first_day date, last_day date) RETURNS integer
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

  -- The keys are the reports' (marketing-figures.ts: TOTAL, BY_CHANNEL, BY_CAMPAIGN, BY_SOURCE_MEDIUM,
  -- BY_UTM_TAGS), the filter tags their equalsFilter's lower(coalesce(tag, '')). Each row of `visits` is a
  -- visitor's sessions of a day with one set of tags; a visitor with one such row that day (n = 1, nearly all)
  -- counts once in each of its 40 groups as it is, only the others are made distinct per group (a hash of every
  -- (group, visitor) pair was three times slower and spilled to disk).
  WITH visits AS MATERIALIZED (
    SELECT x.*, count(*) OVER (PARTITION BY x.day, x.visitor) AS n
      FROM (SELECT order_stats_day(s.created_at) AS day, coalesce(s.visitor_id, s.session_id) AS visitor,
                   coalesce(s.channel, '') AS k1,
                   lower(coalesce(s.utm_campaign, '')) AS k2,
                   coalesce(s.utm_source, '') || chr(31) || coalesce(s.utm_medium, '') AS k3,
                   lower(concat_ws(chr(31), coalesce(s.utm_source, ''), coalesce(s.utm_medium, ''),
                         coalesce(s.utm_campaign, ''), coalesce(s.utm_content, ''), coalesce(s.utm_term, ''))) AS k4,
                   lower(coalesce(s.channel, '')) AS f1, lower(coalesce(s.utm_source, '')) AS f2,
                   lower(coalesce(s.utm_campaign, '')) AS f4,
                   count(*) AS sessions
              FROM analytics_sessions s
             WHERE NOT s.is_internal
               AND s.created_at >= (days[1]::timestamp AT TIME ZONE 'Etc/GMT-3')
               AND s.created_at < ((days[array_length(days, 1)] + 1)::timestamp AT TIME ZONE 'Etc/GMT-3')
               AND order_stats_day(s.created_at) = ANY (days)
             GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9) x
  ),
  -- Each visits row in each grain: the dimension (0 all, 1 channel, 2 campaign, 3 source × medium, 4 UTM tags)
  -- × 8 + the filters grouped (1 channel, 2 source, 4 campaign).
  grouped AS NOT MATERIALIZED (
    SELECT v.day, g.dim * 8 + g.mask AS grain,
           CASE g.dim WHEN 0 THEN '' WHEN 1 THEN v.k1 WHEN 2 THEN v.k2 WHEN 3 THEN v.k3 ELSE v.k4 END AS key,
           CASE WHEN g.mask & 1 <> 0 THEN v.f1 ELSE '' END AS channel,
           CASE WHEN g.mask & 2 <> 0 THEN v.f2 ELSE '' END AS utm_source,
           CASE WHEN g.mask & 4 <> 0 THEN v.f4 ELSE '' END AS utm_campaign,
           v.visitor, v.sessions, v.n
      FROM visits v
     CROSS JOIN (SELECT d.dim, m.mask FROM generate_series(0, 4) d(dim), generate_series(0, 7) m(mask)) g
  ),
  counted AS (
    SELECT day, grain, key, channel, utm_source, utm_campaign, sum(sessions) AS sessions, count(*) AS visitors
      FROM grouped WHERE n = 1 GROUP BY 1, 2, 3, 4, 5, 6
    UNION ALL
    SELECT day, grain, key, channel, utm_source, utm_campaign, sum(sessions), count(*)
      FROM (SELECT day, grain, key, channel, utm_source, utm_campaign, visitor, sum(sessions) AS sessions
              FROM grouped WHERE n > 1 GROUP BY 1, 2, 3, 4, 5, 6, 7) several
     GROUP BY 1, 2, 3, 4, 5, 6
  )
  INSERT INTO analytics_visitor_days (day, grain, key, channel, utm_source, utm_campaign, sessions, visitors)
  SELECT day, grain, key, channel, utm_source, utm_campaign, sum(sessions), sum(visitors)
    FROM counted GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN array_length(days, 1);
END
$$;
--> statement-breakpoint
-- The days stored before this migration have no visitor rows: the job stores them again.
DELETE FROM analytics_closed_days;
