import type PgBoss from 'pg-boss';
import type {
  CronQueueInfo,
  FailedJobGroup,
  MonitoringDashboard,
  OrderMonitoring,
  QueueInfo,
  QueueJob,
  QueueJobState,
  QueueName,
} from '@app/contracts';
import { JOB_BULK_MAX, MESSAGES, QUEUE_NAMES } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { nextCronRun, previousCronRun } from '../../jobs/cron.ts';
import { MISSED_RUN_GRACE_MS, MISSED_RUN_WINDOW_MS, scheduledRunId, type Jobs } from '../../jobs/jobs.ts';
import { clearSchedules, initializeSchedules, SCHEDULE_TIMEZONE, SCHEDULES } from '../../jobs/schedules.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  iso,
  toJob,
  toMonitoredOrder,
  toOrderEvent,
  type JobRow,
  type MonitoredOrderRow,
  type OrderEventRow,
} from './monitoring.mapper.ts';

export type MonitoringService = ReturnType<typeof createMonitoringService>;

/** pg-boss states behind the spec's five job states (waiting vs delayed: whether start_after is past). */
const STATE_SQL: Record<QueueJobState, string> = {
  waiting: `state in ('created', 'retry') and start_after <= now()`,
  delayed: `state in ('created', 'retry') and start_after > now()`,
  active: `state = 'active'`,
  completed: `state = 'completed' and completed_on > now() - interval '24 hours'`,
  failed: `state = 'failed' and completed_on > now() - interval '24 hours'`,
};

const QUEUES_SQL = `name in (${QUEUE_NAMES.map((queue) => `'${queue}'`).join(', ')})`;

