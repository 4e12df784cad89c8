import { MESSAGES, ORDER_STATUS_LABELS, type OrderListItem } from '@app/contracts';
import { Alert, Badge, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatRub } from '@/lib/format';
import { useMyOrders } from '../api/orders';
import { describeDocuments, describeLanguages } from '../model/order-view';
import { OrderStatusBadge, PaidBadge } from '@/components/order-status-badge';
import { LoadMoreButton } from '@/components/load-more-button';

export const NEW_ORDER_PATH = '/order?reset=true';

/** What a screen reader reads for a card: the number alone hid the amount and whether it is paid. */
function describeOrderCard(order: OrderListItem): string {
  return [
    `Заказ №${order.number} от ${formatDate(order.createdAt)}`,
    formatRub(order.amount),
    ORDER_STATUS_LABELS[order.status],
    order.isPaid ? 'оплачен' : 'не оплачен',
    order.ownerConfirmed ? null : MESSAGES.orderOwnerNotConfirmed,
  ]
    .filter(Boolean)
    .join(', ');
}

function OrderCard({ order }: { order: OrderListItem }) {
  return (
    <Card
      component={Link}
      to={`/cabinet/orders/${order.id}`}
      withBorder
      radius="md"
      padding="md"
      data-testid="order-card"
      aria-label={describeOrderCard(order)}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0}>
            <Text fw={600}>Заказ №{order.number}</Text>
            <Text size="sm" c="dimmed" data-testid="order-date">
              от {formatDate(order.createdAt)}
            </Text>
          </Stack>
          <Text fw={700} data-testid="order-amount" style={{ whiteSpace: 'nowrap' }}>
            {formatRub(order.amount)}
          </Text>
        </Group>
        <Text size="sm" data-testid="order-documents">
          {describeDocuments(order.documents)}
        </Text>
        <Text size="sm" c="dimmed">
          {describeLanguages(order)}
        </Text>
        <Group gap="xs">
          <OrderStatusBadge status={order.status} />
          <PaidBadge isPaid={order.isPaid} />
          {order.ownerConfirmed ? null : (
            <Badge color="orange" variant="light" data-testid="order-unconfirmed">
              {MESSAGES.orderOwnerNotConfirmed}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The customer's orders, newest first, a page at a time ('Показать ещё'). */
export function OrdersList() {
  const query = useMyOrders();
  const orders = query.data?.pages.flatMap((page) => page.items ?? []) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Мои заказы
        </Title>
        {orders.length > 0 ? (
          <Button component={Link} to={NEW_ORDER_PATH} leftSection={<IconFilePlus size={18} aria-hidden />}>
            Новый заказ
          </Button>
        ) : null}
      </Group>
      {query.isPending && query.fetchStatus !== 'paused' ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : null}
      {query.isError && orders.length === 0 ? (
        <Alert color="red" title={MESSAGES.ordersLoadFailed}>
          {query.error.message}
        </Alert>
      ) : null}
      {query.isSuccess && orders.length === 0 ? (
        <EmptyState
          icon={<IconPackage size={32} aria-hidden />}
          withIndicatorBackground
          title="Заказов пока нет"
          description="Оформите первый заказ на перевод — он появится здесь."
          data-testid="orders-empty"
        >
          <Button component={Link} to={NEW_ORDER_PATH} mt="md">
            Оформить заказ
          </Button>
        </EmptyState>
      ) : null}
      <Stack gap="sm" data-testid="orders-list">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </Stack>
      <LoadMoreButton list={query} showLoading isStretched />
    </Stack>
  );
}
