import { and, eq, sql } from 'drizzle-orm';
import type {
  FormParamsResponse,
  OrderEditChange,
  OrderEditContent,
  OrderEditPreview,
  OrderEditRequest,
  PriceBreakdown,
  PriceLine,
} from '@app/contracts';
import {
  addWorkingDays,
  calculatePrice,
  EDITABLE_ORDER_STATUSES,
  formatMessage,
  formatRub,
  MESSAGES,
  moscowDate,
  priceInputOfLines,
  requiredWorkingDays,
} from '@app/contracts';
import type { Db, DbOrTx } from '#src/db/client.ts';
import { orders, payments } from '#src/db/schema/index.ts';
import type { Clock } from '#src/lib/clock.ts';
import { AppError, badRequest, notFound } from '#src/lib/errors.ts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import type { AuditRepository } from '../../audit/audit.repository.ts';
import type { AuthRepository } from '../../auth/auth.repository.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { PaymentsRepository } from '../../payments/payments.repository.ts';
import { checkOrderLines, invalidField, toOrderLineRows } from '../order-lines.ts';
import type { OrderRow, OrdersRepository } from '../orders.repository.ts';

export type OrderEditService = ReturnType<typeof createOrderEditService>;

const COURIER_FIELDS = ['address', 'apartment', 'entrance', 'floor', 'intercom', 'addressComment'] as const;

const conflict = (message: string) => new AppError('CONFLICT', message);

const isEditable = (status: string) => (EDITABLE_ORDER_STATUSES as readonly string[]).includes(status);

/** The lines in words for the change list: «Паспорт × 2; Нотариальное заверение — Паспорт × 2». */
function describeLines(lines: readonly PriceLine[]): string {
  const items = lines.filter((line) => line.kind === 'document' || line.kind === 'assurance');
  return items.map((line) => `${line.name} × ${line.quantity}`).join('; ') || '—';
}

function canonicalLines(input: Pick<OrderEditContent, 'documentsWithQuantity' | 'documentsAssurances'>) {
  return JSON.stringify([
    input.documentsWithQuantity.map((item) => `${item.documentId}:${item.quantity}`).sort(),
    input.documentsAssurances.map((link) => `${link.documentId}:${link.assuranceId}`).sort(),
  ]);
}

function describeCourierAddress(values: Partial<Record<(typeof COURIER_FIELDS)[number], string | null>>) {
  return (
    [
      values.address,
      values.apartment ? `кв./офис ${values.apartment}` : null,
      values.entrance ? `подъезд ${values.entrance}` : null,
      values.floor ? `этаж ${values.floor}` : null,
      values.intercom ? `домофон ${values.intercom}` : null,
      values.addressComment,
    ]
      .filter(Boolean)
      .join(', ') || '—'
  );
}

type EditPlan = {
  values: Partial<typeof orders.$inferInsert>;
  /** The new lines, or null when lines and languages stay (then the amount stays too). */
  breakdown: PriceBreakdown | null;
  amount: number;
  changes: OrderEditChange[];
};

/**
 * What an edit changes on an order (decision 054), priced by the one price engine (`calculatePrice`) with the
 * current catalogue and the order's own delivery price and promo percent. Lines and languages unchanged: no
 * repricing, the amount stays (a corrected amount, decision 042, is kept). Throws a 400 for a bad line, an
 * address on a non-courier order, or nothing changed.
 */
