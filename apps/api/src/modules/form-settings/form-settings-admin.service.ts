import { asc, desc, isNull } from 'drizzle-orm';
import type {
  AdminAssurance,
  AdminDelivery,
  AdminDocumentType,
  AssuranceInput,
  DeliveryInput,
  DocumentTypeInput,
  PromoCode,
  PromoCodeInput,
  UpdateAssuranceRequest,
  UpdateDeliveryRequest,
  UpdateDocumentTypeRequest,
} from '@app/contracts';
import { MESSAGES } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { assurances, deliveries, documentTypes, promoCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { toAssurance, toDelivery, toDocument, toPromo } from './form-settings-admin.mapper.ts';
import { DOCUMENT_CODE_INDEX, promoValues, type FormSettingsRepository } from './form-settings.repository.ts';
import type { FormSettingsService } from './form-settings.service.ts';

export type FormSettingsAdminService = ReturnType<typeof createFormSettingsAdminService>;

/**
 * A live document's code is unique whatever its case (decision 048). The unique index decides, so two admins
 * saving the same code at once get one row and one refusal; the refusal is the form's message on the code field.
 */
async function refuseTakenCode<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (!isUniqueViolation(error, DOCUMENT_CODE_INDEX)) throw error;
    throw new AppError('CONFLICT', MESSAGES.documentTypeCodeTaken, {
      details: [{ path: 'type', message: MESSAGES.documentTypeCodeTaken }],
    });
  }
}

/**
 * Back-office editing of the order form's catalogue (documents, assurances, deliveries) and promo codes.
 * Catalogue items are soft-deleted: orders snapshot their lines, and the row stays for the order's refId.
 * Every change drops the form-params cache so the order form offers the new catalogue at once.
 */
export function createFormSettingsAdminService(deps: {
  db: Db;
  repo: FormSettingsRepository;
  audit: AuditRepository;
  formSettings: FormSettingsService;
  clock: Clock;
}) {
  const { db, repo, formSettings, clock } = deps;

  async function audit(tx: DbOrTx, actor: UserPrincipal, action: string, entityId: string, data: unknown) {
    await deps.audit.record(tx, {
      actorUserId: actor.userId,
      action,
      entity: 'form-settings',
      entityId,
      data,
    });
  }

  /** Runs a change with its audit record in one transaction, then makes the order form see it. */
  async function change<T>(run: (tx: DbOrTx) => Promise<T>): Promise<T> {
    const result = await db.transaction(run);
    formSettings.invalidate();
    return result;
  }

  return {
    async listDocuments(): Promise<AdminDocumentType[]> {
      const rows = await db
        .select()
        .from(documentTypes)
        .where(isNull(documentTypes.deletedAt))
        .orderBy(asc(documentTypes.sortOrder), asc(documentTypes.name));
      return rows.map(toDocument);
    },
    async createDocument(actor: UserPrincipal, input: DocumentTypeInput) {
      return change(async (tx) => {
        const row = await refuseTakenCode(repo.documentTypes.insert(tx, input));
        await audit(tx, actor, 'document-type.create', row.id, input);
        return toDocument(row);
      });
    },
    async updateDocument(actor: UserPrincipal, { id, ...input }: UpdateDocumentTypeRequest) {
      return change(async (tx) => {
        const row = await refuseTakenCode(
          repo.documentTypes.update(tx, id, { ...input, updatedAt: clock.now() }),
        );
        if (!row) throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'document-type.update', id, input);
        return toDocument(row);
      });
    },
    async removeDocument(actor: UserPrincipal, id: string) {
      await change(async (tx) => {
        if (!(await repo.documentTypes.softDelete(tx, id, clock.now())))
          throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'document-type.delete', id, null);
      });
    },

    async listAssurances(): Promise<AdminAssurance[]> {
      const rows = await db
        .select()
        .from(assurances)
        .where(isNull(assurances.deletedAt))
        .orderBy(asc(assurances.sortOrder), asc(assurances.name));
      return rows.map(toAssurance);
    },
    async createAssurance(actor: UserPrincipal, input: AssuranceInput) {
      return change(async (tx) => {
        const row = await repo.assurances.insert(tx, input);
        await audit(tx, actor, 'assurance.create', row.id, input);
        return toAssurance(row);
      });
    },
    async updateAssurance(actor: UserPrincipal, { id, ...input }: UpdateAssuranceRequest) {
      return change(async (tx) => {
        const row = await repo.assurances.update(tx, id, { ...input, updatedAt: clock.now() });
        if (!row) throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'assurance.update', id, input);
        return toAssurance(row);
      });
    },
    async removeAssurance(actor: UserPrincipal, id: string) {
      await change(async (tx) => {
        if (!(await repo.assurances.softDelete(tx, id, clock.now())))
          throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'assurance.delete', id, null);
      });
    },

    async listDeliveries(): Promise<AdminDelivery[]> {
      const rows = await db
        .select()
        .from(deliveries)
        .where(isNull(deliveries.deletedAt))
        .orderBy(asc(deliveries.sortOrder), asc(deliveries.name));
      return rows.map(toDelivery);
    },
    async createDelivery(actor: UserPrincipal, input: DeliveryInput) {
      return change(async (tx) => {
        const row = await repo.deliveries.insert(tx, input);
        await audit(tx, actor, 'delivery.create', row.id, input);
        return toDelivery(row);
      });
    },
    async updateDelivery(actor: UserPrincipal, { id, ...input }: UpdateDeliveryRequest) {
      return change(async (tx) => {
        const row = await repo.deliveries.update(tx, id, { ...input, updatedAt: clock.now() });
        if (!row) throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'delivery.update', id, input);
        return toDelivery(row);
      });
    },
    async removeDelivery(actor: UserPrincipal, id: string) {
      await change(async (tx) => {
        if (!(await repo.deliveries.softDelete(tx, id, clock.now())))
          throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'delivery.delete', id, null);
      });
    },

    // Promo codes are not part of the cached form params (the form validates a code on demand).

    async listPromoCodes(): Promise<PromoCode[]> {
      const rows = await db
        .select()
        .from(promoCodes)
        .orderBy(desc(promoCodes.createdAt), asc(promoCodes.code));
      const now = clock.now();
      return rows.map((row) => toPromo(row, now));
    },
    async createPromoCode(actor: UserPrincipal, input: PromoCodeInput): Promise<PromoCode> {
      return db.transaction(async (tx) => {
        const row = await repo.insertPromoCode(tx, promoValues(input));
        if (!row) throw new AppError('CONFLICT', MESSAGES.promoExists);
        await audit(tx, actor, 'promo-code.create', row.code, input);
        return toPromo(row, clock.now());
      });
    },
    /** Replaces the settings of an existing code; its use count is kept. */
    async updatePromoCode(actor: UserPrincipal, input: PromoCodeInput): Promise<PromoCode> {
      return db.transaction(async (tx) => {
        const row = await repo.updatePromoCode(tx, promoValues(input));
        if (!row) throw notFound(MESSAGES.promoNotFound);
        await audit(tx, actor, 'promo-code.update', input.code, input);
        return toPromo(row, clock.now());
      });
    },
    /** A hard delete: orders keep the code and its percent as text in their own row. */
    async removePromoCode(actor: UserPrincipal, code: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.deletePromoCode(tx, code))) throw notFound(MESSAGES.promoNotFound);
        await audit(tx, actor, 'promo-code.delete', code, null);
      });
    },
  };
}
