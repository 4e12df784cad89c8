import type { CustomerCard, OrderStatus } from '@app/contracts';
import type { users } from '#src/db/schema/index.ts';

export function toCustomerCard(
  user: typeof users.$inferSelect,
  related: {
    orders: Array<{
      id: string;
      number: number;
      createdAt: Date;
      status: OrderStatus;
      amount: number;
      isPaid: boolean;
    }>;
    organizations: Array<{ inn: string | null; kpp: string | null; name: string | null }>;
    totals: { orders: number; paidOrders: number; paidAmount: string };
  },
): CustomerCard {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    createdAt: user.createdAt.toISOString(),
    organizations: related.organizations,
    orders: related.orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    totals: {
      orders: related.totals.orders,
      paidOrders: related.totals.paidOrders,
      paidAmount: Number(related.totals.paidAmount),
    },
  };
}