/** Read-only views of pg-boss's job table and the order events; cancelling goes through pg-boss. */
export function createMonitoringService(deps: { database: Database; jobs: Jobs; clock: Clock }) {
  const { database, jobs, clock } = deps;
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await database.sql.executeSql(text, values)).rows as T[];
  // pg-boss answers { affected } although its typings say void.
  const retryJobs = async (queue: string, ids: string[]) =>
    ((await jobs.boss.retry(queue, ids)) as unknown as { affected: number }).affected;
  const columns =
    'id, name, state, data, start_after, started_on, completed_on, created_on, retry_count, output';

  return {
    async queueInfo(): Promise<QueueInfo> {
      try {
        const [row] = await query<Record<QueueJobState, string | number>>(
          `select ${Object.entries(STATE_SQL)
            .map(([state, where]) => `count(*) filter (where ${where})::int as ${state}`)
            .join(', ')} from pgboss.job where ${QUEUES_SQL}`,
        );
        return {
          isConnected: true,
          waiting: Number(row?.waiting ?? 0),
          active: Number(row?.active ?? 0),
          completed: Number(row?.completed ?? 0),
          failed: Number(row?.failed ?? 0),
          delayed: Number(row?.delayed ?? 0),
        };
      } catch {
        return { isConnected: false, waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 };
      }
    },

    async jobsByState(state: QueueJobState, limit = 100): Promise<QueueJob[]> {
      const rows = await query<JobRow>(
        `select ${columns} from pgboss.job where ${QUEUES_SQL} and ${STATE_SQL[state]} order by created_on desc limit $1`,
        [limit],
      );
      const now = clock.now().getTime();
      return rows.map((row) => toJob(row, now));
    },

    async jobsOfOrder(orderId: string): Promise<QueueJob[]> {
      const rows = await query<JobRow>(
        `select ${columns} from pgboss.job where ${QUEUES_SQL} and data->>'orderId' = $1 order by created_on desc limit 200`,
        [orderId],
      );
      const now = clock.now().getTime();
      return rows.map((row) => toJob(row, now));
    },

    /** Cancels the order's jobs that have not finished; returns how many. */
    async cancelOrderJobs(orderId: string): Promise<number> {
      const rows = await query<{ id: string; name: string }>(
        `select id, name from pgboss.job where ${QUEUES_SQL} and data->>'orderId' = $1 and state in ('created', 'retry', 'active')`,
        [orderId],
      );
      for (const queue of new Set(rows.map((row) => row.name))) {
        await jobs.boss.cancel(
          queue,
          rows.filter((row) => row.name === queue).map((row) => row.id),
        );
      }
      return rows.length;
    },

    async dashboard(): Promise<MonitoringDashboard> {
      const [problematic, [stats], events] = await Promise.all([
        query<{ order_id: string; number: string | null; error_count: number; last_error: string | null }>(
          `select e.order_id, o.number, count(*)::int as error_count,
                  (array_agg(e.error order by e.created_at desc))[1] as last_error
             from order_events e left join orders o on o.id = e.order_id
            where e.is_success = false and e.created_at > now() - interval '24 hours'
            group by e.order_id, o.number
            order by max(e.created_at) desc
            limit 50`,
        ),
        query<{ count: number; last24h: number; unpaid: number; in_progress: number }>(
          `select count(*)::int as count,
                  count(*) filter (where created_at > now() - interval '24 hours')::int as last24h,
                  count(*) filter (where is_paid = false and status = 'NEW')::int as unpaid,
                  count(*) filter (where status in ('PAID', 'IN_PROGRESS', 'READY', 'DELIVERING'))::int as in_progress
             from orders where deleted_at is null`,
        ),
        query<{ type: string; successful: number; total: number }>(
          `select type, count(*) filter (where is_success)::int as successful, count(*)::int as total
             from order_events where created_at > now() - interval '24 hours' group by type order by type`,
        ),
      ]);
      const eventStats = ['email_sent', 'delivery_created'].map((eventType) => {
        const row = events.find((event) => event.type === eventType);
        return { eventType, successful: Number(row?.successful ?? 0), total: Number(row?.total ?? 0) };
      });
      for (const row of events) {
        if (!eventStats.some((stat) => stat.eventType === row.type)) {
          eventStats.push({
            eventType: row.type,
            successful: Number(row.successful),
            total: Number(row.total),
          });
        }
      }
      return {
        problematicOrders: problematic.map((row) => ({
          orderId: row.order_id,
          orderNumber: row.number === null ? null : Number(row.number),
          errorCount: Number(row.error_count),
          lastError: row.last_error,
        })),
        orderStats: {
          count: Number(stats?.count ?? 0),
          last24h: Number(stats?.last24h ?? 0),
          unpaid: Number(stats?.unpaid ?? 0),
          inProgress: Number(stats?.in_progress ?? 0),
        },
        eventStats,
      };
    },

    /** Spec 3 "cron queue info": per queue its counts and the schedules putting runs into it. */
    async cronInfo(): Promise<CronQueueInfo[]> {
      const now = clock.now();
      let schedules: Array<{ name: string; cron: string; timezone: string | null; updated_on: Date }> = [];
      let lastRuns: Array<{
        job: string;
        state: 'completed' | 'failed';
        completed_on: Date;
        output: JobRow['output'];
      }> = [];
      let counts: Array<Record<QueueJobState, number> & { name: string }> = [];
      /** Each schedule's last run that should be queued by now (decision 103), and the ones that were. */
      const expected = new Map<string, { at: Date; id: string }>();
      let queued = new Set<string>();
      let error: string | null = null;
      try {
        schedules = (await jobs.boss.getSchedules()) as Array<
          PgBoss.Schedule & { timezone: string | null; updated_on: Date }
        >;
        for (const schedule of schedules) {
          // A run is expected only in a minute that began after the schedule was last set, within the window.
          const since = Math.max(
            new Date(schedule.updated_on).getTime(),
            now.getTime() - MISSED_RUN_WINDOW_MS,
          );
          const at = previousCronRun(
            schedule.cron,
            schedule.timezone ?? SCHEDULE_TIMEZONE,
            new Date(now.getTime() - MISSED_RUN_GRACE_MS),
            new Date(since),
          );
          if (at) expected.set(schedule.name, { at, id: scheduledRunId(schedule.name, at) });
        }
        const runs = await query<{ id: string }>(
          `select id::text as id from pgboss.job where ${QUEUES_SQL} and id = any($1::uuid[])`,
          [[...expected.values()].map((run) => run.id)],
        );
        queued = new Set(runs.map((run) => run.id));
        lastRuns = await query(
          `select distinct on (data->>'name') data->>'name' as job, state, completed_on, output
             from pgboss.job
            where ${QUEUES_SQL} and state in ('completed', 'failed') and data->>'name' = any($1::text[])
            order by data->>'name', completed_on desc`,
          [SCHEDULES.map((schedule) => schedule.name)],
        );
        counts = await query(
          `select name, ${Object.entries(STATE_SQL)
            .map(([state, where]) => `count(*) filter (where ${where})::int as ${state}`)
            .join(', ')} from pgboss.job where ${QUEUES_SQL} group by name`,
        );
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      return QUEUE_NAMES.map((queue) => {
        const row = counts.find((item) => item.name === queue);
        const cronJobs = SCHEDULES.filter((definition) => definition.queue === queue).flatMap(
          (definition) => {
            const schedule = schedules.find((item) => item.name === definition.name);
            if (!schedule) return [];
            const last = lastRuns.find((item) => item.job === definition.name);
            const timezone = schedule.timezone ?? SCHEDULE_TIMEZONE;
            const next = nextCronRun(schedule.cron, timezone, now);
            const due = expected.get(definition.name);
            return [
              {
                id: definition.name,
                name: definition.name,
                queue,
                cron: schedule.cron,
                timezone,
                next: next ? next.toISOString() : null,
                lastRunAt: last ? iso(last.completed_on) : null,
                lastRunState: last?.state ?? null,
                lastResult: last ? (last.output?.summary ?? last.output?.message ?? null) : null,
                missedRunAt: due && !error && !queued.has(due.id) ? due.at.toISOString() : null,
                description: definition.description,
              },
            ];
          },
        );
        return {
          name: queue,
          repeatableJobs: cronJobs.length,
          waiting: Number(row?.waiting ?? 0),
          active: Number(row?.active ?? 0),
          completed: Number(row?.completed ?? 0),
          failed: Number(row?.failed ?? 0),
          delayed: Number(row?.delayed ?? 0),
          error,
          jobs: cronJobs,
        };
      });
    },

    /** Creates or refreshes every schedule; running it again changes nothing. */
    async initializeCron(): Promise<number> {
      return initializeSchedules(jobs.boss);
    },

    async clearCron(): Promise<number> {
      return clearSchedules(jobs.boss);
    },

    /** Puts one failed job back to run (one more attempt). */
    async retryJob(jobId: string): Promise<number> {
      const [row] = await query<{ name: string; state: string }>(
        `select name, state from pgboss.job where ${QUEUES_SQL} and id = $1`,
        [jobId],
      );
      if (!row) throw notFound(MESSAGES.jobNotFound);
      if (row.state !== 'failed') throw new AppError('CONFLICT', MESSAGES.jobNotFailed);
      return retryJobs(row.name, [jobId]);
    },

    /** Puts the failed jobs of the queue (whatever their age; the oldest JOB_BULK_MAX) back to run. */
    async retryFailed(queue: QueueName): Promise<number> {
      const rows = await query<{ id: string }>(
        `select id from pgboss.job where name = $1 and state = 'failed' order by completed_on limit ${JOB_BULK_MAX}`,
        [queue],
      );
      if (rows.length === 0) return 0;
      return retryJobs(
        queue,
        rows.map((row) => row.id),
      );
    },

    /** Failed jobs of the last 24 hours grouped by their error message, most frequent first. */
    async failedGroups(): Promise<FailedJobGroup[]> {
      const rows = await query<{
        error: string;
        count: number;
        names: string[];
        last_at: Date;
        job_ids: string[];
        order_ids: Array<string | null>;
      }>(
        `select coalesce(output->>'message', 'Без сообщения об ошибке') as error,
                count(*)::int as count,
                array_agg(distinct coalesce(data->>'name', name)) as names,
                max(completed_on) as last_at,
                (array_agg(id::text order by completed_on desc))[1:20] as job_ids,
                array_agg(distinct data->>'orderId') as order_ids
           from pgboss.job
          where ${QUEUES_SQL} and ${STATE_SQL.failed}
          group by 1
          order by count(*) desc, max(completed_on) desc
          limit 50`,
      );
      const orderIds = [...new Set(rows.flatMap((row) => row.order_ids.filter((id): id is string => !!id)))];
      const numbers = orderIds.length
        ? await query<{ id: string; number: string }>(
            `select id::text as id, number from orders where id::text = any($1::text[])`,
            [orderIds],
          )
        : [];
      return rows.map((row) => ({
        error: row.error,
        count: Number(row.count),
        names: row.names,
        lastAt: iso(row.last_at),
        jobIds: row.job_ids,
        orders: row.order_ids
          .filter((id): id is string => !!id)
          .slice(0, 20)
          .map((orderId) => {
            const found = numbers.find((item) => item.id === orderId);
            return { orderId, orderNumber: found ? Number(found.number) : null };
          }),
      }));
    },

    /** One order's background work: its events and its jobs (newest first). */
    async orderMonitoring(orderId: string): Promise<OrderMonitoring> {
      const [order] = await query<MonitoredOrderRow>(
        `select id, number, status, is_paid, delivery_type, external_delivery_id, external_delivery_status, created_at
           from orders where id = $1 and deleted_at is null`,
        [orderId],
      );
      if (!order) throw notFound(MESSAGES.orderNotFound);
      const [events, orderJobs] = await Promise.all([
        query<OrderEventRow>(
          `select id, type, is_success, error, data, created_at from order_events
            where order_id = $1 order by created_at desc limit 200`,
          [orderId],
        ),
        this.jobsOfOrder(orderId),
      ]);
      return {
        order: toMonitoredOrder(order),
        events: events.map(toOrderEvent),
        jobs: orderJobs,
      };
    },
  };
}
