import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { preparedOnce, type DbOrTx } from '../../db/client.ts';
import type { JobStatement } from '../../jobs/jobs.ts';
import { loginLinkCtes, type LoginLinkWrite } from '../auth/auth.repository.ts';
import { orderEventCte, type OrderEventWrite } from '../orders/orders.repository.ts';
import { keysetAfter } from '../../lib/keyset.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

/** A new message: what `queue` records; the rest of the row is its defaults. */
export type MailInsert = Pick<typeof mailOutbox.$inferInsert, 'to' | 'subject' | 'text'> & {
  html: string | null;
  orderId: string | null;
  secrets: string[];
};

/** The new message's columns, each a placeholder of its prepared insert. */
const MAIL_INSERT_VALUES = {
  to: sql.placeholder('to') as unknown as string,
  subject: sql.placeholder('subject') as unknown as string,
  text: sql.placeholder('text') as unknown as string,
  html: sql.placeholder('html') as unknown as string,
  orderId: sql.placeholder('orderId') as unknown as string,
  secrets: sql.placeholder('secrets') as unknown as string[],
};

/** pg-boss's job insert as SQL whose `$n` are placeholders `job<n>` (drizzle numbers them in the statement). */
function jobInsertSql(text: string): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.placeholder(`job${match[1]}`)}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

export function createMailRepository() {
  // The message and its send-email job in one statement (decision 040), one per text of pg-boss's insert (and
  // per message with a sign-in link beside it, decision 064).
  const withJobStatements = {
    link: new Map<string, ReturnType<typeof buildInsertWithJob>>(),
    plain: new Map<string, ReturnType<typeof buildInsertWithJob>>(),
  };
  function buildInsertWithJob(text: string, index: number, withLoginLink: boolean) {
    return preparedOnce((db) => {
      const queuedJob = db.$with('queued_job', {}).as(jobInsertSql(text));
      return (
        db
          .with(queuedJob, ...(withLoginLink ? loginLinkCtes(db) : []))
          .insert(mailOutbox)
          .values({ ...MAIL_INSERT_VALUES, id: sql.placeholder('id') as unknown as string })
          // The id only: the caller has the rest, and the row's text and HTML are kilobytes to send back and parse
          // on every order (decision 082).
          .returning({ id: mailOutbox.id })
          .prepare(`insert_mail_with_job_${index}`)
      );
    });
  }
  // Every message is claimed and finished by its send-email job: prepared once too (decision 040).
  const claimStatement = preparedOnce((db) =>
    db
      .update(mailOutbox)
      .set({
        status: 'SENDING',
        claimedAt: sql.placeholder('now') as unknown as Date,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        and(
          eq(mailOutbox.id, sql.placeholder('id')),
          or(
            inArray(mailOutbox.status, ['QUEUED', 'FAILED']),
            and(eq(mailOutbox.status, 'SENDING'), lt(mailOutbox.claimedAt, sql.placeholder('staleBefore'))),
          ),
        ),
      )
      .returning()
      .prepare('claim_mail'),
  );
  const finishClaimStatement = preparedOnce((db) => buildFinishClaim(db, false));
  // With the order's `email_sent` event in the same statement (decision 064).
  const finishClaimWithEventStatement = preparedOnce((db) => buildFinishClaim(db, true));
  const buildFinishClaim = (db: DbOrTx, withEvent: boolean) =>
    (withEvent ? db.with(orderEventCte(db)) : db)
      .update(mailOutbox)
      .set({
        status: sql.placeholder('status') as unknown as MailRow['status'],
        error: sql.placeholder('error') as unknown as string,
        sentAt: sql`coalesce(${sql.placeholder('sentAt')}::timestamptz, ${mailOutbox.sentAt})`,
        claimedAt: null,
      })
      .where(
        and(
          eq(mailOutbox.id, sql.placeholder('id')),
          eq(mailOutbox.status, 'SENDING'),
          eq(mailOutbox.claimedAt, sql.placeholder('claimedAt')),
        ),
      )
      .prepare(withEvent ? 'finish_mail_claim_with_event' : 'finish_mail_claim');
  return {
    /**
     * Records a message with the id it was given and runs `job` (pg-boss's insert of its send-email job, from
     * `jobs.sendStatement`) in the same statement: one round trip for both (decision 040). The job is pg-boss's
     * own SQL, run as a CTE beside the insert; nothing here writes the job table by itself.
     */
    async insertWithJob(
      db: DbOrTx,
      values: MailInsert & { id: string },
      job: JobStatement,
      /** A sign-in link the message carries, written by the auth module's CTEs in the same statement. */
      loginLink?: LoginLinkWrite,
    ): Promise<{ id: string }> {
      // Keyed by pg-boss's own text (one string, its hash kept by V8): a key made per call (`link:${text}`) had a
      // 2 KB string flattened and hashed on every order.
      const statements = withJobStatements[loginLink ? 'link' : 'plain'];
      let statement = statements.get(job.text);
      if (!statement) {
        const index = withJobStatements.link.size + withJobStatements.plain.size;
        statement = buildInsertWithJob(job.text, index, loginLink !== undefined);
        statements.set(job.text, statement);
      }
      const jobValues = Object.fromEntries(job.values.map((value, i) => [`job${i + 1}`, value ?? null]));
      const [row] = await statement(db, { ...values, ...jobValues, ...loginLink });
      return row!;
    },
    async findById(db: DbOrTx, id: string): Promise<MailRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },
    async update(db: DbOrTx, id: string, values: Partial<typeof mailOutbox.$inferInsert>): Promise<void> {
      await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
    },
    /**
     * Claims the message for one sender (decision 019): QUEUED or FAILED, or SENDING with a claim older than
     * `staleBefore` (its sender crashed), becomes SENDING in one conditional statement and counts the attempt.
     * No row: it is sent, or another sender holds it.
     */
    async claim(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<MailRow | undefined> {
      const [row] = await claimStatement(db, {
        id,
        now,
        staleBefore: mailOutbox.claimedAt.mapToDriverValue(staleBefore),
      });
      return row;
    },
    /**
     * Records the outcome of a claimed send (`sentAt` only when it went out), unless the claim was taken over; with
     * `event`, the order's event of it in the same statement (written by the orders module's CTE).
     */
    async finishClaim(
      db: DbOrTx,
      id: string,
      claimedAt: Date,
      values: { status: MailRow['status']; error: string | null; sentAt?: Date },
      event?: OrderEventWrite,
    ): Promise<void> {
      const params = {
        id,
        claimedAt: mailOutbox.claimedAt.mapToDriverValue(claimedAt),
        status: values.status,
        error: values.error,
        sentAt: values.sentAt ? mailOutbox.sentAt.mapToDriverValue(values.sentAt) : null,
      };
      if (event) await finishClaimWithEventStatement(db, { ...params, ...event });
      else await finishClaimStatement(db, params);
    },
    /** Newest first; the cursor is `createdAt|id` of the last row seen. */
    async list(db: DbOrTx, options: { limit: number; cursor?: string; to?: string }) {
      const conditions = [];
      if (options.to) conditions.push(eq(mailOutbox.to, options.to));
      const after = keysetAfter(mailOutbox.createdAt, mailOutbox.id, options.cursor);
      if (after) conditions.push(after);
      return db
        .select()
        .from(mailOutbox)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(options.limit + 1);
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
