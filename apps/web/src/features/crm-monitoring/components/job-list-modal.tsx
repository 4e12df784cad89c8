import { MESSAGES, QUEUE_NAMES, type QueueJobState } from '@app/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueueJobs } from '../api/monitoring';
import { getQueueLabel, QUEUE_COUNTERS } from '../model/labels';
import { JobsTable } from './jobs-table';
import { useJobRetry } from './use-job-retry';

/** The jobs behind one automation counter (spec 2); failed ones can be retried by ADMIN. */
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
  const jobs = useQueueJobs(state);
  const retry = useJobRetry();
  const counter = QUEUE_COUNTERS.find((entry) => entry.state === state);
  const items = jobs.data ?? [];
  const canRetry = canManage && state === 'failed';
  const failedByQueue = QUEUE_NAMES.map((queue) => ({
    queue,
    count: items.filter((job) => job.queue === queue && job.state === 'failed').length,
  })).filter((entry) => entry.count > 0);

  return (
    <>
      <Modal
        opened={state !== null}
        onClose={onClose}
        title={counter?.modalTitle ?? 'Задачи'}
        size="95%"
        fullScreen={isMobile}
      >
        {jobs.isPending ? (
          <Loader aria-label="Загрузка задач" />
        ) : jobs.isError ? (
          <Alert color="red" title={MESSAGES.jobListLoadError}>
            {jobs.error.message}
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed">Задач нет</Text>
        ) : (
          <Stack>
            {canRetry && failedByQueue.length > 0 ? (
              <Group gap="xs">
                {failedByQueue.map(({ queue }) => (
                  <Button
                    key={queue}
                    size="xs"
                    variant="light"
                    onClick={() => retry.requestQueueRetry(queue)}
                  >
                    Повторить все с ошибкой: {getQueueLabel(queue)}
                  </Button>
                ))}
              </Group>
            ) : null}
            <Text size="sm" c="dimmed">
              Показано задач: {items.length}
              {items.length >= 100 ? ' (последние 100)' : ''}
            </Text>
            <JobsTable
              jobs={items}
              now={jobs.dataUpdatedAt}
              onRetry={canRetry ? retry.requestJobRetry : undefined}
              retryingJobId={retry.retryingJobId}
            />
          </Stack>
        )}
      </Modal>
      {retry.confirmModal}
    </>
  );
}
