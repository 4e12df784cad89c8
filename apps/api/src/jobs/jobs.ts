import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { QueueName } from '@app/contracts';
import { QUEUE_NAMES } from '@app/contracts';
import { createHash, randomUUID } from 'node:crypto';
import type { Database, SqlExecutor, Tx } from '../db/client.ts';
import { sqlExecutorOf } from '../db/client.ts';
import { cronMatches } from './cron.ts';
import { JOBS, type AppJobs, type JobName, type JobRegistry } from './registry.ts';
import { SCHEDULE_TIMEZONE, schedulesOf } from './schedules.ts';

/**
 * pg-boss queues follow the spec's model: three queues, each carrying named jobs (`data.name`).
 * Jobs are enqueued inside the business transaction so they commit (or vanish) with its rows.
 * Which jobs exist, their queue and payload: `registry.ts` (decision 029).
 */
export type JobContext = { id: string; queue: QueueName; retryCount: number; retryLimit: number };
/** What a job did, kept as the pg-boss job output (`summary` is shown on the monitoring screens). */
export type JobResult = { summary: string; [key: string]: unknown };
/** The handler of every job of registry `R`, each receiving its own validated payload. */
export type HandlersOf<R extends JobRegistry> = {
  [N in keyof R & string]: (
    payload: z.output<R[N]['payload']>,
    context: JobContext,
  ) => Promise<JobResult | void>;
};
/** The handlers of the API's jobs: one per name of `JOBS` (`container.ts#createJobHandlers`). */
export type JobHandlers = HandlersOf<AppJobs>;

export type SendOptions = {
  startAfter?: Date | number;
  singletonKey?: string;
  retryLimit?: number;
  /** A fixed job id: sending the same id twice creates one job (pg-boss inserts with ON CONFLICT DO NOTHING). */
  id?: string;
  /** Overrides the job's expiry (its `expireInSeconds` in the registry, else the default). */
  expireInSeconds?: number;
};

