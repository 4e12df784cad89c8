import { MESSAGES, type CronJob, type CronQueueInfo } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useClearCron, useCronInfo, useInitializeCron, useRunScheduleNow } from '../api/monitoring';
import { getJobLabel, getQueueLabel } from '../model/labels';
import { ConfirmModal } from '@/components/confirm-modal';
import { RefreshButton } from './refresh-button';

const QUEUE_STATS: ReadonlyArray<{ key: keyof CronQueueInfo & string; label: string }> = [
  { key: 'repeatableJobs', label: 'Периодических' },
  { key: 'waiting', label: 'Ожидают' },
  { key: 'active', label: 'Выполняются' },
  { key: 'completed', label: 'Выполнено за 24\u00a0ч' },
  { key: 'failed', label: 'Ошибки за 24\u00a0ч' },
  { key: 'delayed', label: 'Отложены' },
];

/** A periodic task's Russian name, its description and its job name. */
function JobTitle({ job }: { job: { name: string; description: string } }) {
  return (
    <>
      <Text size="sm" fw={500}>
        {getJobLabel(job.name)}
      </Text>
      <Text size="xs" c="dimmed">
        {job.description}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {job.name}
      </Text>
    </>
  );
}

/** «Запустить сейчас»: one run of the task outside its schedule, after a confirmation (audited by the server). */
function RunNowButton({ job }: { job: CronJob }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const run = useRunScheduleNow();
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setIsConfirming(true)}>
        Запустить сейчас
      </Button>
      <ConfirmModal
        opened={isConfirming}
        title="Запустить задачу сейчас?"
        message={`Задача «${getJobLabel(job.name)}» будет выполнена один раз сейчас, вне расписания.`}
        confirmLabel="Запустить"
        color="blue"
        onConfirm={async () => showSuccessToast((await run.mutateAsync(job.name)).message)}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}

