import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#test/helpers.ts';
import type { Database } from './client.ts';

/**
 * Decision 076: enumeration-like text columns are checked by the database, so a misspelt value fails the statement
 * instead of being stored ('CANCELLED' was once written for the order status 'CANCELED').
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

/** The constraint a failed statement names (drizzle wraps the driver's error in `cause`). */
async function violatedConstraint(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
    const { code, constraint } = cause as { code?: string; constraint?: string };
    return code === '23514' ? constraint : `not a check violation: ${String(error)}`;
  }
  return undefined;
}

async function anyOrderId(): Promise<string> {
  const { rows } = await database.sql.executeSql('select id from orders order by number limit 1', []);
  return (rows as Array<{ id: string }>)[0]!.id;
}

describe('enumeration CHECK constraints', () => {
  it('refuses a misspelt order status and accepts the real one', async () => {
    const id = await anyOrderId();
    expect(
      await violatedConstraint(
        database.db.execute(sql`update orders set status = 'CANCELLED' where id = ${id}`),
      ),
    ).toBe('orders_status_check');
    expect(
      await violatedConstraint(
        database.db.execute(sql`update orders set status = 'CANCELED' where id = ${id}`),
      ),
    ).toBeUndefined();
  });

  it('refuses a bad value in the other checked columns', async () => {
    const id = await anyOrderId();
    const cases: Array<[string, Promise<unknown>]> = [
      [
        'orders_payer_type_check',
        database.db.execute(sql`update orders set payer_type = 'COMPANY' where id = ${id}`),
      ],
      [
        'orders_delivery_type_check',
        database.db.execute(sql`update orders set delivery_type = 'POST' where id = ${id}`),
      ],
      [
        'order_status_history_to_status_check',
        database.db.execute(
          sql`insert into order_status_history (order_id, to_status) values (${id}, 'DONE')`,
        ),
      ],
      [
        'payments_status_check',
        database.db.execute(
          sql`insert into payments (order_id, provider, status, amount) values (${id}, 'test', 'paid', 1)`,
        ),
      ],
      [
        'payments_provider_check',
        database.db.execute(
          sql`insert into payments (order_id, provider, amount) values (${id}, 'paypal', 1)`,
        ),
      ],
    ];
    for (const [constraint, statement] of cases) {
      expect(await violatedConstraint(statement), constraint).toBe(constraint);
    }
  });
});
