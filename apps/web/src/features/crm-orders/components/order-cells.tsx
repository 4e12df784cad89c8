import type { StaffOrderListItem } from '@app/contracts';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { formatDate, formatPhone, formatRub } from '@/lib/format';

export function documentsText(order: Pick<StaffOrderListItem, 'documents'>): string {
  return order.documents.map((document) => `${document.name} × ${document.quantity}`).join(', ');
}

/**
 * The columns both back-office order lists start with (staff and PARTNER). Number, status and amount come first:
 * on a 375 px phone the table scrolls sideways and these stay in view (issue 17).
 */
export const ORDER_COLUMNS = [
  { label: '№' },
  { label: 'Статус' },
  { label: 'Сумма' },
  { label: 'Дата' },
  { label: 'Клиент' },
  { label: 'Документы' },
] as const;

/** An order row's cells for ORDER_COLUMNS; staff also see the customer's e-mail. */
export function OrderCells({
  order,
  withEmail,
  link,
}: {
  order: Omit<StaffOrderListItem, 'email'> & { email?: string };
  withEmail: boolean;
  /** The order's page: the number links to it. */
  link?: string;
}) {
  return (
    <>
      <Table.Td>
        {link ? (
          <Anchor component={Link} to={link}>
            {order.number}
          </Anchor>
        ) : (
          order.number
        )}
      </Table.Td>
      <Table.Td>
        <OrderStatusBadge status={order.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRub(order.amount)}</Table.Td>
      <Table.Td>{formatDate(order.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm">{order.name}</Text>
        <Text size="xs" c="dimmed">
          {withEmail && order.email
            ? `${formatPhone(order.phoneNumber)} · ${order.email}`
            : formatPhone(order.phoneNumber)}
        </Text>
      </Table.Td>
      <Table.Td>{documentsText(order)}</Table.Td>
    </>
  );
}
