import {
  JOB_BULK_MAX,
  JOB_NAMES,
  MESSAGES,
  type QueueJob,
  type QueueJobState,
  type QueueName,
} from '@app/contracts';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { showSuccessToast } from '@/lib/notify';
import { useBulkJobs, useJobList, useQueueStates, type JobListFilter } from '../api/monitoring';
import { getJobLabel, getQueueLabel, QUEUE_COUNTERS } from '../model/labels';
import { JobsTable } from './jobs-table';

const NAME_OPTIONS = JOB_NAMES.map((name) => ({ value: name, label: getJobLabel(name) }));

type BulkAction =
  { kind: 'retry' | 'cancel'; ids: string[] } | { kind: 'retry-queue'; queue: QueueName; count: number };

/** How many jobs a confirmation names ("3 задачи"). */
function jobsCount(count: number): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  const word =
    mod10 === 1 && mod100 !== 11
      ? 'задача'
      : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)
        ? 'задачи'
        : 'задач';
  return `${count} ${word}`;
}

/**
 * The jobs behind one automation counter (spec 2): filtered by job name and order, a page of 50 at a time
 * beyond the newest 100; ADMIN ticks jobs to retry (failed) or cancel (not finished) them in bulk, or retries
 * every failed job of a queue, each after a confirmation naming the count (decision 056).
 */
export function JobListModal({
  state,
  canManage,
  onClose,
}: {
  state: QueueJobState | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const isMobile = useMediaQuery('(max-width: 640px)');
  const [name, setName] = useState<string | null>(null);
  const [order, setOrder] = useState('');
  const [debouncedOrder] = useDebouncedValue(order.trim(), 400);
  const filter: JobListFilter | null = state
    ? {
        state,
        ...(name ? { name: name as JobListFilter['name'] } : {}),
        ...(debouncedOrder ? { order: debouncedOrder } : {}),
      }
    : null;
  const jobs = useJobList(filter);
  const queues = useQueueStates();
  const retry = useBulkJobs('retry');
  const cancel = useBulkJobs('cancel');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const counter = QUEUE_COUNTERS.find((entry) => entry.state === state);
  const items = jobs.data?.pages.flatMap((page) => page.data) ?? [];
  const canRetry = canManage && state === 'failed';
  const canCancel = canManage && (state === 'waiting' || state === 'delayed');
  const selection =
    canRetry || canCancel
      ? {
          ids: selected,
          toggle: (job: QueueJob) =>
            setSelected((current) => {
              const next = new Set(current);
              if (next.has(job.id)) next.delete(job.id);
              else next.add(job.id);
              return next;
            }),
        }
      : undefined;
  const failedQueues = (queues.data ?? []).filter((queue) => queue.failed > 0);

  const close = () => {
    setSelected(new Set());
    setName(null);
    setOrder('');
    onClose();
  };

  const confirmBulk = async () => {
    if (!bulk) return;
    const answer =
      bulk.kind === 'retry-queue'
        ? await retry.mutateAsync({ queue: bulk.queue, allFailed: true })
        : await (bulk.kind === 'retry' ? retry : cancel).mutateAsync({ ids: bulk.ids });
    showSuccessToast(answer.message);
    setSelected(new Set());
  };

  const bulkCount = bulk
    ? bulk.kind === 'retry-queue'
      ? Math.min(bulk.count, JOB_BULK_MAX)
      : bulk.ids.length
    : 0;
  const bulkMessage =
    bulk?.kind === 'retry-queue'
      ? `Будет запущено снова: ${jobsCount(bulkCount)} с ошибкой в очереди «${getQueueLabel(bulk.queue)}»${
          bulk.count > JOB_BULK_MAX
            ? ` (за раз не больше ${JOB_BULK_MAX}; всего с ошибкой ${bulk.count})`
            : ''
        }.`
      : bulk?.kind === 'cancel'
        ? `Будет отменено: ${jobsCount(bulkCount)}. Отменённые задачи не выполнятся.`
        : `Будет запущено снова: ${jobsCount(bulkCount)}.`;

  return (
    <>
      <Modal
        opened={state !== null}
        onClose={close}
        title={counter?.modalTitle ?? 'Задачи'}
        size="95%"
        fullScreen={isMobile}
      >
        <Stack>
          <Group align="flex-end" gap="sm">
            <Select
              label="Задача"
              placeholder="Все задачи"
              data={NAME_OPTIONS}
              value={name}
              onChange={setName}
              clearable
              w={{ base: '100%', xs: 280 }}
            />
            <TextInput
              label="Заказ"
              placeholder="Номер или ID заказа"
              value={order}
              onChange={(event) => setOrder(event.currentTarget.value)}
              w={{ base: '100%', xs: 220 }}
            />
          </Group>
          {canRetry && failedQueues.length > 0 ? (
            <Group gap="xs">
              {failedQueues.map((queue) => (
                <Button
                  key={queue.name}
                  size="xs"
                  variant="light"
                  onClick={() => setBulk({ kind: 'retry-queue', queue: queue.name, count: queue.failed })}
                >
                  Повторить все с ошибкой: {queue.title} ({queue.failed})
                </Button>
              ))}
            </Group>
          ) : null}
          {selection && selected.size > 0 ? (
            <Group gap="xs">
              {canRetry ? (
                <Button size="xs" onClick={() => setBulk({ kind: 'retry', ids: [...selected] })}>
                  Повторить выбранные ({selected.size})
                </Button>
              ) : null}
              {canCancel ? (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => setBulk({ kind: 'cancel', ids: [...selected] })}
                >
                  Отменить выбранные ({selected.size})
                </Button>
              ) : null}
              <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                Снять выбор
              </Button>
            </Group>
          ) : null}
          {jobs.isPending ? (
            <Loader aria-label="Загрузка задач" />
          ) : jobs.isError ? (
            <Alert color="red" title={MESSAGES.jobListLoadError}>
              {jobs.error.message}
            </Alert>
          ) : items.length === 0 ? (
            <Text c="dimmed">Задач нет</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Показано задач: {items.length}
                {jobs.hasNextPage ? ' (есть ещё)' : ''}
              </Text>
              <JobsTable jobs={items} now={jobs.dataUpdatedAt} selection={selection} />
              {jobs.hasNextPage ? (
                <Group justify="center">
                  <Button
                    variant="default"
                    loading={jobs.isFetchingNextPage}
                    onClick={() => void jobs.fetchNextPage()}
                  >
                    Показать ещё
                  </Button>
                </Group>
              ) : null}
            </>
          )}
        </Stack>
      </Modal>
      <ConfirmModal
        opened={bulk !== null}
        title={bulk?.kind === 'cancel' ? 'Отменить задачи?' : 'Повторить задачи?'}
        message={bulkMessage}
        confirmLabel={bulk?.kind === 'cancel' ? `Отменить (${bulkCount})` : `Повторить (${bulkCount})`}
        color={bulk?.kind === 'cancel' ? 'red' : 'blue'}
        onConfirm={confirmBulk}
        onClose={() => setBulk(null)}
      />
    </>
  );
}
