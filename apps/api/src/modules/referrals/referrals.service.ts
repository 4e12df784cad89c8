import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { isbot } from 'isbot';
import {
  type AffiliateAnalyticsQuery,
  type AffiliateAnalyticsResponse,
  CLICK_LOG_CSV_HEADERS,
  type ClickLogQuery,
  type ClickLogResponse,
  formatDateTime,
  formatMessage,
  type Funnel,
  isSafeTargetPath,
  MESSAGES,
  moscowDate,
  moscowDayStart,
  moscowDays,
  PARTNER_MESSAGES,
  type PartnerDashboardResponse,
  type PartnerFirstStep,
  type PartnerLink,
  type PartnerLinkCreateRequest,
  type PartnerPromoCode,
  type PartnerPromoCodeCreateRequest,
  type PartnerPromoCodeListResponse,
  type PromoCodePartnersResponse,
  promoCodeStatus,
  REFERRAL_LIMITS,
  SUB_ID_PATTERN,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  orderAttributions,
  orders,
  partnerAccounts,
  partnerClicks,
  partnerCommissions,
  partnerApiKeys,
  partnerCouponBatches,
  partnerLinks,
  partnerProgramSettings,
  partnerPromoCodes,
  partnerWidgets,
  promoCodes,
} from '../../db/schema/index.ts';
import { fingerprintHashes, truncateIp } from '../../lib/client-fingerprint.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvRow } from '../../lib/csv.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { keysetAfter, keysetPage } from '../../lib/keyset.ts';
import type { PartnerPrincipal, UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { FormSettingsRepository } from '../form-settings/form-settings.repository.ts';
import type { OrderAttributionRow, ReferralsRepository } from './referrals.repository.ts';
import { toClickLogItem, toPartnerLink, type LinkStats } from './referrals.mapper.ts';

export type ReferralsService = ReturnType<typeof createReferralsService>;

/** A link code: letters and digits only (URL-safe, nothing to misread in a printed link). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;
const HEADER_MAX = 500;
const CSV_MAX_ROWS = 50_000;
const PERIOD_MAX_DAYS = 366;

function randomCode(): string {
  const bytes = randomBytes(REFERRAL_LIMITS.codeLength);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

/** A header value fit to store: control characters removed, bounded, empty → null. */
export function cleanHeader(value: string | string[] | undefined, max = HEADER_MAX): string | null {
  const text = (Array.isArray(value) ? value[0] : value)
    ?.replace(CONTROL_CHARACTERS, '')
    .trim()
    .slice(0, max);
  return text ? text : null;
}

/** The sub-id of a link's query: kept only when it is a plain token (letters, digits, «_», «-», «.»). */
export function cleanSubId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL_CHARACTERS, '').trim();
  return SUB_ID_PATTERN.test(text) ? text : null;
}

/** The click id of the referral cookie, when it looks like one (the database decides whether it counts). */
export function clickIdFromCookie(value: string | undefined): string | null {
  return value && UUID_PATTERN.test(value) ? value.toLowerCase() : null;
}

/** A period in Moscow days: [from, to] inclusive, 30 days to today by default, at most a year. */
function period(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? moscowDate(now);
  const from = query.from ?? moscowDate(new Date(moscowDayStart(to).getTime() - 29 * 86_400_000));
  const days = (moscowDayStart(to).getTime() - moscowDayStart(from).getTime()) / 86_400_000;
  if (days < 0) throw badRequest(MESSAGES.periodInvalid);
  if (days >= PERIOD_MAX_DAYS) throw badRequest(PARTNER_MESSAGES.referralPeriodTooLong);
  return { from, to };
}

