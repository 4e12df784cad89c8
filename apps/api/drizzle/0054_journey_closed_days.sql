CREATE TABLE "journey_closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"window_hours" integer NOT NULL,
	"half_life_hours" integer NOT NULL,
	"test_emails" text NOT NULL,
	"paid_orders" integer NOT NULL,
	"revenue_kopecks" bigint NOT NULL,
	"margin_kopecks" bigint NOT NULL,
	"live_orders" integer NOT NULL,
	"touches" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_day_credits" (
	"day" date NOT NULL,
	"model" text NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text,
	"utm_campaign" text,
	"orders" integer NOT NULL,
	"revenue_kopecks" bigint NOT NULL,
	"margin_kopecks" bigint NOT NULL,
	CONSTRAINT "journey_day_credits_pkey" PRIMARY KEY("day","model","key")
);
--> statement-breakpoint
CREATE TABLE "journey_day_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journey_day_credits" ADD CONSTRAINT "journey_day_credits_day_journey_closed_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."journey_closed_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 096: attribution and touchpoints per closed Moscow day. A writer raises the version of every day whose
-- orders its change concerns — only days at least two days old (order_stats_day(now()) - 2 or earlier): the job
-- stores days at least three days old, so a writer's transaction would have to stay open for a day to change a day
-- the job stores without raising its version. Today's order form and the tracker raise nothing. The job computes a
-- day and its version in one snapshot; a reader uses a stored day only while its version is the current one (in
-- its own snapshot), so a change committed after the job's snapshot, or in flight during it, is never lost.
CREATE OR REPLACE FUNCTION journey_days_changed(days date[]) RETURNS void
LANGUAGE sql
AS $$
  INSERT INTO journey_day_versions AS v (day, version)
  SELECT d, 1 FROM (SELECT DISTINCT d FROM unnest(days) d WHERE d <= order_stats_day(now()) - 2) x
   ORDER BY d
  ON CONFLICT (day) DO UPDATE SET version = v.version + 1
  -- Once per transaction is enough (its commit changes the version either way): a bulk write of a day's orders
  -- then updates the day's row once instead of once per order.
  WHERE v.xmin <> pg_current_xact_id()::xid
$$;
--> statement-breakpoint
-- The Moscow days of the orders a session can be a touch of: from its start to its start plus the attribution
-- window (a touch starts at most that long before the order).
CREATE OR REPLACE FUNCTION journey_touch_days(started timestamptz) RETURNS SETOF date
LANGUAGE sql STABLE
AS $$
  SELECT d::date FROM generate_series(
    order_stats_day(started)::timestamp,
    order_stats_day(started + make_interval(hours => coalesce(
      (SELECT attribution_window_hours FROM analytics_config WHERE id = 1), 720)))::timestamp,
    interval '1 day') d
