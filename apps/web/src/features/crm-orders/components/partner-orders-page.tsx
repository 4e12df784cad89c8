import { Button, Stack, Table, Title } from '@mantine/core';
import { AdminList } from '@/components/admin-list';
import { LoadMoreButton } from '@/components/load-more-button';
import { showSuccessToast } from '@/lib/notify';
import { useMarkHandedOver, usePartnerOrders } from '../api/staff-orders';
import { ORDER_COLUMNS, OrderCells } from './order-cells';

/** /crm/orders for PARTNER: orders of its pickup points, read-only except handing a READY order over. */
export function PartnerOrdersPage() {
  const orders = usePartnerOrders();
  const handOver = useMarkHandedOver();

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
        minWidth={700}
        columns={ORDER_COLUMNS}
        hasActions
        renderRow={(order) => (
          <Table.Tr key={order.id} data-testid="order-row">
            <OrderCells order={order} withEmail={false} />
            <Table.Td>
              {order.status === 'READY' ? (
                <Button
                  size="xs"
                  loading={handOver.isPending && handOver.variables === order.id}
                  onClick={() =>
                    handOver.mutate(order.id, { onSuccess: () => showSuccessToast('Заказ выдан') })
                  }
                >
                  Выдан
                </Button>
              ) : null}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <LoadMoreButton list={orders} />
    </Stack>
  );
}
