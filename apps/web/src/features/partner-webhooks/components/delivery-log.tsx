import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  type WebhookDelivery,
  type WebhookEventType,
} from '@app/contracts';
import { AdminTable } from '@/components/admin-list';
import { formatDateTime } from '@/lib/format';
import { showErrorToast, showToast } from '@/lib/notify';
import { useDeliveries, useDeliveryDetail, useResendDelivery } from '../api/webhooks';

export const DELIVERY_STATUS_COLORS = { PENDING: 'blue', SUCCEEDED: 'green', FAILED: 'red' } as const;

export function eventLabel(type: string): string {
  return WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? 'Тестовое событие';
}

const ATTEMPT_KINDS = { AUTO: 'автоматически', RESEND: 'повторно вручную', TEST: 'тест' } as const;

function DeliveryDetail({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  const detail = useDeliveryDetail(endpointId, deliveryId);
  if (detail.isPending) return <Text size="sm">Загрузка…</Text>;
  if (detail.isError) return <Text size="sm">Не удалось загрузить отправку</Text>;
  const delivery = detail.data;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Тело события
      </Text>
      <Code block style={{ overflowX: 'auto', maxHeight: 320 }} data-testid="delivery-payload">
        {JSON.stringify(delivery.payload, null, 2)}
      </Code>
      <Text size="sm" fw={600}>
        Попытки
      </Text>
      {delivery.attemptsLog.length === 0 ? (
        <Text size="sm">Ещё не отправлялось</Text>
      ) : (
        <Stack gap={4} component="ol" style={{ margin: 0, paddingLeft: 20 }}>
          {delivery.attemptsLog.map((attempt) => (
            <Text component="li" size="sm" key={attempt.attempt}>
              {formatDateTime(attempt.at)} — {attempt.responseCode ?? 'нет ответа'}, {attempt.durationMs} мс (
              {ATTEMPT_KINDS[attempt.manual]}){attempt.error ? `: ${attempt.error}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const COLUMNS = [
  { label: 'Событие' },
  { label: 'Статус', miw: 140 },
  { label: 'Код ответа' },
  { label: 'Время ответа' },
  { label: 'Попытки' },
  { label: 'Создано' },
] as const;

/** The endpoint's deliveries: status, response, duration, attempts; a row opens its payload and attempts. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useDeliveries(endpointId);
  const resend = useResendDelivery();
  const [openId, setOpenId] = useState<string | null>(null);
  const items: WebhookDelivery[] = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  if (deliveries.isPending) return <Text size="sm">Загрузка журнала…</Text>;
  if (deliveries.isError) return <Text size="sm">Не удалось загрузить журнал отправок</Text>;
  if (items.length === 0)
    return <Text size="sm">Отправок пока нет: отправьте тестовое событие или дождитесь первого.</Text>;
  const resendOne = (delivery: WebhookDelivery) =>
    resend.mutate(
      { endpointId, deliveryId: delivery.id },
      {
        onSuccess: (result) =>
          showToast(
            result.status === 'SUCCEEDED'
              ? { kind: 'success', message: 'Событие доставлено' }
              : { kind: 'warning', message: `Не доставлено: ${result.lastError ?? 'ошибка'}` },
          ),
        onError: showErrorToast,
      },
    );
  return (
    <Stack gap="xs">
      <AdminTable columns={COLUMNS} hasActions minWidth={760} testId={`delivery-log-${endpointId}`}>
        {items.map((delivery) => (
          <Fragment key={delivery.id}>
            <Table.Tr data-testid="delivery-row">
              <Table.Td>
                {eventLabel(delivery.eventType)}
                <Text size="xs" ff="monospace">
                  {delivery.eventType}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={DELIVERY_STATUS_COLORS[delivery.status]} variant="light">
                  {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{delivery.lastResponseCode ?? '—'}</Table.Td>
              <Table.Td>{delivery.lastDurationMs === null ? '—' : `${delivery.lastDurationMs} мс`}</Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-expanded={openId === delivery.id}
                    onClick={() => setOpenId(openId === delivery.id ? null : delivery.id)}
                  >
                    {openId === delivery.id ? 'Скрыть' : 'Подробнее'}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
                    onClick={() => resendOne(delivery)}
                  >
                    Отправить повторно
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
            {openId === delivery.id ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length + 1}>
                  <DeliveryDetail endpointId={endpointId} deliveryId={delivery.id} />
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Fragment>
        ))}
      </AdminTable>
      {deliveries.hasNextPage ? (
        <Button
          variant="default"
          onClick={() => void deliveries.fetchNextPage()}
          loading={deliveries.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Показать ещё
        </Button>
      ) : null}
    </Stack>
  );
}