const emptyFunnel = (): Funnel => ({ clicks: 0, orders: 0, paidOrders: 0, commissionKopecks: 0 });
const moscowDay = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'Europe/Moscow', 'YYYY-MM-DD')`;

export function createReferralsService(deps: {
  db: Db;
  repo: ReferralsRepository;
  /** The owner of promo_codes (decision 026): a partner's code is created there. */
  promoRepo: FormSettingsRepository;
  audit: AuditRepository;
  config: { publicUrl: string; jwtSecret: string };
  clock: Clock;
}) {
  const { db, repo, promoRepo, audit, config, clock } = deps;
  const secureCookie = config.publicUrl.startsWith('https:');

  async function settings(dbOrTx: DbOrTx = db) {
    const [row] = await dbOrTx.select().from(partnerProgramSettings).where(eq(partnerProgramSettings.id, 1));
    return {
      attributionWindowDays: row?.attributionWindowDays ?? 30,
      maxPromoDiscountPercent: row?.maxPromoDiscountPercent ?? 15,
    };
  }

  /**
   * What the dashboard suggests a partner does first, until it has done it (decision 102): an affiliate's first
   * referral link, a corporate partner's first coupon batch, an integrator's first API key or widget.
   */
  async function firstStepOf(actor: PartnerPrincipal): Promise<PartnerFirstStep | null> {
    const partnerId = actor.partnerAccountId;
    const exists = async (rows: Promise<unknown[]>) => (await rows).length > 0;
    switch (actor.partnerType) {
      case 'AFFILIATE':
        return (await exists(
          db
            .select({ id: partnerLinks.id })
            .from(partnerLinks)
            .where(and(eq(partnerLinks.partnerAccountId, partnerId), isNull(partnerLinks.archivedAt)))
            .limit(1),
        ))
          ? null
          : 'LINK';
      case 'CORPORATE_REFERRAL':
        return (await exists(
          db
            .select({ id: partnerCouponBatches.id })
            .from(partnerCouponBatches)
            .where(eq(partnerCouponBatches.partnerAccountId, partnerId))
            .limit(1),
        ))
          ? null
          : 'COUPON_BATCH';
      case 'INTEGRATOR': {
        const [keys, widgets] = await Promise.all([
          exists(
            db
              .select({ id: partnerApiKeys.id })
              .from(partnerApiKeys)
              .where(and(eq(partnerApiKeys.partnerAccountId, partnerId), isNull(partnerApiKeys.revokedAt)))
              .limit(1),
          ),
          exists(
            db
              .select({ id: partnerWidgets.id })
              .from(partnerWidgets)
              .where(and(eq(partnerWidgets.partnerAccountId, partnerId), isNull(partnerWidgets.archivedAt)))
              .limit(1),
          ),
        ]);
        return keys || widgets ? null : 'INTEGRATION';
      }
    }
  }

  async function linkStats(partnerAccountId: string, linkIds?: string[]): Promise<Map<string, LinkStats>> {
    const clicks = await db
      .select({ linkId: partnerClicks.linkId, clicks: sql<number>`count(*)::int` })
      .from(partnerClicks)
      .where(
        and(
          eq(partnerClicks.partnerAccountId, partnerAccountId),
          linkIds ? inArray(partnerClicks.linkId, linkIds) : undefined,
        ),
      )
      .groupBy(partnerClicks.linkId);
    const ordered = await db
      .select({
        linkId: partnerClicks.linkId,
        orders: sql<number>`count(*)::int`,
        paidOrders: sql<number>`count(*) filter (where ${orders.paidAt} is not null)::int`,
      })
      .from(orderAttributions)
      .innerJoin(partnerClicks, eq(partnerClicks.id, orderAttributions.clickId))
      .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
      .where(
        and(
          eq(orderAttributions.partnerAccountId, partnerAccountId),
          linkIds ? inArray(partnerClicks.linkId, linkIds) : undefined,
        ),
      )
      .groupBy(partnerClicks.linkId);
    const stats = new Map<string, LinkStats>();
    for (const row of clicks) stats.set(row.linkId, { clicks: row.clicks, orders: 0, paidOrders: 0 });
    for (const row of ordered) {
      const entry = stats.get(row.linkId) ?? { clicks: 0, orders: 0, paidOrders: 0 };
      stats.set(row.linkId, { ...entry, orders: row.orders, paidOrders: row.paidOrders });
    }
    return stats;
  }

  function clickConditions(
    actor: PartnerPrincipal,
    query: Omit<ClickLogQuery, 'limit' | 'cursor'>,
  ): SQL | undefined {
    const conditions: Array<SQL | undefined> = [eq(partnerClicks.partnerAccountId, actor.partnerAccountId)];
    if (query.from) conditions.push(gte(partnerClicks.clickedAt, moscowDayStart(query.from)));
    if (query.to) conditions.push(lt(partnerClicks.clickedAt, moscowDayStart(query.to, 1)));
    if (query.linkId) conditions.push(eq(partnerClicks.linkId, query.linkId));
    if (query.subId) conditions.push(eq(partnerClicks.subId, query.subId));
    return and(...conditions);
  }

  const clickSelection = {
    id: partnerClicks.id,
    clickedAt: partnerClicks.clickedAt,
    linkId: partnerClicks.linkId,
    linkName: partnerLinks.name,
    linkCode: partnerLinks.code,
    subId: partnerClicks.subId,
    ipTruncated: partnerClicks.ipTruncated,
    userAgent: partnerClicks.userAgent,
    referrer: partnerClicks.referrer,
    converted: sql<boolean>`exists (select 1 from ${orderAttributions} where ${orderAttributions.clickId} = ${partnerClicks.id})`,
  };

  return {
    // ---- the redirect (public) ----

    /**
     * GET /r/:code (decision 061): where to send the visitor and, for a counted click, the cookie to set. An
     * unknown or archived code, or a partner who is not ACTIVE, sends to «/» and stores nothing; a bot is sent
     * to the target without a click. The location is always a path on our site.
     */
    async followLink(
      code: string,
      visitor: { ip: string; userAgent: string | undefined; referrer: string | undefined; subId: unknown },
    ): Promise<{
      location: string;
      cookie: { clickId: string; maxAgeSeconds: number; secure: boolean } | null;
    }> {
      if (!CODE_PATTERN.test(code)) return { location: '/', cookie: null };
      const userAgent = cleanHeader(visitor.userAgent);
      if (!userAgent || isbot(userAgent)) {
        const target = await repo.findLiveTarget(db, code);
        return { location: target && isSafeTargetPath(target) ? target : '/', cookie: null };
      }
      const { ipHash } = fingerprintHashes(config.jwtSecret, { ip: visitor.ip, userAgent });
      const click = await repo.recordClick(db, {
        code,
        now: clock.now(),
        ipTruncated: truncateIp(visitor.ip) || null,
        ipHash,
        userAgent,
        referrer: cleanHeader(visitor.referrer),
        subId: cleanSubId(visitor.subId),
      });
      if (!click) return { location: '/', cookie: null };
      return {
        location: isSafeTargetPath(click.targetPath) ? click.targetPath : '/',
        cookie: { clickId: click.clickId, maxAgeSeconds: click.windowDays * 86_400, secure: secureCookie },
      };
    },

    /**
     * Attribution of a new order, inside the order's transaction (decision 059). Called by the orders module only
     * when the order carries something to attribute (a partner's promo code, the referral cookie or a partnerId),
     * so a plain order costs no round trip. The cookie is only a pointer: the statement checks the click, its
     * partner and the window on the server's clock.
     */
    async attributeOrder(
      tx: DbOrTx,
      input: {
        orderId: string;
        promoCode: string | null;
        clickId: string | null;
        partnerId: string | null;
        /** The integrator of the API key that placed the order (decision 070). */
        apiPartnerId?: string | null;
        ip: string;
        userAgent: string | undefined;
        now: Date;
      },
    ): Promise<OrderAttributionRow | null> {
      const hashes = fingerprintHashes(config.jwtSecret, { ip: input.ip, userAgent: input.userAgent });
      const row = await repo.attributeOrder(tx, {
        orderId: input.orderId,
        promoCode: input.promoCode,
        clickId: input.clickId,
        partnerId: input.partnerId,
        apiPartnerId: input.apiPartnerId ?? null,
        ipHash: hashes.ipHash,
        deviceHash: hashes.deviceHash,
        now: input.now,
      });
      return row ?? null;
    },

    /** A corporate coupon's order → its partner, source COUPON (decision 069), in the order's transaction. */
    async attributeOrderTo(
      tx: DbOrTx,
      input: {
        orderId: string;
        partnerAccountId: string;
        couponCode: string;
        ip: string;
        userAgent: string | undefined;
        now: Date;
      },
    ): Promise<OrderAttributionRow | null> {
      const hashes = fingerprintHashes(config.jwtSecret, { ip: input.ip, userAgent: input.userAgent });
      const row = await repo.attributeOrderTo(tx, {
        orderId: input.orderId,
        partnerAccountId: input.partnerAccountId,
        source: 'COUPON',
        promoCode: input.couponCode,
        ipHash: hashes.ipHash,
        deviceHash: hashes.deviceHash,
        now: input.now,
      });
      return row ?? null;
    },

    // ---- links ----

    async listLinks(actor: PartnerPrincipal): Promise<{ items: PartnerLink[] }> {
      const rows = await db
        .select()
        .from(partnerLinks)
        .where(eq(partnerLinks.partnerAccountId, actor.partnerAccountId))
        .orderBy(sql`${partnerLinks.archivedAt} is not null`, desc(partnerLinks.createdAt))
        .limit(500);
      const stats = await linkStats(actor.partnerAccountId);
      return { items: rows.map((row) => toPartnerLink(row, stats.get(row.id), config.publicUrl)) };
    },

    async createLink(actor: PartnerPrincipal, input: PartnerLinkCreateRequest): Promise<PartnerLink> {
      const name = input.name.trim();
      const targetPath = input.targetPath || '/';
      // A random code is taken rarely; the unique index (case-insensitive) decides, and another code is drawn.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const row = await repo.insertLink(db, {
          partnerAccountId: actor.partnerAccountId,
          code: randomCode(),
          name,
          targetPath,
          now: clock.now(),
        });
        if (row) return toPartnerLink(row, undefined, config.publicUrl);
      }
      throw new AppError('INTERNAL_ERROR', MESSAGES.internalError);
    },

    /**
     * A link made for an integrator's widget (decision 072) in the caller's transaction: the widget's hand-over to
     * the order form is a click on it, so attribution, the window and the fraud rules stay those of links.
     */
    async createWidgetLink(
      tx: DbOrTx,
      partnerAccountId: string,
      name: string,
    ): Promise<{ id: string; code: string }> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const row = await repo.insertLink(tx, {
          partnerAccountId,
          code: randomCode(),
          name: name.slice(0, REFERRAL_LIMITS.nameMax),
          targetPath: '/order',
          now: clock.now(),
        });
        if (row) return { id: row.id, code: row.code };
      }
      throw new AppError('INTERNAL_ERROR', MESSAGES.internalError);
    },

    async archiveLink(actor: PartnerPrincipal, id: string): Promise<PartnerLink> {
      const row = await repo.archiveLink(db, actor.partnerAccountId, id, clock.now());
      if (!row) throw notFound(PARTNER_MESSAGES.referralLinkNotFound);
      const stats = await linkStats(actor.partnerAccountId, [id]);
      return toPartnerLink(row, stats.get(id), config.publicUrl);
    },

    // ---- partner promo codes ----

    async listPromoCodes(actor: PartnerPrincipal): Promise<PartnerPromoCodeListResponse> {
      const rows = await db
        .select({
          promo: promoCodes,
          createdBy: partnerPromoCodes.createdBy,
          linkedAt: partnerPromoCodes.createdAt,
          orders: sql<number>`(select count(*)::int from ${orderAttributions}
                                where ${orderAttributions.promoCode} = ${promoCodes.code}
                                  and ${orderAttributions.partnerAccountId} = ${partnerPromoCodes.partnerAccountId})`,
        })
        .from(partnerPromoCodes)
        .innerJoin(promoCodes, eq(promoCodes.code, partnerPromoCodes.code))
        .where(eq(partnerPromoCodes.partnerAccountId, actor.partnerAccountId))
        .orderBy(desc(partnerPromoCodes.createdAt), asc(promoCodes.code));
      const now = clock.now();
      const { maxPromoDiscountPercent } = await settings();
      return {
        maxDiscountPercent: maxPromoDiscountPercent,
        items: rows.map((row): PartnerPromoCode => ({
          code: row.promo.code,
          discountPercent: row.promo.discountPercent,
          usedCount: row.promo.usedCount,
          maxUses: row.promo.maxUses,
          status: promoCodeStatus(row.promo, now),
          createdBy: row.createdBy,
          orders: row.orders,
          createdAt: row.linkedAt.toISOString(),
        })),
      };
    },

    /**
     * A partner's own code: a promo_codes row through its owner plus the partner's link to it, in one
     * transaction. A taken code (by anyone: the primary key decides, also under concurrency) is a 409.
     */
    async createPromoCode(
      actor: PartnerPrincipal,
      input: PartnerPromoCodeCreateRequest,
    ): Promise<PartnerPromoCode> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ status: partnerAccounts.status, name: partnerAccounts.name })
          .from(partnerAccounts)
          .where(eq(partnerAccounts.id, actor.partnerAccountId));
        if (account?.status !== 'ACTIVE')
          throw new AppError('FORBIDDEN', PARTNER_MESSAGES.partnerPromoNotAllowed);
        const { maxPromoDiscountPercent } = await settings(tx);
        if (input.discountPercent > maxPromoDiscountPercent) {
          const message = formatMessage(PARTNER_MESSAGES.partnerPromoDiscountTooHigh, {
            max: maxPromoDiscountPercent,
          });
          throw new AppError('VALIDATION_ERROR', message, {
            details: [{ path: 'discountPercent', message }],
          });
        }
        const now = clock.now();
        const row = await promoRepo.insertPromoCode(tx, {
          code: input.code,
          discountPercent: input.discountPercent,
          isActive: true,
          validFrom: null,
          validTo: null,
          maxUses: null,
          description: `Промокод партнёра «${account.name}»`.slice(0, 500),
        });
        if (!row) {
          throw new AppError('CONFLICT', PARTNER_MESSAGES.partnerPromoCodeTaken, {
            details: [{ path: 'code', message: PARTNER_MESSAGES.partnerPromoCodeTaken }],
          });
        }
        await repo.insertPartnerPromoCode(tx, {
          code: row.code,
          partnerAccountId: actor.partnerAccountId,
          createdBy: 'PARTNER',
          now,
        });
        return {
          code: row.code,
          discountPercent: row.discountPercent,
          usedCount: row.usedCount,
          maxUses: row.maxUses,
          status: promoCodeStatus(row, now),
          createdBy: 'PARTNER',
          orders: 0,
          createdAt: now.toISOString(),
        };
      });
    },

    /** CRM: which codes belong to which portal partner, and the partners a code may be given to. */
    async listPromoCodePartners(): Promise<PromoCodePartnersResponse> {
      const assignments = await db
        .select({
          code: partnerPromoCodes.code,
          partnerAccountId: partnerPromoCodes.partnerAccountId,
          partnerName: partnerAccounts.name,
        })
        .from(partnerPromoCodes)
        .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerPromoCodes.partnerAccountId))
        .orderBy(asc(partnerPromoCodes.code));
      const partners = await db
        .select({ id: partnerAccounts.id, name: partnerAccounts.name, status: partnerAccounts.status })
        .from(partnerAccounts)
        .orderBy(asc(partnerAccounts.name))
        .limit(1000);
      return { assignments, partners };
    },

    /** CRM: gives an existing code to a portal partner (or takes it away with null). */
    async setPromoCodePartner(
      actor: UserPrincipal,
      code: string,
      partnerAccountId: string | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [promo] = await tx
          .select({ code: promoCodes.code })
          .from(promoCodes)
          .where(eq(promoCodes.code, code))
          .for('update');
        if (!promo) throw notFound(MESSAGES.promoNotFound);
        if (partnerAccountId) {
          const [partner] = await tx
            .select({ id: partnerAccounts.id })
            .from(partnerAccounts)
            .where(eq(partnerAccounts.id, partnerAccountId));
          if (!partner) throw notFound(PARTNER_MESSAGES.partnerAccountNotFound);
        }
        await repo.setPromoCodePartner(tx, code, partnerAccountId, clock.now());
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'promo-code.partner',
          entity: 'form-settings',
          entityId: code,
          data: { partnerAccountId },
        });
      });
    },

    // ---- click logs ----

    async listClicks(actor: PartnerPrincipal, query: ClickLogQuery): Promise<ClickLogResponse> {
      const limit = query.limit;
      const rows = await db
        .select(clickSelection)
        .from(partnerClicks)
        .innerJoin(partnerLinks, eq(partnerLinks.id, partnerClicks.linkId))
        .where(
          and(
            clickConditions(actor, query),
            keysetAfter(partnerClicks.clickedAt, partnerClicks.id, query.cursor),
          ),
        )
        .orderBy(desc(partnerClicks.clickedAt), desc(partnerClicks.id))
        .limit(limit + 1);
      const page = keysetPage(
        rows.map((row) => ({ ...row, createdAt: row.clickedAt })),
        limit,
      );
      return {
        items: page.rows.map(toClickLogItem),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    /** The click log as CSV (the shared writer: formulas neutralised), Moscow time, Russian headers. */
    async exportClicks(
      actor: PartnerPrincipal,
      query: Omit<ClickLogQuery, 'limit' | 'cursor'>,
    ): Promise<string> {
      const rows = await db
        .select(clickSelection)
        .from(partnerClicks)
        .innerJoin(partnerLinks, eq(partnerLinks.id, partnerClicks.linkId))
        .where(clickConditions(actor, query))
        .orderBy(desc(partnerClicks.clickedAt), desc(partnerClicks.id))
        .limit(CSV_MAX_ROWS);
      let csv = '\uFEFF' + csvRow(CLICK_LOG_CSV_HEADERS);
      for (const row of rows) {
        csv += csvRow([
          formatDateTime(row.clickedAt),
          row.linkName,
          row.linkCode,
          row.subId,
          row.ipTruncated,
          row.userAgent,
          row.referrer,
          row.converted ? 'да' : 'нет',
        ]);
      }
      return csv;
    },

    // ---- analytics and dashboard ----

    async analytics(
      actor: PartnerPrincipal,
      query: AffiliateAnalyticsQuery,
    ): Promise<AffiliateAnalyticsResponse> {
      const range = period(query, clock.now());
      const start = moscowDayStart(range.from);
      const end = moscowDayStart(range.to, 1);
      const partnerId = actor.partnerAccountId;
      const clickRows = await db
        .select({
          day: moscowDay(partnerClicks.clickedAt),
          linkId: partnerClicks.linkId,
          subId: partnerClicks.subId,
          count: sql<number>`count(*)::int`,
        })
        .from(partnerClicks)
        .where(
          and(
            eq(partnerClicks.partnerAccountId, partnerId),
            gte(partnerClicks.clickedAt, start),
            lt(partnerClicks.clickedAt, end),
          ),
        )
        .groupBy(sql`1`, partnerClicks.linkId, partnerClicks.subId);
      const orderRows = await db
        .select({
          day: moscowDay(orderAttributions.createdAt),
          linkId: partnerClicks.linkId,
          subId: orderAttributions.subId,
          paid: sql<boolean>`${orders.paidAt} is not null`,
          commission: sql<number>`coalesce((select sum(${partnerCommissions.amountKopecks})::bigint
                                               from ${partnerCommissions}
                                              where ${partnerCommissions.orderId} = ${orderAttributions.orderId}
                                                and ${partnerCommissions.partnerAccountId} = ${partnerId}
                                                and ${partnerCommissions.status} <> 'REVERSED'), 0)`.mapWith(
            Number,
          ),
        })
        .from(orderAttributions)
        .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
        .leftJoin(partnerClicks, eq(partnerClicks.id, orderAttributions.clickId))
        .where(
          and(
            eq(orderAttributions.partnerAccountId, partnerId),
            gte(orderAttributions.createdAt, start),
            lt(orderAttributions.createdAt, end),
          ),
        )
        .limit(100_000);
      const links = await db
        .select({ id: partnerLinks.id, name: partnerLinks.name, code: partnerLinks.code })
        .from(partnerLinks)
        .where(eq(partnerLinks.partnerAccountId, partnerId));

      const totals = emptyFunnel();
      const byDay = new Map(moscowDays(range.from, range.to).map((day) => [day, emptyFunnel()]));
      const byLink = new Map<string, Funnel>();
      const bySub = new Map<string, Funnel>();
      const bucket = (map: Map<string, Funnel>, key: string) => {
        let entry = map.get(key);
        if (!entry) map.set(key, (entry = emptyFunnel()));
        return entry;
      };
      for (const row of clickRows) {
        const targets = [totals, bucket(byDay, row.day), bucket(byLink, row.linkId)];
        if (row.subId) targets.push(bucket(bySub, row.subId));
        for (const target of targets) target.clicks += row.count;
      }
      for (const row of orderRows) {
        const targets = [totals, bucket(byDay, row.day)];
        if (row.linkId) targets.push(bucket(byLink, row.linkId));
        if (row.subId) targets.push(bucket(bySub, row.subId));
        for (const target of targets) {
          target.orders += 1;
          if (row.paid) target.paidOrders += 1;
          target.commissionKopecks += row.commission;
        }
      }
      const linkInfo = new Map(links.map((link) => [link.id, link]));
      return {
        ...range,
        totals,
        days: [...byDay].map(([date, funnel]) => ({ date, ...funnel })),
        links: [...byLink]
          .filter(([linkId]) => linkInfo.has(linkId))
          .map(([linkId, funnel]) => ({
            linkId,
            name: linkInfo.get(linkId)!.name,
            code: linkInfo.get(linkId)!.code,
            ...funnel,
          }))
          .sort((a, b) => b.clicks - a.clicks || b.orders - a.orders),
        subIds: [...bySub]
          .map(([subId, funnel]) => ({ subId, ...funnel }))
          .sort((a, b) => b.clicks - a.clicks || b.orders - a.orders)
          .slice(0, 200),
      };
    },

    async dashboard(actor: PartnerPrincipal): Promise<PartnerDashboardResponse> {
      const partnerId = actor.partnerAccountId;
      const [clicks] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(partnerClicks)
        .where(eq(partnerClicks.partnerAccountId, partnerId));
      const [attributed] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(orderAttributions)
        .where(eq(orderAttributions.partnerAccountId, partnerId));
      const money = await db
        .select({
          status: partnerCommissions.status,
          sum: sql<number>`coalesce(sum(${partnerCommissions.amountKopecks}), 0)::bigint`.mapWith(Number),
        })
        .from(partnerCommissions)
        .where(eq(partnerCommissions.partnerAccountId, partnerId))
        .groupBy(partnerCommissions.status);
      const firstStep = await firstStepOf(actor);
      const sumOf = (status: string) => money.find((row) => row.status === status)?.sum ?? 0;
      const series = await this.analytics(actor, {});
      const clickCount = clicks?.count ?? 0;
      const orderCount = attributed?.count ?? 0;
      return {
        clicks: clickCount,
        orders: orderCount,
        conversionPercent: clickCount > 0 ? Math.round((orderCount / clickCount) * 1000) / 10 : 0,
        pendingKopecks: sumOf('PENDING'),
        approvedKopecks: sumOf('APPROVED'),
        paidKopecks: sumOf('PAID'),
        balanceKopecks: sumOf('APPROVED'),
        firstStep,
        days: series.days.map((day) => ({ date: day.date, clicks: day.clicks, orders: day.orders })),
      };
    },
  };
}
