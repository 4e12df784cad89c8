import { sql } from 'drizzle-orm';
import {
  formatMessage,
  JOB_BULK_MAX,
  JOB_TITLES,
  MESSAGES,
  MOSCOW_TIME_ZONE,
  OrderLookupSchema,
  QUEUE_NAMES,
  queueTitle,
  type JobBulkRequest,
  type JobDetail,
  type JobListState,
  type QueueJob,
  type QueueName,
  type QueueState,
  type Throughput,
  type ThroughputRange,
} from '@app/contracts';
import type { Db, Database } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { SCHEDULES } from '../../jobs/schedules.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { parseKeysetCursor } from '../../lib/keyset.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { iso, toJob, toJobDetail, type JobDetailRow, type JobRow } from './monitoring.mapper.ts';
import type { MonitoringRepository } from './monitoring.repository.ts';

export type QueueJobsService = ReturnType<typeof createQueueJobsService>;

const QUEUES_SQL = `name in (${QUEUE_NAMES.map((queue) => `'${queue}'`).join(', ')})`;

/** Job list filters by state; unlike the counters, completed and failed are not limited to 24 hours. */
const LIST_STATE_SQL: Record<JobListState, string> = {
  waiting: `state in ('created', 'retry') and start_after <= now()`,
  delayed: `state in ('created', 'retry') and start_after > now()`,
  active: `state = 'active'`,
  completed: `state = 'completed'`,
  failed: `state = 'failed'`,
  cancelled: `state = 'cancelled'`,
};

const LIST_COLUMNS = `id, name, state, data, start_after, started_on, completed_on, created_on, retry_count, output,
  to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at`;

const DETAIL_COLUMNS = `id, name, state::text as state, data, output, retry_count, retry_limit, singleton_key,
  created_on, start_after, started_on, completed_on, keep_until`;

/**
 * What Bull Board / Oban Web users expect of the queues (issue 17, decision 056): job lists paged and filtered
 * beyond the newest 100, one job's detail in every state, bulk retry and cancel, pausing a queue for our workers,
 * throughput charts and a periodic task run now. Reads pg-boss's tables with SQL (decision 032); every change
 * of a job goes through pg-boss (`retry`, `cancel`, `send`), every staff action is audited.
 */