export type JobQueue<R extends JobRegistry> = {
  boss: PgBoss;
  start(): Promise<void>;
  /**
   * Queues job `name` with its payload in the registry's queue; with `tx`, on the transaction's own connection, so
   * the job commits with the caller's rows. An unknown name or a wrong payload does not compile.
   */
  send<N extends keyof R & string>(
    tx: Tx | null,
    name: N,
    payload: z.input<R[N]['payload']>,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * The statement `send` would run for this job, not run: pg-boss's own insert with its values, for a caller
   * that runs it in one statement with its own write (decision 040: one round trip fewer per order). The job
   * gets its id here; the caller must run the statement in its transaction, or the job is never queued.
   */
  sendStatement<N extends keyof R & string>(
    name: N,
    payload: z.input<R[N]['payload']>,
    options?: SendOptions,
  ): Promise<JobStatement>;
  /**
   * Cancels, through pg-boss, the waiting (created or retrying, not yet running) jobs `name` whose payload
   * contains `match`, on the transaction's connection: they are cancelled if and only if the caller commits.
   * The rows are locked (a worker fetching one of them at this moment keeps it, and the job finds nothing to
   * do). Answers how many were cancelled.
   */
  cancelWaiting<N extends keyof R & string>(
    tx: Tx,
    name: N,
    match: Partial<z.input<R[N]['payload']>>,
  ): Promise<number>;
  /**
   * Runs the given handlers (all of them in the app; tests may pass a few) and, unless the queue was created with
   * `schedule: false`, looks for scheduled runs due every `SCHEDULE_CHECK_INTERVAL_MS` (`runSchedules`).
   */
  work(handlers: Partial<HandlersOf<R>>): Promise<void>;
  /**
   * Queues the runs of the schedules (rows of `pgboss.schedule` naming a job of the registry) due in the minute of
   * `now` or the minute before, each with an id of its schedule and minute: any number of processes doing this at
   * once queue each run once (decision 101). Answers how many runs this call queued.
   */
  runSchedules(now: Date): Promise<number>;
  /** Throws unless pg-boss is started (not stopping) and its tables answer: part of GET /api/ready. */
  check(): Promise<void>;
  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then stops pg-boss. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
};
/** pg-boss's insert of one job (its SQL with `$n` parameters and their values), as `sendStatement` gives it. */
export type JobStatement = { id: string; text: string; values: unknown[] };
/** The API's job queue (`JOBS`). */
export type Jobs = JobQueue<AppJobs>;

/** A job as stored by pg-boss: the payload with the job's name in `data.name`. */
type JobData = { name: string; [key: string]: unknown };

/** Retries with exponential backoff: 10 s, 20 s, 40 s, ... up to 8 attempts in all. */
export const QUEUE_RETRY = { retryLimit: 7, retryDelay: 10, retryBackoff: true } as const;

/** A schedule's own queue holds its `pgboss.schedule` row (pg-boss keys schedules by queue); no job runs in it. */
const SCHEDULE_QUEUE_OPTIONS = { retryLimit: 0 } as const;

/** How often a worker process looks for scheduled runs: twice a minute, so no minute goes unseen. */
export const SCHEDULE_CHECK_INTERVAL_MS = 30_000;
const MINUTE_MS = 60_000;
/**
 * A scheduled run counts as missed when no worker queued it this long after its minute began: the checks every
 * 30 s cover the minute of the check and the minute before, so a worker that runs queues it within two minutes
 * (the third absorbs a late check and clocks a little apart). The monitoring looks back `MISSED_RUN_WINDOW_MS`,
 * well within the two days completed jobs stay in pg-boss's job table (decision 103).
 */
export const MISSED_RUN_GRACE_MS = 3 * MINUTE_MS;
export const MISSED_RUN_WINDOW_MS = 24 * 60 * MINUTE_MS;

/** The job id of schedule `name`'s run at `minute`: the same in every process, so the run is queued once. */
export function scheduledRunId(name: string, minute: Date): string {
  const hash = createHash('sha1').update(`${name}@${minute.toISOString()}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // a name-based (version 5) UUID
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * How long a job may stay active before the supervisor treats its worker as lost and hands it out again
 * (decision 023): a job of a crashed process runs again within about two minutes, not after pg-boss's 15.
 * A handler that runs longer than its expiry is failed (and retried) like pg-boss's own workers do.
 */
export const DEFAULT_JOB_EXPIRY_SECONDS = 90;
/** Jobs known to be slow (many provider calls or many recipients in one run): their `expireInSeconds` in JOBS. */
export const JOB_EXPIRY_SECONDS: Readonly<Partial<Record<JobName, number>>> = Object.fromEntries(
  Object.entries(JOBS as JobRegistry).flatMap(([name, job]) =>
    job.expireInSeconds === undefined ? [] : [[name, job.expireInSeconds]],
  ),
);
/** The supervisor expires lost jobs this often (pg-boss's default is 120 s: too slow for a 90 s expiry). */
export const DEFAULT_MAINTENANCE_INTERVAL_SECONDS = 30;

/** A finished job's complete/fail is retried this long when the database is briefly away (else it would expire). */
const SETTLE_DELAYS_MS = [250, 500, 1000, 2000, 2000, 3000, 3000, 4000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createJobs<R extends JobRegistry = AppJobs>(options: {
  database: Database;
  /** The jobs this queue knows (default: the API's `JOBS`; engine tests bring their own). */
  registry?: R;
  pollingIntervalSeconds?: number;
  supervise?: boolean;
  /** Whether `work()` also queues the scheduled runs (default true; `runSchedules` works either way). */
  schedule?: boolean;
  onError?: (error: Error) => void;
  retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  /** One expiry for every job (tests); by default each job name has its own (registry `expireInSeconds`). */
  expireInSeconds?: number;
  /** How often the supervisor expires and archives jobs (default 30 s). */
  maintenanceIntervalSeconds?: number;
  /** Jobs fetched per poll and run side by side (after a partial batch the worker waits the polling interval). */
  batchSize?: number;
}): JobQueue<R> {
  const registry: JobRegistry = options.registry ?? JOBS;
  const schedules = schedulesOf(registry);
  const batchSize = options.batchSize ?? 10;
  const retry = options.retry ?? QUEUE_RETRY;
  const pollingMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const report = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));
  const boss = new PgBoss({
    db: options.database.sql as PgBoss.Db,
    supervise: options.supervise ?? true,
    // pg-boss's own cron check (cron-parser with luxon, every 30 s) held the event loop 100-200 ms with our
    // schedules in Moscow time; `runSchedules` does its work (decision 101).
    schedule: false,
    // Jobs sent without an expiry of their own (inserts through pg-boss directly) get the default.
    expireInSeconds: options.expireInSeconds ?? DEFAULT_JOB_EXPIRY_SECONDS,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? DEFAULT_MAINTENANCE_INTERVAL_SECONDS,
    // Monitoring shows completed and failed jobs of 24 hours: keep them in the job table for 2 and 7 days.
    archiveCompletedAfterSeconds: 2 * 24 * 3600,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
  });
  // Maintenance and cron runs that hit a lost connection end here; pg-boss tries again at its next interval.
  boss.on('error', report);
  const expiryOf = (name: string, override?: number) =>
    override ?? options.expireInSeconds ?? registry[name]?.expireInSeconds ?? DEFAULT_JOB_EXPIRY_SECONDS;
  /** pg-boss's send of a registry job, on `db` (a transaction's connection) or, without one, on the pool. */
  function sendVia(db: SqlExecutor | null, name: string, payload: unknown, sendOptions: SendOptions) {
    const definition = registry[name];
    if (!definition) throw new Error(`Unknown job "${name}"`);
    return boss.send(
      definition.queue,
      { ...(payload as Record<string, unknown>), name },
      {
        ...retry,
        expireInSeconds: expiryOf(name, sendOptions.expireInSeconds),
        ...(sendOptions.startAfter !== undefined ? { startAfter: sendOptions.startAfter as Date } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.retryLimit !== undefined ? { retryLimit: sendOptions.retryLimit } : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(db ? { db: db as PgBoss.Db } : {}),
      },
    );
  }
  let started = false;
  let stopping = false;
  const loops: Array<{ stop(): void; done: Promise<void> }> = [];

  /** complete/fail, again after short pauses while the database is away (the job itself has already run). */
  async function settle(action: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await action();
        return;
      } catch (error) {
        const delay = SETTLE_DELAYS_MS[attempt];
        if (delay === undefined) {
          // Left active: the supervisor expires it and it runs again (handlers are safe to run twice).
          report(error);
          return;
        }
        await sleep(delay);
      }
    }
  }

  type Run = (data: JobData, context: JobContext) => Promise<JobResult | void>;
  type Handler = (payload: Record<string, unknown>, context: JobContext) => Promise<JobResult | void>;

  /**
   * The handler of a queued job, given the payload its registry schema accepts. A job with an unknown name or a
   * malformed payload is failed with a clear error (and logged through `onError`); the worker keeps going.
   */
  function dispatch(handlers: Partial<Record<string, Handler>>): Run {
    return async (data, context) => {
      const { name, ...payload } = data;
      const definition = registry[name];
      const handler = handlers[name];
      if (!definition || !handler) throw new Error(`No handler for job "${name}" in queue ${context.queue}`);
      const parsed = definition.payload.safeParse(payload);
      if (!parsed.success) {
        const problems = parsed.error.issues
          .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
          .join('; ');
        const error = new Error(`Invalid payload for job "${name}" (${context.id}): ${problems}`);
        report(error);
        throw error;
      }
      return handler(parsed.data, context);
    };
  }

  type Outcome = { ok: true; result: JobResult | void } | { ok: false; error: unknown };

  /** Runs the handler within the job's expiry; the outcome says how it ended. */
  async function execute(queue: string, job: PgBoss.JobWithMetadata<JobData>, run: Run): Promise<Outcome> {
    let outcome: Outcome;
    const expiryMs = Math.max(1, Number(job.expireInSeconds) || DEFAULT_JOB_EXPIRY_SECONDS) * 1000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        run(job.data, {
          id: job.id,
          queue: queue as QueueName,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`handler execution exceeded ${expiryMs}ms`)), expiryMs);
        }),
      ]);
      outcome = { ok: true, result };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      clearTimeout(timer);
    }
    return outcome;
  }

  /** Completes or fails the job by its outcome. */
  async function finish(queue: string, job: PgBoss.JobWithMetadata<JobData>, outcome: Outcome) {
    // The handler's result becomes the job's output (`summary` is shown on the monitoring screens).
    if (outcome.ok) {
      const { result } = outcome;
      await settle(() => (result ? boss.complete(queue, job.id, result) : boss.complete(queue, job.id)));
    } else {
      const { error } = outcome;
      await settle(() => boss.fail(queue, job.id, error as object));
    }
  }

  /**
   * Runs `step` until `stop`, each time after the pause it answers (0: at once); `stop` cuts a pause short, so a
   * stopping process does not wait out an interval.
   */
  function repeat(step: () => Promise<number>) {
    let halted = false;
    let wake: (() => void) | undefined;
    const done = (async () => {
      while (!halted) {
        const pause = await step();
        if (!halted && pause > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pause);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      }
    })();
    loops.push({
      stop() {
        halted = true;
        wake?.();
      },
      done,
    });
  }

  /**
   * Our own polling loop instead of `boss.work`: pg-boss 10's worker calls complete()/fail() without awaiting
   * them, so a lost connection at that moment is an unhandled rejection (decision 023). `fetch` already swallows
   * database errors, so the loop keeps polling through an outage.
   */
  function poll(
    queue: string,
    size: number,
    handle: (batch: PgBoss.JobWithMetadata<JobData>[]) => Promise<void>,
    pollOptions: { pausable?: boolean } = {},
  ) {
    repeat(async () => {
      const began = Date.now();
      try {
        // A paused queue (a row of queue_pauses, written by monitoring; decision 056) is not fetched from: its
        // jobs wait, running ones finish. Read on every poll, so a pause applies within one interval everywhere.
        const paused =
          pollOptions.pausable &&
          (await options.database.sql.executeSql('select 1 from queue_pauses where queue = $1', [queue])).rows
            .length > 0;
        const batch = paused
          ? []
          : await boss.fetch<JobData>(queue, { batchSize: size, includeMetadata: true });
        if (batch.length > 0) await handle(batch);
        // A full batch means more are waiting: fetch again at once instead of after the interval.
        if (batch.length === size) return 0;
      } catch (error) {
        report(error);
      }
      return pollingMs - (Date.now() - began);
    });
  }

  async function runSchedules(now: Date): Promise<number> {
    const { rows } = (await options.database.sql.executeSql(
      'select name, cron, timezone from pgboss.schedule',
      [],
    )) as { rows: Array<{ name: string; cron: string; timezone: string | null }> };
    const minute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
    let queued = 0;
    // The minute before too: a check held up past a minute's end (a busy process) still queues that minute's runs.
    for (const at of [minute - MINUTE_MS, minute].map((time) => new Date(time))) {
      for (const row of rows) {
        const definition = registry[row.name];
        if (!definition?.schedule || !cronMatches(row.cron, row.timezone ?? SCHEDULE_TIMEZONE, at)) continue;
        const id = await boss.send(
          definition.queue,
          { name: row.name, scheduledAt: at.toISOString() },
          { ...retry, id: scheduledRunId(row.name, at), expireInSeconds: expiryOf(row.name) },
        );
        if (id) queued += 1;
      }
    }
    return queued;
  }

  /** `runSchedules` now and every SCHEDULE_CHECK_INTERVAL_MS until `stop`; a failed check is reported, not fatal. */
  function scheduleLoop() {
    repeat(async () => {
      try {
        await runSchedules(new Date());
      } catch (error) {
        report(error);
      }
      return SCHEDULE_CHECK_INTERVAL_MS;
    });
  }

  return {
    boss,
    async start() {
      if (started) return;
      await boss.start();
      for (const queue of QUEUE_NAMES) {
        const existing = await boss.getQueue(queue);
        if (!existing) await boss.createQueue(queue, { name: queue, ...retry });
      }
      // pg-boss 10 keeps one schedule per queue (a foreign key): each scheduled job has a queue of its name.
      for (const schedule of schedules) {
        const existing = await boss.getQueue(schedule.name);
        if (!existing)
          await boss.createQueue(schedule.name, { name: schedule.name, ...SCHEDULE_QUEUE_OPTIONS });
      }
      started = true;
      stopping = false;
    },
    async send(tx, name, payload, sendOptions = {}) {
      return sendVia(tx ? sqlExecutorOf(tx) : null, name, payload, sendOptions);
    },
    async sendStatement(name, payload, sendOptions = {}) {
      // pg-boss builds and checks the job as for `send`; its one statement is kept instead of run.
      let statement: JobStatement | undefined;
      const id = sendOptions.id ?? randomUUID();
      const keep: SqlExecutor = {
        async executeSql(text, values = []) {
          if (statement) throw new Error('pg-boss sent more than one statement for one job');
          statement = { id, text, values };
          return { rows: [{ id }] };
        },
      };
      await sendVia(keep, name, payload, { ...sendOptions, id });
      if (!statement) throw new Error(`pg-boss sent no statement for job "${name}"`);
      return statement;
    },
    async cancelWaiting(tx, name, match) {
      const definition = registry[name];
      if (!definition) throw new Error(`Unknown job "${name}"`);
      const db = sqlExecutorOf(tx);
      const { rows } = (await db.executeSql(
        `select id from pgboss.job
          where name = $1 and state < 'active' and data @> $2::jsonb
          for update skip locked`,
        [definition.queue, JSON.stringify({ ...match, name })],
      )) as { rows: Array<{ id: string }> };
      if (rows.length === 0) return 0;
      await boss.cancel(definition.queue, rows.map((row) => row.id) as unknown as string, {
        db: db as PgBoss.Db,
      });
      return rows.length;
    },
    async work(handlers) {
      const run = dispatch(handlers as Partial<Record<string, Handler>>);
      for (const queue of QUEUE_NAMES) {
        // Each job of the batch runs and succeeds or fails on its own (pg-boss would fail the whole batch). The
        // jobs that succeeded without an output are completed together, in one statement per batch instead of one
        // per job (issue 15: at a few hundred orders a second, each order's mail job paid a statement for it).
        poll(
          queue,
          batchSize,
          async (batch) => {
            const outcomes = await Promise.all(batch.map((job) => execute(queue, job, run)));
            const plain = batch.filter((_, i) => {
              const outcome = outcomes[i]!;
              return outcome.ok && !outcome.result;
            });
            await Promise.all([
              plain.length > 0
                ? settle(() =>
                    boss.complete(
                      queue,
                      plain.map((job) => job.id),
                    ),
                  )
                : undefined,
              ...batch.map((job, i) => (plain.includes(job) ? undefined : finish(queue, job, outcomes[i]!))),
            ]);
          },
          { pausable: true },
        );
      }
      if (options.schedule ?? true) scheduleLoop();
    },
    runSchedules,
    async check() {
      if (!started || stopping) throw new Error('pg-boss is not running');
      if (!(await boss.getQueue(QUEUE_NAMES[0]))) throw new Error('pg-boss queues are missing');
    },
    async stop(stopOptions = {}) {
      if (!started) return;
      stopping = true;
      for (const loop of loops) loop.stop();
      const drained = Promise.all(loops.splice(0).map((loop) => loop.done));
      const timeoutMs = stopOptions.timeoutMs ?? 20_000;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
      started = false;
      // Jobs still running past the timeout stay active: they expire and run again elsewhere.
      await boss.stop({ graceful: true, wait: true, timeout: 1000 });
    },
  };
}
