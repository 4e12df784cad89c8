import {
  DELIVERY_TYPE_LABELS,
  formatMessage,
  MESSAGES,
  ORDER_STATUS_LABELS,
  type OrderDetail,
} from '@app/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { OrderStatusBadge, PaidBadge } from '@/components/order-status-badge';
import {
  describeCourierAddress,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatPriceLine,
  formatRub,
} from '@/lib/format';
import { showErrorToast } from '@/lib/notify';
import { downloadOrderFile, useConfirmOrderOwner, useCreatePaymentLink, useOrderDetail } from '../api/orders';
import { describeLanguages, groupDocumentLines } from '../model/order-view';
import { CancelOrderModal } from './cancel-order-modal';
import { OrderRefundsSection } from './order-refunds';
import { OrderResults } from './order-results';
import { OrderTimeline } from './order-timeline';

function ConfirmOwnerNotice({ orderId }: { orderId: string }) {
  const confirm = useConfirmOrderOwner(orderId);
  return (
    <Alert color="orange" data-testid="order-unconfirmed-notice">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{MESSAGES.orderOwnerNotConfirmedHint}</Text>
        <Button size="xs" loading={confirm.isPending} onClick={() => confirm.mutate()}>
          Это мой заказ
        </Button>
      </Stack>
    </Alert>
  );
}

