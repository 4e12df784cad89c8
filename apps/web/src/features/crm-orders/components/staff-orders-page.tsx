import type { BulkOrderStatusResponse } from '@app/contracts';
import { Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PaidBadge } from '@/components/order-status-badge';
import { AdminList } from '@/components/admin-list';
import { LoadMoreButton } from '@/components/load-more-button';
import { useRouteTitle } from '@/components/route-handle';
import { showErrorToast } from '@/lib/notify';
import { useUrlFilters } from '@/lib/use-url-filters';
import { exportOrdersCsv, useStaffOrders } from '../api/staff-orders';
import { filtersToQuery, ORDER_FILTERS_CODEC, parseFilters } from '../model/filters';
import { BulkResultSummary, OrderBulkBar } from './order-bulk-bar';
import { OrderCells, ORDER_COLUMNS } from './order-cells';
import { OrderFilters } from './order-filters';
import { SavedViewsMenu } from './saved-views-menu';
import { ariaSortOf, SortHeader, type SortColumn } from './sort-header';

const SORTABLE: Partial<Record<string, SortColumn>> = {
  '№': 'number',
  Дата: 'createdAt',
  Статус: 'status',
  Сумма: 'amount',
};

/**
 * /crm/home and /crm/orders for ADMIN and MANAGER: filtered, sorted list (filters and sort in the URL), the count
 * of matches, saved views, and bulk actions on the selected rows.
 */
export function StaffOrdersPage() {
  const title = useRouteTitle() ?? 'Заказы';
  const [filters, changeFilters] = useUrlFilters(ORDER_FILTERS_CODEC);
  const navigate = useNavigate();
  const orders = useStaffOrders(filters);
  const [isExporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkResult, setBulkResult] = useState<BulkOrderStatusResponse | null>(null);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const total = orders.data?.pages[0]?.total;
  const allSelected = items.length > 0 && items.every((order) => selected.includes(order.id));

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
  const toggle = (id: string, isChecked: boolean) =>
    setSelected((current) => (isChecked ? [...current, id] : current.filter((item) => item !== id)));

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
      <SavedViewsMenu
        query={filtersToQuery(filters)}
        onApply={(query) => changeFilters(parseFilters(new URLSearchParams(query)))}
      />
      <OrderFilters value={filters} onChange={changeFilters} />
      {total === undefined ? null : (
        <Text fw={600} data-testid="orders-found" aria-live="polite">
          Найдено: {total.toLocaleString('ru-RU')}
        </Text>
      )}
      {bulkResult ? <BulkResultSummary result={bulkResult} onClose={() => setBulkResult(null)} /> : null}
      {selected.length > 0 ? (
        <OrderBulkBar
          selected={selected}
          onDone={(result) => {
            setBulkResult(result);
            setSelected([]);
          }}
        />
      ) : null}
      <AdminList
        query={orders}
        items={items}
        errorText="Не удалось загрузить заказы"
        emptyText="Заказов не найдено"
        loadingLabel="Загрузка заказов"
        testId="orders-table"
        minWidth={900}
        highlightOnHover
        columns={[
          {
            key: 'select',
            label: (
              <Checkbox
                aria-label="Выбрать все заказы на странице"
                checked={allSelected}
                indeterminate={!allSelected && selected.length > 0}
                onChange={(event) =>
                  setSelected(event.currentTarget.checked ? items.map((order) => order.id) : [])
                }
              />
            ),
          },
          ...ORDER_COLUMNS.map(({ label }) => {
            const column = SORTABLE[label];
            return column
              ? {
                  key: label,
                  'aria-sort': ariaSortOf(filters.sort, column),
                  label: (
                    <SortHeader
                      label={label}
                      column={column}
                      sort={filters.sort}
                      onSort={(sort) => changeFilters({ ...filters, sort })}
                    />
                  ),
                }
              : { label };
          }),
          { label: 'Оплата' },
        ]}
        renderRow={(order) => (
          <Table.Tr
            key={order.id}
            data-testid="order-row"
            style={{ cursor: 'pointer' }}
            tabIndex={0}
            onClick={() => void navigate(`/crm/orders/${order.id}`)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget)
                void navigate(`/crm/orders/${order.id}`);
            }}
          >
            <Table.Td onClick={(event) => event.stopPropagation()}>
              <Checkbox
                aria-label={`Выбрать заказ № ${order.number}`}
                checked={selected.includes(order.id)}
                onChange={(event) => toggle(order.id, event.currentTarget.checked)}
              />
            </Table.Td>
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
