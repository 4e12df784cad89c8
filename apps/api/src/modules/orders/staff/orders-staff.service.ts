import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  OrderFilterOptionsResponse,
  OrderSort,
  StaffOrderFilters,
  StaffOrderListQuery,
  UpdateOrderAmountRequest,
} from '@app/contracts';
import { formatMessage, formatRub, MESSAGES, moscowDayStart, ORDER_STATUSES } from '@app/contracts';
import type { Db } from '#src/db/client.ts';
import { orderNameSearch, orders, partners, payments, points } from '#src/db/schema/index.ts';
import type { Clock } from '#src/lib/clock.ts';
import { badRequest, notFound } from '#src/lib/errors.ts';
import type { UserPrincipal } from '#src/lib/principal.ts';
import type { AuditRepository } from '../../audit/audit.repository.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { PaymentsRepository } from '../../payments/payments.repository.ts';
import { toOrderFilterOptions, toStaffOrderListItem } from '../orders.mapper.ts';
import { documentLinesOf, type OrdersRepository } from '../orders.repository.ts';
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

/** The WHERE of the staff list; the CSV export uses the very same one. */
export function staffOrderConditions(filters: StaffOrderFilters): SQL[] {
  const conditions: SQL[] = [isNull(orders.deletedAt)];
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
  if (filters.ids?.length) conditions.push(inArray(orders.id, filters.ids));
  const search = filters.search?.trim();
  if (search) {
    // Every alternative is answered by an index (decision 012): the number, the phone and the e-mail by
    // equality or prefix on their b-tree indexes, the name by word prefixes on its full-text index.
    const digits = search.replace(/\D/g, '');
    const alternatives: SQL[] = [];
    if (/^\d{1,12}$/.test(search)) alternatives.push(eq(orders.number, Number(search)));
    if (digits.length >= 10) alternatives.push(eq(orders.phoneNumber, `+7${digits.slice(-10)}`));
    if (!/^[\d\s()+-]+$/.test(search)) {
      alternatives.push(like(orders.email, `${escapeLike(search.toLowerCase())}%`));
      const words = nameSearchQuery(search);
      if (words) alternatives.push(sql`${orderNameSearch(orders.name)} @@ to_tsquery('simple', ${words})`);
    }
    conditions.push(alternatives.length > 0 ? or(...alternatives)! : sql`false`);
  }
  return conditions;
}

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

  async function page(conditions: SQL[], query: { limit: number; cursor?: string }) {
    const after = keysetAfter(orders.createdAt, orders.id, query.cursor);
    const where = after ? [...conditions, after] : conditions;
    // Keyset pagination on (created_at, id): page 5 000 costs what page 1 costs.
    const rows = await db
      .select()
      .from(orders)
      .where(and(...where))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1);
    const page = keysetPage(rows, query.limit);
    const documents = await documentLinesOf(
      db,
      page.rows.map((row) => row.id),
    );
    return {
      items: page.rows.map((row) => toStaffOrderListItem(row, documents.get(row.id) ?? [])),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  }

  /** The staff list in any of its sorts; the first page (no cursor) also answers how many orders match. */
  async function sortedPage(conditions: SQL[], query: StaffOrderListQuery) {
    const keyset = orderSortKeyset(query.sort, query.cursor);
    const where = keyset.after ? [...conditions, keyset.after] : conditions;
    const rows = await db
      .select()
      .from(orders)
      .where(and(...where))
      .orderBy(...keyset.orderBy)
      .limit(query.limit + 1);
    const pageRows = rows.slice(0, query.limit);
    const last = pageRows.at(-1);
    const documents = await documentLinesOf(
      db,
      pageRows.map((row) => row.id),
    );
    const total = query.cursor
      ? undefined
      : (
          await db
            .select({ total: count() })
            .from(orders)
            .where(and(...conditions))
        )[0]?.total;
    return {
      items: pageRows.map((row) => toStaffOrderListItem(row, documents.get(row.id) ?? [])),
      ...(total === undefined ? {} : { total }),
      ...(rows.length > query.limit && last ? { nextCursor: keyset.nextCursor(last) } : {}),
    };
  }

  return {
    async list(query: StaffOrderListQuery) {
      return sortedPage(staffOrderConditions(query), query);
    },

    /** Orders to the pickup points of the PARTNER's back-office partner. */
    async listForPartner(actor: UserPrincipal, query: { limit: number; cursor?: string }) {
      const partnerPoints = sql`(select ${points.id} from ${points} join ${partners} on ${partners.id} = ${points.partnerId} where ${partners.userId} = ${actor.userId})`;
      return page([isNull(orders.deletedAt), inArray(orders.pickupPointId, partnerPoints)], query);
    },

    /** Every row of the filtered set as CSV (semicolon-separated, UTF-8 with BOM, for Excel in Russian locale). */
    async *exportCsv(filters: StaffOrderFilters): AsyncGenerator<string> {
      yield (
        '\uFEFF' +
        csvRow([
          'Номер',
          'Дата',
          'Статус',
          'Оплачен',
          'Сумма',
          'Клиент',
          'E-mail',
          'Телефон',
          'Плательщик',
          'Доставка',
        ])
      );
      const conditions = staffOrderConditions(filters);
      let cursor: string | undefined;
      do {
        const batch = await page(conditions, { limit: 100, cursor });
        for (const item of batch.items) {
          yield csvRow([
            item.number,
            item.createdAt,
            item.status,
            item.isPaid ? 'да' : 'нет',
            item.amount.toFixed(2).replace('.', ','),
            item.name,
            item.email,
            item.phoneNumber,
            item.payerType,
            item.deliveryType,
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
      if (!updated) throw notFound(MESSAGES.orderNotFound);
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
