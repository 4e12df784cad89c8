-- Unit economics rollup (decision 016): order_stats_daily and order_line_stats_daily are kept equal to
--   orders (live, past NEW) summed per Moscow day of creation, status and pickup point, and
--   their document lines summed per Moscow day, status and document type,
-- by the triggers below, in the transaction of every change. order_stats_rebuild() recomputes both from scratch
-- (the backfill here, the large seed, and the tests that compare the two).

-- The Moscow calendar day of a moment: UTC+3, the fixed offset of the report's period bounds ('Etc/GMT-3' is
-- UTC+3, POSIX names invert the sign; equal to Europe/Moscow since 2014).
CREATE FUNCTION order_stats_day(moment timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (moment AT TIME ZONE 'Etc/GMT-3')::date $$;
--> statement-breakpoint

-- An order's contribution before (-1) and after (+1) a change; groups are written in key order so two
-- transactions moving orders between the same rows lock them in the same order (no deadlock), and a change
-- that lands on the same row as before writes nothing.
CREATE FUNCTION order_stats_on_order() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO order_stats_daily AS s
    (day, status, pickup_point_id, orders, amount, paid_amount, other_cost, delivery_price)
  SELECT order_stats_day(c.created_at), c.status, c.pickup_point_id,
         sum(c.sign),
         sum(c.sign * c.amount),
         sum(c.sign * CASE WHEN c.is_paid THEN c.amount ELSE 0 END),
         sum(c.sign * coalesce(c.other_cost, 0)),
         sum(c.sign * c.delivery_price)
  FROM (VALUES
          (-1, OLD.created_at, OLD.deleted_at, OLD.status, OLD.pickup_point_id, OLD.amount, OLD.is_paid,
               OLD.other_cost, OLD.delivery_price),
          (1, NEW.created_at, NEW.deleted_at, NEW.status, NEW.pickup_point_id, NEW.amount, NEW.is_paid,
              NEW.other_cost, NEW.delivery_price)
       ) AS c(sign, created_at, deleted_at, status, pickup_point_id, amount, is_paid, other_cost, delivery_price)
  WHERE c.created_at IS NOT NULL AND c.deleted_at IS NULL AND c.status <> 'NEW'
  GROUP BY 1, 2, 3
  HAVING sum(c.sign) <> 0
      OR sum(c.sign * c.amount) <> 0
      OR sum(c.sign * CASE WHEN c.is_paid THEN c.amount ELSE 0 END) <> 0
      OR sum(c.sign * coalesce(c.other_cost, 0)) <> 0
      OR sum(c.sign * c.delivery_price) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT order_stats_daily_key DO UPDATE SET
    orders = s.orders + excluded.orders,
    amount = s.amount + excluded.amount,
    paid_amount = s.paid_amount + excluded.paid_amount,
    other_cost = s.other_cost + excluded.other_cost,
    delivery_price = s.delivery_price + excluded.delivery_price;

  -- The document lines follow their order when its day, status or liveness changes.
  IF TG_OP <> 'UPDATE'
     OR (OLD.created_at, OLD.deleted_at, OLD.status) IS DISTINCT FROM (NEW.created_at, NEW.deleted_at, NEW.status)
  THEN
    INSERT INTO order_line_stats_daily AS s (day, status, document_key, lines, quantity, total)
    SELECT order_stats_day(c.created_at), c.status, coalesce(l.ref_id::text, l.name),
           sum(c.sign), sum(c.sign * l.quantity), sum(c.sign * l.total)
    FROM (VALUES
            (-1, OLD.id, OLD.created_at, OLD.deleted_at, OLD.status),
            (1, NEW.id, NEW.created_at, NEW.deleted_at, NEW.status)
         ) AS c(sign, id, created_at, deleted_at, status)
    JOIN order_lines l ON l.order_id = c.id AND l.kind = 'document'
    WHERE c.created_at IS NOT NULL AND c.deleted_at IS NULL AND c.status <> 'NEW'
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT order_line_stats_daily_pkey DO UPDATE SET
      lines = s.lines + excluded.lines,
      quantity = s.quantity + excluded.quantity,
      total = s.total + excluded.total;
  END IF;

  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint

-- A document line changed or removed on an order that counts (the order's current state).
CREATE FUNCTION order_stats_on_line() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO order_line_stats_daily AS s (day, status, document_key, lines, quantity, total)
  SELECT order_stats_day(o.created_at), o.status, coalesce(c.ref_id::text, c.name),
         sum(c.sign), sum(c.sign * c.quantity), sum(c.sign * c.total)
  FROM (VALUES
          (-1, OLD.order_id, OLD.kind, OLD.ref_id, OLD.name, OLD.quantity, OLD.total),
          (1, NEW.order_id, NEW.kind, NEW.ref_id, NEW.name, NEW.quantity, NEW.total)
       ) AS c(sign, order_id, kind, ref_id, name, quantity, total)
  JOIN orders o ON o.id = c.order_id
  WHERE c.kind = 'document' AND o.deleted_at IS NULL AND o.status <> 'NEW'
  GROUP BY 1, 2, 3
  HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.total) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT order_line_stats_daily_pkey DO UPDATE SET
    lines = s.lines + excluded.lines,
    quantity = s.quantity + excluded.quantity,
    total = s.total + excluded.total;

  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint

-- Lines added, one call per INSERT statement (the lines of a new order come in one statement and their order is
-- NEW, so order intake pays one empty join here instead of a call per line).
CREATE FUNCTION order_stats_on_lines_added() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO order_line_stats_daily AS s (day, status, document_key, lines, quantity, total)
  SELECT order_stats_day(o.created_at), o.status, coalesce(a.ref_id::text, a.name),
         count(*), sum(a.quantity), sum(a.total)
  FROM added_lines a
  JOIN orders o ON o.id = a.order_id
  WHERE a.kind = 'document' AND o.deleted_at IS NULL AND o.status <> 'NEW'
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT order_line_stats_daily_pkey DO UPDATE SET
    lines = s.lines + excluded.lines,
    quantity = s.quantity + excluded.quantity,
    total = s.total + excluded.total;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Both rollups from scratch, with writers to orders and lines held off meanwhile.
CREATE FUNCTION order_stats_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  LOCK TABLE orders, order_lines IN SHARE MODE;
  DELETE FROM order_stats_daily;
  DELETE FROM order_line_stats_daily;
  INSERT INTO order_stats_daily
    (day, status, pickup_point_id, orders, amount, paid_amount, other_cost, delivery_price)
  SELECT order_stats_day(created_at), status, pickup_point_id,
         count(*),
         sum(amount),
         coalesce(sum(amount) FILTER (WHERE is_paid), 0),
         coalesce(sum(other_cost), 0),
         sum(delivery_price)
  FROM orders
  WHERE deleted_at IS NULL AND status <> 'NEW'
  GROUP BY 1, 2, 3;
  INSERT INTO order_line_stats_daily (day, status, document_key, lines, quantity, total)
  SELECT order_stats_day(o.created_at), o.status, coalesce(l.ref_id::text, l.name),
         count(*), sum(l.quantity), sum(l.total)
  FROM order_lines l
  JOIN orders o ON o.id = l.order_id
  WHERE l.kind = 'document' AND o.deleted_at IS NULL AND o.status <> 'NEW'
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint

-- Order creation (status NEW) fires only the statement-level line trigger, once, with nothing to add; payment,
-- status, amount and cost changes and deletion do the work.
CREATE TRIGGER order_stats_insert AFTER INSERT ON orders
FOR EACH ROW WHEN (NEW.status <> 'NEW' AND NEW.deleted_at IS NULL)
EXECUTE FUNCTION order_stats_on_order();
--> statement-breakpoint
CREATE TRIGGER order_stats_update
AFTER UPDATE OF status, created_at, deleted_at, pickup_point_id, amount, is_paid, other_cost, delivery_price ON orders
FOR EACH ROW WHEN (
  (OLD.status <> 'NEW' OR NEW.status <> 'NEW')
  AND (OLD.status, OLD.created_at, OLD.deleted_at, OLD.pickup_point_id, OLD.amount, OLD.is_paid, OLD.other_cost,
       OLD.delivery_price)
      IS DISTINCT FROM
      (NEW.status, NEW.created_at, NEW.deleted_at, NEW.pickup_point_id, NEW.amount, NEW.is_paid, NEW.other_cost,
       NEW.delivery_price)
)
EXECUTE FUNCTION order_stats_on_order();
--> statement-breakpoint
-- Before, so the lines are still there to subtract (the cascade removes them afterwards, when the order no
-- longer counts).
CREATE TRIGGER order_stats_delete BEFORE DELETE ON orders
FOR EACH ROW WHEN (OLD.status <> 'NEW' AND OLD.deleted_at IS NULL)
EXECUTE FUNCTION order_stats_on_order();
--> statement-breakpoint
CREATE TRIGGER order_line_stats_insert AFTER INSERT ON order_lines
REFERENCING NEW TABLE AS added_lines
FOR EACH STATEMENT
EXECUTE FUNCTION order_stats_on_lines_added();
--> statement-breakpoint
CREATE TRIGGER order_line_stats_update
AFTER UPDATE OF order_id, kind, ref_id, name, quantity, total ON order_lines
FOR EACH ROW WHEN (OLD.kind = 'document' OR NEW.kind = 'document')
EXECUTE FUNCTION order_stats_on_line();
--> statement-breakpoint
CREATE TRIGGER order_line_stats_delete AFTER DELETE ON order_lines
FOR EACH ROW WHEN (OLD.kind = 'document')
EXECUTE FUNCTION order_stats_on_line();
--> statement-breakpoint
SELECT order_stats_rebuild();
