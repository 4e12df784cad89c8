import { MESSAGES, type QueueState } from '@app/contracts';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/notify';
import { useQueuePause, useQueueStates } from '../api/monitoring';

/**
 * Each queue with its pause (decision 056: our workers stop taking its jobs; running ones finish). ADMIN pauses
 * and resumes after a confirmation.
 */
export function QueueStates({ canManage }: { canManage: boolean }) {
  const queues = useQueueStates();
  const toggle = useQueuePause();
  const [target, setTarget] = useState<QueueState | null>(null);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Очереди
        </Title>
        {queues.isPending ? (
          <Loader size="sm" aria-label="Загрузка очередей" />
        ) : queues.isError ? (
          <Alert color="red" title={MESSAGES.queueLoadError}>
            {queues.error.message}
          </Alert>
        ) : (
          queues.data.map((queue) => (
            <Group key={queue.name} justify="space-between" gap="xs" data-testid="queue-state">
              <div>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {queue.title}
                  </Text>
                  <Badge color={queue.isPaused ? 'orange' : 'teal'} variant="light">
                    {queue.isPaused ? 'На паузе' : 'Работает'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {queue.name}
                  {queue.isPaused && queue.pausedAt
                    ? ` · пауза с ${formatDateTime(queue.pausedAt)}${queue.pausedBy ? `, ${queue.pausedBy}` : ''}`
                    : ''}
                </Text>
              </div>
              {canManage ? (
                <Button
                  size="xs"
                  variant="light"
                  color={queue.isPaused ? 'teal' : 'orange'}
                  onClick={() => setTarget(queue)}
                >
                  {queue.isPaused ? 'Возобновить' : 'Приостановить'}
                </Button>
              ) : null}
            </Group>
          ))
        )}
      </Stack>
      <ConfirmModal
        opened={target !== null}
        title={target?.isPaused ? 'Возобновить очередь?' : 'Приостановить очередь?'}
        message={
          target?.isPaused
            ? `Обработчики снова начнут брать задачи очереди «${target.title}».`
            : `Новые задачи очереди «${target?.title ?? ''}» будут ждать, пока очередь не возобновят; выполняющиеся доработают.`
        }
        confirmLabel={target?.isPaused ? 'Возобновить' : 'Приостановить'}
        color={target?.isPaused ? 'teal' : 'orange'}
        onConfirm={async () => {
          if (!target) return;
          const answer = await toggle.mutateAsync({ queue: target.name, pause: !target.isPaused });
          showSuccessToast(answer.message);
        }}
        onClose={() => setTarget(null)}
      />
    </Card>
  );
}
