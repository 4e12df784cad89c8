-- Sessions and events rollups (decision 079): analytics_session_days and analytics_event_days are kept equal to
--   the sessions that are not internal, counted per Moscow day of their start, tags, device and browser, and
--   the events of such sessions, counted per Moscow day of the event, the session's channel, source and campaign
--   and the event's type, category, action and page (with the conversions among them),
-- by the statement-level triggers below (transition tables: one pass per statement, not per row, so a tracker
-- batch of many events costs one upsert per group — decision 074's ingestion rate). analytics_rollup_rebuild()
-- recomputes both from scratch (the backfill here, the analytics seed, and the tests that compare them).
--
-- Every upsert adds signed counts grouped by key and written in key order: two transactions adding to the same
-- daily row wait for each other on it (ON CONFLICT DO UPDATE), never lose a count, and never deadlock.
-- An event counts while its session exists: an event stored before its session (a beacon that overtook the
-- session's) is added when the session comes, and the events a deleted session leaves behind are taken away.

-- The Moscow day is order_stats_day() (migration 0011): the same fixed UTC+3 as the reports' period bounds.

-- A statement's sessions (+1 inserted, -1 deleted, both for an update that moves one) and the events they carry.
-- The inserted or deleted rows are `changed_rows` (a sign tells which); an update has `old_rows` and `new_rows`.
CREATE FUNCTION analytics_sessions_rollup() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  sign CONSTANT int := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  IF TG_OP IN ('INSERT', 'DELETE') THEN
    INSERT INTO analytics_session_days AS d
      (day, channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term, device_type, browser_name, sessions)
    SELECT order_stats_day(s.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_medium, ''), coalesce(s.utm_campaign, ''), coalesce(s.utm_content, ''),
         coalesce(s.utm_term, ''), coalesce(s.device_type, ''), coalesce(s.browser_name, ''), sign * count(*)
      FROM changed_rows s
     WHERE NOT s.is_internal
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT ON CONSTRAINT analytics_session_days_pkey DO UPDATE SET sessions = d.sessions + excluded.sessions;
    -- The session's events already stored: those that came before it (a beacon that overtook the session's) when
    -- it is inserted, those it leaves behind when it is deleted. Events stored by this very statement (a tracker
    -- batch writes the session and its events together: the same transaction and command as the session row)
    -- are the events trigger's.
    INSERT INTO analytics_event_days AS d
      (day, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path, events, conversions)
    SELECT order_stats_day(e.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_campaign, ''), e.event_type, coalesce(e.event_category, ''),
         coalesce(e.event_action, ''), coalesce(e.page_path, ''), sign * count(*),
         sign * count(*) FILTER (WHERE e.is_conversion)
      FROM changed_rows s
      JOIN analytics_events e ON e.session_id = s.session_id
     WHERE NOT s.is_internal
       AND NOT (TG_OP = 'INSERT' AND EXISTS (
             SELECT 1 FROM analytics_sessions r
              WHERE r.session_id = s.session_id AND r.xmin = e.xmin AND r.cmin = e.cmin))
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_event_days_pkey DO UPDATE SET
      events = d.events + excluded.events, conversions = d.conversions + excluded.conversions;
  ELSE
    -- Only the sessions whose counted values changed (an internal flag, a tag, a start): the old values go, the
    -- new ones come, in one upsert per table. The tracker's own updates (last visit, visitor, user) write nothing.
    WITH moved AS (
      SELECT -1 AS sign, o.* FROM old_rows o
       WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.session_id = o.session_id
                                                   AND (n.created_at, n.channel, n.utm_source, n.utm_medium, n.utm_campaign, n.utm_content, n.utm_term, n.device_type, n.browser_name, n.is_internal) IS NOT DISTINCT FROM (o.created_at, o.channel, o.utm_source, o.utm_medium, o.utm_campaign, o.utm_content, o.utm_term, o.device_type, o.browser_name, o.is_internal))
      UNION ALL
      SELECT 1, n.* FROM new_rows n
       WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.session_id = n.session_id
                                                   AND (n.created_at, n.channel, n.utm_source, n.utm_medium, n.utm_campaign, n.utm_content, n.utm_term, n.device_type, n.browser_name, n.is_internal) IS NOT DISTINCT FROM (o.created_at, o.channel, o.utm_source, o.utm_medium, o.utm_campaign, o.utm_content, o.utm_term, o.device_type, o.browser_name, o.is_internal))
    ), sessions_moved AS (
      INSERT INTO analytics_session_days AS d (day, channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term, device_type, browser_name, sessions)
      SELECT order_stats_day(s.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_medium, ''), coalesce(s.utm_campaign, ''), coalesce(s.utm_content, ''),
         coalesce(s.utm_term, ''), coalesce(s.device_type, ''), coalesce(s.browser_name, ''), sum(s.sign)
        FROM moved s
       WHERE NOT s.is_internal
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      HAVING sum(s.sign) <> 0
       ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ON CONFLICT ON CONSTRAINT analytics_session_days_pkey DO UPDATE SET sessions = d.sessions + excluded.sessions
    )
    INSERT INTO analytics_event_days AS d (day, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path, events, conversions)
    SELECT order_stats_day(e.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_campaign, ''), e.event_type, coalesce(e.event_category, ''),
         coalesce(e.event_action, ''), coalesce(e.page_path, ''), sum(s.sign), coalesce(sum(s.sign) FILTER (WHERE e.is_conversion), 0)
      FROM moved s
      JOIN analytics_events e ON e.session_id = s.session_id
     WHERE NOT s.is_internal
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(s.sign) <> 0 OR sum(s.sign) FILTER (WHERE e.is_conversion) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_event_days_pkey DO UPDATE SET
      events = d.events + excluded.events, conversions = d.conversions + excluded.conversions;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_sessions_rollup_insert AFTER INSERT ON analytics_sessions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_sessions_rollup_delete AFTER DELETE ON analytics_sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_sessions_rollup_update AFTER UPDATE ON analytics_sessions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_sessions_rollup();
