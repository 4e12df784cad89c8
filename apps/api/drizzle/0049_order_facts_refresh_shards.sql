-- Decision 082, two changes to marketing_order_facts_refresh (0042) that let concurrent orders commit side by side:
-- * the e-mail's first-paid lock is taken only when one of the orders is or was paid and live; otherwise locked
--   stays empty: no other order's row is read, and no first-paid flag moves;
-- * the daily delta goes to this connection's shard of the daily row (pg_backend_pid() % 16, migration 0048), so
--   two transactions on two connections do not wait for each other on one hot row (every order of a day and
--   channel used to update the same row and hold it until commit).
CREATE OR REPLACE FUNCTION marketing_order_facts_refresh(ids uuid[]) RETURNS void
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
  -- Only a paid order (now or before this change) can move an e-mail's first paid order. A new, unpaid order (every
  -- order placed on the site) and edits of unpaid ones skip the e-mail's lock: it would otherwise make concurrent
  -- orders of one e-mail wait for each other's commit (decision 082).
  IF EXISTS (SELECT 1 FROM marketing_order_facts f WHERE f.order_id = ANY(ids) AND f.paid_live)
     OR EXISTS (SELECT 1 FROM marketing_order_facts_fresh v WHERE v.order_id = ANY(ids) AND v.paid_live) THEN
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
  END IF;

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
       orders, paid_orders, revenue_kopecks, margin_kopecks, new_customers, shard)
    SELECT *, (pg_backend_pid() % 16)::smallint FROM delta
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
