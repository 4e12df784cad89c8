-- Decision 044: a partner's commission is fixed per order when the order is placed at the partner's pickup point;
-- a later change of the partner's rate applies to new orders only. The rate is copied onto the order by a trigger
-- (any writer: the order form, seeds, an operator's SQL), existing orders get their partner's current rate, and
-- the unit economics rollup (decision 016) sums amount × the order's own rate instead of applying today's rate
-- when the report is read.
ALTER TABLE "order_stats_daily" ADD COLUMN "partner_commission" numeric(24, 6) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partner_commission_percent" numeric(5, 2);--> statement-breakpoint

-- Backfill: the rate of the partner owning the point today (no history of rates exists). The stats update trigger
-- does not fire on this column yet; the rollups are rebuilt at the end.
UPDATE orders o SET partner_commission_percent = p.commission
FROM points pt
JOIN partners p ON p.id = pt.partner_id
WHERE pt.id = o.pickup_point_id;
--> statement-breakpoint

-- The rate of the partner owning the order's pickup point, copied when the order is placed there (or moved to
-- another point); null for an order without a partner point.
CREATE FUNCTION orders_fix_partner_commission() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.partner_commission_percent := (
    SELECT p.commission
    FROM points pt
    JOIN partners p ON p.id = pt.partner_id
    WHERE pt.id = NEW.pickup_point_id
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_fix_partner_commission_insert BEFORE INSERT ON orders
FOR EACH ROW WHEN (NEW.pickup_point_id IS NOT NULL AND NEW.partner_commission_percent IS NULL)
EXECUTE FUNCTION orders_fix_partner_commission();
--> statement-breakpoint
CREATE TRIGGER orders_fix_partner_commission_update BEFORE UPDATE OF pickup_point_id ON orders
FOR EACH ROW WHEN (OLD.pickup_point_id IS DISTINCT FROM NEW.pickup_point_id)
EXECUTE FUNCTION orders_fix_partner_commission();
--> statement-breakpoint

-- The order function of 0024 with the commission summed from the order's own rate.
CREATE OR REPLACE FUNCTION order_stats_on_order() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO order_stats_daily AS s
    (day, status, pickup_point_id, orders, amount, paid_amount, other_cost, delivery_price, partner_commission)
  SELECT order_stats_day(c.created_at), c.status, c.pickup_point_id,
         sum(c.sign),
         sum(c.sign * c.amount),
         sum(c.sign * CASE WHEN c.is_paid AND NOT c.paid_outside THEN c.amount ELSE 0 END),
         sum(c.sign * coalesce(c.other_cost, 0)),
         sum(c.sign * c.delivery_price),
         sum(c.sign * c.amount * coalesce(c.commission_percent, 0) * 0.01)
  FROM (VALUES
          (-1, OLD.created_at, OLD.deleted_at, OLD.status, OLD.pickup_point_id, OLD.amount, OLD.is_paid,
               OLD.paid_outside, OLD.other_cost, OLD.delivery_price, OLD.partner_commission_percent),
          (1, NEW.created_at, NEW.deleted_at, NEW.status, NEW.pickup_point_id, NEW.amount, NEW.is_paid,
              NEW.paid_outside, NEW.other_cost, NEW.delivery_price, NEW.partner_commission_percent)
       ) AS c(sign, created_at, deleted_at, status, pickup_point_id, amount, is_paid, paid_outside, other_cost,
              delivery_price, commission_percent)
  WHERE c.created_at IS NOT NULL AND c.deleted_at IS NULL AND c.status <> 'NEW' AND c.is_paid
  GROUP BY 1, 2, 3
  HAVING sum(c.sign) <> 0
      OR sum(c.sign * c.amount) <> 0
      OR sum(c.sign * CASE WHEN c.is_paid AND NOT c.paid_outside THEN c.amount ELSE 0 END) <> 0
      OR sum(c.sign * coalesce(c.other_cost, 0)) <> 0
      OR sum(c.sign * c.delivery_price) <> 0
      OR sum(c.sign * c.amount * coalesce(c.commission_percent, 0) * 0.01) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT order_stats_daily_key DO UPDATE SET
    orders = s.orders + excluded.orders,
    amount = s.amount + excluded.amount,
    paid_amount = s.paid_amount + excluded.paid_amount,
    other_cost = s.other_cost + excluded.other_cost,
    delivery_price = s.delivery_price + excluded.delivery_price,
    partner_commission = s.partner_commission + excluded.partner_commission;

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

-- The update trigger of 0011, also on a change of the order's rate (an operator's correction).
DROP TRIGGER order_stats_update ON orders;
--> statement-breakpoint
CREATE TRIGGER order_stats_update
AFTER UPDATE OF status, created_at, deleted_at, pickup_point_id, amount, is_paid, other_cost, delivery_price,
  partner_commission_percent ON orders
FOR EACH ROW WHEN (
  (OLD.status <> 'NEW' OR NEW.status <> 'NEW')
  AND (OLD.status, OLD.created_at, OLD.deleted_at, OLD.pickup_point_id, OLD.amount, OLD.is_paid, OLD.other_cost,
       OLD.delivery_price, OLD.partner_commission_percent)
      IS DISTINCT FROM
      (NEW.status, NEW.created_at, NEW.deleted_at, NEW.pickup_point_id, NEW.amount, NEW.is_paid, NEW.other_cost,
       NEW.delivery_price, NEW.partner_commission_percent)
)
EXECUTE FUNCTION order_stats_on_order();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION order_stats_rebuild() RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  LOCK TABLE orders, order_lines IN SHARE MODE;
  DELETE FROM order_stats_daily;
  DELETE FROM order_line_stats_daily;
  INSERT INTO order_stats_daily
    (day, status, pickup_point_id, orders, amount, paid_amount, other_cost, delivery_price, partner_commission)
  SELECT order_stats_day(created_at), status, pickup_point_id,
         count(*),
         sum(amount),
         coalesce(sum(amount) FILTER (WHERE is_paid AND NOT paid_outside), 0),
         coalesce(sum(other_cost), 0),
         sum(delivery_price),
         coalesce(sum(amount * partner_commission_percent * 0.01), 0)
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