/** Staff corrected the amount (issue 16/17): the newest change, old → new and why, above the pay button. */
function AmountChangedNotice({ changes }: { changes: OrderDetail['amountChanges'] }) {
  const last = changes.at(-1);
  if (!last) return null;
  return (
    <Alert color="blue" data-testid="order-amount-changed-notice">
      <Text size="sm">
        {formatMessage(MESSAGES.amountChangedNotice, {
          from: formatRub(last.from),
          to: formatRub(last.to),
          reason: last.reason ?? '—',
        })}
      </Text>
    </Alert>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function DocumentsSection({ order }: { order: OrderDetail }) {
  const documents = groupDocumentLines(order.priceBreakdown.lines);
  return (
    <Section title="Документы">
      <Text size="sm" c="dimmed">
        Перевод: {describeLanguages(order)}
      </Text>
      <Stack gap="xs" data-testid="order-detail-documents">
        {documents.map((document, index) => (
          <Box key={`${document.name}-${index}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text>
                {document.name} × {document.quantity}
              </Text>
              <Text style={{ whiteSpace: 'nowrap' }}>{formatRub(document.total)}</Text>
            </Group>
            {document.assurances.map((assurance) => (
              <Group key={assurance.name} justify="space-between" wrap="nowrap" pl="md" align="flex-start">
                <Text size="sm" c="dimmed">
                  + {assurance.name}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatRub(assurance.total)}
                </Text>
              </Group>
            ))}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

function FilesSection({ order }: { order: OrderDetail }) {
  const [loadingId, setLoadingId] = useState<string | null>(null);
  if (order.files.length === 0) return null;
  const download = async (file: OrderDetail['files'][number]) => {
    setLoadingId(file.id);
    try {
      await downloadOrderFile(order.id, file);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setLoadingId(null);
    }
  };
  return (
    <Section title="Файлы">
      <Stack gap="xs">
        {order.files.map((file) => (
          <Group key={file.id} justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.name}{' '}
              <Text span c="dimmed" size="xs">
                ({formatFileSize(file.size)})
              </Text>
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={loadingId === file.id}
              onClick={() => void download(file)}
              aria-label={`Скачать ${file.name}`}
              // A long file name wraps; the button keeps its label whole on a phone.
              flex="none"
            >
              Скачать
            </Button>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}

function PriceSection({ order }: { order: OrderDetail }) {
  const price = order.priceBreakdown;
  const rows: Array<[string, number]> = [
    ['Документы', price.documentsTotal],
    ['Заверение', price.assurancesTotal],
    ['Доставка', price.deliveryPrice],
  ];
  return (
    <Section title="Стоимость">
      <Stack gap={4} data-testid="order-price">
        {rows
          .filter(([label, value]) => value > 0 || label === 'Документы')
          .map(([label, value]) => (
            <Group key={label} justify="space-between">
              <Text size="sm">{label}</Text>
              <Text size="sm">{formatRub(value)}</Text>
            </Group>
          ))}
        {price.discount > 0 ? (
          <Group justify="space-between">
            <Text size="sm">Скидка {price.discountPercent}%</Text>
            <Text size="sm" c="teal">
              {formatRub(-price.discount)}
            </Text>
          </Group>
        ) : null}
        <Divider my={4} />
        <Group justify="space-between">
          <Text fw={700}>Итого</Text>
          <Text fw={700} data-testid="order-total">
            {formatRub(order.amount)}
          </Text>
        </Group>
        {order.paidAt ? (
          <Text size="sm" c="teal">
            Оплачен {formatDateTime(order.paidAt)}
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}

function DeliverySection({ order }: { order: OrderDetail }) {
  const { delivery } = order;
  return (
    <Section title="Получение">
      <Text fw={500}>
        {delivery.name || DELIVERY_TYPE_LABELS[delivery.type]}
        {` · ${formatPriceLine(delivery.price)}`}
      </Text>
      {delivery.type === 'PICKUP_POINT' && delivery.point ? (
        <Stack gap={2} data-testid="order-delivery-point">
          <Text size="sm">{delivery.point.name}</Text>
          <Text size="sm">{delivery.point.address}</Text>
          {delivery.point.metro ? (
            <Group gap={6}>
              <Box
                w={10}
                h={10}
                style={{
                  borderRadius: '50%',
                  background: delivery.point.metroColor ?? 'var(--mantine-color-gray-5)',
                }}
                aria-hidden
              />
              <Text size="sm">м. {delivery.point.metro}</Text>
            </Group>
          ) : null}
          {delivery.point.schedule ? (
            <Text size="sm" c="dimmed">
              Режим работы: {delivery.point.schedule}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {delivery.type === 'OFFICE' && delivery.office ? (
        <Stack gap={2}>
          <Text size="sm">{delivery.office.name}</Text>
          <Text size="sm">{delivery.office.address}</Text>
          {delivery.office.schedule ? (
            <Text size="sm" c="dimmed">
              Режим работы: {delivery.office.schedule}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {delivery.type === 'COURIER' ? (
        <Stack gap={2}>
          <Text size="sm">{describeCourierAddress(delivery) || 'Адрес не указан'}</Text>
          {delivery.addressComment ? (
            <Text size="sm" c="dimmed">
              {delivery.addressComment}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {delivery.type === 'ELECTRONIC' ? <Text size="sm">Готовый перевод придёт на {order.email}</Text> : null}
      {order.estimatedReadyDate ? (
        <Text size="sm" c="dimmed">
          Ориентировочная готовность: {formatDate(order.estimatedReadyDate)}
        </Text>
      ) : null}
    </Section>
  );
}

function HistorySection({ order }: { order: OrderDetail }) {
  if (order.history.length === 0) return null;
  return (
    <Section title="История">
      <Timeline active={order.history.length - 1} bulletSize={14} lineWidth={2} data-testid="order-history">
        {order.history.map((entry, index) => (
          <Timeline.Item key={`${entry.createdAt}-${index}`} title={ORDER_STATUS_LABELS[entry.toStatus]}>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.createdAt)}
            </Text>
            {entry.comment ? <Text size="sm">{entry.comment}</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

function OrderActions({ order, extraActions }: { order: OrderDetail; extraActions?: ReactNode }) {
  const [isCancelOpen, setCancelOpen] = useState(false);
  const payment = useCreatePaymentLink(order.id);
  const pay = () =>
    payment.mutate(order.email, {
      onSuccess: (link) => window.location.assign(link.confirmationUrl),
    });
  return (
    <>
      <Group gap="sm" data-testid="order-actions">
        {order.canPay ? (
          <Button onClick={pay} loading={payment.isPending}>
            Оплатить {formatRub(order.amount)}
          </Button>
        ) : null}
        {extraActions}
        {order.canCancel ? (
          <Button color="red" variant="light" onClick={() => setCancelOpen(true)}>
            Отменить заказ
          </Button>
        ) : null}
      </Group>
      <CancelOrderModal
        orderId={order.id}
        orderNumber={order.number}
        opened={isCancelOpen}
        onClose={() => setCancelOpen(false)}
      />
    </>
  );
}

export function OrderNotFound() {
  return (
    <EmptyState
      icon={<IconFileSearch size={32} aria-hidden />}
      withIndicatorBackground
      title={MESSAGES.orderNotFound}
      description="Возможно, ссылка устарела или заказ оформлен с другого аккаунта."
      data-testid="order-not-found"
    >
      <Button component={Link} to="/cabinet/orders" mt="md">
        К списку заказов
      </Button>
    </EmptyState>
  );
}

/**
 * One order: documents with assurances, files, price, delivery, history and the actions the server allows
 * (canPay, canCancel). `renderActions` lets the page add actions of other features (invoice, act).
 */
export function OrderDetailView({
  orderId,
  renderActions,
}: {
  orderId: string;
  renderActions?: (order: OrderDetail) => ReactNode;
}) {
  const query = useOrderDetail(orderId);
  // Offline the query waits for the network (the offline banner says why): no endless skeleton.
  if (query.isPending && query.fetchStatus === 'paused') return null;
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton height={40} width="60%" />
        <Skeleton height={160} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <OrderNotFound />;
    return (
      <Alert color="red" title={MESSAGES.orderLoadFailed}>
        {query.error.message}
      </Alert>
    );
  }
  const order = query.data;
  return (
    <Stack gap="md" data-testid="order-detail">
      <Anchor component={Link} to="/cabinet/orders" size="sm">
        ← Все заказы
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Заказ №{order.number}
        </Title>
        <Text size="sm" c="dimmed">
          от {formatDate(order.createdAt)}
        </Text>
        <Group gap="xs">
          <OrderStatusBadge status={order.status} />
          <PaidBadge isPaid={order.isPaid} />
          {order.ownerConfirmed ? null : (
            <Badge color="orange" variant="light">
              {MESSAGES.orderOwnerNotConfirmed}
            </Badge>
          )}
        </Group>
      </Stack>
      {order.ownerConfirmed ? null : <ConfirmOwnerNotice orderId={order.id} />}
      <AmountChangedNotice changes={order.amountChanges} />
      <OrderActions order={order} extraActions={renderActions?.(order)} />
      <OrderTimeline order={order} />
      <OrderResults orderId={order.id} />
      <DocumentsSection order={order} />
      <FilesSection order={order} />
      <PriceSection order={order} />
      <OrderRefundsSection orderId={order.id} />
      <DeliverySection order={order} />
      {order.comment ? (
        <Section title="Комментарий">
          <Text size="sm">{order.comment}</Text>
        </Section>
      ) : null}
      <HistorySection order={order} />
    </Stack>
  );
}
