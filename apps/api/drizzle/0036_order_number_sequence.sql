CREATE SEQUENCE "public"."orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
-- Order numbers from a sequence (decision 064, replacing 0020's lock): 0020 took one advisory lock for every order
-- from its INSERT to its COMMIT, so all order transactions ran one at a time through their last statements and the
-- commit's WAL flush. The sequence continues after the highest number stored (the first order of an empty table is
-- 100001).
SELECT setval('orders_number_seq', greatest(coalesce(max(number), 100000), 100000)) FROM orders;--> statement-breakpoint
-- Issue 16 still holds: a request refused by a check takes no number, because every check of the order request
-- runs before its INSERT (the app's order), and this trigger fires only for a row about to be inserted. A retry
-- under an idempotency key already stored inserts nothing and takes no number: retries of one key wait for each
-- other on a lock of that key alone (other orders do not wait), and a retry whose twin has committed skips the row
-- (RETURN NULL, as ON CONFLICT DO NOTHING would, but before nextval). A VOLATILE function's query sees what
-- committed before it, so the check after the lock sees the twin. A number is lost only when a transaction fails
-- after its INSERT (a database error, a lost connection, a crash before COMMIT): the sequence is not transactional.
CREATE OR REPLACE FUNCTION orders_assign_number() RETURNS trigger
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF NEW.idempotency_key IS NOT NULL AND NEW.idempotency_scope IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(
      hashtextextended('orders.idempotency ' || NEW.idempotency_scope || ' ' || NEW.idempotency_key, 0));
    IF EXISTS (SELECT 1 FROM orders
                WHERE idempotency_scope = NEW.idempotency_scope AND idempotency_key = NEW.idempotency_key) THEN
      RETURN NULL;
    END IF;
  END IF;
  NEW.number := nextval('orders_number_seq');
  RETURN NEW;
END
$$;
