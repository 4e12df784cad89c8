import { randomUUID } from 'node:crypto';
import type { MailOutboxItem, MailOutboxQuery } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobContext, Jobs } from '../../jobs/jobs.ts';
import type { MailTransport } from '../../providers/mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { keysetPage } from '../../lib/keyset.ts';
import type { OrderEventWrite } from '../orders/orders.repository.ts';
import type { LoginLinkWrite } from '../auth/auth.repository.ts';
import type { MailRepository, MailRow } from './mail.repository.ts';
import { findOrderStatusView, type OrderStatusView } from '../orders/query/order-status-view.ts';
import { renderMail, type MailBrand, type MailMessage, type MailOrder } from './templates/index.ts';

export type MailService = ReturnType<typeof createMailService>;

/**
 * A claim older than this belongs to a sender that crashed and may be taken over. Longer than any real SMTP
 * exchange; the job's retries (about 20 minutes in all) outlast it.
 */
export const MAIL_CLAIM_STALE_MS = 5 * 60 * 1000;

export function createMailService(deps: {
  db: Db;
  repo: MailRepository;
  jobs: Jobs;
  transport: MailTransport;
  clock: Clock;
  /** The layout's support contacts, seller requisites and site address (decision 036). */
  brand: MailBrand;
}) {
  const { db, repo, jobs, transport, clock, brand } = deps;

  /** An order's mail shows its summary, pay button and status link: read in the caller's transaction. */
  async function mailOrder(
    tx: Tx,
    orderId: string,
    known: OrderStatusView | undefined,
  ): Promise<MailOrder | null> {
    const found = known ?? (await findOrderStatusView(tx, { id: orderId }));
    if (!found) return null;
    return {
      view: found.view,
      statusUrl: `${brand.publicUrl}/order-status/${found.token}`,
      courierAddress: found.courierAddress,
    };
  }

  /** Every attempt for an order's e-mail is an order event (monitoring shows the failures). */
  /** The order's `email_sent` event of this attempt, written with the message's outcome (none without an order). */
  function sentEvent(row: MailRow, isSuccess: boolean, error: string | null): OrderEventWrite | undefined {
    if (!row.orderId) return undefined;
    return {
      eventOrderId: row.orderId,
      eventType: 'email_sent',
      eventIsSuccess: isSuccess,
      eventError: error,
      eventData: { mailId: row.id, subject: row.subject, attempt: row.attempts },
    };
  }

  return {
    /**
     * Renders a template of `templates/` (the only way to write a message), records it and queues its `send-email`
     * job in the caller's transaction.
     */
    async queue(
      tx: Tx,
      mail: MailMessage & {
        to: string;
        orderId?: string | null;
        /** Codes in the message, hidden from the admin outbox when mail goes out by SMTP. */
        secrets?: string[];
        /** The order's view when the caller already has it (order creation); otherwise it is read here. */
        statusView?: OrderStatusView;
        /** The sign-in link in the message, written with it in one statement (`auth.newLoginLink`, decision 064). */
        loginLink?: LoginLinkWrite;
      },
    ): Promise<{ id: string }> {
      const order = mail.orderId ? await mailOrder(tx, mail.orderId, mail.statusView) : null;
      const { subject, text, html } = renderMail(mail, { brand, order });
      // The message and its job in one statement (decision 040): the message's id is chosen here for the job.
      const id = randomUUID();
      const job = await jobs.sendStatement('send-email', { mailId: id, orderId: mail.orderId ?? null });
      return repo.insertWithJob(
        tx,
        { id, to: mail.to, subject, text, html, orderId: mail.orderId ?? null, secrets: mail.secrets ?? [] },
        job,
        mail.loginLink,
      );
    },

    /**
     * The `send-email` job. Safe to run twice, also at once: the message is claimed (QUEUED/FAILED → SENDING) in
     * one conditional statement before it is sent, so only one run sends it (decision 019). A run that finds it
     * claimed by another fails and retries later: by then it is sent, back in the queue, or its claim is stale.
     */
    async deliver(mailId: string, context: Pick<JobContext, 'retryCount' | 'retryLimit'>): Promise<void> {
      const now = clock.now();
      const row = await repo.claim(db, mailId, now, new Date(now.getTime() - MAIL_CLAIM_STALE_MS));
      if (!row) {
        const current = await repo.findById(db, mailId);
        if (!current || current.status === 'SENT') return;
        throw new Error('Письмо уже отправляется другим обработчиком');
      }
      const claimedAt = row.claimedAt!;
      try {
        await transport.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const isLastAttempt = context.retryCount >= context.retryLimit;
        await repo.finishClaim(
          db,
          mailId,
          claimedAt,
          { error: message, status: isLastAttempt ? 'FAILED' : 'QUEUED' },
          sentEvent(row, false, message),
        );
        throw error;
      }
      await repo.finishClaim(
        db,
        mailId,
        claimedAt,
        { status: 'SENT', error: null, sentAt: clock.now() },
        sentEvent(row, true, null),
      );
    },

    async listOutbox(query: MailOutboxQuery): Promise<{ items: MailOutboxItem[]; nextCursor?: string }> {
      const rows = await repo.list(db, { limit: query.limit, cursor: query.cursor, to: query.to });
      const page = keysetPage(rows, query.limit);
      return {
        // The recorded outbox is the delivery on the embedded default (the demo reads codes there). With SMTP
        // the mail really reaches its owner: the outbox must not hand an ADMIN live codes and sign-in links.
        items: page.rows.map((row) => toMailOutboxItem(transport.kind === 'smtp' ? redactSecrets(row) : row)),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },
  };
}

export function toMailOutboxItem(row: MailRow): MailOutboxItem {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export const REDACTED = '••••••';
/** `hash=` of a sign-in link, plain or HTML-escaped (`&amp;hash=`). */
const SIGN_IN_LINK_TOKEN = /([?&](?:amp;)?hash=)[^&\s"'<>]+/g;

/** The row with its listed secrets and every sign-in link token replaced by REDACTED. */
export function redactSecrets(row: MailRow): MailRow {
  const redact = (value: string) => {
    let result = value.replace(SIGN_IN_LINK_TOKEN, `$1${REDACTED}`);
    for (const secret of row.secrets) if (secret) result = result.split(secret).join(REDACTED);
    return result;
  };
  return {
    ...row,
    subject: redact(row.subject),
    text: redact(row.text),
    html: row.html === null ? null : redact(row.html),
  };
}