--> statement-breakpoint

-- A statement's events, counted while their session exists and is not internal.
CREATE FUNCTION analytics_events_rollup() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  sign CONSTANT int := CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END;
BEGIN
  IF TG_OP IN ('INSERT', 'DELETE') THEN
    INSERT INTO analytics_event_days AS d
      (day, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path, events, conversions)
    SELECT order_stats_day(e.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_campaign, ''), e.event_type, coalesce(e.event_category, ''),
         coalesce(e.event_action, ''), coalesce(e.page_path, ''), sign * count(*),
         sign * count(*) FILTER (WHERE e.is_conversion)
      FROM changed_rows e
      JOIN analytics_sessions s ON s.session_id = e.session_id
     WHERE NOT s.is_internal
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_event_days_pkey DO UPDATE SET
      events = d.events + excluded.events, conversions = d.conversions + excluded.conversions;
  ELSE
    WITH moved AS (
      SELECT -1 AS sign, o.* FROM old_rows o
       WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND (n.session_id, n.created_at, n.event_type, n.event_category, n.event_action, n.page_path, n.is_conversion) IS NOT DISTINCT FROM (o.session_id, o.created_at, o.event_type, o.event_category, o.event_action, o.page_path, o.is_conversion))
      UNION ALL
      SELECT 1, n.* FROM new_rows n
       WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND (n.session_id, n.created_at, n.event_type, n.event_category, n.event_action, n.page_path, n.is_conversion) IS NOT DISTINCT FROM (o.session_id, o.created_at, o.event_type, o.event_category, o.event_action, o.page_path, o.is_conversion))
    )
    INSERT INTO analytics_event_days AS d (day, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path, events, conversions)
    SELECT order_stats_day(e.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_campaign, ''), e.event_type, coalesce(e.event_category, ''),
         coalesce(e.event_action, ''), coalesce(e.page_path, ''), sum(e.sign), coalesce(sum(e.sign) FILTER (WHERE e.is_conversion), 0)
      FROM moved e
      JOIN analytics_sessions s ON s.session_id = e.session_id
     WHERE NOT s.is_internal
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(e.sign) <> 0 OR sum(e.sign) FILTER (WHERE e.is_conversion) <> 0
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT analytics_event_days_pkey DO UPDATE SET
      events = d.events + excluded.events, conversions = d.conversions + excluded.conversions;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_events_rollup_insert AFTER INSERT ON analytics_events
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_events_rollup_delete AFTER DELETE ON analytics_events
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_events_rollup_update AFTER UPDATE ON analytics_events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_events_rollup();
--> statement-breakpoint

-- A truncated table takes what was counted from it.
CREATE FUNCTION analytics_rollup_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_TABLE_NAME = 'analytics_sessions' THEN
    DELETE FROM analytics_session_days;
  END IF;
  DELETE FROM analytics_event_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_sessions_rollup_truncate AFTER TRUNCATE ON analytics_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_rollup_truncate();
--> statement-breakpoint
CREATE TRIGGER analytics_events_rollup_truncate AFTER TRUNCATE ON analytics_events
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_rollup_truncate();
--> statement-breakpoint

-- Both rollups from scratch, set-based (the backfill below, the analytics seed that writes with triggers off).
CREATE FUNCTION analytics_rollup_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  LOCK TABLE analytics_sessions, analytics_events IN SHARE MODE;
  DELETE FROM analytics_session_days;
  DELETE FROM analytics_event_days;
  INSERT INTO analytics_session_days (day, channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term, device_type, browser_name, sessions)
  SELECT order_stats_day(s.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_medium, ''), coalesce(s.utm_campaign, ''), coalesce(s.utm_content, ''),
         coalesce(s.utm_term, ''), coalesce(s.device_type, ''), coalesce(s.browser_name, ''), count(*)
    FROM analytics_sessions s
   WHERE NOT s.is_internal
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  INSERT INTO analytics_event_days (day, channel, utm_source, utm_campaign, event_type, event_category, event_action, page_path, events, conversions)
  SELECT order_stats_day(e.created_at), coalesce(s.channel, ''), coalesce(s.utm_source, ''),
         coalesce(s.utm_campaign, ''), e.event_type, coalesce(e.event_category, ''),
         coalesce(e.event_action, ''), coalesce(e.page_path, ''), count(*), count(*) FILTER (WHERE e.is_conversion)
    FROM analytics_events e
    JOIN analytics_sessions s ON s.session_id = e.session_id
   WHERE NOT s.is_internal
   GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END
$$;
--> statement-breakpoint
SELECT analytics_rollup_rebuild();
