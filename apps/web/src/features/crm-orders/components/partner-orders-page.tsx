import type { StaffOrderListItem } from '@app/contracts';
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { AdminList, useConfirmAction } from '@/components/admin-list';
import { LoadMoreButton } from '@/components/load-more-button';
import { PaidBadge } from '@/components/order-status-badge';
import { showSuccessToast } from '@/lib/notify';
import { useMarkHandedOver, usePartnerOrders } from '../api/staff-orders';
import { ORDER_COLUMNS, OrderCells } from './order-cells';

/**
 * /crm/orders for PARTNER: orders of its pickup points, read-only except handing a READY, paid order over,
 * after a confirmation (decision 043: an unpaid order is not handed over; the server refuses it too).
 */
export function PartnerOrdersPage() {
  const orders = usePartnerOrders();
  const handOver = useMarkHandedOver();
  const confirmHandOver = useConfirmAction<StaffOrderListItem>({
    title: 'Отметить заказ выданным?',
    message: (order) => (
      <Text size="sm">
        {`Заказ №${order.number} получил клиент ${order.name}? Заказ будет закрыт, отменить это нельзя.`}
      </Text>
    ),
    confirmLabel: 'Выдан',
    onConfirm: async (order) => {
      await handOver.mutateAsync(order.id);
      showSuccessToast('Заказ выдан');
    },
  });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Заказы
      </Title>
      <AdminList
        query={orders}
        items={orders.data?.pages.flatMap((page) => page.items) ?? []}
        errorText="Не удалось загрузить заказы"
        emptyText="Заказов пока нет"
        loadingLabel="Загрузка заказов"
        testId="partner-orders-table"
        minWidth={800}
        columns={[...ORDER_COLUMNS, { label: 'Оплата' }]}
        hasActions
        renderRow={(order) => (
          <Table.Tr key={order.id} data-testid="order-row">
            <OrderCells order={order} withEmail={false} />
            <Table.Td>
              <PaidBadge isPaid={order.isPaid} />
            </Table.Td>
            <Table.Td>
              {order.status === 'READY' && order.isPaid ? (
                <Button size="xs" onClick={() => confirmHandOver.ask(order)}>
                  Выдан
                </Button>
              ) : order.status === 'READY' ? (
                <Text size="xs">Выдача после оплаты</Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <LoadMoreButton list={orders} />
      {confirmHandOver.modal}
    </Stack>
  );
}
