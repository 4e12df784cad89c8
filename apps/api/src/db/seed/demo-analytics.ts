import { sql } from 'drizzle-orm';
import { computeAcquisitionChannel, moscowDate, moscowDayStart } from '@app/contracts';
import type { Tx } from '../client.ts';
import {
  analyticsConfig,
  analyticsEvents,
  analyticsSessions,
  funnelStages,
  marketingCampaignSpend,
  marketingCampaigns,
  marketingUtmLinks,
} from '../schema/index.ts';

/**
 * The demo's marketing history (decision 092): six weeks of public-site visits, so that a fresh `npm start` shows
 * the marketing pages with figures, not zeros. Made of the same rows the tracker and the order path write —
 * sessions (tags, device, browser), events, funnel stages — and linked to the demo orders the way the order form
 * links them (the order's session and visitor, its first-touch tags, the server's order_created and paid stages).
 * Deterministic: a seeded generator, so the visits depend only on the seed's time (dated back from it), not on chance.
 */

const DAYS = 42;
const SITE_HOST = 'perevod.example.ru';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A generator of numbers in [0, 1) from a fixed seed (mulberry32): the demo is the same on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Source = {
  share: number;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referer?: string;
};

/** Where the visits come from, with their shares (they add up to 1). */
const SOURCES: Source[] = [
  { share: 0.24, utmSource: 'yandex', utmMedium: 'cpc', utmCampaign: 'perevod_pasporta' },
  { share: 0.1, utmSource: 'yandex', utmMedium: 'cpc', utmCampaign: 'apostil' },
  { share: 0.2, referer: 'https://yandex.ru/' },
  { share: 0.08, referer: 'https://www.google.com/' },
  { share: 0.16 },
  { share: 0.08, utmSource: 'vk', utmMedium: 'social', utmCampaign: 'vk_osen' },
  { share: 0.06, utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'rassylka_noyabr' },
  { share: 0.05, referer: 'https://relocate-pro.example.ru/blog' },
  { share: 0.03, referer: 'https://t.me/' },
];

const DEVICES = [
  { share: 0.58, deviceType: 'mobile', browsers: ['Chrome Mobile', 'Mobile Safari', 'Yandex Browser'] },
  { share: 0.36, deviceType: 'desktop', browsers: ['Chrome', 'Yandex Browser', 'Firefox', 'Safari'] },
  { share: 0.06, deviceType: 'tablet', browsers: ['Mobile Safari', 'Chrome'] },
];
const OS_OF_BROWSER: Record<string, string[]> = {
  'Chrome Mobile': ['Android'],
  'Mobile Safari': ['iOS'],
  'Yandex Browser': ['Android', 'Windows'],
  Chrome: ['Windows', 'macOS'],
  Firefox: ['Windows', 'Linux'],
  Safari: ['macOS'],
};
const LANDING_PAGES = ['/', '/order/step-1', '/', '/order/step-1', '/order/status'];
/** The share of sessions that reach each funnel stage after the landing (of all sessions). */
const REACH = { calculator_used: 0.46, step_1: 0.34, step_2: 0.17, step_3: 0.09 } as const;

function pick<T extends { share: number }>(items: readonly T[], r: number): T {
  let sum = 0;
  for (const item of items) {
    sum += item.share;
    if (r < sum) return item;
  }
  return items.at(-1)!;
}

type SessionRow = typeof analyticsSessions.$inferInsert;
type EventRow = typeof analyticsEvents.$inferInsert;
type StageRow = typeof funnelStages.$inferInsert;

/** What the demo order of one plan carries of its visit: the session, the visitor and the first-touch tags. */
export type DemoOrderVisit = {
  analyticsSessionId: string;
  analyticsVisitorId: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  acquisitionChannel: string;
  attributionModel: 'first-touch';
};

