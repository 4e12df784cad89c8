import { MESSAGES, ORDER_STATUS_LABELS, type OrderMonitoring, type OrderStatus } from '@app/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useCancelOrderJobs, useOrderMonitoring } from '../api/monitoring';
import { deliveryTypeLabel, getEventLabel } from '../model/labels';
import { isCancellable } from '../model/task-status';
import { canManageJobs } from '../model/tabs';
import { ConfirmModal } from '@/components/confirm-modal';
import { JobsTable } from './jobs-table';
import { Field } from './field';
import classes from './monitoring.module.css';
import { useCrmRole } from '@/lib/session/use-crm-role';
import { useJobRetry } from './use-job-retry';

function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
}

function EventsTable({ events }: { events: OrderMonitoring['events'] }) {
  if (events.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Событий пока нет
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" data-testid="order-events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Время</Table.Th>
            <Table.Th>Событие</Table.Th>
            <Table.Th>Результат</Table.Th>
            <Table.Th>Ошибка</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id} data-testid="order-event">
              <Table.Td>
                <Text size="sm">{formatDateTime(event.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{getEventLabel(event.type)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={event.isSuccess ? 'teal' : 'red'}>
                  {event.isSuccess ? 'Успешно' : 'Ошибка'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={event.error ? 'red' : 'dimmed'} className={classes.errorText}>
                  {event.error ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /crm/monitoring/order/:orderId (ADMIN, MANAGER): the order's background events and jobs (issue 6). */
export function OrderMonitoringPage() {
  const { orderId = '' } = useParams();
  const canManage = canManageJobs(useCrmRole());
  const monitoring = useOrderMonitoring(orderId);
  const cancel = useCancelOrderJobs();
  const retry = useJobRetry();
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);

  const back = (
    <Anchor component={Link} to="/crm/monitoring" size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        Мониторинг
      </Group>
    </Anchor>
  );

  if (monitoring.isPending) return <Loader aria-label="Загрузка данных мониторинга" />;
  if (monitoring.isError) {
    // A malformed ID is a 400; an unknown API route (an older server) is a 404 that is not about the order.
    const { error } = monitoring;
    const isNotFound =
      isApiError(error) &&
      (error.status === 400 || (error.status === 404 && error.message !== MESSAGES.routeNotFound));
    return (
      <Stack>
        {back}
        <Alert color="red" title={isNotFound ? 'Заказ не найден' : MESSAGES.monitoringLoadError}>
          {isNotFound ? null : monitoring.error.message}
        </Alert>
      </Stack>
    );
  }

  const { order, events, jobs } = monitoring.data;
  const now = monitoring.dataUpdatedAt;
  const cancellable = jobs.filter((job) => isCancellable(job, now));
  const failedEvents = events.filter((event) => !event.isSuccess).length;

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Мониторинг заказа № {order.number}
        </Title>
        <Group gap="xs">
          <Button component={Link} to={`/crm/orders/${order.id}`} variant="default">
            Открыть заказ
          </Button>
          {canManage && cancellable.length > 0 ? (
            <Button color="red" variant="light" onClick={() => setIsConfirmingCancel(true)}>
              Отменить задачи ({cancellable.length})
            </Button>
          ) : null}
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          <Field label="Статус">{statusLabel(order.status)}</Field>
          <Field label="Оплата">{order.isPaid ? 'Оплачен' : 'Не оплачен'}</Field>
          <Field label="Доставка">{deliveryTypeLabel(order.deliveryType)}</Field>
          <Field label="Курьерская доставка">
            {order.externalDeliveryId
              ? `${order.externalDeliveryId}${order.externalDeliveryStatus ? ` · ${order.externalDeliveryStatus}` : ''}`
              : '—'}
          </Field>
          <Field label="Создан">{formatDateTime(order.createdAt)}</Field>
          <Field label="Ошибок в событиях">
            <Text span size="sm" c={failedEvents > 0 ? 'red' : undefined} fw={failedEvents > 0 ? 700 : 400}>
              {failedEvents}
            </Text>
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          События
        </Title>
        <EventsTable events={events} />
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Задачи
        </Title>
        {jobs.length === 0 ? (
          <Text c="dimmed" size="sm">
            {MESSAGES.orderJobsNotFound}
          </Text>
        ) : (
          <JobsTable
            jobs={jobs}
            showOrder={false}
            now={now}
            onRetry={canManage ? retry.requestJobRetry : undefined}
            retryingJobId={retry.retryingJobId}
          />
        )}
      </Card>
      <Text size="xs" c="dimmed">
        Обновлено {formatDateTime(monitoring.dataUpdatedAt)} · автообновление каждые 30 с
      </Text>
      <ConfirmModal
        opened={isConfirmingCancel}
        title="Отменить задачи заказа?"
        message={`Все незавершённые задачи (${cancellable.length}) заказа № ${order.number} будут отменены. Это действие нельзя отменить.`}
        confirmLabel="Отменить задачи"
        onConfirm={async () => {
          const answer = await cancel.mutateAsync(order.id);
          showSuccessToast(answer.message);
        }}
        onClose={() => setIsConfirmingCancel(false)}
      />
      {retry.confirmModal}
    </Stack>
  );
}
