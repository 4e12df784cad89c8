import type PgBoss from 'pg-boss';
import { MOSCOW_TIME_ZONE, type QueueName } from '@app/contracts';
import { JOBS, type JobRegistry, type ScheduledJobName } from './registry.ts';

/** Schedules run in Moscow time: the business and its customers live there. */
export const SCHEDULE_TIMEZONE = MOSCOW_TIME_ZONE;

export type ScheduleDefinition<Name extends string = ScheduledJobName> = {
  name: Name;
  /** The queue the run is put into (spec 3 "cron queue info" groups jobs by it). */
  queue: QueueName;
  cron: string;
  description: string;
};

/** The periodic jobs of a registry, in its order. */
export function schedulesOf(registry: JobRegistry): ScheduleDefinition<string>[] {
  return Object.entries(registry).flatMap(([name, job]) =>
    job.schedule
      ? [{ name, queue: job.queue, cron: job.schedule.cron, description: job.schedule.description }]
      : [],
  );
}

/**
 * The periodic jobs of spec 3, declared with a `schedule` in `JOBS` (registry.ts). Each one is a row of
 * `pgboss.schedule` (on a queue of its name: pg-boss 10 keeps one schedule per queue), which admins initialize and
 * clear; the worker processes queue the runs into `queue` with `data.name` = the job name (`runSchedules` in jobs.ts,
 * decision 101).
 */
export const SCHEDULES = schedulesOf(JOBS) as readonly ScheduleDefinition[];

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
