import type { QueueJob } from '@app/contracts';

/**
 * Spec 4 "Task display status": failed if there is a failure reason; done if finished; running if processed;
 * scheduled if delayed into the future; otherwise waiting. A job cancelled through pg-boss also has a finish
 * time, so it is told apart first (decision 010): calling it "done" would hide that it never ran.
 */
export const TASK_DISPLAY_STATUSES = [
  'cancelled',
  'failed',
  'done',
  'running',
  'scheduled',
  'waiting',
] as const;
export type TaskDisplayStatus = (typeof TASK_DISPLAY_STATUSES)[number];

export type TaskStatusInput = Pick<
  QueueJob,
  'state' | 'failedReason' | 'finishedOn' | 'processedOn' | 'timestamp' | 'delay' | 'opts'
>;

export function getTaskDisplayStatus(job: TaskStatusInput, now: number = Date.now()): TaskDisplayStatus {
  if (job.state === 'cancelled') return 'cancelled';
  if (job.failedReason) return 'failed';
  if (job.finishedOn) return 'done';
  if (job.processedOn) return 'running';
  const runsAt = job.opts.delay > 0 ? job.timestamp + job.opts.delay : now + job.delay;
  if (runsAt > now) return 'scheduled';
  return 'waiting';
}

export const TASK_STATUS_LABELS: Record<TaskDisplayStatus, string> = {
  cancelled: 'Отменена',
  failed: 'Ошибка',
  done: 'Выполнена',
  running: 'Выполняется',
  scheduled: 'Запланирована',
  waiting: 'Ожидает',
};

export const TASK_STATUS_COLORS: Record<TaskDisplayStatus, string> = {
  cancelled: 'gray',
  failed: 'red',
  done: 'teal',
  running: 'blue',
  scheduled: 'violet',
  waiting: 'yellow',
};

/** A job that has not finished yet and can still be cancelled. */
export function isCancellable(job: TaskStatusInput, now: number): boolean {
  const status = getTaskDisplayStatus(job, now);
  return status === 'waiting' || status === 'scheduled' || status === 'running';
}