function planEdit(
  order: OrderRow,
  input: OrderEditContent,
  catalogue: FormParamsResponse,
  now: Date,
): EditPlan {
  const changes: OrderEditChange[] = [];
  const values: Partial<typeof orders.$inferInsert> = {};
  const current = priceInputOfLines(order.priceBreakdown.lines);
  const linesChanged = canonicalLines(current) !== canonicalLines(input);
  const languagesChanged =
    order.originalLanguage !== input.originalLanguage || order.targetLanguage !== input.targetLanguage;
  let breakdown: PriceBreakdown | null = null;
  if (linesChanged || languagesChanged) {
    checkOrderLines(catalogue, input);
    breakdown = calculatePrice(catalogue, {
      documentsWithQuantity: input.documentsWithQuantity,
      documentsAssurances: input.documentsAssurances,
      originalLanguage: input.originalLanguage,
      targetLanguage: input.targetLanguage,
      deliveryPrice: order.deliveryPrice,
      deliveryName: order.deliveryName,
      deliveryId: order.deliveryId,
      discountPercent: order.promoDiscountPercent,
    });
    Object.assign(values, {
      originalLanguage: input.originalLanguage,
      targetLanguage: input.targetLanguage,
      amount: breakdown.total,
      discount: breakdown.discount,
      priceBreakdown: breakdown,
      estimatedReadyDate: addWorkingDays(
        moscowDate(order.createdAt < now ? order.createdAt : now),
        requiredWorkingDays(catalogue, input),
        {
          nonWorkingDays: new Set(catalogue.calendar.nonWorkingDays),
          workingWeekendDays: new Set(catalogue.calendar.workingWeekendDays),
        },
      ),
    });
    if (linesChanged) {
      changes.push({
        field: 'Документы',
        from: describeLines(order.priceBreakdown.lines),
        to: describeLines(breakdown.lines),
      });
    }
    if (languagesChanged) {
      changes.push({
        field: 'Языки',
        from: `${order.originalLanguage} → ${order.targetLanguage}`,
        to: `${input.originalLanguage} → ${input.targetLanguage}`,
      });
    }
  }
  const contact = [
    ['name', 'Имя'],
    ['phoneNumber', 'Телефон'],
    ['email', 'E-mail'],
  ] as const;
  for (const [key, field] of contact) {
    if (order[key] !== input[key]) {
      values[key] = input[key];
      changes.push({ field, from: order[key], to: input[key] });
    }
  }
  if (input.courierAddress) {
    if (order.deliveryType !== 'COURIER')
      throw invalidField('courierAddress', MESSAGES.orderEditAddressCourierOnly);
    if (!input.courierAddress.address) throw invalidField('courierAddress.address', MESSAGES.addressRequired);
    const next = Object.fromEntries(
      COURIER_FIELDS.map((key) => [key, input.courierAddress?.[key] || null]),
    ) as Record<(typeof COURIER_FIELDS)[number], string | null>;
    if (COURIER_FIELDS.some((key) => (order[key] ?? null) !== next[key])) {
      Object.assign(values, next);
      changes.push({
        field: 'Адрес доставки',
        from: describeCourierAddress(order),
        to: describeCourierAddress(next),
      });
    }
  }
  if (changes.length === 0) throw invalidField('documentsWithQuantity', MESSAGES.orderEditNothingChanged);
  return { values, breakdown, amount: breakdown ? breakdown.total : order.amount, changes };
}

/**
 * Staff (ADMIN, MANAGER) edit an order's lines, contact and courier address before work starts (decision 054):
 * a preview with the old and new total, then a save under the order's row lock that refuses when the status or
 * the amount moved since the preview, keeps a paid order's total, supersedes an unpaid order's open payment links
 * and tells its customer when the amount changed, and writes the change to `audit_log`.
 */
