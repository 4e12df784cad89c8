-- The funnel report's rollup (decision 080): funnel_sessions holds, per session that recorded a funnel stage, the
-- first time of each stage, its first and last stage, whether some stage of it was recorded on two Moscow days
-- (split_days: then the first time in a period is not always the first time, and the report reads that session's
-- stages raw), and the session's own columns the report filters and groups by. Kept by the statement-level
-- triggers below, in the transaction of every change of funnel_stages or analytics_sessions;
-- funnel_sessions_computed is the same rows computed from the raw tables (the backfill, the delete trigger, the
-- tests that compare the two).

CREATE VIEW funnel_sessions_computed AS
SELECT st.*, s.created_at AS session_start, s.channel, s.utm_source, s.utm_medium, s.utm_campaign, s.device_type,
       coalesce(s.is_internal, false) AS is_internal
FROM (SELECT session_id, min(first_at) AS first_at, max(last_at) AS last_at,
             min(first_at) FILTER (WHERE stage = 'landing') AS landing_at,
             min(first_at) FILTER (WHERE stage = 'calculator_used') AS calculator_used_at,
             min(first_at) FILTER (WHERE stage = 'step_1') AS step_1_at,
             min(first_at) FILTER (WHERE stage = 'step_2') AS step_2_at,
             min(first_at) FILTER (WHERE stage = 'step_3') AS step_3_at,
             min(first_at) FILTER (WHERE stage = 'order_created') AS order_created_at,
             min(first_at) FILTER (WHERE stage = 'paid') AS paid_at,
             bool_or(split) AS split_days
      FROM (SELECT session_id, stage, min(created_at) AS first_at, max(created_at) AS last_at,
                   order_stats_day(min(created_at)) <> order_stats_day(max(created_at)) AS split
            FROM funnel_stages
            WHERE stage IN ('landing', 'calculator_used', 'step_1', 'step_2', 'step_3', 'order_created', 'paid')
            GROUP BY session_id, stage) per_stage
      GROUP BY session_id) st
LEFT JOIN analytics_sessions s ON s.session_id = st.session_id;
--> statement-breakpoint

-- A session's first stage and the session itself may be stored by two transactions at once (a batch and the
-- server's order stage): each trigger takes a lock on the sessions it touches before it reads the other table, so
-- the later one sees what the earlier one committed. The locks are 64 buckets of session ids (advisory, until the
-- transaction ends, taken in bucket order: no deadlock), not one per session: a bulk statement (the seed, the
-- retention job) would otherwise need more locks than the server's lock table holds.
CREATE FUNCTION funnel_sessions_lock(ids text[]) RETURNS void
LANGUAGE sql
AS $$ SELECT count(pg_advisory_xact_lock(80, bucket))
      FROM (SELECT DISTINCT abs(hashtext(id) % 64) AS bucket FROM unnest(ids) AS id ORDER BY 1) x $$;
--> statement-breakpoint

-- Recomputes the rows of these sessions from the raw tables (a session left without stages loses its row).
CREATE FUNCTION funnel_sessions_refresh(ids text[]) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM funnel_sessions_lock(ids);
  DELETE FROM funnel_sessions WHERE session_id = ANY (ids);
  INSERT INTO funnel_sessions
  SELECT * FROM funnel_sessions_computed WHERE session_id = ANY (ids) ORDER BY session_id;
END $$;
--> statement-breakpoint

CREATE FUNCTION funnel_sessions_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  TRUNCATE funnel_sessions;
  INSERT INTO funnel_sessions SELECT * FROM funnel_sessions_computed;
END $$;
--> statement-breakpoint