function LastRun({ job }: { job: CronJob }) {
  const missed = job.missedRunAt ? (
    <Text size="sm" c="red.9" fw={500} data-testid="missed-run">
      Не поставлен в очередь запуск {formatDateTime(job.missedRunAt)}
    </Text>
  ) : null;
  if (!job.lastRunAt) {
    return (
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Ещё не запускалась
        </Text>
        {missed}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm">{formatDateTime(job.lastRunAt)}</Text>
        <Badge size="sm" variant="light" color={job.lastRunState === 'failed' ? 'red' : 'teal'}>
          {job.lastRunState === 'failed' ? 'Ошибка' : 'Выполнена'}
        </Badge>
      </Group>
      {missed}
    </Stack>
  );
}

/**
 * Scheduled runs no worker queued (decision 103): said once above the queues, with what to check. Nothing
 * catches up on its own, so the admin is pointed at «Запустить сейчас» for a run that matters.
 */
export function MissedRunsAlert({ queues }: { queues: readonly CronQueueInfo[] }) {
  const missed = queues
    .flatMap((queue) => queue.jobs)
    .filter((job): job is CronJob & { missedRunAt: string } => job.missedRunAt !== null)
    .sort((a, b) => b.missedRunAt.localeCompare(a.missedRunAt));
  const latest = missed[0];
  if (!latest) return null;
  const others = missed.length - 1;
  return (
    <Alert color="red" title="Периодические задачи не запускаются" data-testid="missed-runs">
      <Text size="sm">
        Запуск «{getJobLabel(latest.name)}» в {formatDateTime(latest.missedRunAt)} не поставлен в очередь
        {others > 0 ? ` (и ещё задач: ${others})` : ''}.
      </Text>
      <Text size="sm" mt={4}>
        Так бывает, когда не работает ни один обработчик задач: проверьте процесс API с WORKERS=inline или
        отдельный процесс npm run worker. Пропущенные запуски не выполняются задним числом — нужную задачу
        можно запустить кнопкой «Запустить сейчас».
      </Text>
    </Alert>
  );
}

export function QueueCard({ queue }: { queue: CronQueueInfo }) {
  const isPhone = useMediaQuery('(max-width: 640px)');
  return (
    <Card withBorder data-testid="cron-queue" aria-label={`Очередь ${queue.name}`}>
      <Stack gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={2} size="h4">
            {getQueueLabel(queue.name)}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace">
            {queue.name}
          </Text>
        </Group>
        {queue.error ? (
          <Alert color="red" title={MESSAGES.queueLoadError}>
            {queue.error}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
          {QUEUE_STATS.map((stat) => {
            const value = Number(queue[stat.key]);
            return (
              <div key={stat.key} aria-label={`${stat.label}: ${value}`}>
                <Text size="xs" c="dimmed">
                  {stat.label}
                </Text>
                <Text fw={700} c={stat.key === 'failed' && value > 0 ? 'red' : undefined}>
                  {value}
                </Text>
              </div>
            );
          })}
        </SimpleGrid>
        {queue.jobs.length === 0 ? (
          <Text size="sm" c="dimmed">
            Периодических задач в этой очереди нет
          </Text>
        ) : isPhone ? (
          <Stack gap="xs" data-testid="cron-jobs">
            {queue.jobs.map((job) => (
              <Card key={job.id} withBorder padding="sm" data-testid="cron-job">
                <JobTitle job={job} />
                <Text size="sm" mt={6}>
                  Расписание: <Code>{job.cron}</Code> ({job.timezone})
                </Text>
                <Text size="sm">Следующий запуск: {job.next ? formatDateTime(job.next) : '—'}</Text>
                <Group gap={6}>
                  <Text size="sm">Последний запуск:</Text>
                  <LastRun job={job} />
                </Group>
                <Group mt={6}>
                  <RunNowButton job={job} />
                </Group>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" data-testid="cron-jobs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Задача</Table.Th>
                  <Table.Th>Расписание</Table.Th>
                  <Table.Th>Следующий запуск</Table.Th>
                  <Table.Th>Последний запуск</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Действия</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.jobs.map((job) => (
                  <Table.Tr key={job.id} data-testid="cron-job">
                    <Table.Td>
                      <JobTitle job={job} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {job.cron}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {job.timezone}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{job.next ? formatDateTime(job.next) : '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <LastRun job={job} />
                    </Table.Td>
                    <Table.Td>
                      <RunNowButton job={job} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

/** /crm/monitoring/cron (ADMIN): schedules per queue, (re)initialize, clear all, refresh, auto-refresh (spec 2). */
export function CronTab() {
  const [isAutoRefresh, setIsAutoRefresh] = useState(true);
  const [isConfirmingClear, setIsConfirmingClear] = useState(false);
  const info = useCronInfo(isAutoRefresh);
  const initialize = useInitializeCron();
  const clear = useClearCron();
  const queues = info.data ?? [];
  const scheduled = queues.reduce((sum, queue) => sum + queue.jobs.length, 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Button
            loading={initialize.isPending}
            onClick={() =>
              initialize.mutate(undefined, { onSuccess: (answer) => showSuccessToast(answer.message) })
            }
          >
            Инициализировать
          </Button>
          <Button
            color="red"
            variant="light"
            disabled={scheduled === 0}
            onClick={() => setIsConfirmingClear(true)}
          >
            Очистить все
          </Button>
          <RefreshButton query={info} />
        </Group>
        <Checkbox
          label="Автообновление (30 с)"
          checked={isAutoRefresh}
          onChange={(event) => setIsAutoRefresh(event.currentTarget.checked)}
        />
      </Group>
      {info.dataUpdatedAt ? (
        <Text size="sm" c="dimmed">
          Периодических задач: {scheduled} · обновлено {formatDateTime(info.dataUpdatedAt)}
        </Text>
      ) : null}
      {info.isPending ? (
        <Loader aria-label="Загрузка периодических задач" />
      ) : info.isError ? (
        <Alert color="red" title={MESSAGES.queueLoadError}>
          {info.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          {scheduled === 0 ? (
            <Alert color="yellow" title="Периодические задачи не настроены">
              Нажмите «Инициализировать», чтобы создать расписания заново.
            </Alert>
          ) : null}
          <MissedRunsAlert queues={queues} />
          {queues.map((queue) => (
            <QueueCard key={queue.name} queue={queue} />
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={isConfirmingClear}
        title="Очистить все периодические задачи?"
        message="Все расписания будут удалены, и периодические задачи перестанут запускаться, пока их не инициализируют снова."
        confirmLabel="Очистить все"
        onConfirm={async () => {
          const answer = await clear.mutateAsync();
          showSuccessToast(answer.message);
        }}
        onClose={() => setIsConfirmingClear(false)}
      />
    </Stack>
  );
}
