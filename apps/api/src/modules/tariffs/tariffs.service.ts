import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tariff, TariffInput, TariffListResponse } from '@app/contracts';
import { MESSAGES, TARIFF_LIMITS } from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import { documentTypes, languages, tariffs } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';
import { toTariff } from './tariffs.mapper.ts';
import { liveTariff, type TariffsRepository } from './tariffs.repository.ts';

export type TariffsService = ReturnType<typeof createTariffsService>;

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { details: [{ path: `body.${path}`, message }] });

/**
 * Price rules (/crm/tariffs, ADMIN). The order price engine (`calculatePrice`) applies the active ones; the order
 * form receives them with its cached parameters, so every change drops that cache. Deleting is soft: a deleted
 * rule stops applying, while orders keep the lines they were priced with.
 */
export function createTariffsService(deps: {
  db: Db;
  repo: TariffsRepository;
  audit: AuditRepository;
  formSettings: FormSettingsService;
  clock: Clock;
}) {
  const { db, repo, formSettings, clock } = deps;

  async function audit(tx: DbOrTx, actor: UserPrincipal, action: string, entityId: string, data: unknown) {
    await deps.audit.record(tx, { actorUserId: actor.userId, action, entity: 'tariff', entityId, data });
  }

  /** Languages must be in the language list (active) and the document type must be offered (not deleted). */
  async function checkReferences(tx: DbOrTx, input: TariffInput): Promise<string | null> {
    for (const field of ['originalLanguage', 'targetLanguage'] as const) {
      const code = input[field];
      if (code === null) continue;
      const [language] = await tx
        .select({ code: languages.code })
        .from(languages)
        .where(and(eq(languages.code, code), eq(languages.isActive, true)));
      if (!language) throw invalid(field, MESSAGES.unknownLanguage);
    }
    if (input.documentTypeId === null) return null;
    const [document] = await tx
      .select({ name: documentTypes.name })
      .from(documentTypes)
      .where(and(eq(documentTypes.id, input.documentTypeId), isNull(documentTypes.deletedAt)));
    if (!document) throw invalid('documentTypeId', MESSAGES.unknownDocument);
    return document.name;
  }

  /** Runs a change with its audit record in one transaction, then makes the order form see it. */
  async function change<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(run);
    formSettings.invalidate();
    return result;
  }

  const selectWithDocument = (dbOrTx: DbOrTx) =>
    dbOrTx
      .select({ tariff: tariffs, documentTypeName: documentTypes.name })
      .from(tariffs)
      .leftJoin(documentTypes, eq(documentTypes.id, tariffs.documentTypeId));

  return {
    /** Every tariff not deleted (a short catalogue, answered whole), in the order the engine breaks ties. */
    async list(): Promise<TariffListResponse> {
      const rows = await selectWithDocument(db)
        .where(isNull(tariffs.deletedAt))
        .orderBy(asc(tariffs.sortOrder), asc(tariffs.name), asc(tariffs.id));
      return {
        items: rows.map((row) => toTariff(row.tariff, row.documentTypeName)),
        total: rows.length,
      };
    },
    async get(id: string): Promise<Tariff> {
      const [row] = await selectWithDocument(db).where(liveTariff(id));
      if (!row) throw notFound(MESSAGES.tariffNotFound);
      return toTariff(row.tariff, row.documentTypeName);
    },
    async create(actor: UserPrincipal, input: TariffInput): Promise<Tariff> {
      return change(async (tx) => {
        // Creations queue here and count only then, so the last free places cannot be taken twice (decision 019).
        await lockForTransaction(tx, 'tariffs:create');
        const documentTypeName = await checkReferences(tx, input);
        if ((await repo.countLive(tx)) >= TARIFF_LIMITS.maxTariffs) {
          throw new AppError('VALIDATION_ERROR', MESSAGES.tariffLimitReached);
        }
        const row = await repo.insert(tx, input);
        await audit(tx, actor, 'tariff.create', row.id, input);
        return toTariff(row, documentTypeName);
      });
    },
    async update(actor: UserPrincipal, id: string, input: TariffInput): Promise<Tariff> {
      return change(async (tx) => {
        const documentTypeName = await checkReferences(tx, input);
        const row = await repo.update(tx, id, input, clock.now());
        if (!row) throw notFound(MESSAGES.tariffNotFound);
        await audit(tx, actor, 'tariff.update', id, input);
        return toTariff(row, documentTypeName);
      });
    },
    async remove(actor: UserPrincipal, id: string): Promise<void> {
      await change(async (tx) => {
        if (!(await repo.softDelete(tx, id, clock.now()))) throw notFound(MESSAGES.tariffNotFound);
        await audit(tx, actor, 'tariff.delete', id, null);
      });
    },
  };
}
