import type { PartnerOrderListItem } from '@app/contracts';
import { Button, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
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
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const orders = usePartnerOrders(debouncedSearch);
  const handOver = useMarkHandedOver();
  const confirmHandOver = useConfirmAction<PartnerOrderListItem>({
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
      <TextInput
        label="Поиск"
        description="Номер заказа, имя или телефон (от 4 цифр)"
        placeholder="№100006, Иванова, 123-45-67"
        maxLength={200}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      <AdminList
        query={orders}
        items={orders.data?.pages.flatMap((page) => page.items) ?? []}
        errorText="Не удалось загрузить заказы"
        emptyText={debouncedSearch.trim() ? 'Ничего не найдено' : 'Заказов пока нет'}
        loadingLabel="Загрузка заказов"
        testId="partner-orders-table"
        minWidth={800}
        columns={[...ORDER_COLUMNS, { label: 'Пункт выдачи' }, { label: 'Оплата' }]}
        hasActions
        renderRow={(order) => (
          <Table.Tr key={order.id} data-testid="order-row">
            <OrderCells order={order} withEmail={false} link={`/crm/orders/${order.id}`} />
            <Table.Td>{order.pickupPointName ?? '—'}</Table.Td>
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
