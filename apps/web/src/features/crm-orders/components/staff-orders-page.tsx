import type { StaffOrderListItem } from '@app/contracts';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OrderStatusBadge, PaidBadge } from '@/components/order-status-badge';
import { useRouteTitle } from '@/components/route-handle';
import { formatDate, formatRub } from '@/lib/format';
import { showErrorToast } from '@/lib/notify';
import { useUrlFilters } from '@/lib/use-url-filters';
import { exportOrdersCsv, useStaffOrders } from '../api/staff-orders';
import { ORDER_FILTERS_CODEC } from '../model/filters';
import { OrderFilters } from './order-filters';

export function documentsText(order: Pick<StaffOrderListItem, 'documents'>): string {
  return order.documents.map((document) => `${document.name} × ${document.quantity}`).join(', ');
}

/** /crm/home and /crm/orders for ADMIN and MANAGER: filtered list, filters in the URL. */
export function StaffOrdersPage() {
  const title = useRouteTitle() ?? 'Заказы';
  const [filters, changeFilters] = useUrlFilters(ORDER_FILTERS_CODEC);
  const navigate = useNavigate();
  const orders = useStaffOrders(filters);
  const [isExporting, setExporting] = useState(false);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportOrdersCsv(filters);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Button variant="light" onClick={() => void exportCsv()} loading={isExporting}>
          Экспорт CSV
        </Button>
      </Group>
      <OrderFilters value={filters} onChange={changeFilters} />
      {orders.isPending ? (
        <Loader aria-label="Загрузка заказов" />
      ) : orders.isError ? (
        <Alert color="red">Не удалось загрузить заказы</Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">Заказов не найдено</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table highlightOnHover data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>№</Table.Th>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Клиент</Table.Th>
                <Table.Th>Документы</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th>Сумма</Table.Th>
                <Table.Th>Оплата</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((order) => (
                <Table.Tr
                  key={order.id}
                  data-testid="order-row"
                  style={{ cursor: 'pointer' }}
                  tabIndex={0}
                  onClick={() => void navigate(`/crm/orders/${order.id}`)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') void navigate(`/crm/orders/${order.id}`);
                  }}
                >
                  <Table.Td>{order.number}</Table.Td>
                  <Table.Td>{formatDate(order.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{order.name}</Text>
                    <Text size="xs" c="dimmed">
                      {order.phoneNumber} · {order.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{documentsText(order)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                  <Table.Td>{formatRub(order.amount)}</Table.Td>
                  <Table.Td>
                    <PaidBadge isPaid={order.isPaid} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {orders.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void orders.fetchNextPage()}
          loading={orders.isFetchingNextPage}
          w="fit-content"
        >
          Показать ещё
        </Button>
      ) : null}
    </Stack>
  );
}
