import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  OrderFilterOptionsResponse,
  PartnerOrderDetail,
  PartnerOrderListQuery,
  OrderSort,
  StaffOrderFilters,
  StaffOrderListQuery,
  UpdateOrderAmountRequest,
} from '@app/contracts';
import {
  DELIVERY_TYPE_LABELS,
  formatDateTime,
  formatMessage,
  formatPhone,
  formatRub,
  MESSAGES,
  moscowDayStart,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYER_TYPE_LABELS,
  phoneSearchDigits,
} from '@app/contracts';
import type { Db } from '#src/db/client.ts';
import {
  orderNameSearch,
  orders,
  orderStatusHistory,
  partners,
  payments,
  points,
} from '#src/db/schema/index.ts';
import type { Clock } from '#src/lib/clock.ts';
import { badRequest, notFound } from '#src/lib/errors.ts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import type { AuditRepository } from '../../audit/audit.repository.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { PaymentsRepository } from '../../payments/payments.repository.ts';
import { toOrderFilterOptions, toPartnerOrderDetail, toStaffOrderListItem } from '../orders.mapper.ts';
import { documentLinesOf, languageNamesOf, type OrdersRepository } from '../orders.repository.ts';
import { keysetAfter, keysetPage } from '#src/lib/keyset.ts';
import { csvRow } from '#src/lib/csv.ts';

export type OrdersStaffService = ReturnType<typeof createOrdersStaffService>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The words of a name search as a prefix query for `orderNameSearch`: «Пётр Фёд» → `петр:* & фед:*`
 * (every word must start a word of the name). Only letters and digits reach to_tsquery, so its syntax
 * cannot be injected. Null when nothing searchable is left.
 */
export function nameSearchQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** Largest value of the `number` column (integer): a longer run of digits is not an order number. */
const MAX_ORDER_NUMBER = 2_147_483_647;

/**
 * The search box of the staff list, the CSV export and the partner's list (issue 17). Any of:
 * - the order number, with or without «№» or «#» (`№100006`, `№ 100006`, `100006`);
 * - any 4+ consecutive digits of the phone, however spelled (`1234567`, `916 123-45-67`, `8 916 123-45-67`);
 * - (unless `withEmail` is false) a part of the e-mail (`romashka`; 3+ characters, else its beginning);
 * - words beginning the words of the name, in any order, ё = е.
 * Each alternative has an index: `orders_number_key`, the trigram indexes on e-mail and phone (decision 050),
 * the full-text index on the name. The input is at most 200 characters (the contract).
 */
