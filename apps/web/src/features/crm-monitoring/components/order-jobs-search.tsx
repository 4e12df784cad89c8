import { MESSAGES, type OrderLookup } from '@app/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { showSuccessToast } from '@/lib/notify';
import { OrderNotFoundError, useCancelOrderJobs, useOrderJobsSearch } from '../api/monitoring';
import { lookupError, parseOrderLookup } from '../model/order-lookup';
import { isCancellable } from '../model/task-status';
import { ConfirmModal } from '@/components/confirm-modal';
import { JobsTable } from './jobs-table';
import { useJobRetry } from './use-job-retry';

/** Automation tab: the jobs of one order by its number (spec 2, 5), cancel them all after a confirmation. */
export function OrderJobsSearch({ canManage }: { canManage: boolean }) {
  const form = useForm<{ lookup: string }>({
    mode: 'controlled',
    initialValues: { lookup: '' },
    validate: { lookup: lookupError },
  });
  const [lookup, setLookup] = useState<OrderLookup | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const search = useOrderJobsSearch(lookup);
  const cancel = useCancelOrderJobs();
  const retry = useJobRetry();

  const submit = form.onSubmit(({ lookup: input }) => {
    const parsed = parseOrderLookup(input);
    if (!parsed.success) return;
    setLookup(parsed.data);
    if (lookup && JSON.stringify(lookup) === JSON.stringify(parsed.data)) void search.refetch();
  });

  const result = search.data;
  const orderRef = result ? (result.orderNumber !== null ? `№ ${result.orderNumber}` : result.orderId) : '';
  const now = search.dataUpdatedAt;
  const cancellable = result?.jobs.filter((job) => isCancellable(job, now)) ?? [];

  return (
    <Card withBorder>
      <Stack>
        <Title order={2} size="h4">
          Поиск задач по номеру заказа
        </Title>
        <form onSubmit={submit} role="search" aria-label="Поиск задач заказа" noValidate>
          <Group align="flex-start" gap="xs">
            <TextInput
              label="Номер заказа"
              placeholder="Например, 1024"
              {...form.getInputProps('lookup')}
              inputMode="numeric"
              w={{ base: '100%', xs: 260 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={search.isFetching && !search.data}>
              Найти задачи
            </Button>
          </Group>
        </form>
        {lookup === null ? null : search.isPending ? (
          <Loader size="sm" aria-label="Поиск задач" />
        ) : search.isError ? (
          search.error instanceof OrderNotFoundError ? (
            <Alert color="yellow">{search.error.message}</Alert>
          ) : (
            <Alert color="red" title={MESSAGES.orderJobsSearchError}>
              {search.error.message}
            </Alert>
          )
        ) : result ? (
          <Stack gap="sm" data-testid="order-jobs-result">
            <Group justify="space-between">
              <Anchor component={Link} to={`/crm/monitoring/order/${result.orderId}`} fw={600}>
                Заказ {orderRef}
              </Anchor>
              {canManage && cancellable.length > 0 ? (
                <Button color="red" variant="light" size="xs" onClick={() => setIsConfirming(true)}>
                  Отменить все задачи ({cancellable.length})
                </Button>
              ) : null}
            </Group>
            {result.jobs.length === 0 ? (
              <Alert color="blue">{MESSAGES.orderJobsNotFound}</Alert>
            ) : (
              <JobsTable
                jobs={result.jobs}
                showOrder={false}
                now={now}
                onRetry={canManage ? retry.requestJobRetry : undefined}
                retryingJobId={retry.retryingJobId}
              />
            )}
          </Stack>
        ) : null}
        {!result ? null : (
          <Text size="xs" c="dimmed">
            Список обновляется каждые 30 секунд.
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={isConfirming}
        title="Отменить задачи заказа?"
        message={`Все незавершённые задачи (${cancellable.length}) заказа ${orderRef} будут отменены. Это действие нельзя отменить.`}
        confirmLabel="Отменить задачи"
        onConfirm={async () => {
          if (!result) return;
          const answer = await cancel.mutateAsync(result.orderId);
          showSuccessToast(answer.message);
        }}
        onClose={() => setIsConfirming(false)}
      />
      {retry.confirmModal}
    </Card>
  );
}
