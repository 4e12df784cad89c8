import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  PartnerApplication,
  PartnerApplicationInput,
  PartnerApplicationListQuery,
  PartnerApplicationListResponse,
  PartnerAuthResponse,
  SetPartnerPasswordRequest,
} from '@app/contracts';
import { PARTNER_MESSAGES, PartnerApplicationListQuerySchema } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { partnerAccounts, partnerApplications, partnerPasswordTokens, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import { hmac } from '../../lib/tokens.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AuthService, RequestMeta } from '../auth/auth.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { toPartnerApplication } from './partner-portal.mapper.ts';
import type { PartnerPortalRepository } from './partner-portal.repository.ts';

export type PartnerJoiningService = ReturnType<typeof createPartnerJoiningService>;

/** A set-password link lives 72 hours (decision 060). */
export const PARTNER_PASSWORD_LINK_TTL_HOURS = 72;
/** «Забыли пароль?» mails at most one link per account in this many seconds. */
const RESET_MAIL_INTERVAL_SECONDS = 60;
const APPLICATIONS_PATH = '/crm/partner-program/applications';
const SET_PASSWORD_PATH = '/partner/set-password';
/** Not a scrypt hash: nobody can sign in with it until a password is set from the link. */
const UNUSABLE_PASSWORD_HASH = 'unset$';

/**
 * Joining the programme: the public application, ADMIN's decision (the account and its set-password link),
 * the single-use link itself and «Забыли пароль?» (decision 060).
 */
export function createPartnerJoiningService(deps: {
  db: Db;
  repo: PartnerPortalRepository;
  authRepo: Pick<AuthRepository, 'revokePartnerSessions'>;
  auth: Pick<AuthService, 'startPartnerSession'>;
  audit: AuditRepository;
  mail: MailService;
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
  clock: Clock;
}) {
  const { db, repo, authRepo, auth, audit, mail, config, clock } = deps;
  const tokenHash = (token: string) => hmac(config.jwtSecret, 'partner-password-link', token);

  /** A new single-use link for the account (stored hashed); returns the URL to mail. */
  async function issuePasswordLink(tx: Tx, partnerAccountId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await repo.insertPasswordToken(tx, {
      partnerAccountId,
      tokenHash: tokenHash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PARTNER_PASSWORD_LINK_TTL_HOURS * 3600_000),
    });
    const url = new URL(SET_PASSWORD_PATH, config.publicUrl);
    url.searchParams.set('token', token);
    return url.toString();
  }

  async function accountByEmail(email: string) {
    const [row] = await db
      .select()
      .from(partnerAccounts)
      .where(sql`lower(${partnerAccounts.email}) = ${email.toLowerCase()}`);
    return row;
  }

  async function mustFindDecided(tx: Tx, id: string): Promise<never> {
    const [exists] = await tx
      .select({ id: partnerApplications.id })
      .from(partnerApplications)
      .where(eq(partnerApplications.id, id));
    throw exists
      ? new AppError('CONFLICT', PARTNER_MESSAGES.partnerApplicationDecided)
      : notFound(PARTNER_MESSAGES.partnerApplicationNotFound);
  }

  return {
    /**
     * One open application per e-mail (a unique index; a second is a 409). An e-mail that already has an
     * account hears only that (sign in or restore the password), nothing about the account.
     */
    async apply(input: PartnerApplicationInput): Promise<PartnerApplication> {
      if (await accountByEmail(input.email))
        throw new AppError('CONFLICT', PARTNER_MESSAGES.partnerApplicationAccountExists);
      return db.transaction(async (tx) => {
        const row = await repo.insertApplication(tx, {
          type: input.type,
          name: input.name,
          company: input.company,
          website: input.website,
          email: input.email,
          phone: input.phone,
          promotion: input.promotion,
          consentAt: clock.now(),
        });
        if (!row) throw new AppError('CONFLICT', PARTNER_MESSAGES.partnerApplicationPending);
        const admins = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'ADMIN'));
        const applicationsUrl = new URL(APPLICATIONS_PATH, config.publicUrl).toString();
        for (const admin of admins) {
          if (!admin.email) continue;
          await mail.queue(tx, {
            to: admin.email,
            template: 'partner-application-received',
            params: {
              applicant: { name: row.name, email: row.email, company: row.company, type: row.type },
              applicationsUrl,
            },
          });
        }
        return toPartnerApplication(row);
      });
    },

    async list(query: PartnerApplicationListQuery): Promise<PartnerApplicationListResponse> {
      const q = PartnerApplicationListQuerySchema.parse(query);
      const rows = await db
        .select()
        .from(partnerApplications)
        .where(
          and(
            q.status ? eq(partnerApplications.status, q.status) : undefined,
            keysetAfter(partnerApplications.createdAt, partnerApplications.id, q.cursor),
          ),
        )
        .orderBy(desc(partnerApplications.createdAt), desc(partnerApplications.id))
        .limit(q.limit + 1);
      const page = keysetPage(rows, q.limit);
      return {
        items: page.rows.map(toPartnerApplication),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    /**
     * Approves a PENDING application in one conditional statement (of two admins at once, one wins; the other
     * hears 409): the account (the application's type, ACTIVE, no usable password), its set-password link by
     * e-mail and the audit entry commit together.
     */
    async approve(actor: UserPrincipal, id: string): Promise<PartnerApplication> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const decided = await repo.decidePendingApplication(tx, id, {
          status: 'APPROVED',
          refusalReason: null,
          decidedBy: actor.userId,
          decidedAt: now,
        });
        if (!decided) return mustFindDecided(tx, id);
        const account = await repo.insertAccount(tx, {
          email: decided.email.toLowerCase(),
          passwordHash: UNUSABLE_PASSWORD_HASH,
          name: decided.name,
          phone: decided.phone,
          company: decided.company,
          website: decided.website,
          type: decided.type,
          status: 'ACTIVE',
        });
        if (!account) throw new AppError('CONFLICT', PARTNER_MESSAGES.partnerApplicationAccountExists);
        await repo.linkApplicationAccount(tx, id, account.id);
        const setPasswordLink = await issuePasswordLink(tx, account.id);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner_application.approve',
          entity: 'partner_application',
          entityId: id,
          data: { partnerAccountId: account.id, type: account.type },
        });
        await mail.queue(tx, {
          to: account.email,
          template: 'partner-application-decided',
          params: {
            decision: 'approved',
            name: account.name,
            setPasswordLink,
            ttlHours: PARTNER_PASSWORD_LINK_TTL_HOURS,
          },
          secrets: [setPasswordLink],
        });
        return toPartnerApplication({ ...decided, partnerAccountId: account.id });
      });
    },

    async refuse(actor: UserPrincipal, id: string, reason: string): Promise<PartnerApplication> {
      return db.transaction(async (tx) => {
        const decided = await repo.decidePendingApplication(tx, id, {
          status: 'REFUSED',
          refusalReason: reason,
          decidedBy: actor.userId,
          decidedAt: clock.now(),
        });
        if (!decided) return mustFindDecided(tx, id);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner_application.refuse',
          entity: 'partner_application',
          entityId: id,
          data: { reason },
        });
        await mail.queue(tx, {
          to: decided.email,
          template: 'partner-application-decided',
          params: { decision: 'refused', name: decided.name, reason },
        });
        return toPartnerApplication(decided);
      });
    },

    /**
     * Sets the password from a link: the link is used in one conditional statement (two uses at once: one
     * succeeds), the account's other links retire, its sessions end, and the partner is signed in.
     */
    async setPassword(input: SetPartnerPasswordRequest, meta: RequestMeta): Promise<PartnerAuthResponse> {
      const newHash = await hashPassword(input.newPassword);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const partnerAccountId = await repo.consumePasswordToken(tx, tokenHash(input.token), now);
        if (!partnerAccountId) throw badRequest(PARTNER_MESSAGES.partnerPasswordLinkInvalid);
        const account = await repo.lockAccount(tx, partnerAccountId);
        if (!account || account.status === 'BANNED')
          throw badRequest(PARTNER_MESSAGES.partnerPasswordLinkInvalid);
        await repo.setPasswordHash(tx, account.id, newHash, now);
        await repo.retirePasswordTokens(tx, account.id, now);
        await authRepo.revokePartnerSessions(tx, account.id, now);
        return auth.startPartnerSession(tx, { ...account, passwordHash: newHash }, meta);
      });
    },

    /** The same answer whether the e-mail has an account or not; a banned account gets no link. */
    async requestPasswordReset(email: string): Promise<void> {
      const found = await accountByEmail(email);
      if (!found) return;
      await db.transaction(async (tx) => {
        // One link a minute: the account's row orders concurrent requests, so the second one sees the first's
        // link (a read before the lock would let both through and send two mails).
        const account = await repo.lockAccount(tx, found.id);
        if (!account || account.status === 'BANNED') return;
        const now = clock.now();
        const [recent] = await tx
          .select({ id: partnerPasswordTokens.id })
          .from(partnerPasswordTokens)
          .where(
            and(
              eq(partnerPasswordTokens.partnerAccountId, account.id),
              gt(
                partnerPasswordTokens.createdAt,
                new Date(now.getTime() - RESET_MAIL_INTERVAL_SECONDS * 1000),
              ),
            ),
          )
          .limit(1);
        if (recent) return;
        const setPasswordLink = await issuePasswordLink(tx, account.id);
        await mail.queue(tx, {
          to: account.email,
          template: 'partner-password-reset',
          params: { setPasswordLink, ttlHours: PARTNER_PASSWORD_LINK_TTL_HOURS },
          secrets: [setPasswordLink],
        });
      });
    },
  };
}
