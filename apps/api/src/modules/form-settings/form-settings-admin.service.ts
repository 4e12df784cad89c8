import { and, asc, desc, eq, isNull } from 'drizzle-orm';
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
import { assurances, auditLog, deliveries, documentTypes, promoCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { UserPrincipal } from '../../lib/principal.ts';
import type { FormSettingsService } from './form-settings.service.ts';

export type FormSettingsAdminService = ReturnType<typeof createFormSettingsAdminService>;

type DocumentRow = typeof documentTypes.$inferSelect;
type AssuranceRow = typeof assurances.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;
type PromoRow = typeof promoCodes.$inferSelect;

const toDocument = (row: DocumentRow): AdminDocumentType => ({
  id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  processingDays: row.processingDays,
  sortOrder: row.sortOrder,
});
const toAssurance = (row: AssuranceRow): AdminAssurance => ({
  id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  extraDays: row.extraDays,
  sortOrder: row.sortOrder,
});
const toDelivery = (row: DeliveryRow): AdminDelivery => ({
  id: row.id,
  type: row.type,
  name: row.name,
  price: row.price,
  description: row.description,
  sortOrder: row.sortOrder,
});
const toPromo = (row: PromoRow): PromoCode => ({
  code: row.code,
  discountPercent: row.discountPercent,
  isActive: row.isActive,
  validFrom: row.validFrom?.toISOString() ?? null,
  validTo: row.validTo?.toISOString() ?? null,
  maxUses: row.maxUses,
  usedCount: row.usedCount,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Back-office editing of the order form's catalogue (documents, assurances, deliveries) and promo codes.
 * Catalogue items are soft-deleted: orders snapshot their lines, and the row stays for the order's refId.
 * Every change drops the form-params cache so the order form offers the new catalogue at once.
 */
export function createFormSettingsAdminService(deps: {
  db: Db;
  formSettings: FormSettingsService;
  clock: Clock;
}) {
  const { db, formSettings, clock } = deps;

  async function audit(tx: DbOrTx, actor: UserPrincipal, action: string, entityId: string, data: unknown) {
    await tx
      .insert(auditLog)
      .values({ actorUserId: actor.userId, action, entity: 'form-settings', entityId, data });
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
        const [row] = await tx.insert(documentTypes).values(input).returning();
        await audit(tx, actor, 'document-type.create', row!.id, input);
        return toDocument(row!);
      });
    },
    async updateDocument(actor: UserPrincipal, { id, ...input }: UpdateDocumentTypeRequest) {
      return change(async (tx) => {
        const [row] = await tx
          .update(documentTypes)
          .set({ ...input, updatedAt: clock.now() })
          .where(and(eq(documentTypes.id, id), isNull(documentTypes.deletedAt)))
          .returning();
        if (!row) throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'document-type.update', id, input);
        return toDocument(row);
      });
    },
    async removeDocument(actor: UserPrincipal, id: string) {
      await change(async (tx) => {
        const rows = await tx
          .update(documentTypes)
          .set({ deletedAt: clock.now() })
          .where(and(eq(documentTypes.id, id), isNull(documentTypes.deletedAt)))
          .returning({ id: documentTypes.id });
        if (rows.length === 0) throw notFound(MESSAGES.formSettingNotFound);
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
        const [row] = await tx.insert(assurances).values(input).returning();
        await audit(tx, actor, 'assurance.create', row!.id, input);
        return toAssurance(row!);
      });
    },
    async updateAssurance(actor: UserPrincipal, { id, ...input }: UpdateAssuranceRequest) {
      return change(async (tx) => {
        const [row] = await tx
          .update(assurances)
          .set({ ...input, updatedAt: clock.now() })
          .where(and(eq(assurances.id, id), isNull(assurances.deletedAt)))
          .returning();
        if (!row) throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'assurance.update', id, input);
        return toAssurance(row);
      });
    },
    async removeAssurance(actor: UserPrincipal, id: string) {
      await change(async (tx) => {
        const rows = await tx
          .update(assurances)
          .set({ deletedAt: clock.now() })
          .where(and(eq(assurances.id, id), isNull(assurances.deletedAt)))
          .returning({ id: assurances.id });
        if (rows.length === 0) throw notFound(MESSAGES.formSettingNotFound);
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
        const [row] = await tx.insert(deliveries).values(input).returning();
        await audit(tx, actor, 'delivery.create', row!.id, input);
        return toDelivery(row!);
      });
    },
    async updateDelivery(actor: UserPrincipal, { id, ...input }: UpdateDeliveryRequest) {
      return change(async (tx) => {
        const [row] = await tx
          .update(deliveries)
          .set({ ...input, updatedAt: clock.now() })
          .where(and(eq(deliveries.id, id), isNull(deliveries.deletedAt)))
          .returning();
        if (!row) throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'delivery.update', id, input);
        return toDelivery(row);
      });
    },
    async removeDelivery(actor: UserPrincipal, id: string) {
      await change(async (tx) => {
        const rows = await tx
          .update(deliveries)
          .set({ deletedAt: clock.now() })
          .where(and(eq(deliveries.id, id), isNull(deliveries.deletedAt)))
          .returning({ id: deliveries.id });
        if (rows.length === 0) throw notFound(MESSAGES.formSettingNotFound);
        await audit(tx, actor, 'delivery.delete', id, null);
      });
    },

    // Promo codes are not part of the cached form params (the form validates a code on demand).

    async listPromoCodes(): Promise<PromoCode[]> {
      const rows = await db
        .select()
        .from(promoCodes)
        .orderBy(desc(promoCodes.createdAt), asc(promoCodes.code));
      return rows.map(toPromo);
    },
    async createPromoCode(actor: UserPrincipal, input: PromoCodeInput): Promise<PromoCode> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promoCodes)
          .values(promoValues(input))
          .onConflictDoNothing({ target: promoCodes.code })
          .returning();
        if (!row) throw new AppError('CONFLICT', MESSAGES.promoExists);
        await audit(tx, actor, 'promo-code.create', row.code, input);
        return toPromo(row);
      });
    },
    /** Replaces the settings of an existing code; its use count is kept. */
    async updatePromoCode(actor: UserPrincipal, input: PromoCodeInput): Promise<PromoCode> {
      return db.transaction(async (tx) => {
        const { code, ...values } = promoValues(input);
        const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.code, code)).returning();
        if (!row) throw notFound(MESSAGES.promoNotFound);
        await audit(tx, actor, 'promo-code.update', code, input);
        return toPromo(row);
      });
    },
    /** A hard delete: orders keep the code and its percent as text in their own row. */
    async removePromoCode(actor: UserPrincipal, code: string): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await tx
          .delete(promoCodes)
          .where(eq(promoCodes.code, code))
          .returning({ code: promoCodes.code });
        if (rows.length === 0) throw notFound(MESSAGES.promoNotFound);
        await audit(tx, actor, 'promo-code.delete', code, null);
      });
    },
  };
}

function promoValues(input: PromoCodeInput) {
  return {
    code: input.code,
    discountPercent: input.discountPercent,
    isActive: input.isActive,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validTo: input.validTo ? new Date(input.validTo) : null,
    maxUses: input.maxUses,
    description: input.description,
  };
}
