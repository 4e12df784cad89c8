import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/contracts';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<OrderStatus, string> = {
  NEW: 'blue',
  PAID: 'teal',
  IN_PROGRESS: 'indigo',
  READY: 'lime',
  DELIVERING: 'cyan',
  COMPLETED: 'green',
  CANCELED: 'gray',
};

/** An order's status as a coloured badge: the customer's cabinet and the back office alike. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function PaidBadge({ isPaid }: { isPaid: boolean }) {
  return (
    <Badge color={isPaid ? 'teal' : 'orange'} variant="outline" data-testid="order-paid">
      {isPaid ? 'Оплачен' : 'Не оплачен'}
    </Badge>
  );
}
