import type PgBoss from 'pg-boss';
import { MOSCOW_TIME_ZONE, type CronJobName, type QueueName } from '@app/contracts';

/** Schedules run in Moscow time: the business and its customers live there. */
export const SCHEDULE_TIMEZONE = MOSCOW_TIME_ZONE;

export type ScheduleDefinition = {
  name: CronJobName;
  /** The queue the run is put into (spec 3 "cron queue info" groups jobs by it). */
  queue: QueueName;
  cron: string;
  description: string;
};

/**
 * The periodic jobs of spec 3. Each one is a pg-boss schedule on its own trigger queue (pg-boss 10 keeps one
 * schedule per queue); the trigger's worker puts the run into `queue` with `data.name` = the job name.
 */
export const SCHEDULES: readonly ScheduleDefinition[] = [
  {
    name: 'check-new-paid-orders',
    queue: 'order-processing',
    cron: '*/5 * * * *',
    description: 'Сверка ожидающих оплат с платёжной системой (если уведомление не дошло)',
  },
  {
    name: 'send-payment-reminders',
    queue: 'notification-tasks',
    cron: '0 10-20 * * *',
    description: 'Напоминание об оплате неоплаченных заказов (одно на заказ)',
  },
  {
    name: 'send-act-exchange-reminders',
    queue: 'notification-tasks',
    cron: '0 11 * * 1-5',
    description: 'Напоминание организациям о подписании актов выполненных заказов',
  },
  {
    name: 'sync-yandex-pickup-points',
    queue: 'sync-tasks',
    cron: '30 4 * * *',
    description: 'Обновление пунктов выдачи Яндекс Доставки',
  },
  {
    name: 'check-yandex-delivery-statuses',
    queue: 'sync-tasks',
    cron: '*/10 * * * *',
    description: 'Проверка статусов курьерских доставок',
  },
  {
    name: 'remove-unattached-uploads',
    queue: 'sync-tasks',
    cron: '15 * * * *',
    description: 'Удаление загруженных файлов, не прикреплённых к заказу за сутки',
  },
];

export type ScheduleRow = { name: string; cron: string; timezone: string | null; updated_on: Date };

/** Creates or refreshes every schedule (an upsert per name: any number of processes may run it). */
export async function initializeSchedules(boss: PgBoss): Promise<number> {
  for (const schedule of SCHEDULES) {
    await boss.schedule(schedule.name, schedule.cron, { name: schedule.name }, { tz: SCHEDULE_TIMEZONE });
  }
  return SCHEDULES.length;
}

/** Removes every schedule of ours; runs already queued are left to finish. */
export async function clearSchedules(boss: PgBoss): Promise<number> {
  const existing = await boss.getSchedules();
  const ours = existing.filter((row) => SCHEDULES.some((schedule) => schedule.name === row.name));
  for (const row of ours) await boss.unschedule(row.name);
  return ours.length;
}
