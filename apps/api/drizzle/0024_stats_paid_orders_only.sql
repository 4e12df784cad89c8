-- Decision 043: the unit economics rollups (decision 016) count paid orders only. Revenue counts what was paid:
-- an order moved past PAID without a payment (before decision 043) is left out until its payment is recorded.
-- paid_amount (the base of the acquiring fee) leaves out orders paid outside the system (orders.paid_outside).
-- The functions of 0011 again, each with `is_paid` added to "the order counts"; the triggers stay (the update
-- trigger already fires on is_paid, which paid_outside only changes with), and the rollups are rebuilt.
CREATE OR REPLACE FUNCTION order_stats_on_order() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO order_stats_daily AS s
    (day, status, pickup_point_id, orders, amount, paid_amount, other_cost, delivery_price)
  SELECT order_stats_day(c.created_at), c.status, c.pickup_point_id,
         sum(c.sign),
         sum(c.sign * c.amount),
         sum(c.sign * CASE WHEN c.is_paid AND NOT c.paid_outside THEN c.amount ELSE 0 END),
         sum(c.sign * coalesce(c.other_cost, 0)),
         sum(c.sign * c.delivery_price)
  FROM (VALUES
          (-1, OLD.created_at, OLD.deleted_at, OLD.status, OLD.pickup_point_id, OLD.amount, OLD.is_paid,
               OLD.paid_outside, OLD.other_cost, OLD.delivery_price),
          (1, NEW.created_at, NEW.deleted_at, NEW.status, NEW.pickup_point_id, NEW.amount, NEW.is_paid,
              NEW.paid_outside, NEW.other_cost, NEW.delivery_price)
       ) AS c(sign, created_at, deleted_at, status, pickup_point_id, amount, is_paid, paid_outside, other_cost,
              delivery_price)
  WHERE c.created_at IS NOT NULL AND c.deleted_at IS NULL AND c.status <> 'NEW' AND c.is_paid
  GROUP BY 1, 2, 3
  HAVING sum(c.sign) <> 0
      OR sum(c.sign * c.amount) <> 0
      OR sum(c.sign * CASE WHEN c.is_paid AND NOT c.paid_outside THEN c.amount ELSE 0 END) <> 0
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
     OR (OLD.created_at, OLD.deleted_at, OLD.status, OLD.is_paid)
        IS DISTINCT FROM (NEW.created_at, NEW.deleted_at, NEW.status, NEW.is_paid)
  THEN
    INSERT INTO order_line_stats_daily AS s (day, status, document_key, lines, quantity, total)
    SELECT order_stats_day(c.created_at), c.status, coalesce(l.ref_id::text, l.name),
           sum(c.sign), sum(c.sign * l.quantity), sum(c.sign * l.total)
    FROM (VALUES
            (-1, OLD.id, OLD.created_at, OLD.deleted_at, OLD.status, OLD.is_paid),
            (1, NEW.id, NEW.created_at, NEW.deleted_at, NEW.status, NEW.is_paid)
         ) AS c(sign, id, created_at, deleted_at, status, is_paid)
    JOIN order_lines l ON l.order_id = c.id AND l.kind = 'document'
    WHERE c.created_at IS NOT NULL AND c.deleted_at IS NULL AND c.status <> 'NEW' AND c.is_paid
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
CREATE OR REPLACE FUNCTION order_stats_on_line() RETURNS trigger
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
  WHERE c.kind = 'document' AND o.deleted_at IS NULL AND o.status <> 'NEW' AND o.is_paid
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
CREATE OR REPLACE FUNCTION order_stats_on_lines_added() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO order_line_stats_daily AS s (day, status, document_key, lines, quantity, total)
  SELECT order_stats_day(o.created_at), o.status, coalesce(a.ref_id::text, a.name),
         count(*), sum(a.quantity), sum(a.total)
  FROM added_lines a
  JOIN orders o ON o.id = a.order_id
  WHERE a.kind = 'document' AND o.deleted_at IS NULL AND o.status <> 'NEW' AND o.is_paid
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
CREATE OR REPLACE FUNCTION order_stats_rebuild() RETURNS void
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
         coalesce(sum(amount) FILTER (WHERE is_paid AND NOT paid_outside), 0),
         coalesce(sum(other_cost), 0),
         sum(delivery_price)
  FROM orders
  WHERE deleted_at IS NULL AND status <> 'NEW' AND is_paid
  GROUP BY 1, 2, 3;
  INSERT INTO order_line_stats_daily (day, status, document_key, lines, quantity, total)
  SELECT order_stats_day(o.created_at), o.status, coalesce(l.ref_id::text, l.name),
         count(*), sum(l.quantity), sum(l.total)
  FROM order_lines l
  JOIN orders o ON o.id = l.order_id
  WHERE l.kind = 'document' AND o.deleted_at IS NULL AND o.status <> 'NEW' AND o.is_paid
  GROUP BY 1, 2, 3;
END
$$;
--> statement-breakpoint

SELECT order_stats_rebuild();