export function orderSearchCondition(input: string, options: { withEmail?: boolean } = {}): SQL | null {
  const search = input.trim();
  if (!search) return null;
  const alternatives: SQL[] = [];
  const number = /^[№#]?\s*(\d{1,10})$/.exec(search);
  if (number && Number(number[1]) <= MAX_ORDER_NUMBER)
    alternatives.push(eq(orders.number, Number(number[1])));
  const phoneDigits = phoneSearchDigits(search);
  if (phoneDigits) {
    alternatives.push(
      phoneDigits.length === 10
        ? eq(orders.phoneNumber, `+7${phoneDigits}`)
        : like(orders.phoneNumber, `%${phoneDigits}%`),
    );
  }
  if (!/^[№#]?[\d\s()+.-]*$/.test(search)) {
    if (options.withEmail !== false) {
      const email = escapeLike(search.toLowerCase());
      alternatives.push(like(orders.email, search.length >= 3 ? `%${email}%` : `${email}%`));
    }
    const words = nameSearchQuery(search);
    if (words) alternatives.push(sql`${orderNameSearch(orders.name)} @@ to_tsquery('simple', ${words})`);
  }
  return alternatives.length > 0 ? or(...alternatives)! : sql`false`;
}

/** The WHERE of the staff list; the CSV export uses the very same one. */
export function staffOrderConditions(filters: StaffOrderFilters): SQL[] {
  const conditions: SQL[] = [isNull(orders.deletedAt)];
  if (filters.ids?.length) conditions.push(inArray(orders.id, filters.ids));
  if (filters.status?.length) conditions.push(inArray(orders.status, filters.status));
  if (filters.dateFrom) conditions.push(gte(orders.createdAt, moscowDayStart(filters.dateFrom)));
  if (filters.dateTo) conditions.push(lt(orders.createdAt, moscowDayStart(filters.dateTo, 1)));
  if (filters.payerType) conditions.push(eq(orders.payerType, filters.payerType));
  if (filters.deliveryType) conditions.push(eq(orders.deliveryType, filters.deliveryType));
  if (filters.pointId) conditions.push(eq(orders.pickupPointId, filters.pointId));
  if (filters.partnerId) {
    conditions.push(
      inArray(
        orders.pickupPointId,
        sql`(select ${points.id} from ${points} where ${points.partnerId} = ${filters.partnerId})`,
      ),
    );
  }
  if (filters.isPaid !== undefined) conditions.push(eq(orders.isPaid, filters.isPaid));
  const search = filters.search ? orderSearchCondition(filters.search) : null;
  if (search) conditions.push(search);
  return conditions;
}

/** The export's header row, one per cell of `exportCsv`. */
const EXPORT_COLUMNS = [
  'Номер',
  'Дата (МСК)',
  'Статус',
  'Оплачен',
  'Дата оплаты (МСК)',
  'Сумма',
  'Клиент',
  'E-mail',
  'Телефон',
  'Плательщик',
  'Организация',
  'Документы',
  'Языки',
  'Доставка',
  'Пункт выдачи',
  'Промокод',
] as const;

/** A money cell of the export: `1234,50` (a number Excel in a Russian locale reads as one). */
const csvMoney = (amount: number) => amount.toFixed(2).replace('.', ',');

/**
 * A phone cell of the export: `+7 916 123-45-67` behind a no-break space (decision 050). A cell that starts with
 * `+` is a formula to Excel, so the CSV writer would prefix it with an apostrophe, which Excel shows as a
 * character when it opens a CSV file. A leading U+00A0 is not trimmed by Excel, LibreOffice or Google Sheets, is
 * no formula start, and keeps the cell text, the spaces of the format keep it from being read as a number.
 */
const csvPhone = (phone: string) => `\u00A0${formatPhone(phone)}`;

type OrderRowForSort = { id: string; createdAt: Date; number: number; amount: number; status: string };

/** A status sorts by its place in the order's way (NEW first, CANCELED last), not alphabetically. */
const statusRank = sql`array_position(array[${sql.join(
  ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}]::text[], ${orders.status})`;

/**
 * The sortable columns of the staff list (the contract's ORDER_SORT_KEYS): the SQL expression, the type its cursor
 * value is cast to, how a row gives that value and what a cursor value must look like. Only these reach SQL.
 */
const SORT_COLUMNS = {
  createdAt: {
    expr: sql`${orders.createdAt}`,
    cast: 'timestamptz',
    valueOf: (row: OrderRowForSort) => row.createdAt.toISOString(),
    isValid: (value: string) => !Number.isNaN(Date.parse(value)),
  },
  number: {
    expr: sql`${orders.number}`,
    cast: 'bigint',
    valueOf: (row: OrderRowForSort) => String(row.number),
    isValid: (value: string) => /^\d{1,18}$/.test(value),
  },
  amount: {
    expr: sql`${orders.amount}`,
    cast: 'numeric',
    valueOf: (row: OrderRowForSort) => String(row.amount),
    isValid: (value: string) => /^-?\d{1,12}(\.\d{1,2})?$/.test(value),
  },
  status: {
    expr: statusRank,
    cast: 'int',
    valueOf: (row: OrderRowForSort) => String(ORDER_STATUSES.indexOf(row.status as never) + 1),
    isValid: (value: string) => /^\d{1,2}$/.test(value),
  },
} as const;

/**
 * Keyset pagination on (sort column, id) for any sort of the staff list: the cursor is `value|id` of the last row
 * seen; ties are broken by the id in the same direction, so the order is total and stable across pages. The
 * default (`-createdAt`) is the same cursor as `lib/keyset.ts` and uses the (created_at, id) index.
 */
export function orderSortKeyset(sort: OrderSort, cursor: string | undefined) {
  const isDescending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace('-', '') as keyof typeof SORT_COLUMNS];
  const direction = isDescending ? desc : asc;
  const orderBy = [direction(column.expr), direction(orders.id)];
  const nextCursor = (row: OrderRowForSort) => `${column.valueOf(row)}|${row.id}`;
  if (!cursor) return { after: undefined, orderBy, nextCursor };
  const separator = cursor.lastIndexOf('|');
  const value = cursor.slice(0, separator);
  const lastId = cursor.slice(separator + 1);
  if (separator < 0 || !column.isValid(value) || !/^[0-9a-f-]{36}$/.test(lastId)) {
    throw badRequest('Некорректный курсор');
  }
  const typed = sql`${value}::${sql.raw(column.cast)}`;
  const after = isDescending
    ? sql`(${column.expr}, ${orders.id}) < (${typed}, ${lastId}::uuid)`
    : sql`(${column.expr}, ${orders.id}) > (${typed}, ${lastId}::uuid)`;
  return { after, orderBy, nextCursor };
}

export function createOrdersStaffService(deps: {
  db: Db;
  repo: OrdersRepository;
  paymentsRepo: PaymentsRepository;
  audit: AuditRepository;
  /** Only queues the amount-change mail (decision 042). */
  mail: Pick<MailService, 'queue'>;
  publicUrl: string;
  clock: Clock;
}) {
  const { db, repo, paymentsRepo, audit, mail, publicUrl, clock } = deps;

  /** One page of orders, newest first, with their pickup point's name (the lists, the partner's, the export). */
  async function rowsPage(conditions: SQL[], query: { limit: number; cursor?: string }) {
    const after = keysetAfter(orders.createdAt, orders.id, query.cursor);
    const where = after ? [...conditions, after] : conditions;
    // Keyset pagination on (created_at, id): page 5 000 costs what page 1 costs.
    const rows = await db
      .select({ order: orders, pointName: points.name })
      .from(orders)
      .leftJoin(points, eq(points.id, orders.pickupPointId))
      .where(and(...where))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1);
    const page = keysetPage(
      rows.map((row) => ({ ...row, id: row.order.id, createdAt: row.order.createdAt })),
      query.limit,
    );
    const [documents, languageNames] = await Promise.all([
      documentLinesOf(
        db,
        page.rows.map((row) => row.id),
      ),
      languageNamesOf(db),
    ]);
    return { rows: page.rows, nextCursor: page.nextCursor, documents, languageNames };
  }

  async function page(conditions: SQL[], query: { limit: number; cursor?: string }) {
    const { rows, nextCursor, documents, languageNames } = await rowsPage(conditions, query);
    return {
      items: rows.map(({ order, pointName }) =>
        toStaffOrderListItem(order, documents.get(order.id) ?? [], languageNames, pointName),
      ),
      ...(nextCursor ? { nextCursor } : {}),
    };
  }

  /** The pickup points of the PARTNER's back-office partner, as a subquery. */
  const partnerPointsOf = (actor: UserPrincipal) =>
    sql`(select ${points.id} from ${points} join ${partners} on ${partners.id} = ${points.partnerId} where ${partners.userId} = ${actor.userId})`;

  /** The staff list in any of its sorts; the first page (no cursor) also answers how many orders match. */
  async function sortedPage(conditions: SQL[], query: StaffOrderListQuery) {
    const keyset = orderSortKeyset(query.sort, query.cursor);
    const where = keyset.after ? [...conditions, keyset.after] : conditions;
    const rows = await db
      .select({ order: orders, pointName: points.name })
      .from(orders)
      .leftJoin(points, eq(points.id, orders.pickupPointId))
      .where(and(...where))
      .orderBy(...keyset.orderBy)
      .limit(query.limit + 1);
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1)?.order;
    const [documents, languageNames] = await Promise.all([
      documentLinesOf(
        db,
        pageRows.map((row) => row.order.id),
      ),
      languageNamesOf(db),
    ]);
    const total = query.cursor
      ? undefined
      : (
          await db
            .select({ total: count() })
            .from(orders)
            .where(and(...conditions))
        )[0]?.total;
    return {
      items: pageRows.map(({ order, pointName }) =>
        toStaffOrderListItem(order, documents.get(order.id) ?? [], languageNames, pointName),
      ),
      ...(total === undefined ? {} : { total }),
      ...(rows.length > query.limit && last ? { nextCursor: keyset.nextCursor(last) } : {}),
    };
  }

  return {
    async list(query: StaffOrderListQuery) {
      return sortedPage(staffOrderConditions(query), query);
    },

    /**
     * Orders to the pickup points of the PARTNER's back-office partner; `search` finds by number, name or phone
     * (not by e-mail: the partner does not see e-mails, so a search must not reveal them either).
     */
    async listForPartner(actor: UserPrincipal, query: PartnerOrderListQuery) {
      const conditions = [isNull(orders.deletedAt), inArray(orders.pickupPointId, partnerPointsOf(actor))];
      const search = query.search ? orderSearchCondition(query.search, { withEmail: false }) : null;
      if (search) conditions.push(search);
      return page(conditions, query);
    },

    /**
     * One order for the PARTNER's read-only page: only an order to one of its own points (else "not found", so
     * nothing tells that the order exists), and only what handing it over needs (decision 050).
     */
    async getForPartner(actor: UserPrincipal, orderId: string): Promise<PartnerOrderDetail> {
      const [found] = await db
        .select({ order: orders, point: points })
        .from(orders)
        .innerJoin(points, eq(points.id, orders.pickupPointId))
        .where(
          and(
            eq(orders.id, orderId),
            isNull(orders.deletedAt),
            inArray(orders.pickupPointId, partnerPointsOf(actor)),
          ),
        );
      if (!found) throw notFound(MESSAGES.orderNotFound);
      const [documents, languageNames, history] = await Promise.all([
        documentLinesOf(db, [orderId]),
        languageNamesOf(db),
        db
          .select({ toStatus: orderStatusHistory.toStatus, createdAt: orderStatusHistory.createdAt })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, orderId))
          .orderBy(asc(orderStatusHistory.createdAt)),
      ]);
      return toPartnerOrderDetail(found.order, {
        documents: documents.get(orderId) ?? [],
        languageNames,
        point: found.point,
        history,
      });
    },

    /**
     * Every row of the filtered (or selected: `ids`) set as CSV: semicolon-separated, UTF-8 with BOM, for Excel in
     * a Russian locale; Russian labels, Moscow date-times, phones as text (decision 050).
     */
    async *exportCsv(filters: StaffOrderFilters): AsyncGenerator<string> {
      yield '\uFEFF' + csvRow(EXPORT_COLUMNS);
      const conditions = staffOrderConditions(filters);
      let cursor: string | undefined;
      do {
        const batch = await rowsPage(conditions, { limit: 100, cursor });
        for (const { order, pointName } of batch.rows) {
          const language = (code: string) => batch.languageNames.get(code) ?? code;
          yield csvRow([
            order.number,
            formatDateTime(order.createdAt),
            ORDER_STATUS_LABELS[order.status],
            order.isPaid ? 'да' : 'нет',
            order.paidAt ? formatDateTime(order.paidAt) : '',
            csvMoney(order.amount),
            order.name,
            order.email,
            csvPhone(order.phoneNumber),
            PAYER_TYPE_LABELS[order.payerType],
            order.payerType === 'ORGANIZATION' ? (order.organizationName ?? '') : '',
            (batch.documents.get(order.id) ?? [])
              .map((document) => `${document.name} × ${document.quantity}`)
              .join(', '),
            `${language(order.originalLanguage)} → ${language(order.targetLanguage)}`,
            DELIVERY_TYPE_LABELS[order.deliveryType],
            pointName ?? '',
            order.promoCode ?? '',
          ]);
        }
        cursor = batch.nextCursor;
      } while (cursor);
    },

    /**
     * ADMIN sets the amount due, always with a reason, never to 0 or below (the contract; issue 17). Open payment
     * links stop settling the order (they are `superseded`: paid anyway, they are recorded and flagged, decision
     * 022). A paid order's amount never goes below what was paid (refunds are not modelled yet). The change (old,
     * new, reason, who) goes to `audit_log`, which the order's page reads as its amount history; the customer of an
     * unpaid, not cancelled order gets the `order-amount-changed` mail in the same transaction (issue 16). The
     * order row is locked first, as a payment's settlement does, so the two never interleave.
     */
    async updateAmount(actor: UserPrincipal, input: UpdateOrderAmountRequest) {
      return db.transaction(async (tx) => {
        const before = await repo.lockById(tx, input.id);
        if (!before || before.deletedAt) throw notFound(MESSAGES.orderNotFound);
        const reason = input.reason.trim();
        if (before.isPaid) {
          const [paid] = await tx
            .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
            .from(payments)
            .where(and(eq(payments.orderId, input.id), eq(payments.status, 'succeeded')));
          const paidAmount = Number(paid?.total ?? 0);
          if (Math.round(input.amount * 100) < Math.round(paidAmount * 100)) {
            throw badRequest(formatMessage(MESSAGES.amountBelowPaid, { paid: formatRub(paidAmount) }));
          }
        }
        // The other document's price is part of the total (decision 044).
        if (
          before.otherPrice !== null &&
          Math.round(input.amount * 100) < Math.round(before.otherPrice * 100)
        ) {
          throw badRequest(
            formatMessage(MESSAGES.amountBelowOtherPrice, { otherPrice: formatRub(before.otherPrice) }),
          );
        }
        // The same amount again changes nothing: no history row, no mail to the customer.
        if (before.amount === input.amount) return { id: input.id, amount: input.amount };
        const superseded = await paymentsRepo.supersedePending(tx, input.id, clock.now());
        await repo.setAmount(tx, input.id, input.amount, clock.now());
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'order.amount',
          entity: 'order',
          entityId: input.id,
          data: {
            from: before.amount,
            to: input.amount,
            reason,
            supersededPayments: superseded.map((payment) => payment.id),
          },
        });
        if (!before.isPaid && before.status !== 'CANCELED') {
          await mail.queue(tx, {
            to: before.email,
            orderId: before.id,
            template: 'order-amount-changed',
            params: {
              order: { id: before.id, number: before.number, name: before.name },
              from: before.amount,
              to: input.amount,
              reason,
              publicUrl,
            },
          });
        }
        return { id: input.id, amount: input.amount };
      });
    },

    async updateOtherDocumentAmount(
      actor: UserPrincipal,
      input: { orderId: string; otherPrice: number | null; otherCost: number | null },
    ) {
      const updated = await repo.setOtherDocumentAmount(
        db,
        input.orderId,
        { otherPrice: input.otherPrice, otherCost: input.otherCost },
        clock.now(),
      );
      if (!updated) {
        const order = await repo.findById(db, input.orderId);
        if (!order || order.deletedAt) throw notFound(MESSAGES.orderNotFound);
        throw badRequest(formatMessage(MESSAGES.otherPriceAboveTotal, { amount: formatRub(order.amount) }));
      }
      await audit.record(db, {
        actorUserId: actor.userId,
        action: 'order.other-document-amount',
        entity: 'order',
        entityId: input.orderId,
        data: { otherPrice: input.otherPrice, otherCost: input.otherCost },
      });
      return { orderId: input.orderId, otherPrice: input.otherPrice, otherCost: input.otherCost };
    },

    /**
     * Marks (or unmarks) that the signed act of an organization's order came back. The act-exchange reminder
     * job reads `act_exchanged_at`: once set, reminders stop.
     */
    async setActExchanged(
      actor: UserPrincipal,
      input: { orderId: string; exchanged: boolean },
    ): Promise<{ orderId: string; actExchangedAt: string | null }> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ payerType: orders.payerType, actExchangedAt: orders.actExchangedAt })
          .from(orders)
          .where(and(eq(orders.id, input.orderId), isNull(orders.deletedAt)));
        if (!before) throw notFound(MESSAGES.orderNotFound);
        if (before.payerType !== 'ORGANIZATION') throw badRequest(MESSAGES.actExchangeOrganizationOnly);
        // Marking twice keeps the first moment: that is when the act really came back.
        const actExchangedAt = input.exchanged ? (before.actExchangedAt ?? clock.now()) : null;
        if ((before.actExchangedAt?.getTime() ?? null) !== (actExchangedAt?.getTime() ?? null)) {
          await repo.setActExchangedAt(tx, input.orderId, actExchangedAt, clock.now());
          await audit.record(tx, {
            actorUserId: actor.userId,
            action: 'order.act-exchanged',
            entity: 'order',
            entityId: input.orderId,
            data: { exchanged: input.exchanged },
          });
        }
        return { orderId: input.orderId, actExchangedAt: actExchangedAt?.toISOString() ?? null };
      });
    },

    /** Choices of the partner → pickup point filter: every partner with its points (inactive ones too). */
    async filterOptions(): Promise<OrderFilterOptionsResponse> {
      const rows = await db
        .select({
          partnerId: partners.id,
          partnerName: partners.name,
          pointId: points.id,
          pointName: points.name,
          isActive: points.isActive,
        })
        .from(partners)
        .leftJoin(points, eq(points.partnerId, partners.id))
        .orderBy(asc(partners.name), asc(points.name));
      return toOrderFilterOptions(rows);
    },

    /** Soft delete with an audit record: payments, documents and history stay for accounting. */
    async remove(actor: UserPrincipal, id: string) {
      await db.transaction(async (tx) => {
        const deleted = await repo.softDelete(tx, id, clock.now());
        if (!deleted) throw notFound(MESSAGES.orderNotFound);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'order.delete',
          entity: 'order',
          entityId: id,
          data: deleted,
        });
      });
    },
  };
}