$$;
--> statement-breakpoint
-- The orders' facts: their creation time (which sessions are touches, and their time-decay shares), e-mail,
-- liveness, payment and money. Inserts and updates row by row, passed by in
-- the WHEN unless the order is over a day old: the order form's insert and a new order's payment call nothing. A
-- delete (an order deleted for good, the facts' rebuild) one statement at a time.
CREATE OR REPLACE FUNCTION journey_days_on_fact() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM journey_days_changed(ARRAY[NEW.day]);
  ELSE
    PERFORM journey_days_changed(ARRAY[OLD.day, NEW.day]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journey_days_facts_insert AFTER INSERT ON marketing_order_facts
FOR EACH ROW WHEN (NEW.created_at < now() - interval '1 day') EXECUTE FUNCTION journey_days_on_fact();
--> statement-breakpoint
CREATE TRIGGER journey_days_facts_update AFTER UPDATE ON marketing_order_facts
FOR EACH ROW WHEN (least(OLD.created_at, NEW.created_at) < now() - interval '1 day'
  AND (OLD.created_at, OLD.email_lower, OLD.live, OLD.paid_live, OLD.revenue_kopecks, OLD.margin_kopecks)
  IS DISTINCT FROM (NEW.created_at, NEW.email_lower, NEW.live, NEW.paid_live, NEW.revenue_kopecks,
                    NEW.margin_kopecks))
EXECUTE FUNCTION journey_days_on_fact();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION journey_days_on_facts_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM journey_days_changed(ARRAY(SELECT DISTINCT day FROM old_rows WHERE created_at < now() - interval '1 day'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journey_days_facts_delete AFTER DELETE ON marketing_order_facts
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION journey_days_on_facts_deleted();
--> statement-breakpoint
-- An order's session and visitor: which sessions are its touches.
CREATE OR REPLACE FUNCTION journey_days_on_order_links() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM journey_days_changed(ARRAY[order_stats_day(OLD.created_at), order_stats_day(NEW.created_at)]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journey_days_order_links AFTER UPDATE OF analytics_session_id, analytics_visitor_id ON orders
FOR EACH ROW WHEN ((OLD.analytics_session_id, OLD.analytics_visitor_id)
  IS DISTINCT FROM (NEW.analytics_session_id, NEW.analytics_visitor_id)
  AND least(OLD.created_at, NEW.created_at) < now() - interval '1 day')
EXECUTE FUNCTION journey_days_on_order_links();
--> statement-breakpoint
-- A funnel stage linked to an order: an order without a session takes that of its earliest stage.
CREATE OR REPLACE FUNCTION journey_days_on_funnel_stage() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM journey_days_changed(ARRAY(
    SELECT order_stats_day(o.created_at) FROM orders o
     WHERE o.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.order_id END,
                    CASE WHEN TG_OP <> 'DELETE' THEN NEW.order_id END)
       AND o.created_at < now() - interval '1 day'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The server's order_created stage is written in the new order's own transaction: its order is today's.
CREATE TRIGGER journey_days_funnel_insert AFTER INSERT ON funnel_stages
FOR EACH ROW WHEN (NEW.order_id IS NOT NULL
  AND (NEW.stage <> 'order_created' OR NEW.created_at < now() - interval '1 day'))
EXECUTE FUNCTION journey_days_on_funnel_stage();
--> statement-breakpoint
CREATE TRIGGER journey_days_funnel_delete AFTER DELETE ON funnel_stages
FOR EACH ROW WHEN (OLD.order_id IS NOT NULL) EXECUTE FUNCTION journey_days_on_funnel_stage();
--> statement-breakpoint
CREATE TRIGGER journey_days_funnel_update AFTER UPDATE OF order_id, session_id, created_at ON funnel_stages
FOR EACH ROW WHEN ((OLD.order_id IS NOT NULL OR NEW.order_id IS NOT NULL)
  AND (OLD.order_id, OLD.session_id, OLD.created_at) IS DISTINCT FROM (NEW.order_id, NEW.session_id, NEW.created_at))
EXECUTE FUNCTION journey_days_on_funnel_stage();
--> statement-breakpoint
-- The days of the orders placed in the sessions or reaching them by a funnel stage: a session's visitor is theirs
-- even when they came more than the window after its start.
CREATE OR REPLACE FUNCTION journey_session_order_days(sessions text[]) RETURNS SETOF date
LANGUAGE sql STABLE
AS $$
  SELECT order_stats_day(o.created_at) FROM orders o WHERE o.analytics_session_id = ANY (sessions)
  UNION
  SELECT order_stats_day(o.created_at) FROM funnel_stages fs JOIN orders o ON o.id = fs.order_id
   WHERE fs.session_id = ANY (sessions)
$$;
--> statement-breakpoint
-- A session is a touch of the orders of its visitor (or of itself) created up to the window after its start.
-- The tracker's sessions start now: the insert and update triggers pass them by in their WHEN.
CREATE OR REPLACE FUNCTION journey_days_on_session() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM journey_days_changed(ARRAY(
    SELECT journey_touch_days(OLD.created_at) WHERE TG_OP <> 'INSERT'
    UNION SELECT journey_touch_days(NEW.created_at) WHERE TG_OP <> 'DELETE'
    UNION SELECT journey_session_order_days(ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.session_id END,
                                                  CASE WHEN TG_OP <> 'DELETE' THEN NEW.session_id END])));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journey_days_session_insert AFTER INSERT ON analytics_sessions
FOR EACH ROW WHEN (NEW.created_at < now() - interval '1 day') EXECUTE FUNCTION journey_days_on_session();
--> statement-breakpoint
CREATE TRIGGER journey_days_session_update
AFTER UPDATE OF session_id, created_at, visitor_id, is_internal, channel, utm_source, utm_medium, utm_campaign
ON analytics_sessions
FOR EACH ROW WHEN (least(OLD.created_at, NEW.created_at) < now() - interval '1 day'
  AND (OLD.session_id, OLD.created_at, OLD.visitor_id, OLD.is_internal, OLD.channel, OLD.utm_source, OLD.utm_medium,
       OLD.utm_campaign)
  IS DISTINCT FROM (NEW.session_id, NEW.created_at, NEW.visitor_id, NEW.is_internal, NEW.channel, NEW.utm_source,
       NEW.utm_medium, NEW.utm_campaign))
EXECUTE FUNCTION journey_days_on_session();
--> statement-breakpoint
-- The retention purge deletes old sessions in batches: one statement trigger per batch.
CREATE OR REPLACE FUNCTION journey_days_on_sessions_deleted() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM journey_days_changed(ARRAY(
    SELECT DISTINCT journey_touch_days(s.started)
      FROM (SELECT DISTINCT date_trunc('hour', created_at) AS started FROM old_rows) s
    UNION SELECT journey_session_order_days(ARRAY(SELECT session_id FROM old_rows))));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journey_days_sessions_delete AFTER DELETE ON analytics_sessions
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION journey_days_on_sessions_deleted();
--> statement-breakpoint
-- A truncate (tests, seeds) takes every stored day back.
CREATE OR REPLACE FUNCTION journey_days_on_truncate() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM journey_closed_days;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER journey_days_facts_truncate AFTER TRUNCATE ON marketing_order_facts
FOR EACH STATEMENT EXECUTE FUNCTION journey_days_on_truncate();
--> statement-breakpoint
CREATE TRIGGER journey_days_sessions_truncate AFTER TRUNCATE ON analytics_sessions
FOR EACH STATEMENT EXECUTE FUNCTION journey_days_on_truncate();
--> statement-breakpoint
CREATE TRIGGER journey_days_funnel_truncate AFTER TRUNCATE ON funnel_stages
FOR EACH STATEMENT EXECUTE FUNCTION journey_days_on_truncate();
