import type {
  OrderDetail,
  OrderFilterOptionsResponse,
  OrderListItem,
  OrderNote,
  OrderSummary,
  PartnerOrderDetail,
  PromoValidateResponse,
  StaffOrderListItem,
} from '@app/contracts';
import { CUSTOMER_CANCELLABLE_STATUSES, formatMessage, MESSAGES } from '@app/contracts';
import type { offices, orderStatusHistory, points, uploads } from '../../db/schema/index.ts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import type { PromoRow } from '../form-settings/form-settings.repository.ts';
import { toFilePageCount } from '../uploads/uploads.mapper.ts';
import type { LanguageNames, OrderNoteRow, OrderRow } from './orders.repository.ts';

/** Row → response of the orders module: every response shape of an order is built here. */

type DocumentLine = { name: string; quantity: number };

export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    email: row.email,
    amount: row.amount,
    isPaid: row.isPaid,
    createdAt: row.createdAt.toISOString(),
    estimatedReadyDate: row.estimatedReadyDate,
    priceBreakdown: row.priceBreakdown,
  };
}

/** An order in a list: the customer's cabinet list, and the base of the staff list and of the detail. */
/** The order form's promo check: the code that applies, or the code asked for with the message refusing it. */
export function toPromoValidateResponse(
  askedCode: string,
  result: { promo: PromoRow; refusal: null } | { promo: null; refusal: string },
): PromoValidateResponse {
  return result.promo
    ? {
        valid: true,
        code: result.promo.code,
        discountPercent: result.promo.discountPercent,
        message: formatMessage(MESSAGES.promoApplied, { percent: result.promo.discountPercent }),
      }
    : { valid: false, code: askedCode.toUpperCase(), discountPercent: 0, message: result.refusal };
}

export function toOrderListItem(
  row: OrderRow,
  documents: DocumentLine[],
  languageNames: LanguageNames,
): OrderListItem {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    amount: row.amount,
    isPaid: row.isPaid,
    ownerConfirmed: row.ownerConfirmedAt !== null,
    documents,
    originalLanguage: row.originalLanguage,
    targetLanguage: row.targetLanguage,
    originalLanguageName: languageNames.get(row.originalLanguage) ?? row.originalLanguage,
    targetLanguageName: languageNames.get(row.targetLanguage) ?? row.targetLanguage,
  };
}

/** Who placed the order: shown in the CRM list and in the detail. */
const customerOf = (row: OrderRow) => ({
  email: row.email,
  name: row.name,
  phoneNumber: row.phoneNumber,
  payerType: row.payerType,
});

/** An order in the CRM list (and the CSV export): the list item plus the customer and the delivery. */
export function toStaffOrderListItem(
  row: OrderRow,
  documents: DocumentLine[],
  languageNames: LanguageNames,
  pointName: string | null,
): StaffOrderListItem {
  return {
    ...toOrderListItem(row, documents, languageNames),
    ...customerOf(row),
    deliveryType: row.deliveryType,
    pickupPointId: row.pickupPointId,
    pickupPointName: pointName,
  };
}

