import type { MonitoringDashboard, QueueInfo, QueueJob, QueueJobState } from '@app/contracts';
import { QUEUE_NAMES } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';

export type MonitoringService = ReturnType<typeof createMonitoringService>;

type JobRow = {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown> | null;
  start_after: Date;
  started_on: Date | null;
  completed_on: Date | null;
  created_on: Date;
  retry_count: number;
  output: { message?: string } | null;
};

/** pg-boss states behind the spec's five job states (waiting vs delayed: whether start_after is past). */
const STATE_SQL: Record<QueueJobState, string> = {
  waiting: `state in ('created', 'retry') and start_after <= now()`,
  delayed: `state in ('created', 'retry') and start_after > now()`,
  active: `state = 'active'`,
  completed: `state = 'completed' and completed_on > now() - interval '24 hours'`,
  failed: `state = 'failed' and completed_on > now() - interval '24 hours'`,
};

const QUEUES_SQL = `name in (${QUEUE_NAMES.map((queue) => `'${queue}'`).join(', ')})`;

function toJob(row: JobRow, now: number): QueueJob {
  const startAfter = new Date(row.start_after).getTime();
  const created = new Date(row.created_on).getTime();
  const delay = Math.max(0, startAfter - created);
  return {
    id: row.id,
    queue: row.name,
    name: String(row.data?.name ?? row.name),
    state: row.state,
    data: { ...(row.data ?? {}), orderId: (row.data?.orderId as string | null | undefined) ?? null },
    delay: Math.max(0, startAfter - now),
    processedOn: row.started_on ? new Date(row.started_on).getTime() : null,
    finishedOn: row.completed_on ? new Date(row.completed_on).getTime() : null,
    failedReason: row.state === 'failed' || row.state === 'retry' ? (row.output?.message ?? null) : null,
    timestamp: created,
    attemptsMade: row.retry_count,
    opts: { delay },
  };
}

/** Read-only views of pg-boss's job table and the order events; cancelling goes through pg-boss. */
export function createMonitoringService(deps: { database: Database; jobs: Jobs; clock: Clock }) {
  const { database, jobs, clock } = deps;
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await database.sql.executeSql(text, values)).rows as T[];
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
  };
}
