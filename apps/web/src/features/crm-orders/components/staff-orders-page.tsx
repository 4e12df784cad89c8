import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PaidBadge } from '@/components/order-status-badge';
import { AdminList } from '@/components/admin-list';
import { LoadMoreButton } from '@/components/load-more-button';
import { useRouteTitle } from '@/components/route-handle';
import { showErrorToast } from '@/lib/notify';
import { useUrlFilters } from '@/lib/use-url-filters';
import { exportOrdersCsv, useStaffOrders } from '../api/staff-orders';
import { ORDER_FILTERS_CODEC } from '../model/filters';
import { OrderCells, ORDER_COLUMNS } from './order-cells';
import { OrderFilters } from './order-filters';

/** /crm/home and /crm/orders for ADMIN and MANAGER: filtered list, filters in the URL. */
export function StaffOrdersPage() {
  const title = useRouteTitle() ?? 'Заказы';
  const [filters, changeFilters] = useUrlFilters(ORDER_FILTERS_CODEC);
  const navigate = useNavigate();
  const orders = useStaffOrders(filters);
  const [isExporting, setExporting] = useState(false);

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
      <AdminList
        query={orders}
        items={orders.data?.pages.flatMap((page) => page.items) ?? []}
        errorText="Не удалось загрузить заказы"
        emptyText="Заказов не найдено"
        loadingLabel="Загрузка заказов"
        testId="orders-table"
        minWidth={900}
        highlightOnHover
        columns={[...ORDER_COLUMNS, { label: 'Оплата' }]}
        renderRow={(order) => (
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
            <OrderCells order={order} withEmail />
            <Table.Td>
              <PaidBadge isPaid={order.isPaid} />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <LoadMoreButton list={orders} showLoading />
    </Stack>
  );
}
