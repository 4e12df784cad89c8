import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type {
  ChangePortalPartnerStatus,
  PartnerProgramSettings,
  PartnerProgramSettingsResponse,
  PortalPartner,
  PortalPartnerListQuery,
  PortalPartnerListResponse,
} from '@app/contracts';
import { MESSAGES, PARTNER_MESSAGES, PortalPartnerListQuerySchema } from '@app/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { partnerAccounts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import { toPartnerProgramSettings, toPortalPartner } from './partner-portal.mapper.ts';
import { defaultRatesOf, type PartnerPortalRepository } from './partner-portal.repository.ts';

export type PartnerProgramService = ReturnType<typeof createPartnerProgramService>;

/** ADMIN's programme page: the settings row and the portal partner list with statuses and own rates. */
export function createPartnerProgramService(deps: {
  db: Db;
  repo: PartnerPortalRepository;
  authRepo: Pick<AuthRepository, 'revokePartnerSessions'>;
  audit: AuditRepository;
  clock: Clock;
}) {
  const { db, repo, authRepo, audit, clock } = deps;

  async function partnerOf(tx: Db | Tx, row: typeof partnerAccounts.$inferSelect): Promise<PortalPartner> {
    return toPortalPartner(row, defaultRatesOf(await repo.readSettings(tx)));
  }

  return {
    async getSettings(): Promise<PartnerProgramSettingsResponse> {
      return toPartnerProgramSettings(await repo.readSettings(db));
    },

    async updateSettings(
      actor: UserPrincipal,
      input: PartnerProgramSettings,
    ): Promise<PartnerProgramSettingsResponse> {
      return db.transaction(async (tx) => {
        const before = await repo.readSettings(tx);
        const row = await repo.updateSettings(tx, {
          ...input,
          updatedAt: clock.now(),
          updatedBy: actor.userId,
        });
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner_program.settings',
          entity: 'partner_program_settings',
          entityId: '1',
          data: { before: toPartnerProgramSettings(before), after: input },
        });
        return toPartnerProgramSettings(row);
      });
    },

    async listPartners(query: PortalPartnerListQuery): Promise<PortalPartnerListResponse> {
      const q = PortalPartnerListQuerySchema.parse(query);
      const conditions: (SQL | undefined)[] = [
        q.type ? eq(partnerAccounts.type, q.type) : undefined,
        q.status ? eq(partnerAccounts.status, q.status) : undefined,
        keysetAfter(partnerAccounts.createdAt, partnerAccounts.id, q.cursor),
      ];
      if (q.search) {
        const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(partnerAccounts.name, pattern),
            ilike(partnerAccounts.email, pattern),
            ilike(partnerAccounts.company, pattern),
          ),
        );
      }
      const rows = await db
        .select()
        .from(partnerAccounts)
        .where(and(...conditions))
        .orderBy(desc(partnerAccounts.createdAt), desc(partnerAccounts.id))
        .limit(q.limit + 1);
      const page = keysetPage(rows, q.limit);
      const rates = defaultRatesOf(await repo.readSettings(db));
      return {
        items: page.rows.map((row) => toPortalPartner(row, rates)),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    /**
     * ACTIVE / SUSPENDED / BANNED under the account's row lock, only from the status the admin saw (old → new in
     * the confirmation). A ban ends the partner's sessions at once. Audited with the reason.
     */
    async changeStatus(
      actor: UserPrincipal,
      id: string,
      input: ChangePortalPartnerStatus,
    ): Promise<PortalPartner> {
      return db.transaction(async (tx) => {
        const account = await repo.lockAccount(tx, id);
        if (!account) throw notFound(MESSAGES.partnerNotFound);
        if (account.status !== input.expectedStatus)
          throw new AppError('CONFLICT', PARTNER_MESSAGES.partnerStatusChangedMeanwhile);
        if (account.status === input.status)
          throw new AppError('CONFLICT', PARTNER_MESSAGES.partnerStatusUnchanged);
        const now = clock.now();
        await repo.setStatus(tx, id, input.status);
        if (input.status === 'BANNED') await authRepo.revokePartnerSessions(tx, id, now);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner_account.status',
          entity: 'partner_account',
          entityId: id,
          data: { from: account.status, to: input.status, reason: input.reason },
        });
        return partnerOf(tx, { ...account, status: input.status, updatedAt: now });
      });
    },

    /** The partner's own rate, or null to follow the type's default. Audited. */
    async setCommission(
      actor: UserPrincipal,
      id: string,
      commissionPercent: number | null,
    ): Promise<PortalPartner> {
      return db.transaction(async (tx) => {
        const account = await repo.lockAccount(tx, id);
        if (!account) throw notFound(MESSAGES.partnerNotFound);
        const row = await repo.setCommission(tx, id, commissionPercent, clock.now());
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'partner_account.commission',
          entity: 'partner_account',
          entityId: id,
          data: { from: account.commissionPercent, to: commissionPercent },
        });
        return partnerOf(tx, row!);
      });
    },
  };
}
