import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  PARTNER_MESSAGES,
  type PaymentDetails,
  PaymentDetailsRequestSchema,
  type PaymentDetailsResponse,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import {
  partnerAccounts,
  partnerPaymentDetailChanges,
  partnerPaymentDetails,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import type { PartnerPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { MailService } from '../mail/mail.service.ts';
import { maskAccount, toPaymentDetailsResponse } from './payment-details.mapper.ts';
import type { PaymentDetailsRepository } from './payment-details.repository.ts';

/** How long the e-mailed confirmation link of a payment details change works. */
export const PAYMENT_DETAILS_LINK_TTL_HOURS = 24;

export const hashPaymentDetailsToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type PaymentDetailsService = ReturnType<typeof createPaymentDetailsService>;

/**
 * A partner's payment details (decision 063): a change is a pending row applied only from the link mailed to the
 * partner's address (single use, stored as a hash, 24 h), so a stolen session cannot redirect payouts.
 */
export function createPaymentDetailsService(deps: {
  db: Db;
  repo: PaymentDetailsRepository;
  audit: AuditRepository;
  mail: MailService;
  publicUrl: string;
  clock: Clock;
}) {
  const { db, repo, audit, mail, publicUrl, clock } = deps;

  async function get(actor: PartnerPrincipal): Promise<PaymentDetailsResponse> {
    const now = clock.now();
    const [current] = await db
      .select()
      .from(partnerPaymentDetails)
      .where(eq(partnerPaymentDetails.partnerAccountId, actor.partnerAccountId));
    const [pending] = await db
      .select()
      .from(partnerPaymentDetailChanges)
      .where(
        and(
          eq(partnerPaymentDetailChanges.partnerAccountId, actor.partnerAccountId),
          isNull(partnerPaymentDetailChanges.confirmedAt),
          gt(partnerPaymentDetailChanges.expiresAt, now),
        ),
      )
      .orderBy(desc(partnerPaymentDetailChanges.createdAt))
      .limit(1);
    return toPaymentDetailsResponse(current, pending);
  }

  return {
    get,

    async requestChange(actor: PartnerPrincipal, details: PaymentDetails): Promise<PaymentDetailsResponse> {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + PAYMENT_DETAILS_LINK_TTL_HOURS * 3_600_000);
      await db.transaction(async (tx) => {
        const [account] = await tx
          .select({ email: partnerAccounts.email })
          .from(partnerAccounts)
          .where(eq(partnerAccounts.id, actor.partnerAccountId));
        if (!account) throw unauthorized();
        await repo.expirePendingChanges(tx, actor.partnerAccountId, now);
        await repo.insertChange(tx, {
          partnerAccountId: actor.partnerAccountId,
          details,
          tokenHash: hashPaymentDetailsToken(token),
          expiresAt,
          now,
        });
        await audit.record(tx, {
          actorUserId: null,
          action: 'partner_payment_details.request',
          entity: 'partner_account',
          entityId: actor.partnerAccountId,
          data: {
            payeeType: details.payeeType,
            inn: details.inn,
            bik: details.bik,
            account: maskAccount(details.account),
          },
        });
        await mail.queue(tx, {
          to: account.email,
          template: 'partner-payment-details-confirm',
          params: {
            link: `${publicUrl}/partner/payment-details?confirm=${token}`,
            payeeName: details.payeeName,
            accountMasked: maskAccount(details.account),
            bankName: details.bankName,
            expiresAt,
          },
          secrets: [token],
        });
      });
      return get(actor);
    },

    /** Applies the change behind a mailed link; the link's token is the proof (the partner may open it anywhere). */
    async confirm(token: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const change = await repo.consumeChange(tx, hashPaymentDetailsToken(token), now);
        if (!change) throw badRequest(PARTNER_MESSAGES.paymentDetailsLinkInvalid);
        // Stored by requestChange after the contract's checks; parsed again so a row never bypasses them.
        const details = PaymentDetailsRequestSchema.parse(change.details);
        await repo.saveDetails(tx, change.partnerAccountId, details, now);
        await audit.record(tx, {
          actorUserId: null,
          action: 'partner_payment_details.confirm',
          entity: 'partner_account',
          entityId: change.partnerAccountId,
          data: {
            changeId: change.id,
            payeeType: details.payeeType,
            inn: details.inn,
            bik: details.bik,
            account: maskAccount(details.account),
          },
        });
      });
    },
  };
}
