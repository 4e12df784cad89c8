import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  calculatePrice,
  PARTNER_MESSAGES,
  type Widget,
  type WidgetListResponse,
  type WidgetPublicConfig,
  type WidgetQuoteResponse,
  type WidgetSelection,
  type WidgetTheme,
  type WidgetUpsertRequest,
  widgetDomainAllowed,
  WIDGET_LIMITS,
  WidgetThemeSchema,
  WidgetUpsertRequestSchema,
} from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockForTransaction } from '../../db/locks.ts';
import {
  orderAttributions,
  partnerAccounts,
  partnerClicks,
  partnerLinks,
  partnerWidgets,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { PartnerPrincipal } from '../../lib/principal.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';
import type { ReferralsService } from '../referrals/referrals.service.ts';
import type { WidgetRow, WidgetsRepository } from './widgets.repository.ts';

export type WidgetsService = ReturnType<typeof createWidgetsService>;

/** The selection as the query string the widget sends and the hand-over forwards to the order form. */
export function selectionQuery(selection: {
  docs: WidgetSelection['docs'];
  from?: string | undefined;
  to?: string | undefined;
}): string {
  const params = new URLSearchParams({
    docs: selection.docs.map((line) => `${line.documentId}:${line.quantity}`).join(','),
  });
  if (selection.from) params.set('from', selection.from);
  if (selection.to) params.set('to', selection.to);
  return params.toString();
}

/**
 * An integrator's embeddable calculator (issue 20, decision 072). The partner pages manage widgets; the public
 * calls (config, quote) answer only pages of the widget's allowed domains (the browser's Origin) and our own
 * site (the preview); the hand-over records a click on the widget's own referral link and opens the order form
 * with the selection.
 */
export function createWidgetsService(deps: {
  db: Db;
  repo: WidgetsRepository;
  referrals: ReferralsService;
  formSettings: FormSettingsService;
  config: Pick<Config, 'publicUrl' | 'siteOrigins'>;
  clock: Clock;
}) {
  const { db, repo, referrals, formSettings, config, clock } = deps;
  const ownOrigins = new Set([new URL(config.publicUrl).origin, ...config.siteOrigins]);

  const themeOf = (row: WidgetRow): WidgetTheme => WidgetThemeSchema.parse(row.theme ?? {});

  async function toWidgets(rows: Array<WidgetRow & { linkCode: string }>): Promise<Widget[]> {
    const linkIds = rows.map((row) => row.linkId);
    const [clicks, orders] =
      linkIds.length === 0
        ? [[], []]
        : await Promise.all([
            db
              .select({ linkId: partnerClicks.linkId, n: count() })
              .from(partnerClicks)
              .where(inArray(partnerClicks.linkId, linkIds))
              .groupBy(partnerClicks.linkId),
            db
              .select({ linkId: partnerClicks.linkId, n: count() })
              .from(orderAttributions)
              .innerJoin(partnerClicks, eq(partnerClicks.id, orderAttributions.clickId))
              .where(and(inArray(partnerClicks.linkId, linkIds), eq(orderAttributions.source, 'WIDGET')))
              .groupBy(partnerClicks.linkId),
          ]);
    const clicksBy = new Map(clicks.map((row) => [row.linkId, row.n]));
    const ordersBy = new Map(orders.map((row) => [row.linkId, row.n]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      allowedDomains: row.allowedDomains,
      theme: themeOf(row),
      linkCode: row.linkCode,
      archived: row.archivedAt !== null,
      createdAt: row.createdAt.toISOString(),
      clicks: clicksBy.get(row.linkId) ?? 0,
      orders: ordersBy.get(row.linkId) ?? 0,
    }));
  }

  const withLink = (partnerAccountId: string, id?: string) =>
    db
      .select({ widget: partnerWidgets, linkCode: partnerLinks.code })
      .from(partnerWidgets)
      .innerJoin(partnerLinks, eq(partnerLinks.id, partnerWidgets.linkId))
      .where(
        and(
          eq(partnerWidgets.partnerAccountId, partnerAccountId),
          id ? eq(partnerWidgets.id, id) : undefined,
        ),
      )
      .orderBy(sql`${partnerWidgets.archivedAt} is not null`, desc(partnerWidgets.createdAt))
      .limit(200);

  async function one(partnerAccountId: string, id: string): Promise<Widget> {
    const [row] = await withLink(partnerAccountId, id);
    if (!row) throw notFound(PARTNER_MESSAGES.widgetNotFound);
    const [widget] = await toWidgets([{ ...row.widget, linkCode: row.linkCode }]);
    return widget!;
  }

  /** A live widget of an ACTIVE partner, or null (archived, unknown, the partner suspended or banned). */
  async function liveWidget(id: string): Promise<(WidgetRow & { linkCode: string }) | null> {
    const [row] = await db
      .select({ widget: partnerWidgets, linkCode: partnerLinks.code })
      .from(partnerWidgets)
      .innerJoin(partnerAccounts, eq(partnerAccounts.id, partnerWidgets.partnerAccountId))
      .innerJoin(partnerLinks, eq(partnerLinks.id, partnerWidgets.linkId))
      .where(
        and(
          eq(partnerWidgets.id, id),
          isNull(partnerWidgets.archivedAt),
          eq(partnerAccounts.status, 'ACTIVE'),
        ),
      );
    return row ? { ...row.widget, linkCode: row.linkCode } : null;
  }

  /**
   * May a page of `origin` use the widget? No Origin header: a same-origin request or no browser at all (the
   * prices are public on the order form anyway); our own site: the partner's preview; otherwise the host name must
   * be one of the widget's domains.
   */
  function originAllowed(widget: WidgetRow, origin: string | undefined): boolean {
    if (origin === undefined) return true;
    if (ownOrigins.has(origin)) return true;
    try {
      return widgetDomainAllowed(new URL(origin).hostname, widget.allowedDomains);
    } catch {
      return false;
    }
  }

  async function usableWidget(id: string, origin: string | undefined) {
    const widget = await liveWidget(id);
    if (!widget) throw notFound(PARTNER_MESSAGES.widgetNotFound);
    if (!originAllowed(widget, origin)) throw forbidden(PARTNER_MESSAGES.widgetDomainNotAllowed);
    return widget;
  }

  return {
    async list(actor: PartnerPrincipal): Promise<WidgetListResponse> {
      const rows = await withLink(actor.partnerAccountId);
      return { items: await toWidgets(rows.map((row) => ({ ...row.widget, linkCode: row.linkCode }))) };
    },

    async create(actor: PartnerPrincipal, input: WidgetUpsertRequest): Promise<Widget> {
      const values = WidgetUpsertRequestSchema.parse(input);
      const id = await db.transaction(async (tx) => {
        // The cap of live widgets is a count: writers of one partner take turns (decision 019).
        await lockForTransaction(tx, `widgets:${actor.partnerAccountId}`);
        const [live] = await tx
          .select({ n: count() })
          .from(partnerWidgets)
          .where(
            and(
              eq(partnerWidgets.partnerAccountId, actor.partnerAccountId),
              isNull(partnerWidgets.archivedAt),
            ),
          );
        if ((live?.n ?? 0) >= WIDGET_LIMITS.widgetsMax)
          throw new AppError('CONFLICT', PARTNER_MESSAGES.widgetTooMany);
        const link = await referrals.createWidgetLink(tx, actor.partnerAccountId, `Виджет «${values.name}»`);
        const row = await repo.insertWidget(tx, {
          partnerAccountId: actor.partnerAccountId,
          name: values.name,
          allowedDomains: values.allowedDomains,
          theme: values.theme,
          linkId: link.id,
          createdAt: clock.now(),
        });
        return row.id;
      });
      return one(actor.partnerAccountId, id);
    },

    async update(actor: PartnerPrincipal, id: string, input: WidgetUpsertRequest): Promise<Widget> {
      const values = WidgetUpsertRequestSchema.parse(input);
      const row = await repo.updateWidget(db, actor.partnerAccountId, id, values);
      if (!row) throw notFound(PARTNER_MESSAGES.widgetNotFound);
      return one(actor.partnerAccountId, id);
    },

    async archive(actor: PartnerPrincipal, id: string): Promise<Widget> {
      const row = await repo.archiveWidget(db, actor.partnerAccountId, id, clock.now());
      if (!row) throw notFound(PARTNER_MESSAGES.widgetNotFound);
      return one(actor.partnerAccountId, id);
    },

    async publicConfig(id: string, origin: string | undefined): Promise<WidgetPublicConfig> {
      const widget = await usableWidget(id, origin);
      const params = await formSettings.getFormParams();
      return {
        id: widget.id,
        theme: themeOf(widget),
        documents: params.documents.map((document) => ({
          id: document.id,
          name: document.name,
          price: document.price,
        })),
        languages: params.languages,
      };
    },

    /** The calculator's price: the order form's `calculatePrice` on the documents (no delivery, no discount). */
    async quote(
      id: string,
      origin: string | undefined,
      selection: WidgetSelection,
    ): Promise<WidgetQuoteResponse> {
      const widget = await usableWidget(id, origin);
      const catalogue = await formSettings.getFormParams();
      const known = new Set(catalogue.documents.map((document) => document.id));
      const docs = selection.docs.filter((line) => known.has(line.documentId));
      if (docs.length === 0) throw new AppError('VALIDATION_ERROR', PARTNER_MESSAGES.widgetSelectionInvalid);
      const languages = new Set(catalogue.languages.map((language) => language.code));
      const from = selection.from && languages.has(selection.from) ? selection.from : undefined;
      const to = selection.to && languages.has(selection.to) ? selection.to : undefined;
      const price = calculatePrice(catalogue, {
        documentsWithQuantity: docs,
        documentsAssurances: [],
        originalLanguage: from ?? null,
        targetLanguage: to ?? null,
        deliveryPrice: 0,
        discountPercent: 0,
      });
      return {
        lines: price.lines
          .filter((line) => line.kind === 'document')
          .map((line) => ({ name: line.name, quantity: line.quantity, total: line.total })),
        total: price.total,
        orderUrl: `${config.publicUrl}/w/${widget.id}?${selectionQuery({ docs, from, to })}`,
      };
    },

    /**
     * «Оформить заказ»: a click on the widget's link (bots and the partner's own traffic are handled as for any
     * link), then the order form with the selection. An unusable widget still opens the form, unattributed.
     */
    async handOver(
      id: string,
      selection: WidgetSelection | null,
      visitor: { ip: string; userAgent: string | undefined; referrer: string | undefined },
    ): Promise<{
      location: string;
      cookie: { clickId: string; maxAgeSeconds: number; secure: boolean } | null;
    }> {
      const widget = await liveWidget(id);
      const location = selection ? `/order?reset=true&${selectionQuery(selection)}` : '/order';
      if (!widget) return { location, cookie: null };
      const { cookie } = await referrals.followLink(widget.linkCode, { ...visitor, subId: 'widget' });
      return { location, cookie };
    },
  };
}
