import { DELIVERY_TYPE_LABELS, jobTitle, queueTitle, type QueueJobState } from '@app/contracts';

/** A job name's Russian title: the contracts' one map (JOB_TITLES), used on every monitoring view. */
export const getJobLabel = jobTitle;

/** A queue's Russian title (QUEUE_TITLES). */
export const getQueueLabel = queueTitle;

const EVENT_LABELS: Record<string, string> = {
  email_sent: 'Отправка письма',
  delivery_created: 'Создание доставки',
};

export function getEventLabel(type: string): string {
  return EVENT_LABELS[type] ?? type;
}

/** The five counters of the automation tab (spec 2), in the spec's order. */
export const QUEUE_COUNTERS: ReadonlyArray<{ state: QueueJobState; label: string; modalTitle: string }> = [
  { state: 'waiting', label: 'Ожидают', modalTitle: 'Задачи в ожидании' },
  { state: 'active', label: 'Выполняются', modalTitle: 'Выполняющиеся задачи' },
  { state: 'completed', label: 'Выполнено за 24\u00a0ч', modalTitle: 'Выполненные задачи за 24 часа' },
  { state: 'failed', label: 'Ошибки за 24\u00a0ч', modalTitle: 'Задачи с ошибкой за 24 часа' },
  { state: 'delayed', label: 'Отложены', modalTitle: 'Отложенные задачи' },
];

/** How the order travels; the monitoring page shows it because courier orders carry a delivery job. */

/** The delivery type of an order as the monitoring view receives it (a plain string). */
export function deliveryTypeLabel(type: string): string {
  return (DELIVERY_TYPE_LABELS as Record<string, string>)[type] ?? type;
}