-- Added stages (a tracker batch, the server's order stages, the seed): one upsert per statement, the sessions in
-- key order (two batches meeting on the same sessions lock them in the same order). The upsert is the atomic
-- check-then-act: two transactions adding the first stages of one session both land on one row. A stage whose
-- first time falls on another Moscow day than the row's marks the session split.
CREATE FUNCTION funnel_sessions_on_stages_added() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM funnel_sessions_lock(array(SELECT session_id FROM added_stages));
  INSERT INTO funnel_sessions AS f
  SELECT st.*, s.created_at, s.channel, s.utm_source, s.utm_medium, s.utm_campaign, s.device_type,
         coalesce(s.is_internal, false)
  FROM (SELECT session_id, min(first_at) AS first_at, max(last_at) AS last_at,
               min(first_at) FILTER (WHERE stage = 'landing'),
               min(first_at) FILTER (WHERE stage = 'calculator_used'),
               min(first_at) FILTER (WHERE stage = 'step_1'),
               min(first_at) FILTER (WHERE stage = 'step_2'),
               min(first_at) FILTER (WHERE stage = 'step_3'),
               min(first_at) FILTER (WHERE stage = 'order_created'),
               min(first_at) FILTER (WHERE stage = 'paid'),
               bool_or(split)
        FROM (SELECT session_id, stage, min(created_at) AS first_at, max(created_at) AS last_at,
                     order_stats_day(min(created_at)) <> order_stats_day(max(created_at)) AS split
              FROM added_stages
              WHERE stage IN ('landing', 'calculator_used', 'step_1', 'step_2', 'step_3', 'order_created', 'paid')
              GROUP BY session_id, stage) per_stage
        GROUP BY session_id) st
  LEFT JOIN analytics_sessions s ON s.session_id = st.session_id
  ORDER BY st.session_id
  ON CONFLICT (session_id) DO UPDATE SET
    first_at = least(f.first_at, excluded.first_at),
    last_at = greatest(f.last_at, excluded.last_at),
    landing_at = least(f.landing_at, excluded.landing_at),
    calculator_used_at = least(f.calculator_used_at, excluded.calculator_used_at),
    step_1_at = least(f.step_1_at, excluded.step_1_at),
    step_2_at = least(f.step_2_at, excluded.step_2_at),
    step_3_at = least(f.step_3_at, excluded.step_3_at),
    order_created_at = least(f.order_created_at, excluded.order_created_at),
    paid_at = least(f.paid_at, excluded.paid_at),
    split_days = f.split_days OR excluded.split_days
      OR coalesce(order_stats_day(f.landing_at) <> order_stats_day(excluded.landing_at), false)
      OR coalesce(order_stats_day(f.calculator_used_at) <> order_stats_day(excluded.calculator_used_at), false)
      OR coalesce(order_stats_day(f.step_1_at) <> order_stats_day(excluded.step_1_at), false)
      OR coalesce(order_stats_day(f.step_2_at) <> order_stats_day(excluded.step_2_at), false)
      OR coalesce(order_stats_day(f.step_3_at) <> order_stats_day(excluded.step_3_at), false)
      OR coalesce(order_stats_day(f.order_created_at) <> order_stats_day(excluded.order_created_at), false)
      OR coalesce(order_stats_day(f.paid_at) <> order_stats_day(excluded.paid_at), false);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Removed or changed stages (the retention job deletes them): their sessions are recomputed.
CREATE FUNCTION funnel_sessions_on_stages_removed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM funnel_sessions_refresh(array(SELECT DISTINCT session_id FROM removed_stages));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION funnel_sessions_on_stages_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM funnel_sessions_refresh(array(
    SELECT session_id FROM old_stages UNION SELECT session_id FROM new_stages));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION funnel_sessions_on_stages_truncated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  TRUNCATE funnel_sessions;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A session stored after its stages (a server stage of a session the tracker sends later, the batch that
-- carries both), one whose columns change, or one the retention job deletes: its row follows.
CREATE FUNCTION funnel_sessions_on_sessions_added() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM funnel_sessions_lock(array(SELECT session_id FROM added_sessions));
  UPDATE funnel_sessions f
  SET session_start = s.created_at, channel = s.channel, utm_source = s.utm_source, utm_medium = s.utm_medium,
      utm_campaign = s.utm_campaign, device_type = s.device_type, is_internal = s.is_internal
  FROM added_sessions s WHERE f.session_id = s.session_id;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION funnel_sessions_on_session_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM funnel_sessions_refresh(ARRAY[OLD.session_id, NEW.session_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION funnel_sessions_on_sessions_removed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM funnel_sessions_refresh(array(SELECT session_id FROM removed_sessions));
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION funnel_sessions_on_sessions_truncated() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE funnel_sessions
  SET session_start = NULL, channel = NULL, utm_source = NULL, utm_medium = NULL, utm_campaign = NULL,
      device_type = NULL, is_internal = false
  WHERE session_start IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER funnel_sessions_stages_insert AFTER INSERT ON funnel_stages
REFERENCING NEW TABLE AS added_stages
FOR EACH STATEMENT
EXECUTE FUNCTION funnel_sessions_on_stages_added();
--> statement-breakpoint
CREATE TRIGGER funnel_sessions_stages_delete AFTER DELETE ON funnel_stages
REFERENCING OLD TABLE AS removed_stages
FOR EACH STATEMENT
EXECUTE FUNCTION funnel_sessions_on_stages_removed();
--> statement-breakpoint
CREATE TRIGGER funnel_sessions_stages_update AFTER UPDATE ON funnel_stages
REFERENCING OLD TABLE AS old_stages NEW TABLE AS new_stages
FOR EACH STATEMENT
EXECUTE FUNCTION funnel_sessions_on_stages_changed();
--> statement-breakpoint
CREATE TRIGGER funnel_sessions_stages_truncate AFTER TRUNCATE ON funnel_stages
FOR EACH STATEMENT
EXECUTE FUNCTION funnel_sessions_on_stages_truncated();
--> statement-breakpoint
CREATE TRIGGER funnel_sessions_sessions_insert AFTER INSERT ON analytics_sessions
REFERENCING NEW TABLE AS added_sessions
FOR EACH STATEMENT
EXECUTE FUNCTION funnel_sessions_on_sessions_added();
--> statement-breakpoint
-- Per row, and only when a copied column changes: the ingestion's upsert moves last_seen_at on every batch.
CREATE TRIGGER funnel_sessions_session_update
AFTER UPDATE OF session_id, created_at, channel, utm_source, utm_medium, utm_campaign, device_type, is_internal
ON analytics_sessions
FOR EACH ROW WHEN (
  OLD.session_id IS DISTINCT FROM NEW.session_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.channel IS DISTINCT FROM NEW.channel OR OLD.utm_source IS DISTINCT FROM NEW.utm_source
  OR OLD.utm_medium IS DISTINCT FROM NEW.utm_medium OR OLD.utm_campaign IS DISTINCT FROM NEW.utm_campaign
  OR OLD.device_type IS DISTINCT FROM NEW.device_type OR OLD.is_internal IS DISTINCT FROM NEW.is_internal)
EXECUTE FUNCTION funnel_sessions_on_session_changed();
--> statement-breakpoint
CREATE TRIGGER funnel_sessions_sessions_delete AFTER DELETE ON analytics_sessions
REFERENCING OLD TABLE AS removed_sessions
FOR EACH STATEMENT
EXECUTE FUNCTION funnel_sessions_on_sessions_removed();
--> statement-breakpoint
CREATE TRIGGER funnel_sessions_sessions_truncate AFTER TRUNCATE ON analytics_sessions
FOR EACH STATEMENT
EXECUTE FUNCTION funnel_sessions_on_sessions_truncated();
--> statement-breakpoint

-- The backfill: set-based, one pass over funnel_stages and one hash join of the sessions.
SELECT funnel_sessions_rebuild();
--> statement-breakpoint
ANALYZE funnel_sessions;
