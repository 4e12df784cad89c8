import type { QueueJob } from '@app/contracts';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { getJobLabel, getQueueLabel } from '../model/labels';
import { getTaskDisplayStatus } from '../model/task-status';
import classes from './monitoring.module.css';
import { TaskStatusBadge } from './task-status-badge';

type JobsTableProps = {
  jobs: QueueJob[];
  showOrder?: boolean;
  /** ADMIN only: a failed job gets a retry button. */
  onRetry?: (job: QueueJob) => void;
  retryingJobId?: string | null;
  /** When the list was read: a job's delay is measured from then. */
  now: number;
  /** ADMIN's bulk actions: the jobs ticked, and ticking one. */
  selection?: { ids: ReadonlySet<string>; toggle: (job: QueueJob) => void };
};

/** The job's Russian title, linking to its own page (data, result or error, attempts, timings). */
function JobTitle({ job }: { job: QueueJob }) {
  return (
    <>
      <Anchor component={Link} to={`/crm/monitoring/job/${job.id}`} size="sm" fw={500}>
        {getJobLabel(job.name)}
      </Anchor>
      <Text size="xs" c="dimmed" ff="monospace">
        {job.name} · {job.id.slice(0, 8)}
      </Text>
    </>
  );
}

function SelectBox({
  job,
  selection,
}: {
  job: QueueJob;
  selection: NonNullable<JobsTableProps['selection']>;
}) {
  return (
    <Checkbox
      aria-label={`Выбрать задачу ${getJobLabel(job.name)} ${job.id.slice(0, 8)}`}
      checked={selection.ids.has(job.id)}
      onChange={() => selection.toggle(job)}
    />
  );
}

function formatTime(value: number | null): string {
  return value ? formatDateTime(value) : '—';
}

function OrderLink({ orderId }: { orderId: string | null }) {
  if (!orderId) {
    return (
      <Text size="sm" c="dimmed" span>
        —
      </Text>
    );
  }
  return (
    <Tooltip label={orderId}>
      <Anchor
        component={Link}
        to={`/crm/monitoring/order/${orderId}`}
        size="sm"
        ff="monospace"
        aria-label={`Мониторинг заказа ${orderId}`}
      >
        {orderId.slice(0, 8)}
      </Anchor>
    </Tooltip>
  );
}

function RetryButton({
  job,
  onRetry,
  retryingJobId,
}: Pick<JobsTableProps, 'onRetry' | 'retryingJobId'> & { job: QueueJob }) {
  if (!onRetry || job.state !== 'failed') return null;
  return (
    <Button size="xs" variant="light" loading={retryingJobId === job.id} onClick={() => onRetry(job)}>
      Повторить
    </Button>
  );
}

/** Phones: one card per job instead of a ten-column table. */
function JobCards({ jobs, showOrder = true, onRetry, retryingJobId, now, selection }: JobsTableProps) {
  return (
    <Stack gap="xs" data-testid="jobs-table">
      {jobs.map((job) => (
        <Card key={job.id} withBorder padding="sm" data-testid="job-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {selection ? <SelectBox job={job} selection={selection} /> : null}
              <div>
                <JobTitle job={job} />
              </div>
            </Group>
            <TaskStatusBadge status={getTaskDisplayStatus(job, now)} />
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {getQueueLabel(job.queue)} · создана {formatTime(job.timestamp)}
            {job.finishedOn ? ` · завершена ${formatTime(job.finishedOn)}` : ''}
            {job.attemptsMade > 0 ? ` · повторов: ${job.attemptsMade}` : ''}
          </Text>
          {showOrder && job.data.orderId ? (
            <Text size="xs" mt={4}>
              Заказ: <OrderLink orderId={job.data.orderId} />
            </Text>
          ) : null}
          {job.failedReason ? (
            <Text size="sm" c="red" mt={4} className={classes.errorText}>
              {job.failedReason}
            </Text>
          ) : null}
          {onRetry && job.state === 'failed' ? (
            <Group mt={6}>
              <RetryButton job={job} onRetry={onRetry} retryingJobId={retryingJobId} />
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

/** Jobs of one state or one order; each links to its order's monitoring page (decision 010). */
export function JobsTable(props: JobsTableProps) {
  const isPhone = useMediaQuery('(max-width: 640px)');
  const { jobs, showOrder = true, retryingJobId, now, selection } = props;
  // The action column appears only when there is something to retry.
  const onRetry = jobs.some((job) => job.state === 'failed') ? props.onRetry : undefined;
  if (isPhone) return <JobCards {...props} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" data-testid="jobs-table">
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th>
                <VisuallyHidden>Выбор</VisuallyHidden>
              </Table.Th>
            ) : null}
            <Table.Th miw={130}>Статус</Table.Th>
            <Table.Th>Задача</Table.Th>
            <Table.Th>Очередь</Table.Th>
            {showOrder ? <Table.Th>Заказ</Table.Th> : null}
            <Table.Th miw={190}>Время</Table.Th>
            <Table.Th>Повторов</Table.Th>
            <Table.Th>Ошибка</Table.Th>
            {onRetry ? <Table.Th aria-label="Действия" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id} data-testid="job-row">
              {selection ? (
                <Table.Td>
                  <SelectBox job={job} selection={selection} />
                </Table.Td>
              ) : null}
              <Table.Td>
                <TaskStatusBadge status={getTaskDisplayStatus(job, now)} />
              </Table.Td>
              <Table.Td>
                <JobTitle job={job} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{getQueueLabel(job.queue)}</Text>
              </Table.Td>
              {showOrder ? (
                <Table.Td>
                  <OrderLink orderId={job.data.orderId ?? null} />
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text size="xs">создана {formatTime(job.timestamp)}</Text>
                <Text size="xs">
                  {job.processedOn ? 'запуск' : 'запуск не ранее'}{' '}
                  {formatTime(job.processedOn ?? job.timestamp + job.opts.delay)}
                </Text>
                {job.finishedOn ? <Text size="xs">завершена {formatTime(job.finishedOn)}</Text> : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{job.attemptsMade}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={job.failedReason ? 'red' : 'dimmed'} className={classes.errorText}>
                  {job.failedReason ?? '—'}
                </Text>
              </Table.Td>
              {onRetry ? (
                <Table.Td>
                  <RetryButton job={job} onRetry={onRetry} retryingJobId={retryingJobId} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
