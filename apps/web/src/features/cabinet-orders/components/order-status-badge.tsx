import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/contracts';
import { Badge } from '@mantine/core';
import { STATUS_COLORS } from '../model/order-view';

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
