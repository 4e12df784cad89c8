-- The orders side of the marketing reports (decision 078): marketing_order_facts (one row per order) and
-- marketing_order_daily (their sums per Moscow day and tags) are kept equal to what the reports computed from
-- orders, order_lines and refunds (orderMoneySql and the «first paid order of the e-mail» probe) by the triggers
-- below, in the transaction of every change. marketing_order_facts_rebuild() recomputes both from scratch (the
-- backfill here, the seeds, and the tests that compare the two).

-- An order's facts as its rows are now, without the first-paid flag (which depends on the e-mail's other orders).
-- Money as orderMoneySql (translators 40 % of the document lines, the acquiring fee 3.5 % — the constants of
-- stats.service; the rollup test compares the two), 0 for an order that is not paid and live.
CREATE VIEW marketing_order_facts_fresh AS
SELECT o.id AS order_id,
       o.created_at,
       order_stats_day(o.created_at) AS day,
       lower(o.email) AS email_lower,
       coalesce(o.acquisition_channel, '') AS acquisition_channel,
       coalesce(o.utm_source, '') AS utm_source,
       coalesce(o.utm_medium, '') AS utm_medium,
       coalesce(o.utm_campaign, '') AS utm_campaign,
       coalesce(o.utm_content, '') AS utm_content,
       coalesce(o.utm_term, '') AS utm_term,
       o.deleted_at IS NULL AS live,
       p.paid_live,
       CASE WHEN p.paid_live THEN (round(o.amount * 100) - coalesce(r.refunded, 0))::bigint ELSE 0 END
         AS revenue_kopecks,
       CASE WHEN p.paid_live THEN (round(o.amount * 100) - coalesce(r.refunded, 0)
         - round(coalesce(l.documents, 0) * 40::numeric)
         - round(coalesce(o.other_cost, 0) * 100)
         - round(o.delivery_price * 100)
         - round(o.amount * coalesce(o.partner_commission_percent, 0))
         - CASE WHEN o.paid_outside THEN 0 ELSE round(o.amount * 3.5::numeric) END)::bigint ELSE 0 END
         AS margin_kopecks
FROM orders o
CROSS JOIN LATERAL (SELECT o.is_paid AND o.deleted_at IS NULL AND o.status <> 'CANCELED' AS paid_live) p
LEFT JOIN LATERAL (
  SELECT sum(ol.total) AS documents FROM order_lines ol WHERE ol.order_id = o.id AND ol.kind = 'document'
) l ON p.paid_live
LEFT JOIN LATERAL (
  SELECT sum(rf.amount_kopecks) AS refunded FROM refunds rf WHERE rf.order_id = o.id AND rf.status = 'succeeded'
) r ON p.paid_live;
--> statement-breakpoint