/** One order as its owner, a pickup partner or staff sees it (`isStaffView`: ADMIN or MANAGER). */
export function toOrderDetail(
  row: OrderRow,
  related: {
    documents: DocumentLine[];
    languageNames: LanguageNames;
    files: Array<typeof uploads.$inferSelect>;
    history: Array<{
      entry: typeof orderStatusHistory.$inferSelect;
      actorEmail: string | null;
    }>;
    /** `order.amount` entries of the audit log: `data` is `{ from, to, reason }`. */
    amountChanges?: Array<{ data: unknown; createdAt: Date; actorEmail: string | null }>;
    point: typeof points.$inferSelect | undefined;
    office: typeof offices.$inferSelect | undefined;
    isStaffView: boolean;
  },
): OrderDetail {
  const { documents, files, history, point: pointRow, office: officeRow, isStaffView } = related;
  const amountChanges = (related.amountChanges ?? []).flatMap(({ data, createdAt, actorEmail }) => {
    const change = data as { from?: unknown; to?: unknown; reason?: unknown } | null;
    if (typeof change?.from !== 'number' || typeof change.to !== 'number' || change.from === change.to)
      return [];
    return [
      {
        from: change.from,
        to: change.to,
        reason: typeof change.reason === 'string' && change.reason ? change.reason : null,
        createdAt: createdAt.toISOString(),
        actor: isStaffView ? actorEmail : null,
      },
    ];
  });
  return {
    ...toOrderListItem(row, documents, related.languageNames),
    ...customerOf(row),
    organization:
      row.payerType === 'ORGANIZATION'
        ? {
            inn: row.organizationInn,
            kpp: row.organizationKpp,
            name: row.organizationName,
            address: row.organizationAddress,
          }
        : null,
    // Until the address owner confirms the order, the sender's free text is not shown to them.
    comment: isStaffView || row.ownerConfirmedAt ? row.comment : null,
    paidAt: row.paidAt?.toISOString() ?? null,
    estimatedReadyDate: row.estimatedReadyDate,
    priceBreakdown: row.priceBreakdown,
    delivery: {
      type: row.deliveryType,
      name: row.deliveryName,
      price: row.deliveryPrice,
      point: pointRow
        ? {
            id: pointRow.id,
            name: pointRow.name,
            address: pointRow.address,
            schedule: pointRow.schedule,
            metro: pointRow.metro,
            metroColor: pointRow.metroColor,
          }
        : null,
      office: officeRow
        ? {
            id: officeRow.id,
            name: officeRow.name,
            address: officeRow.address,
            schedule: officeRow.schedule,
          }
        : null,
      address: row.address,
      apartment: row.apartment,
      entrance: row.entrance,
      floor: row.floor,
      intercom: row.intercom,
      addressComment: row.addressComment,
      trackingNumber: row.deliveryType === 'COURIER' ? row.externalDeliveryId : null,
      trackingUrl: row.deliveryType === 'COURIER' ? row.externalDeliveryTrackingUrl : null,
    },
    // The sender's files too stay out of the owner's cabinet until they confirm the order.
    files: (isStaffView || row.ownerConfirmedAt ? files : []).map((file) => ({
      id: file.id,
      name: file.originalName,
      size: file.size,
      mimeType: file.mimeType,
      quote: toFilePageCount(file),
    })),
    history: history.map(({ entry, actorEmail }) => ({
      fromStatus: entry.fromStatus,
      toStatus: entry.toStatus,
      comment: entry.comment,
      internalNote: isStaffView ? entry.internalNote : null,
      createdAt: entry.createdAt.toISOString(),
      actor: isStaffView ? actorEmail : null,
    })),
    amountChanges,
    staff: isStaffView
      ? {
          customerId: row.userId,
          otherPrice: row.otherPrice,
          otherCost: row.otherCost,
          actExchangedAt: row.actExchangedAt?.toISOString() ?? null,
          attribution: {
            utmSource: row.utmSource,
            utmMedium: row.utmMedium,
            utmCampaign: row.utmCampaign,
            acquisitionChannel: row.acquisitionChannel,
            referrer: row.referrer,
            landingPage: row.landingPage,
            firstTouchAt: row.firstTouchAt?.toISOString() ?? null,
            touchpointCount: row.touchpointCount,
          },
        }
      : null,
    canCancel: (CUSTOMER_CANCELLABLE_STATUSES as readonly string[]).includes(row.status),
    canPay: !row.isPaid && row.status !== 'CANCELED',
  };
}

/** A staff note on an order; its author may delete it, and an ADMIN any note. */
export function toOrderNote(
  actor: UserPrincipal,
  note: OrderNoteRow,
  author: { id: string; firstName: string | null; lastName: string | null; email: string | null } | null,
): OrderNote {
  return {
    id: note.id,
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    author: author
      ? {
          id: author.id,
          name: [author.firstName, author.lastName].filter(Boolean).join(' ') || null,
          email: author.email,
        }
      : null,
    canDelete: actor.role === 'ADMIN' || note.authorUserId === actor.userId,
  };
}

/** The partner → pickup point filter's choices from a partners ⟕ points join, partner by partner. */
export function toOrderFilterOptions(
  rows: Array<{
    partnerId: string;
    partnerName: string;
    pointId: string | null;
    pointName: string | null;
    isActive: boolean | null;
  }>,
): OrderFilterOptionsResponse {
  const byPartner = new Map<string, OrderFilterOptionsResponse['partners'][number]>();
  for (const row of rows) {
    let partner = byPartner.get(row.partnerId);
    if (!partner) {
      partner = { id: row.partnerId, name: row.partnerName, points: [] };
      byPartner.set(row.partnerId, partner);
    }
    if (row.pointId && row.pointName !== null) {
      partner.points.push({ id: row.pointId, name: row.pointName, isActive: row.isActive ?? false });
    }
  }
  return { partners: [...byPartner.values()] };
}

/** The pickup PARTNER's read-only view of an order of one of its points (decision 050). */
export function toPartnerOrderDetail(
  row: OrderRow,
  related: {
    documents: DocumentLine[];
    languageNames: LanguageNames;
    point: typeof points.$inferSelect;
    history: Array<{ toStatus: OrderRow['status']; createdAt: Date }>;
  },
): PartnerOrderDetail {
  const { languageNames, point } = related;
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    isPaid: row.isPaid,
    amount: row.amount,
    estimatedReadyDate: row.estimatedReadyDate,
    name: row.name,
    phoneNumber: row.phoneNumber,
    documents: related.documents,
    originalLanguageName: languageNames.get(row.originalLanguage) ?? row.originalLanguage,
    targetLanguageName: languageNames.get(row.targetLanguage) ?? row.targetLanguage,
    point: { id: point.id, name: point.name, address: point.address },
    history: related.history.map((entry) => ({
      toStatus: entry.toStatus,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
