import type { QueueJob, QueueName } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import { showSuccessToast } from '@/lib/notify';
import { useRetryFailedOfQueue, useRetryJob } from '../api/monitoring';
import { getJobLabel, getQueueLabel } from '../model/labels';
import { ConfirmModal } from '@/components/confirm-modal';

type RetryTarget = { kind: 'job'; job: QueueJob } | { kind: 'queue'; queue: QueueName };

/** Retrying a failed job or every failed job of a queue, each after a confirmation (decision 010). */
export function useJobRetry(): {
  requestJobRetry: (job: QueueJob) => void;
  requestQueueRetry: (queue: QueueName) => void;
  retryingJobId: string | null;
  confirmModal: ReactNode;
} {
  const [target, setTarget] = useState<RetryTarget | null>(null);
  const retryJob = useRetryJob();
  const retryQueue = useRetryFailedOfQueue();
  const isPending = retryJob.isPending || retryQueue.isPending;

  const confirm = () => {
    if (!target) return;
    const onSuccess = (answer: { message: string }) => {
      showSuccessToast(answer.message);
      setTarget(null);
    };
    if (target.kind === 'job') retryJob.mutate(target.job.id, { onSuccess });
    else retryQueue.mutate(target.queue, { onSuccess });
  };

  const message =
    target?.kind === 'job'
      ? `Задача «${getJobLabel(target.job.name)}» (${target.job.id.slice(0, 8)}) будет запущена снова.`
      : target
        ? `Все задачи с ошибкой в очереди «${getQueueLabel(target.queue)}» будут запущены снова.`
        : '';

  return {
    requestJobRetry: (job) => setTarget({ kind: 'job', job }),
    requestQueueRetry: (queue) => setTarget({ kind: 'queue', queue }),
    retryingJobId: retryJob.isPending ? (retryJob.variables ?? null) : null,
    confirmModal: (
      <ConfirmModal
        opened={target !== null}
        title={target?.kind === 'queue' ? 'Повторить все задачи с ошибкой?' : 'Повторить задачу?'}
        message={message}
        confirmLabel="Повторить"
        color="blue"
        isLoading={isPending}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      />
    ),
  };
}