-- Makes the facts of these orders (and the first-paid flags of their e-mails) equal to the orders' rows, and moves
-- the difference into the daily sums. Idempotent: any trigger may call it for any order, a deleted one included.
-- A generic plan, kept for the session: planning the statement below anew for each call (plpgsql's custom plans)
-- cost more than running it (decision 078: order placed + paid 8.7 → 3.1 ms, measured at load 13).
CREATE FUNCTION marketing_order_facts_refresh(ids uuid[]) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  locked text[] := '{}';
  wanted text[];
  mail text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- The first paid order of an e-mail is a check over its other orders: writers of the same e-mail take its lock
  -- first (sorted, so they queue instead of deadlocking) and read only then. The e-mails the orders had and have;
  -- one may have moved to another e-mail while we waited, so look again until the set holds still.
  LOOP
    SELECT coalesce(array_agg(DISTINCT x.e ORDER BY x.e), '{}') INTO wanted FROM (
      SELECT f.email_lower AS e FROM marketing_order_facts f WHERE f.order_id = ANY(ids)
      UNION ALL
      SELECT lower(o.email) FROM orders o WHERE o.id = ANY(ids)
    ) x;
    EXIT WHEN wanted <@ locked;
    FOREACH mail IN ARRAY wanted LOOP
      IF NOT mail = ANY(locked) THEN
        PERFORM pg_advisory_xact_lock(hashtextextended('marketing-first-paid:' || mail, 0));
        locked := locked || mail;
      END IF;
    END LOOP;
  END LOOP;

  -- One statement, so the daily rows are written once each and in key order (no deadlock between writers).
  WITH fresh AS (
    SELECT * FROM marketing_order_facts_fresh WHERE order_id = ANY(ids)
  ),
  -- Each e-mail's first paid order among the orders not refreshed here.
  rest AS (
    SELECT c.order_id
    FROM unnest(locked) m(email)
    CROSS JOIN LATERAL (
      SELECT f.order_id FROM marketing_order_facts f
      WHERE f.email_lower = m.email AND f.paid_live AND f.order_id <> ALL(ids)
      ORDER BY f.created_at, f.order_id
      LIMIT 1
    ) c
  ),
  -- Every row that may change: the orders, the e-mails' flagged orders and their first untouched paid ones.
  old AS (
    SELECT f.* FROM marketing_order_facts f WHERE f.order_id = ANY(ids)
    UNION
    SELECT f.* FROM marketing_order_facts f WHERE f.order_id IN (SELECT order_id FROM rest)
    UNION
    SELECT f.* FROM marketing_order_facts f WHERE f.email_lower = ANY(locked) AND f.first_paid
  ),
  kept AS (
    SELECT * FROM fresh
    UNION ALL
    SELECT order_id, created_at, day, email_lower, acquisition_channel, utm_source, utm_medium, utm_campaign,
           utm_content, utm_term, live, paid_live, revenue_kopecks, margin_kopecks
    FROM old WHERE order_id <> ALL(ids)
  ),
  next AS (
    SELECT k.*, k.paid_live AND k.order_id = (
      SELECT w.order_id FROM kept w
      WHERE w.email_lower = k.email_lower AND w.paid_live
      ORDER BY w.created_at, w.order_id
      LIMIT 1
    ) AS first_paid
    FROM kept k
  ),
  delta AS (
    SELECT c.day, c.acquisition_channel, c.utm_source, c.utm_medium, c.utm_campaign, c.utm_content, c.utm_term,
           sum(c.sign * c.live::int) AS orders,
           sum(c.sign * c.paid_live::int) AS paid_orders,
           sum(c.sign * c.revenue_kopecks) AS revenue_kopecks,
           sum(c.sign * c.margin_kopecks) AS margin_kopecks,
           sum(c.sign * c.first_paid::int) AS new_customers
    FROM (SELECT 1 AS sign, * FROM next UNION ALL SELECT -1, * FROM old) c
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(c.sign * c.live::int) <> 0
        OR sum(c.sign * c.paid_live::int) <> 0
        OR sum(c.sign * c.revenue_kopecks) <> 0
        OR sum(c.sign * c.margin_kopecks) <> 0
        OR sum(c.sign * c.first_paid::int) <> 0
  ),
  counted AS (
    INSERT INTO marketing_order_daily AS d
      (day, acquisition_channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term,
       orders, paid_orders, revenue_kopecks, margin_kopecks, new_customers)
    SELECT * FROM delta
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT marketing_order_daily_pkey DO UPDATE SET
      orders = d.orders + excluded.orders,
      paid_orders = d.paid_orders + excluded.paid_orders,
      revenue_kopecks = d.revenue_kopecks + excluded.revenue_kopecks,
      margin_kopecks = d.margin_kopecks + excluded.margin_kopecks,
      new_customers = d.new_customers + excluded.new_customers
  ),
  gone AS (
    DELETE FROM marketing_order_facts f
    WHERE f.order_id = ANY(ids) AND f.order_id NOT IN (SELECT order_id FROM fresh)
  )
  INSERT INTO marketing_order_facts AS f
  SELECT * FROM next
  ON CONFLICT (order_id) DO UPDATE SET
    created_at = excluded.created_at,
    day = excluded.day,
    email_lower = excluded.email_lower,
    acquisition_channel = excluded.acquisition_channel,
    utm_source = excluded.utm_source,
    utm_medium = excluded.utm_medium,
    utm_campaign = excluded.utm_campaign,
    utm_content = excluded.utm_content,
    utm_term = excluded.utm_term,
    live = excluded.live,
    paid_live = excluded.paid_live,
    revenue_kopecks = excluded.revenue_kopecks,
    margin_kopecks = excluded.margin_kopecks,
    first_paid = excluded.first_paid
  WHERE (f.created_at, f.day, f.email_lower, f.acquisition_channel, f.utm_source, f.utm_medium, f.utm_campaign,
         f.utm_content, f.utm_term, f.live, f.paid_live, f.revenue_kopecks, f.margin_kopecks, f.first_paid)
        IS DISTINCT FROM
        (excluded.created_at, excluded.day, excluded.email_lower, excluded.acquisition_channel, excluded.utm_source,
         excluded.utm_medium, excluded.utm_campaign, excluded.utm_content, excluded.utm_term, excluded.live,
         excluded.paid_live, excluded.revenue_kopecks, excluded.margin_kopecks, excluded.first_paid);
END
$$;
--> statement-breakpoint

-- Orders inserted or deleted: one call per statement (the transition table `changed`).
CREATE FUNCTION marketing_order_facts_on_orders() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM marketing_order_facts_refresh(ARRAY(SELECT c.id FROM changed c));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION marketing_order_facts_on_order() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM marketing_order_facts_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Document lines and succeeded refunds move money only on a paid order (order intake adds its lines to a NEW,
-- unpaid order: nothing to do). Lines and refunds alike: the orders of the rows in `changed`.
CREATE FUNCTION marketing_order_facts_on_children() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM marketing_order_facts_refresh(ARRAY(
    SELECT DISTINCT c.order_id FROM changed c JOIN orders o ON o.id = c.order_id WHERE o.is_paid));
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- A line or refund moved, changed or (un)succeeded: its order before and after.
CREATE FUNCTION marketing_order_facts_on_child() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM marketing_order_facts_refresh(ARRAY[OLD.order_id, NEW.order_id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Both tables from scratch, with writers to orders, lines and refunds held off meanwhile.
CREATE FUNCTION marketing_order_facts_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  LOCK TABLE orders, order_lines, refunds IN SHARE MODE;
  DELETE FROM marketing_order_daily;
  DELETE FROM marketing_order_facts;
  INSERT INTO marketing_order_facts
  SELECT v.*,
         v.paid_live AND row_number() OVER (PARTITION BY v.email_lower, v.paid_live
                                            ORDER BY v.created_at, v.order_id) = 1
  FROM marketing_order_facts_fresh v;
  INSERT INTO marketing_order_daily
    (day, acquisition_channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term,
     orders, paid_orders, revenue_kopecks, margin_kopecks, new_customers)
  SELECT day, acquisition_channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term,
         count(*) FILTER (WHERE live),
         count(*) FILTER (WHERE paid_live),
         sum(revenue_kopecks),
         sum(margin_kopecks),
         count(*) FILTER (WHERE first_paid)
  FROM marketing_order_facts
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
END
$$;
--> statement-breakpoint

CREATE TRIGGER marketing_order_facts_insert AFTER INSERT ON orders
REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT
EXECUTE FUNCTION marketing_order_facts_on_orders();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_delete AFTER DELETE ON orders
REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT
EXECUTE FUNCTION marketing_order_facts_on_orders();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_update
AFTER UPDATE OF created_at, email, deleted_at, status, is_paid, paid_outside, amount, other_cost, delivery_price,
  partner_commission_percent, acquisition_channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term
ON orders
FOR EACH ROW WHEN (
  (OLD.created_at, lower(OLD.email), OLD.deleted_at IS NULL, OLD.status = 'CANCELED', OLD.is_paid, OLD.paid_outside,
   OLD.amount, OLD.other_cost, OLD.delivery_price, OLD.partner_commission_percent, OLD.acquisition_channel,
   OLD.utm_source, OLD.utm_medium, OLD.utm_campaign, OLD.utm_content, OLD.utm_term)
  IS DISTINCT FROM
  (NEW.created_at, lower(NEW.email), NEW.deleted_at IS NULL, NEW.status = 'CANCELED', NEW.is_paid, NEW.paid_outside,
   NEW.amount, NEW.other_cost, NEW.delivery_price, NEW.partner_commission_percent, NEW.acquisition_channel,
   NEW.utm_source, NEW.utm_medium, NEW.utm_campaign, NEW.utm_content, NEW.utm_term)
)
EXECUTE FUNCTION marketing_order_facts_on_order();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_lines_insert AFTER INSERT ON order_lines
REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT
EXECUTE FUNCTION marketing_order_facts_on_children();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_lines_delete AFTER DELETE ON order_lines
REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT
EXECUTE FUNCTION marketing_order_facts_on_children();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_lines_update AFTER UPDATE OF order_id, kind, total ON order_lines
FOR EACH ROW WHEN ((OLD.order_id, OLD.kind, OLD.total) IS DISTINCT FROM (NEW.order_id, NEW.kind, NEW.total)
  AND (OLD.kind = 'document' OR NEW.kind = 'document'))
EXECUTE FUNCTION marketing_order_facts_on_child();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_refunds_insert AFTER INSERT ON refunds
REFERENCING NEW TABLE AS changed
FOR EACH STATEMENT
EXECUTE FUNCTION marketing_order_facts_on_children();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_refunds_delete AFTER DELETE ON refunds
REFERENCING OLD TABLE AS changed
FOR EACH STATEMENT
EXECUTE FUNCTION marketing_order_facts_on_children();
--> statement-breakpoint
CREATE TRIGGER marketing_order_facts_refunds_update AFTER UPDATE OF order_id, status, amount_kopecks ON refunds
FOR EACH ROW WHEN ((OLD.order_id, OLD.status, OLD.amount_kopecks) IS DISTINCT FROM
  (NEW.order_id, NEW.status, NEW.amount_kopecks) AND (OLD.status = 'succeeded' OR NEW.status = 'succeeded'))
EXECUTE FUNCTION marketing_order_facts_on_child();
--> statement-breakpoint

SELECT marketing_order_facts_rebuild();
--> statement-breakpoint
-- The planner's first estimates of the new tables (autovacuum would take a while on a large database).
ANALYZE marketing_order_facts;
--> statement-breakpoint
ANALYZE marketing_order_daily;
