import { and, desc, eq } from 'drizzle-orm';
import type { CrmAccessRequest, CrmAccessRequestStatus, GrantCrmAccessRequest } from '@app/contracts';
import { MESSAGES, ROLE_LABELS } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { crmAccessRequests, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { toCrmAccessRequest, type CrmAccessRequestJoined } from './crm-access.mapper.ts';
import type { CrmAccessRepository } from './crm-access.repository.ts';

export type CrmAccessService = ReturnType<typeof createCrmAccessService>;

/** The back-office page where ADMIN decides requests. */
const CRM_ACCESS_REQUESTS_PATH = '/crm/users';
/** Opens the back office with a granted role (the web's admin redirect). */
const CRM_ENTRY_PATH = '/admin-redirect';

const selection = {
  request: crmAccessRequests,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
export function createCrmAccessService(deps: {
  db: Db;
  repo: CrmAccessRepository;
  authRepo: AuthRepository;
  audit: AuditRepository;
  /** The decision and the new request are e-mailed (decision 048); admins also get an in-app message and a push. */
  mail: MailService;
  notifications: NotificationsService;
  auth: Pick<AuthService, 'createLoginLink'>;
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
}) {
  const { db, repo, authRepo, audit, mail, notifications, auth, config, clock } = deps;
  /** Where admins decide requests (the users page's «Заявки на доступ»). */
  const requestsUrl = new URL(CRM_ACCESS_REQUESTS_PATH, config.publicUrl).toString();

  const findJoined = (dbOrTx: DbOrTx, where: ReturnType<typeof eq>) =>
    dbOrTx
      .select(selection)
      .from(crmAccessRequests)
      .innerJoin(users, eq(users.id, crmAccessRequests.userId))
      .where(where)
      .orderBy(desc(crmAccessRequests.createdAt));

  /** Every ADMIN hears of a new request: an e-mail with the requests page, an in-app message and its push. */
  async function notifyAdmins(tx: Tx, joined: CrmAccessRequestJoined): Promise<void> {
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, 'ADMIN'));
    const request = toCrmAccessRequest(joined);
    const who = [request.name, request.email].filter(Boolean).join(', ') || 'Пользователь';
    for (const admin of admins) {
      if (admin.email)
        await mail.queue(tx, {
          to: admin.email,
          template: 'crm-access-requested',
          params: {
            applicant: { email: request.email, name: request.name },
            comment: request.comment,
            requestsUrl,
          },
        });
      await notifications.create(tx, {
        userId: admin.id,
        type: 'crm_access_request',
        title: 'Новая заявка на доступ к CRM',
        body: `${who} просит доступ к CRM.`,
      });
    }
  }

  /** The person who asked hears the decision by e-mail (the request page promises it). */
  async function mailDecision(
    tx: Tx,
    joined: CrmAccessRequestJoined,
    decision: { kind: 'grant'; input: GrantCrmAccessRequest } | { kind: 'refuse'; reason: string | null },
  ): Promise<void> {
    const email = joined.email;
    if (!email) return;
    if (decision.kind === 'refuse') {
      await mail.queue(tx, {
        to: email,
        template: 'crm-access-decided',
        params: { decision: 'refused', reason: decision.reason },
      });
      return;
    }
    // The sign-in link ends on /admin-redirect, which opens the back office with the new role.
    const signInLink = await auth.createLoginLink(tx, email, CRM_ENTRY_PATH);
    await mail.queue(tx, {
      to: email,
      template: 'crm-access-decided',
      params: { decision: 'granted', roleLabel: ROLE_LABELS[decision.input.role], signInLink },
      secrets: [signInLink],
    });
  }

  return {
    async getMine(actor: UserPrincipal): Promise<CrmAccessRequest | null> {
      const [row] = await findJoined(db, eq(crmAccessRequests.userId, actor.userId)).limit(1);
      return row ? toCrmAccessRequest(row) : null;
    },

    /** Asking twice returns the open request; staff already have access. */
    async request(actor: UserPrincipal, comment: string | undefined): Promise<CrmAccessRequest> {
      if (actor.role !== 'USER') throw new AppError('CONFLICT', MESSAGES.crmAccessAlreadyGranted);
      // The request and the admins' mails commit together (decision 048).
      return db.transaction(async (tx) => {
        const isNew = await repo.insertPending(tx, actor.userId, comment || null);
        const [row] = await findJoined(
          tx,
          and(eq(crmAccessRequests.userId, actor.userId), eq(crmAccessRequests.status, 'PENDING'))!,
        ).limit(1);
        if (isNew) await notifyAdmins(tx, row!);
        return toCrmAccessRequest(row!);
      });
    },

    async list(status: CrmAccessRequestStatus | undefined): Promise<CrmAccessRequest[]> {
      const rows = await db
        .select(selection)
        .from(crmAccessRequests)
        .innerJoin(users, eq(users.id, crmAccessRequests.userId))
        .where(status ? eq(crmAccessRequests.status, status) : undefined)
        .orderBy(desc(crmAccessRequests.createdAt))
        .limit(200);
      return rows.map(toCrmAccessRequest);
    },

    async decide(
      actor: UserPrincipal,
      requestId: string,
      decision: { kind: 'grant'; input: GrantCrmAccessRequest } | { kind: 'refuse'; reason: string | null },
    ): Promise<CrmAccessRequest> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const updated = await repo.decidePending(tx, requestId, {
          status: decision.kind === 'grant' ? 'GRANTED' : 'REFUSED',
          grantedRole: decision.kind === 'grant' ? decision.input.role : null,
          decidedBy: actor.userId,
          decidedAt: now,
        });
        if (!updated) {
          const [exists] = await tx
            .select({ id: crmAccessRequests.id })
            .from(crmAccessRequests)
            .where(eq(crmAccessRequests.id, requestId));
          throw exists
            ? new AppError('CONFLICT', MESSAGES.crmAccessRequestDecided)
            : notFound(MESSAGES.crmAccessRequestNotFound);
        }
        if (decision.kind === 'grant') {
          await authRepo.setUserRole(tx, updated.userId, decision.input.role, now);
        }
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: decision.kind === 'grant' ? 'crm_access.grant' : 'crm_access.refuse',
          entity: 'crm_access_request',
          entityId: requestId,
          data: decision.kind === 'grant' ? { role: decision.input.role } : { reason: decision.reason },
        });
        const [row] = await findJoined(tx, eq(crmAccessRequests.id, requestId));
        await mailDecision(tx, row!, decision);
        return toCrmAccessRequest(row!);
      });
    },
  };
}
