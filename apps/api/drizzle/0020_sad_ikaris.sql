ALTER TABLE "orders" ALTER COLUMN "number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT 0;--> statement-breakpoint
-- Gap-free order numbers (issue 16): an identity's sequence is not transactional, so every refused or rolled-back
-- order attempt (and every idempotent retry, ON CONFLICT DO NOTHING) used up a number. Now each new order takes
-- the highest number + 1 under a transaction-scoped lock: the next order waits until this one commits or rolls
-- back, and then reads the numbers as they are (a VOLATILE function's query sees what committed before it).
-- An order that is not stored leaves no number behind.
CREATE FUNCTION orders_assign_number() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('orders.number'));
  SELECT coalesce(max(number), 100000) + 1 INTO NEW.number FROM orders;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_assign_number BEFORE INSERT ON orders
FOR EACH ROW EXECUTE FUNCTION orders_assign_number();
