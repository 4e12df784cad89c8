import { Alert, Button, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { formatDate, formatRub } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useMarkHandedOver, usePartnerOrders } from '../api/staff-orders';
import { documentsText } from './staff-orders-page';

/** /crm/orders for PARTNER: orders of its pickup points, read-only except handing a READY order over. */
export function PartnerOrdersPage() {
  const orders = usePartnerOrders();
  const handOver = useMarkHandedOver();
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Заказы
      </Title>
      {orders.isPending ? (
        <Loader aria-label="Загрузка заказов" />
      ) : orders.isError ? (
        <Alert color="red">Не удалось загрузить заказы</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">Заказов пока нет</Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table data-testid="partner-orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>№</Table.Th>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Клиент</Table.Th>
                <Table.Th>Документы</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th>Сумма</Table.Th>
                <Table.Th aria-label="Действия" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((order) => (
                <Table.Tr key={order.id} data-testid="order-row">
                  <Table.Td>{order.number}</Table.Td>
                  <Table.Td>{formatDate(order.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{order.name}</Text>
                    <Text size="xs" c="dimmed">
                      {order.phoneNumber}
                    </Text>
                  </Table.Td>
                  <Table.Td>{documentsText(order)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                  <Table.Td>{formatRub(order.amount)}</Table.Td>
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {orders.hasNextPage ? (
        <Button variant="default" onClick={() => void orders.fetchNextPage()} w="fit-content">
          Показать ещё
        </Button>
      ) : null}
    </Stack>
  );
}