/** The demo orders' visits, by how many days ago the order was placed (demo-orders.ts's plans). */
const ORDER_VISITS: Array<{
  daysAgo: number;
  source: Source;
  earlier?: { daysBefore: number; source: Source };
}> = [
  { daysAgo: 0, source: SOURCES[0]! },
  // A returning visitor: first from paid search, then back from organic search two weeks later.
  { daysAgo: 2, source: SOURCES[2]!, earlier: { daysBefore: 12, source: SOURCES[1]! } },
  { daysAgo: 20, source: SOURCES[5]! },
  { daysAgo: 35, source: SOURCES[6]! },
];

export function buildDemoAnalytics(now: Date) {
  const random = generator(20_261_127);
  const sessions: SessionRow[] = [];
  const events: EventRow[] = [];
  const stages: StageRow[] = [];

  /**
   * One visit: the session, its page views and clicks, and the funnel stages it reached with their events.
   * `reach` in [0, 1): the lower, the further into the order form (below REACH's share of a stage, it is reached).
   */
  function visit(options: { start: Date; visitorId: string; source: Source; reach: number }): string {
    const { start, visitorId, source } = options;
    const sessionId = `demo-s-${String(sessions.length + 1).padStart(4, '0')}`;
    const device = pick(DEVICES, random());
    const browserName = device.browsers[Math.floor(random() * device.browsers.length)]!;
    const systems = OS_OF_BROWSER[browserName]!;
    const landingPage = LANDING_PAGES[Math.floor(random() * LANDING_PAGES.length)]!;
    const tags = source.utmSource
      ? `?utm_source=${source.utmSource}&utm_medium=${source.utmMedium}&utm_campaign=${source.utmCampaign}`
      : '';
    let at = start;
    const later = (minutes: number) => (at = new Date(at.getTime() + minutes * MINUTE + random() * MINUTE));
    const event = (eventType: string, pagePath: string, extra: Partial<EventRow> = {}) =>
      events.push({ sessionId, eventType, pagePath, createdAt: later(1 + random() * 2), ...extra });
    const stage = (name: string) =>
      stages.push({ sessionId, stage: name, source: 'order_form', createdAt: later(0.5) });

    event('page_view', landingPage, { pageTitle: landingPage === '/' ? 'Перевод документов' : 'Заказ' });
    stage('landing');
    if (landingPage === '/' && random() < 0.5) event('page_view', '/order/step-1', { pageTitle: 'Заказ' });
    const reach = options.reach;
    if (reach < REACH.calculator_used) {
      event('click', '/order/step-1', { eventCategory: 'order_form', eventAction: 'add_document' });
      stage('calculator_used');
    }
    if (reach < REACH.step_1) {
      event('form_submit', '/order/step-1', { eventCategory: 'order_form', eventAction: 'step_1' });
      stage('step_1');
    }
    if (reach < REACH.step_2) {
      event('page_view', '/order/step-2', { pageTitle: 'Заказ: данные' });
      event('form_submit', '/order/step-2', { eventCategory: 'order_form', eventAction: 'step_2' });
      stage('step_2');
    }
    if (reach < REACH.step_3) {
      event('page_view', '/order/step-3', { pageTitle: 'Заказ: доставка' });
      stage('step_3');
    }
    if (random() < 0.04) {
      event('contact_support', landingPage, {
        eventCategory: 'support',
        eventAction: 'open',
        eventLabel: random() < 0.6 ? 'telegram' : 'whatsapp',
      });
    }
    sessions.push({
      sessionId,
      visitorId,
      landingPage: `${landingPage}${tags}`,
      referer: source.referer ?? null,
      userAgent: null,
      deviceType: device.deviceType,
      browserName,
      operatingSystem: systems[Math.floor(random() * systems.length)]!,
      channel: computeAcquisitionChannel(source, source.referer, SITE_HOST),
      utmSource: source.utmSource ?? null,
      utmMedium: source.utmMedium ?? null,
      utmCampaign: source.utmCampaign ?? null,
      createdAt: start,
      lastSeenAt: at,
    });
    return sessionId;
  }

  /**
   * A start on `daysAgo`'s Moscow day between 8:00 and 23:00, at least an hour before now: a visit lasts at most
   * about 40 minutes, so none of its events is later than the seed's time.
   */
  const startOn = (daysAgo: number) => {
    const midnight = moscowDayStart(moscowDate(new Date(now.getTime() - daysAgo * DAY)));
    // Two draws whichever is used: the visits after this one do not depend on the seed's time of day.
    const [hour, minutesBefore] = [8 + random() * 15, 60 + random() * 60];
    const start = new Date(midnight.getTime() + hour * 60 * MINUTE);
    return start.getTime() < now.getTime() - 60 * MINUTE
      ? start
      : new Date(now.getTime() - minutesBefore * MINUTE);
  };

  for (let daysAgo = DAYS; daysAgo >= 0; daysAgo -= 1) {
    // More visits on weekdays and lately (the campaigns started).
    const weekday = new Date(now.getTime() - daysAgo * DAY).getUTCDay();
    const base = weekday === 0 || weekday === 6 ? 6 : 10;
    const count = Math.round(base + (DAYS - daysAgo) / 6 + random() * 5);
    for (let index = 0; index < count; index += 1) {
      const returning = sessions.length > 20 && random() < 0.15;
      const visitorId = returning
        ? sessions[Math.floor(random() * sessions.length)]!.visitorId!
        : `demo-v-${String(sessions.length + 1).padStart(4, '0')}`;
      visit({ start: startOn(daysAgo), visitorId, source: pick(SOURCES, random()), reach: random() });
    }
  }

  // The demo orders' visits: each ends a few minutes before its order (placed `daysAgo` days before the seed's
  // time, demo-orders.ts) with every stage up to step 3.
  const orderVisits = new Map<number, DemoOrderVisit>();
  for (const { daysAgo, source, earlier } of ORDER_VISITS) {
    const visitorId = `demo-v-order-${daysAgo}`;
    const placedAt = now.getTime() - daysAgo * DAY;
    if (earlier) {
      const start = new Date(placedAt - earlier.daysBefore * DAY - 3 * 60 * MINUTE);
      visit({ start, visitorId, source: earlier.source, reach: 0.3 });
    }
    const sessionId = visit({ start: new Date(placedAt - 45 * MINUTE), visitorId, source, reach: 0 });
    // The order's tags are the browser's attribution record: the first touch (spec 9).
    const firstTouch = earlier?.source ?? source;
    orderVisits.set(daysAgo, {
      analyticsSessionId: sessionId,
      analyticsVisitorId: visitorId,
      utmSource: firstTouch.utmSource ?? null,
      utmMedium: firstTouch.utmMedium ?? null,
      utmCampaign: firstTouch.utmCampaign ?? null,
      acquisitionChannel: computeAcquisitionChannel(firstTouch, firstTouch.referer, SITE_HOST),
      attributionModel: 'first-touch',
    });
  }
  return { sessions, events, stages, orderVisits };
}