export function createQueueJobsService(deps: {
  database: Database;
  db: Db;
  jobs: Jobs;
  repo: MonitoringRepository;
  audit: AuditRepository;
  clock: Clock;
}) {
  const { database, db, jobs, repo, audit, clock } = deps;
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await database.sql.executeSql(text, values)).rows as T[];

  /** The order an `order` filter names: its ID, or the ID of the order with that number (null: none). */
  async function orderIdOf(order: string): Promise<string | null> {
    const parsed = OrderLookupSchema.safeParse(order);
    if (!parsed.success) return order;
    if (parsed.data.kind === 'id') return parsed.data.id;
    const [row] = await query<{ id: string }>(`select id::text as id from orders where number = $1`, [
      parsed.data.number,
    ]);
    return row?.id ?? null;
  }

  /** The jobs among `ids` in our queues, by queue (pg-boss changes jobs one queue at a time). */
  async function jobsByQueue(ids: string[]): Promise<Map<string, string[]>> {
    const rows = await query<{ id: string; name: string }>(
      `select id::text as id, name from pgboss.job where ${QUEUES_SQL} and id = any($1::uuid[])`,
      [ids],
    );
    const byQueue = new Map<string, string[]>();
    for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
    return byQueue;
  }

  const affected = (result: unknown) => Number((result as { affected?: number } | undefined)?.affected ?? 0);

  /**
   * Retries or cancels the given jobs through pg-boss, queue by queue; its conditional updates change only jobs
   * still in the right state, so `changed` counts what this call did. Audited with the counts.
   */
  async function changeJobs(
    actor: UserPrincipal,
    action: 'retry' | 'cancel',
    ids: string[],
    queue: string | null,
  ) {
    let changed = 0;
    for (const [name, queueIds] of await jobsByQueue(ids)) {
      changed += affected(
        await (action === 'retry' ? jobs.boss.retry(name, queueIds) : jobs.boss.cancel(name, queueIds)),
      );
    }
    await audit.record(db, {
      actorUserId: actor.userId,
      action: `job.${action}`,
      entity: 'job',
      entityId: queue,
      data: { requested: ids.length, changed, ids: ids.slice(0, 100) },
    });
    const message = action === 'retry' ? MESSAGES.jobsRetried : MESSAGES.jobsCancelled;
    return { requested: ids.length, changed, message: formatMessage(message, { count: changed }) };
  }

  async function queueState(queue: QueueName): Promise<QueueState> {
    const [[row], [failed]] = await Promise.all([
      query<{ paused_at: Date; paused_by: string | null }>(
        `select p.paused_at, u.email as paused_by from queue_pauses p left join users u on u.id = p.paused_by
          where p.queue = $1`,
        [queue],
      ),
      query<{ count: number }>(
        `select count(*)::int as count from pgboss.job where name = $1 and state = 'failed'`,
        [queue],
      ),
    ]);
    return {
      name: queue,
      title: queueTitle(queue),
      isPaused: !!row,
      pausedAt: row ? iso(row.paused_at) : null,
      pausedBy: row?.paused_by ?? null,
      failed: Number(failed?.count ?? 0),
    };
  }

  return {
    /** A page of jobs, newest first, after `cursor`; `nextCursor` is null on the last page. */
    async listJobs(filter: {
      state?: JobListState;
      queue?: QueueName;
      name?: keyof typeof JOB_TITLES;
      order?: string;
      cursor?: string;
      size: number;
    }): Promise<{ items: QueueJob[]; nextCursor: string | null }> {
      const where = [QUEUES_SQL];
      const values: unknown[] = [];
      const param = (value: unknown) => {
        values.push(value);
        return `$${values.length}`;
      };
      if (filter.state) where.push(LIST_STATE_SQL[filter.state]);
      if (filter.queue) where.push(`name = ${param(filter.queue)}`);
      if (filter.name) where.push(`data->>'name' = ${param(filter.name)}`);
      if (filter.order) {
        const orderId = await orderIdOf(filter.order);
        if (!orderId) return { items: [], nextCursor: null };
        where.push(`data->>'orderId' = ${param(orderId)}`);
      }
      if (filter.cursor) {
        const { lastId } = parseKeysetCursor(filter.cursor);
        const at = filter.cursor.slice(0, filter.cursor.indexOf('|'));
        where.push(`(created_on, id) < (${param(at)}::timestamptz, ${param(lastId)}::uuid)`);
      }
      const rows = await query<JobRow & { cursor_at: string }>(
        `select ${LIST_COLUMNS} from pgboss.job where ${where.join(' and ')}
          order by created_on desc, id desc limit ${param(filter.size + 1)}`,
        values,
      );
      const page = rows.slice(0, filter.size);
      const last = page.at(-1);
      const now = clock.now().getTime();
      return {
        items: page.map((row) => toJob(row, now)),
        nextCursor: rows.length > filter.size && last ? `${last.cursor_at}|${last.id}` : null,
      };
    },

    /** One job, from the job table or the archive; personal data masked unless the reader is an ADMIN. */
    async jobDetail(actor: UserPrincipal, id: string): Promise<JobDetail> {
      const [row] = await query<JobDetailRow>(
        `select ${DETAIL_COLUMNS}, null::timestamptz as archived_on from pgboss.job where ${QUEUES_SQL} and id = $1
         union all
         select ${DETAIL_COLUMNS}, archived_on from pgboss.archive where ${QUEUES_SQL} and id = $1
         limit 1`,
        [id],
      );
      if (!row) throw notFound(MESSAGES.jobNotFound);
      const orderId = typeof row.data?.orderId === 'string' ? row.data.orderId : null;
      const [order] = orderId
        ? await query<{ number: string }>(`select number from orders where id::text = $1`, [orderId])
        : [];
      return toJobDetail(row, order ? Number(order.number) : null, { mask: actor.role !== 'ADMIN' });
    },

    /** Puts failed jobs back to run: the selected ones, or the oldest JOB_BULK_MAX failed jobs of a queue. */
    async retryJobs(actor: UserPrincipal, request: JobBulkRequest) {
      const ids =
        request.ids && request.ids.length > 0
          ? request.ids
          : (
              await query<{ id: string }>(
                `select id::text as id from pgboss.job where name = $1 and state = 'failed'
                  order by completed_on limit ${JOB_BULK_MAX}`,
                [request.queue],
              )
            ).map((row) => row.id);
      return changeJobs(actor, 'retry', ids, request.queue ?? null);
    },

    /** Cancels the selected jobs that have not finished (pg-boss cancels only those); selected ids only. */
    async cancelJobs(actor: UserPrincipal, request: JobBulkRequest) {
      if (!request.ids?.length) throw badRequest(MESSAGES.jobsBulkEmpty);
      return changeJobs(actor, 'cancel', request.ids, null);
    },

    async queueStates(): Promise<QueueState[]> {
      return Promise.all(QUEUE_NAMES.map((queue) => queueState(queue)));
    },

    /** Our workers stop fetching from the queue (running jobs finish); audited. */
    async pauseQueue(actor: UserPrincipal, queue: QueueName): Promise<QueueState> {
      await db.transaction(async (tx) => {
        if (await repo.pauseQueue(tx, queue, actor.userId))
          await audit.record(tx, {
            actorUserId: actor.userId,
            action: 'queue.pause',
            entity: 'queue',
            entityId: queue,
          });
      });
      return queueState(queue);
    },

    async resumeQueue(actor: UserPrincipal, queue: QueueName): Promise<QueueState> {
      await db.transaction(async (tx) => {
        if (await repo.resumeQueue(tx, queue))
          await audit.record(tx, {
            actorUserId: actor.userId,
            action: 'queue.resume',
            entity: 'queue',
            entityId: queue,
          });
      });
      return queueState(queue);
    },

    /**
     * Completed and failed jobs per hour of the last 24 hours or per Moscow day of the last 7, from the job table
     * and its archive; an hour or day without jobs is a zero, not a gap.
     */
    async throughput(range: ThroughputRange): Promise<Throughput> {
      const now = clock.now().toISOString();
      const unit = range === '24h' ? 'hour' : 'day';
      const count = range === '24h' ? 24 : 7;
      const rows = await query<{ at: Date; completed: number; failed: number }>(
        `with buckets as (
           select generate_series(
                    date_trunc('${unit}', $1::timestamptz at time zone '${MOSCOW_TIME_ZONE}') - interval '${count - 1} ${unit}',
                    date_trunc('${unit}', $1::timestamptz at time zone '${MOSCOW_TIME_ZONE}'),
                    interval '1 ${unit}') as local_at
         ),
         since as (select min(local_at) at time zone '${MOSCOW_TIME_ZONE}' as at from buckets),
         finished as (
           select state::text as state, completed_on from pgboss.job
            where ${QUEUES_SQL} and state in ('completed', 'failed') and completed_on >= (select at from since)
           union all
           select state::text, completed_on from pgboss.archive
            where ${QUEUES_SQL} and state in ('completed', 'failed') and completed_on >= (select at from since)
         )
         select b.local_at at time zone '${MOSCOW_TIME_ZONE}' as at,
                count(f.state) filter (where f.state = 'completed')::int as completed,
                count(f.state) filter (where f.state = 'failed')::int as failed
           from buckets b
           left join finished f
             on date_trunc('${unit}', f.completed_on at time zone '${MOSCOW_TIME_ZONE}') = b.local_at
          group by b.local_at
          order by b.local_at`,
        [now],
      );
      return {
        range,
        buckets: rows.map((row) => ({
          at: iso(row.at),
          completed: Number(row.completed),
          failed: Number(row.failed),
        })),
      };
    },

    /** «Запустить сейчас»: one run of the periodic task, queued now with the audit record in one transaction. */
    async runScheduleNow(actor: UserPrincipal, name: string): Promise<{ jobId: string; message: string }> {
      const schedule = SCHEDULES.find((item) => item.name === name);
      if (!schedule) throw notFound(MESSAGES.cronJobUnknown);
      const title = JOB_TITLES[schedule.name];
      const jobId = await db.transaction(async (tx) => {
        // One run of a task waits or runs at a time: a second click (or a click while the schedule's own run is
        // waiting) queues nothing. The lock orders two clicks, so the second sees the first one's job.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedule.run:${schedule.name}`}))`);
        const pending = await tx.execute(sql`
          select 1 from pgboss.job
           where name = ${schedule.queue} and state < 'completed' and data->>'name' = ${schedule.name}
           limit 1`);
        if ((pending as unknown as { rows: unknown[] }).rows.length > 0) {
          throw new AppError('CONFLICT', formatMessage(MESSAGES.cronRunPending, { job: title }));
        }
        const id = await jobs.send(tx, schedule.name, {});
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'schedule.run',
          entity: 'job',
          entityId: id,
          data: { name: schedule.name },
        });
        return id;
      });
      if (!jobId) throw new Error(`pg-boss did not queue ${schedule.name}`);
      return { jobId, message: formatMessage(MESSAGES.cronRunQueued, { job: title }) };
    },
  };
}
