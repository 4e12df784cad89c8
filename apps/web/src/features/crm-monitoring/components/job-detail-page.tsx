import { MESSAGES, type JobDetail } from '@app/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useCrmRole } from '@/lib/session/use-crm-role';
import { useBulkJobs, useJobDetail } from '../api/monitoring';
import { getQueueLabel } from '../model/labels';
import { canManageJobs } from '../model/tabs';
import { Field } from './field';
import classes from './monitoring.module.css';

/** pg-boss's states in Russian (the detail shows the real state, not the list's derived one). */
const STATE_LABELS: Record<string, { label: string; color: string }> = {
  created: { label: 'Создана', color: 'yellow' },
  retry: { label: 'Ждёт повтора', color: 'orange' },
  active: { label: 'Выполняется', color: 'blue' },
  completed: { label: 'Выполнена', color: 'teal' },
  cancelled: { label: 'Отменена', color: 'gray' },
  failed: { label: 'Ошибка', color: 'red' },
};

const time = (value: string | null) => (value ? formatDateTime(value) : '—');
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The job's actions for ADMIN: retry a failed job, cancel one that has not finished; each after a confirmation. */
function JobActions({ job }: { job: JobDetail }) {
  const [action, setAction] = useState<'retry' | 'cancel' | null>(null);
  const retry = useBulkJobs('retry');
  const cancel = useBulkJobs('cancel');
  const canRetry = job.state === 'failed' && !job.isArchived;
  const canCancel = ['created', 'retry', 'active'].includes(job.state);
  if (!canRetry && !canCancel) return null;
  const mutation = action === 'cancel' ? cancel : retry;
  return (
    <>
      <Group>
        {canRetry ? <Button onClick={() => setAction('retry')}>Повторить</Button> : null}
        {canCancel ? (
          <Button color="red" variant="light" onClick={() => setAction('cancel')}>
            Отменить
          </Button>
        ) : null}
      </Group>
      <ConfirmModal
        opened={action !== null}
        title={action === 'cancel' ? 'Отменить задачу?' : 'Повторить задачу?'}
        message={
          action === 'cancel'
            ? `Задача «${job.title}» не будет выполнена.`
            : `Задача «${job.title}» будет запущена снова (попытка ${job.retryCount + 1}).`
        }
        confirmLabel={action === 'cancel' ? 'Отменить задачу' : 'Повторить'}
        color={action === 'cancel' ? 'red' : 'blue'}
        onConfirm={async () => {
          const answer = await mutation.mutateAsync({ ids: [job.id] });
          showSuccessToast(answer.message);
        }}
        onClose={() => setAction(null)}
      />
    </>
  );
}

/** /crm/monitoring/job/:id — one job as Bull Board shows it: data, result or error with stack, attempts, times. */
export function JobDetailPage() {
  const { id = '' } = useParams();
  const role = useCrmRole();
  const detail = useJobDetail(id);
  const job = detail.data;
  const state = job ? (STATE_LABELS[job.state] ?? { label: job.state, color: 'gray' }) : null;

  return (
    <Stack gap="lg">
      <Group>
        <Anchor
          component={Link}
          to={role === 'ADMIN' ? '/crm/monitoring/queue' : '/crm/monitoring'}
          size="sm"
        >
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden /> К мониторингу
          </Group>
        </Anchor>
      </Group>
      {detail.isPending ? (
        <Loader aria-label="Загрузка задачи" />
      ) : detail.isError ? (
        <Alert color="red" title={MESSAGES.jobListLoadError}>
          {detail.error.message}
        </Alert>
      ) : job && state ? (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={1} size="h2">
                {job.title}
              </Title>
              <Text size="sm" c="dimmed" ff="monospace" className={classes.longText}>
                {job.name} · {job.id}
              </Text>
            </div>
            <Group gap="xs">
              <Badge size="lg" color={state.color} data-testid="job-state">
                {state.label}
              </Badge>
              {job.isArchived ? (
                <Badge size="lg" variant="outline" color="gray">
                  В архиве
                </Badge>
              ) : null}
            </Group>
          </Group>
          {canManageJobs(role) ? <JobActions job={job} /> : null}
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              <Field label="Очередь">{getQueueLabel(job.queue)}</Field>
              <Field label="Попытки">
                <span data-testid="job-attempts">
                  {job.retryCount} из {job.retryLimit} повторов
                </span>
              </Field>
              <Field label="Заказ">
                {job.orderId ? (
                  <Anchor component={Link} to={`/crm/monitoring/order/${job.orderId}`} size="sm">
                    {job.orderNumber !== null ? `№ ${job.orderNumber}` : job.orderId.slice(0, 8)}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Field>
              <Field label="Создана">{time(job.createdOn)}</Field>
              <Field label="Запуск не ранее">{time(job.startAfter)}</Field>
              <Field label="Начата">{time(job.startedOn)}</Field>
              <Field label="Завершена">{time(job.completedOn)}</Field>
              <Field label="Хранится до">{time(job.keepUntil)}</Field>
              {job.archivedOn ? <Field label="В архиве с">{time(job.archivedOn)}</Field> : null}
              <Field label="Ключ единственности">
                {job.singletonKey ? <Code>{job.singletonKey}</Code> : '—'}
              </Field>
            </SimpleGrid>
          </Card>
          {job.error ? (
            <Card withBorder data-testid="job-error">
              <Stack gap="xs">
                <Title order={2} size="h4" c="red.8">
                  Ошибка
                </Title>
                <Text size="sm" c="red.8" className={classes.longText}>
                  {job.error.message}
                </Text>
                {job.error.stack ? (
                  <Code block className={classes.codeBlock} data-testid="job-stack">
                    {job.error.stack}
                  </Code>
                ) : null}
              </Stack>
            </Card>
          ) : null}
          {job.result !== null ? (
            <Card withBorder>
              <Stack gap="xs">
                <Title order={2} size="h4">
                  Результат
                </Title>
                <Code block className={classes.codeBlock}>
                  {json(job.result)}
                </Code>
              </Stack>
            </Card>
          ) : null}
          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} size="h4">
                Данные задачи
              </Title>
              {job.isMasked ? (
                <Text size="xs" c="dimmed">
                  E-mail и телефоны скрыты: их видит только администратор.
                </Text>
              ) : null}
              <Code block className={classes.codeBlock} data-testid="job-data">
                {json(job.data)}
              </Code>
            </Stack>
          </Card>
        </>
      ) : null}
    </Stack>
  );
}