/**
 * The demo's lead-scoring rules (decision 094): without rules nothing scores and the lead-scoring page of a fresh
 * `npm start` would be empty. Weighted as a shop would start: a submitted step of the order form and a contact with
 * support count most, a click on the calculator less, a page view a point; submissions and contacts halve after
 * two weeks, views after a month. A visit that submitted steps 1 and 2 within the last two weeks reaches the
 * threshold; a hot lead is such a visit of a customer or of an order not yet paid.
 */
export const DEMO_LEAD_SCORE_RULES = [
  { eventType: 'form_submit', eventAction: null, points: 10, decayDays: 14 },
  { eventType: 'contact_support', eventAction: null, points: 15, decayDays: 14 },
  { eventType: 'click', eventAction: null, points: 3, decayDays: 14 },
  { eventType: 'page_view', eventAction: null, points: 1, decayDays: 30 },
];
export const DEMO_HOT_LEAD_THRESHOLD = 25;

/** Inserts in slices: one statement per slice keeps the parameters under PostgreSQL's limit. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let index = 0; index < rows.length; index += 500) await insert(rows.slice(index, index + 500));
}

/**
 * Writes the visits before the demo orders (the orders name their session); `afterOrders` then records the
 * server's order_created and paid stages of the orders placed in them.
 */