export function createOrderEditService(deps: {
  db: Db;
  repo: OrdersRepository;
  paymentsRepo: PaymentsRepository;
  authRepo: AuthRepository;
  audit: AuditRepository;
  mail: Pick<MailService, 'queue'>;
  formSettings: { getFormParams(): Promise<FormParamsResponse> };
  publicUrl: string;
  clock: Clock;
}) {
  const { db, repo, paymentsRepo, authRepo, audit, mail, formSettings, publicUrl, clock } = deps;

  async function paidTotal(dbOrTx: DbOrTx, orderId: string): Promise<number> {
    const [paid] = await dbOrTx
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
    return Number(paid?.total ?? 0);
  }

  /** The edit's refusals that depend on the order as it is now; the same for the preview and the save. */
  async function checkOrder(dbOrTx: DbOrTx, order: OrderRow | undefined, plan?: EditPlan): Promise<OrderRow> {
    if (!order || order.deletedAt) throw notFound(MESSAGES.orderNotFound);
    if (!isEditable(order.status)) throw conflict(MESSAGES.orderEditNotAllowed);
    if (plan && order.isPaid && plan.amount !== order.amount) {
      throw conflict(
        formatMessage(MESSAGES.orderEditPaidTotal, { paid: formatRub(await paidTotal(dbOrTx, order.id)) }),
      );
    }
    // The other document's price is part of the total (decision 044), whichever way the total changes.
    if (
      plan &&
      order.otherPrice !== null &&
      Math.round(plan.amount * 100) < Math.round(order.otherPrice * 100)
    ) {
      throw badRequest(
        formatMessage(MESSAGES.amountBelowOtherPrice, { otherPrice: formatRub(order.otherPrice) }),
      );
    }
    return order;
  }

  function toPreview(order: OrderRow, plan: EditPlan): OrderEditPreview {
    return {
      from: order.amount,
      to: plan.amount,
      difference: Math.round((plan.amount - order.amount) * 100) / 100,
      priceBreakdown: plan.breakdown ?? order.priceBreakdown,
      changes: plan.changes,
    };
  }

  return {
    async preview(
      _actor: UserPrincipal,
      orderId: string,
      input: OrderEditContent,
    ): Promise<OrderEditPreview> {
      const order = await checkOrder(db, await repo.findById(db, orderId));
      const plan = planEdit(order, input, await formSettings.getFormParams(), clock.now());
      await checkOrder(db, order, plan);
      return toPreview(order, plan);
    },

    async save(actor: UserPrincipal, orderId: string, input: OrderEditRequest): Promise<OrderEditPreview> {
      const catalogue = await formSettings.getFormParams();
      return db.transaction(async (tx) => {
        // The row lock orders this edit with status changes and payment settlement (decision 019): a status
        // that moved past PAID, or an amount that moved since the preview, refuses the edit.
        const order = await checkOrder(tx, await repo.lockById(tx, orderId));
        if (Math.round(order.amount * 100) !== Math.round(input.expectedAmount * 100))
          throw conflict(MESSAGES.orderEditStale);
        const now = clock.now();
        const plan = planEdit(order, input, catalogue, now);
        await checkOrder(tx, order, plan);
        const reason = input.reason.trim();
        const values = { ...plan.values, updatedAt: now };
        if (plan.values.email) {
          // The order belongs to the address it is for (decision 022): the new address's owner confirms it.
          const owner = await authRepo.upsertUserByEmail(tx, plan.values.email);
          Object.assign(values, { userId: owner.id, ownerConfirmedAt: null });
        }
        const amountChanged = plan.amount !== order.amount;
        const superseded = amountChanged ? await paymentsRepo.supersedePending(tx, orderId, now) : [];
        await repo.replaceContents(
          tx,
          orderId,
          values,
          plan.breakdown ? toOrderLineRows(plan.breakdown.lines) : null,
        );
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'order.edit',
          entity: 'order',
          entityId: orderId,
          data: {
            from: order.amount,
            to: plan.amount,
            reason,
            changes: plan.changes,
            supersededPayments: superseded.map((payment) => payment.id),
          },
        });
        if (amountChanged && !order.isPaid) {
          const email = plan.values.email ?? order.email;
          const name = plan.values.name ?? order.name;
          await mail.queue(tx, {
            to: email,
            orderId,
            template: 'order-amount-changed',
            params: {
              order: { id: order.id, number: order.number, name },
              from: order.amount,
              to: plan.amount,
              reason,
              publicUrl,
            },
          });
        }
        return toPreview(order, plan);
      });
    },
  };
}
