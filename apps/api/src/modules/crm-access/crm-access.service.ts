import { and, desc, eq } from 'drizzle-orm';
import type { CrmAccessRequest, CrmAccessRequestStatus, GrantCrmAccessRequest } from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { crmAccessRequests, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { toCrmAccessRequest } from './crm-access.mapper.ts';
import type { CrmAccessRepository } from './crm-access.repository.ts';

export type CrmAccessService = ReturnType<typeof createCrmAccessService>;

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
  clock: Clock;
}) {
  const { db, repo, authRepo, audit, clock } = deps;

  const findJoined = (dbOrTx: DbOrTx, where: ReturnType<typeof eq>) =>
    dbOrTx
      .select(selection)
      .from(crmAccessRequests)
      .innerJoin(users, eq(users.id, crmAccessRequests.userId))
      .where(where)
      .orderBy(desc(crmAccessRequests.createdAt));

  return {
    async getMine(actor: UserPrincipal): Promise<CrmAccessRequest | null> {
      const [row] = await findJoined(db, eq(crmAccessRequests.userId, actor.userId)).limit(1);
      return row ? toCrmAccessRequest(row) : null;
    },

    /** Asking twice returns the open request; staff already have access. */
    async request(actor: UserPrincipal, comment: string | undefined): Promise<CrmAccessRequest> {
      if (actor.role !== 'USER') throw new AppError('CONFLICT', MESSAGES.crmAccessAlreadyGranted);
      await repo.insertPending(db, actor.userId, comment || null);
      const [row] = await findJoined(
        db,
        and(eq(crmAccessRequests.userId, actor.userId), eq(crmAccessRequests.status, 'PENDING'))!,
      ).limit(1);
      return toCrmAccessRequest(row!);
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
      decision: { kind: 'grant'; input: GrantCrmAccessRequest } | { kind: 'refuse' },
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
          data: decision.kind === 'grant' ? { role: decision.input.role } : null,
        });
        const [row] = await findJoined(tx, eq(crmAccessRequests.id, requestId));
        return toCrmAccessRequest(row!);
      });
    },
  };
}
