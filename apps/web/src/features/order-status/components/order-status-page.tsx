import { Alert, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DELIVERY_TYPE_LABELS, type GuestOrderStatus } from '@app/contracts';
import { useParams, useSearchParams } from 'react-router';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatPriceLine, formatRub } from '@/lib/format';
import { AppLink } from '@/lib/navigation';
import { usePayByStatusToken, useOrderStatus } from '../api/order-status';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="div" size="sm" ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

function Delivery({ delivery }: { delivery: GuestOrderStatus['delivery'] }) {
  const label = DELIVERY_TYPE_LABELS[delivery.type];
  return (
    <Stack gap={2} align="flex-end" data-testid="order-status-delivery">
      <span>{delivery.name && delivery.name !== label ? `${label}: ${delivery.name}` : label}</span>
      {delivery.place ? (
        <>
          <span>
            {delivery.place.name}, {delivery.place.address}
          </span>
          {delivery.place.schedule ? <span>Часы работы: {delivery.place.schedule}</span> : null}
        </>
      ) : null}
    </Stack>
  );
}

function PayButton({ token, amount }: { token: string; amount: number }) {
  const pay = usePayByStatusToken(token);
  return (
    <Stack gap="xs">
      {/* blue.8: white on it is 4.6:1 (the theme's default blue is below AA for white text) */}
      <Button
        size="md"
        fullWidth
        color="blue.8"
        loading={pay.isPending}
        onClick={() =>
          pay.mutate(undefined, { onSuccess: (link) => window.location.assign(link.confirmationUrl) })
        }
      >
        Оплатить {formatRub(amount)}
      </Button>
      {pay.error ? (
        <Alert color="red" role="alert">
          {pay.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * /order-status/:token: the order's status for whoever holds the link from the e-mails (decision 036). Read-only;
 * the only action is paying an unpaid order. The cabinet is one sign-in away.
 */
export function OrderStatusPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const status = useOrderStatus(token);
  const order = status.data;

  return (
    <Stack gap="lg" maw={560} mx="auto" data-testid="order-status-page">
      <Title order={1} size="h2">
        {order ? `Заказ №${order.number}` : 'Статус заказа'}
      </Title>
      {searchParams.get('payment') === 'return' && order && !order.isPaid ? (
        <Alert color="blue" role="status">
          Проверяем оплату: статус обновится, когда банк её подтвердит.
        </Alert>
      ) : null}
      {status.isPending ? <Skeleton height={220} /> : null}
      {status.error ? (
        <Alert color="red" role="alert" title="Не удалось открыть заказ" data-testid="order-status-error">
          {status.error instanceof ApiError && status.error.status === 404
            ? 'Заказ не найден: возможно, ссылка неполная или заказ удалён.'
            : status.error.message}
        </Alert>
      ) : null}
      {order ? (
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Group gap="xs">
              <OrderStatusBadge status={order.status} />
            </Group>
            <Row label="Оплата" testId="order-paid">
              {order.isPaid ? 'Оплачен' : 'Не оплачен'}
            </Row>
            <Row label="Документы" testId="order-status-documents">
              {order.documents
                .map(
                  (document) => `${document.name}${document.quantity > 1 ? ` × ${document.quantity}` : ''}`,
                )
                .join(', ')}
            </Row>
            <Row label="Языки">
              {order.originalLanguage} → {order.targetLanguage}
            </Row>
            {order.estimatedReadyDate ? (
              <Row label="Ориентировочная готовность" testId="order-status-ready">
                {formatDate(order.estimatedReadyDate)}
              </Row>
            ) : null}
            <Row label="Получение">
              <Delivery delivery={order.delivery} />
            </Row>
            <Row label="Доставка">{formatPriceLine(order.delivery.price)}</Row>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Сумма заказа</Text>
              <Text fw={700} data-testid="order-status-amount">
                {formatRub(order.amount)}
              </Text>
            </Group>
          </Stack>
        </Card>
      ) : null}
      {order?.canPay ? <PayButton token={token} amount={order.amount} /> : null}
      <Text size="sm" c="gray.7">
        Эта страница только показывает статус. Файлы перевода, счета и переписка — в личном кабинете.
      </Text>
      <Button component={AppLink} to="/cabinet-login" variant="default" data-testid="order-status-login">
        Войти в кабинет
      </Button>
    </Stack>
  );
}
