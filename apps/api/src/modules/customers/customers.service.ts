import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CUSTOMER_ORDERS_SHOWN, MESSAGES, type CustomerCard } from '@app/contracts';
import type { Db } from '#src/db/client.ts';
import { orders, users } from '#src/db/schema/index.ts';
import { notFound } from '#src/lib/errors.ts';
import { toCustomerCard } from './customers.mapper.ts';

export type CustomersService = ReturnType<typeof createCustomersService>;

/**
 * The CRM's customer page (issue 17): reads only — the account (auth's table) and its orders (the orders
 * module's). Orders belong to a customer by `orders.user_id`, as the cabinet lists them.
 */
export function createCustomersService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async getCard(userId: string): Promise<CustomerCard> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound(MESSAGES.userNotFound);
      const mine = and(eq(orders.userId, userId), isNull(orders.deletedAt));
      const [recent, [totals], organizations] = await Promise.all([
        db
          .select({
            id: orders.id,
            number: orders.number,
            createdAt: orders.createdAt,
            status: orders.status,
            amount: orders.amount,
            isPaid: orders.isPaid,
          })
          .from(orders)
          .where(mine)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(CUSTOMER_ORDERS_SHOWN),
        db
          .select({
            orders: sql<number>`count(*)::int`,
            paidOrders: sql<number>`(count(*) filter (where ${orders.isPaid}))::int`,
            paidAmount: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.isPaid}), 0)::text`,
          })
          .from(orders)
          .where(mine),
        db
          .selectDistinctOn([orders.organizationInn], {
            inn: orders.organizationInn,
            kpp: orders.organizationKpp,
            name: orders.organizationName,
          })
          .from(orders)
          .where(and(mine, eq(orders.payerType, 'ORGANIZATION')))
          .orderBy(orders.organizationInn, desc(orders.createdAt)),
      ]);
      return toCustomerCard(user, {
        orders: recent,
        organizations,
        totals: totals ?? { orders: 0, paidOrders: 0, paidAmount: '0' },
      });
    },
  };
}