export async function seedDemoAnalytics(tx: Tx, now: Date) {
  const demo = buildDemoAnalytics(now);
  await insertAll(demo.sessions, (slice) => tx.insert(analyticsSessions).values(slice));
  await insertAll(demo.events, (slice) => tx.insert(analyticsEvents).values(slice));
  await insertAll(demo.stages, (slice) => tx.insert(funnelStages).values(slice));
  // Only where no rules were set: the seed never replaces what an administrator configured.
  await tx
    .insert(analyticsConfig)
    .values({ id: 1, leadScoreRules: DEMO_LEAD_SCORE_RULES, hotLeadThreshold: DEMO_HOT_LEAD_THRESHOLD })
    .onConflictDoUpdate({
      target: analyticsConfig.id,
      set: { leadScoreRules: DEMO_LEAD_SCORE_RULES, hotLeadThreshold: DEMO_HOT_LEAD_THRESHOLD },
      setWhere: sql`${analyticsConfig.leadScoreRules} = '[]'::jsonb`,
    });

  // The paid campaigns with what they cost, and the links the marketer tagged for them.
  const campaigns = await tx
    .insert(marketingCampaigns)
    .values([
      {
        name: 'Перевод паспорта — Яндекс Директ',
        utmCampaign: 'perevod_pasporta',
        utmSource: 'yandex',
        channel: 'paid',
      },
      { name: 'Апостиль — Яндекс Директ', utmCampaign: 'apostil', utmSource: 'yandex', channel: 'paid' },
      { name: 'ВКонтакте, осень', utmCampaign: 'vk_osen', utmSource: 'vk', channel: 'social' },
    ])
    .onConflictDoNothing()
    .returning();
  const firstDay = moscowDate(new Date(now.getTime() - DAYS * DAY));
  const today = moscowDate(now);
  const spend: Record<string, number> = { perevod_pasporta: 18_500_00, apostil: 7_200_00, vk_osen: 4_000_00 };
  await tx.insert(marketingCampaignSpend).values(
    campaigns.map((campaign) => ({
      campaignId: campaign.id,
      periodStart: firstDay,
      periodEnd: today,
      amountKopecks: spend[campaign.utmCampaign] ?? 0,
      note: 'Расход по кабинету рекламной системы',
    })),
  );
  await tx.insert(marketingUtmLinks).values([
    {
      name: 'Директ: перевод паспорта',
      baseUrl: `https://${SITE_HOST}/order/step-1`,
      utmSource: 'yandex',
      utmMedium: 'cpc',
      utmCampaign: 'perevod_pasporta',
    },
    {
      name: 'Рассылка ноября',
      baseUrl: `https://${SITE_HOST}/`,
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'rassylka_noyabr',
    },
  ]);

  return {
    /** The visit of the demo order placed `daysAgo` days ago. */
    visitOf: (daysAgo: number) => demo.orderVisits.get(daysAgo) ?? null,
    /** The server's stages of an order placed in a demo visit: order_created, and paid when it is paid. */
    async afterOrders(
      placed: Array<{
        id: string;
        amount: number;
        userId: string | null;
        createdAt: Date;
        paidAt: Date | null;
        analyticsSessionId: string | null;
      }>,
    ) {
      const rows: StageRow[] = placed.flatMap((order) => {
        const sessionId = order.analyticsSessionId;
        if (sessionId === null) return [];
        const stage = (name: 'order_created' | 'paid', createdAt: Date): StageRow => ({
          sessionId,
          stage: name,
          source: 'server',
          value: order.amount,
          userId: order.userId,
          orderId: order.id,
          createdAt,
        });
        return [
          stage('order_created', order.createdAt),
          ...(order.paidAt ? [stage('paid', order.paidAt)] : []),
        ];
      });
      if (rows.length > 0) await tx.insert(funnelStages).values(rows);
    },
  };
}
