/**
 * `npm run seed:analytics`: marketing analytics at scale (issue 19, decision 073) on the database of
 * `npm run seed:large` — by default 2,000,000 sessions and about 10,000,000 events over the year before now, with
 * their funnel stages and conversions, and a share of that year's orders linked to the session they were placed in
 * (orders.analytics_session_id / analytics_visitor_id, earlier sessions of the same visitor as touchpoints).
 *
 * Target: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/bench_large; the orders must be seeded first.
 * Size: SEED_ANALYTICS_SESSIONS (default 2000000), SEED_ANALYTICS_EVENTS (default 5 per session).
 * Set-based SQL in chunks, one transaction each (a month of orders, then 200,000 anonymous sessions), the progress
 * kept in app_settings: an interrupted run resumes; a finished one refuses to run again (a different size is refused
 * too — seed a fresh database with `npm run seed:large -- --reset` first).
 */
import pg from 'pg';
import { rebuildMarketingFacts } from './rebuild-marketing-facts.ts';
import { openPostgres } from '../db/client.ts';
import { createJourneyDaysJob } from '../modules/marketing/journey-days-job.ts';
import { createFunnelDaysJob } from '../modules/marketing/funnel-days-job.ts';
import { createLeadScoreDaysJob } from '../modules/marketing/lead-score-days-job.ts';
import { systemClock } from '../lib/clock.ts';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/bench_large';
const MARKER = 'analytics_seed';
const CHUNK = 200_000;
const SPAN_DAYS = 365;

type Marker = {
  sessions: number;
  events: number;
  startAt: string;
  endAt: string;
  /** Share of the year's live orders placed in a session, and the monthly chunks of them done. */
  linkShare: number;
  orderChunksDone: number;
  anonymousTotal: number | null;
  anonymousChunksDone: number;
  finishedAt?: string;
};

function log(message: string) {
  console.log(`[seed:analytics ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const CAMPAIGNS = ['brand', 'apostille', 'notary_translation', 'passport', 'diploma', 'retargeting'];
const PAGES = [
  '/',
  '/order/step-1',
  '/prices',
  '/documents/passport',
  '/documents/diploma',
  '/services/apostille',
  '/offices',
  '/contacts',
  '/blog/kak-perevesti-pasport',
  '/faq',
];

/**
 * The session attributes drawn from the uniform numbers of a row of `drawn` (r_ch, r_dev, r_br, r_camp, r_land):
 * channel with its UTM tags and referrer, device, browser and OS, landing page. Channel shares: organic 25 %,
 * paid search 20 %, direct 20 %, social 10 %, e-mail 7 %, referral 8 %, messenger (utm_source telegram) 10 %.
 */
const SESSION_COLUMNS = `
  CASE WHEN r_ch < 0.25 THEN 'organic' WHEN r_ch < 0.45 THEN 'paid' WHEN r_ch < 0.65 THEN 'direct'
       WHEN r_ch < 0.75 THEN 'social' WHEN r_ch < 0.82 THEN 'email' WHEN r_ch < 0.90 THEN 'referral'
       ELSE 'telegram' END AS channel,
  CASE WHEN r_ch >= 0.25 AND r_ch < 0.45 THEN (CASE WHEN r_camp < 0.7 THEN 'yandex' ELSE 'google' END)
       WHEN r_ch >= 0.65 AND r_ch < 0.75 AND r_camp < 0.5 THEN 'vk'
       WHEN r_ch >= 0.75 AND r_ch < 0.82 THEN 'newsletter'
       WHEN r_ch >= 0.90 THEN 'telegram' END AS utm_source,
  CASE WHEN r_ch >= 0.25 AND r_ch < 0.45 THEN 'cpc'
       WHEN r_ch >= 0.65 AND r_ch < 0.75 AND r_camp < 0.5 THEN 'social'
       WHEN r_ch >= 0.75 AND r_ch < 0.82 THEN 'email'
       WHEN r_ch >= 0.90 THEN 'messenger' END AS utm_medium,
  CASE WHEN r_ch >= 0.25 AND r_ch < 0.45 THEN ($1::text[])[1 + floor(r_camp * 1000)::int % cardinality($1::text[])]
       WHEN r_ch >= 0.65 AND r_ch < 0.75 AND r_camp < 0.5 THEN 'vk_autumn'
       WHEN r_ch >= 0.75 AND r_ch < 0.82 THEN 'newsletter_' || to_char(created_at, 'YYYY_MM')
       WHEN r_ch >= 0.90 THEN 'channel_post' END AS utm_campaign,
  CASE WHEN r_ch >= 0.25 AND r_ch < 0.45 THEN 'ad_' || (1 + floor(r_land * 4)::int) END AS utm_content,
  CASE WHEN r_ch >= 0.25 AND r_ch < 0.45 THEN
         (ARRAY['перевод паспорта', 'нотариальный перевод', 'апостиль', 'перевод диплома'])[1 + floor(r_camp * 4)::int]
       END AS utm_term,
  CASE WHEN r_ch < 0.25 THEN (CASE WHEN r_camp < 0.65 THEN 'https://yandex.ru/' ELSE 'https://www.google.com/' END)
       WHEN r_ch >= 0.65 AND r_ch < 0.75 THEN 'https://vk.com/'
       WHEN r_ch >= 0.82 AND r_ch < 0.90 THEN 'https://partner-portal.ru/uslugi' END AS referer,
  CASE WHEN r_ch >= 0.25 AND r_ch < 0.45 THEN
         jsonb_build_object(CASE WHEN r_camp < 0.7 THEN 'yclid' ELSE 'gclid' END, md5(r_land::text))
       END AS click_ids,
  CASE WHEN r_dev < 0.58 THEN 'mobile' WHEN r_dev < 0.96 THEN 'desktop' ELSE 'tablet' END AS device_type,
  CASE WHEN r_br < 0.45 THEN 'Chrome' WHEN r_br < 0.67 THEN 'Yandex Browser' WHEN r_br < 0.85 THEN 'Safari'
       WHEN r_br < 0.90 THEN 'Firefox' WHEN r_br < 0.95 THEN 'Edge' WHEN r_br < 0.98 THEN 'Opera'
       ELSE 'Samsung Internet' END AS browser_name,
  CASE WHEN r_dev < 0.58 THEN (CASE WHEN r_br >= 0.67 AND r_br < 0.85 THEN 'iOS' ELSE 'Android' END)
       WHEN r_dev < 0.96 THEN (CASE WHEN r_br >= 0.67 AND r_br < 0.85 THEN 'macOS' WHEN r_br > 0.97 THEN 'Linux'
                                    ELSE 'Windows' END)
       ELSE (CASE WHEN r_br < 0.5 THEN 'iPadOS' ELSE 'Android' END) END AS operating_system,
  ($2::text[])[1 + floor(power(r_land, 1.6) * cardinality($2::text[]))::int] AS landing_page`;

/** Everything of the chunk's sessions (temp table seed_sessions) after the sessions: events, stages, conversions. */
async function insertSessionChunk(client: pg.Client) {
  await client.query(
    `INSERT INTO analytics_sessions (session_id, visitor_id, landing_page, referer, user_agent, device_type,
       browser_name, operating_system, channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term,
       click_ids, ip_hash, is_internal, user_id, created_at, last_seen_at)
     SELECT session_id, visitor_id, landing_page, referer,
            'Mozilla/5.0 (' || operating_system || ') ' || browser_name, device_type, browser_name,
            operating_system, channel, utm_source, utm_medium, utm_campaign, utm_content, utm_term, click_ids,
            md5('ip' || visitor_id), is_internal, user_id, created_at,
            created_at + n_events * interval '40 seconds'
     FROM seed_sessions`,
  );
  // Events: the landing page view first, then page views, clicks, scrolls, forms, a support contact now and then.
  // Every session has 1 … 2·mean−1 events (the mean is SEED_ANALYTICS_EVENTS / sessions).
  await client.query(
    `WITH inserted AS (
     INSERT INTO analytics_events (session_id, client_event_id, event_type, event_category, event_action,
       event_label, event_value, page_path, page_title, is_conversion, user_id, created_at)
     SELECT s.session_id, 'seed-' || i, e.event_type,
            CASE WHEN e.event_type = 'form_submit' THEN 'form' END,
            CASE WHEN e.event_type = 'form_submit' THEN (CASE WHEN e.r < 0.90 THEN 'calculator' ELSE 'callback' END)
                 WHEN e.event_type = 'click' THEN (CASE WHEN e.r < 0.80 THEN 'cta' ELSE 'phone' END) END,
            CASE WHEN e.event_type = 'click' THEN (CASE WHEN e.r < 0.80 THEN 'Заказать перевод' ELSE 'Телефон' END) END,
            CASE WHEN e.event_type = 'scroll' THEN 25 * (1 + floor(e.r * 4)) END,
            e.page, NULL,
            e.event_type = 'contact_support' OR (e.event_type = 'form_submit' AND e.r >= 0.90),
            s.user_id, s.created_at + (i - 1) * interval '40 seconds'
     FROM seed_sessions s
     CROSS JOIN LATERAL generate_series(1, s.n_events) AS i
     CROSS JOIN LATERAL (
       SELECT CASE WHEN i = 1 THEN 'page_view' WHEN x.r < 0.50 THEN 'page_view' WHEN x.r < 0.72 THEN 'click'
                   WHEN x.r < 0.88 THEN 'scroll' WHEN x.r < 0.985 THEN 'form_submit' ELSE 'contact_support' END
                AS event_type,
              x.r2 AS r,
              CASE WHEN i = 1 THEN s.landing_page
                   ELSE ($1::text[])[1 + floor(power(x.r2, 1.3) * cardinality($1::text[]))::int] END AS page
       FROM (SELECT random() AS r, random() AS r2 WHERE i > 0) AS x
     ) AS e
     RETURNING session_id, client_event_id, event_type, is_conversion, created_at)
     -- leads: a callback form sent (the events marked as conversions)
     INSERT INTO conversions (session_id, client_event_id, conversion_type, conversion_value, created_at)
     SELECT session_id, client_event_id || '-lead', 'lead', NULL, created_at
     FROM inserted WHERE is_conversion AND event_type = 'form_submit'`,
    [PAGES],
  );
  // Browser funnel stages, once per session: landing (landing page /), the calculator, the order form's steps
  // (every order's session went through them), as the tracker records them.
  await client.query(
    `INSERT INTO funnel_stages (session_id, client_event_id, stage, source, user_id, created_at)
     SELECT s.session_id, 'seed-' || st.stage, st.stage, 'web', s.user_id, s.created_at + st.k * interval '1 minute'
     FROM seed_sessions s
     CROSS JOIN LATERAL (VALUES ('landing', 0), ('calculator_used', 1), ('step_1', 2), ('step_2', 3), ('step_3', 4))
       AS st(stage, k)
     WHERE CASE st.stage
             WHEN 'landing' THEN s.landing_page = '/'
             WHEN 'calculator_used' THEN s.order_id IS NOT NULL OR s.r_funnel < 0.30
             WHEN 'step_1' THEN s.order_id IS NOT NULL OR s.r_funnel < 0.15
             WHEN 'step_2' THEN s.order_id IS NOT NULL OR s.r_funnel < 0.09
             ELSE s.order_id IS NOT NULL OR s.r_funnel < 0.06 END`,
  );
}

/**
 * The sessions and events rollups (decision 079) are rebuilt once at the end (set-based) instead of per chunk;
 * their triggers are off for the chunk's transaction only (ALTER TABLE is transactional: an interrupted chunk
 * leaves them on).
 */
async function rollupTriggersOff(client: pg.Client) {
  await client.query('ALTER TABLE analytics_sessions DISABLE TRIGGER USER');
  await client.query('ALTER TABLE analytics_events DISABLE TRIGGER USER');
}
/** One month of the year's orders: each linked order's session, earlier touches of its visitor, the link. */
async function insertOrderChunk(client: pg.Client, marker: Marker, index: number) {
  const start = new Date(Date.parse(marker.startAt) + (index * SPAN_DAYS * 86_400_000) / 12).toISOString();
  const end = new Date(
    Date.parse(marker.startAt) + ((index + 1) * SPAN_DAYS * 86_400_000) / 12,
  ).toISOString();
  await client.query('BEGIN');
  await client.query('SET LOCAL synchronous_commit = off');
  await rollupTriggersOff(client);
  await client.query('SELECT setseed($1)', [0.5 + index / 100]);
  // The orders placed in a session: a fixed share of the live ones, chosen by their id. Their session's channel
  // and tags are the order's own (paid search from utm cpc, social from vk); the visitor is the customer's.
  await client.query(
    `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
     SELECT o.id, o.user_id, o.created_at, o.amount, o.is_paid, o.paid_at, o.utm_source, o.utm_medium,
            o.acquisition_channel, random() AS r_camp, random() AS r_touch, random() AS r_gap
     FROM orders o
     WHERE o.created_at >= $1::timestamptz AND o.created_at < $2::timestamptz AND o.deleted_at IS NULL
       AND o.analytics_session_id IS NULL
       AND (abs(hashtext(o.id::text)) % 10000) < $3::int`,
    [start, end, Math.round(marker.linkShare * 10_000)],
  );
  await client.query(
    `CREATE TEMP TABLE seed_sessions ON COMMIT DROP AS
     WITH drawn AS (
       -- the order's own session, a few minutes before it
       SELECT 'so-' || o.id AS session_id, 'v-' || o.user_id AS visitor_id, o.id AS order_id,
              o.created_at - (3 + o.r_gap * 40) * interval '1 minute' AS created_at,
              CASE o.acquisition_channel WHEN 'paid_search' THEN 0.25 + 0.2 * o.r_camp WHEN 'organic' THEN 0.1
                   WHEN 'social' THEN 0.66 ELSE 0.5 END AS r_ch,
              o.utm_source AS order_source, o.r_camp, CASE WHEN o.r_touch < 0.5 THEN o.user_id END AS user_id,
              0 AS touch
       FROM seed_orders o
       UNION ALL
       -- earlier sessions of the same visitor (40 % of the orders: one or two, within three weeks)
       SELECT 'st-' || o.id || '-' || k, 'v-' || o.user_id, NULL,
              o.created_at - (1 + random() * 20) * interval '1 day', random(), NULL, random(), NULL, k
       FROM seed_orders o CROSS JOIN LATERAL generate_series(1, CASE WHEN o.r_touch < 0.25 THEN 2 ELSE 1 END) k
       WHERE o.r_touch < 0.40
     )
     SELECT session_id, visitor_id, order_id, created_at, r_ch, r_camp, user_id, false AS is_internal,
            random() AS r_dev, random() AS r_br, random() AS r_land, random() AS r_funnel,
            1 + abs(hashtext(session_id)) % (2 * $1::int - 1) AS n_events, order_source
     FROM drawn`,
    [Math.round(marker.events / marker.sessions)],
  );
  await addSessionColumns(client);
  // The order's own session keeps the order's source (yandex / google / vk) and the order page as landing.
  await client.query(
    `UPDATE seed_sessions SET utm_source = order_source, landing_page = '/order/step-1'
     WHERE order_id IS NOT NULL AND order_source IS NOT NULL AND utm_source IS NOT NULL`,
  );
  await insertSessionChunk(client);
  // The link, the campaign of a paid order, and the server's funnel stages and conversion of the order.
  await client.query(
    `UPDATE orders o SET analytics_session_id = s.session_id, analytics_visitor_id = s.visitor_id,
            utm_campaign = coalesce(o.utm_campaign, CASE WHEN o.utm_medium = 'cpc' THEN s.utm_campaign END)
     FROM seed_sessions s WHERE s.order_id = o.id`,
  );
  await client.query(
    `INSERT INTO funnel_stages (session_id, stage, source, value, user_id, order_id, created_at)
     SELECT 'so-' || o.id, 'order_created', 'server', o.amount, o.user_id, o.id, o.created_at FROM seed_orders o
     UNION ALL
     SELECT 'so-' || o.id, 'paid', 'server', o.amount, o.user_id, o.id, o.paid_at FROM seed_orders o
     WHERE o.is_paid AND o.paid_at IS NOT NULL`,
  );
  await client.query(
    `INSERT INTO conversions (session_id, client_event_id, conversion_type, conversion_value, order_id, created_at)
     SELECT 'so-' || o.id, 'seed-order', 'order', o.amount, o.id, o.created_at FROM seed_orders o`,
  );
  const { rows } = await client.query<{ orders: number; sessions: number }>(
    `SELECT (SELECT count(*) FROM seed_orders)::int AS orders, (SELECT count(*) FROM seed_sessions)::int AS sessions`,
  );
  marker.orderChunksDone = index + 1;
  await saveMarker(client, marker);
  await client.query('COMMIT');
  return rows[0]!;
}

async function addSessionColumns(client: pg.Client) {
  // The drawn attributes become columns (one statement, no per-row work in Node).
  await client.query(`ALTER TABLE seed_sessions RENAME TO seed_drawn`);
  await client.query(
    `CREATE TEMP TABLE seed_sessions ON COMMIT DROP AS
     SELECT d.*, ${SESSION_COLUMNS} FROM seed_drawn d`,
    [CAMPAIGNS, PAGES],
  );
}

/** Anonymous sessions (visitors who did not order in them), in time order over the year, density growing. */
async function insertAnonymousChunk(client: pg.Client, marker: Marker, index: number) {
  const lo = index * CHUNK;
  const hi = Math.min(marker.anonymousTotal!, lo + CHUNK);
  await client.query('BEGIN');
  await client.query('SET LOCAL synchronous_commit = off');
  await rollupTriggersOff(client);
  await client.query('SELECT setseed($1)', [index / 1000]);
  // Visitors: about 0.7 per session, some coming back many times (a power law).
  await client.query(
    `CREATE TEMP TABLE seed_sessions ON COMMIT DROP AS
     SELECT 'sa-' || g AS session_id,
            'v-a-' || floor(power(random(), 1.4) * $4::int * 0.7)::int AS visitor_id,
            NULL::uuid AS order_id,
            date_trunc('milliseconds', $1::timestamptz
              + (sqrt(1 + 3 * ((g + random()) / ($4::int)::float8)) - 1) * ($2::timestamptz - $1::timestamptz)) AS created_at,
            random() AS r_ch, random() AS r_camp, NULL::uuid AS user_id,
            random() < 0.005 AS is_internal,
            random() AS r_dev, random() AS r_br, random() AS r_land, random() AS r_funnel,
            1 + abs(hashtext('sa-' || g)) % (2 * $5::int - 1) AS n_events, NULL::text AS order_source
     FROM generate_series($3::int, $6::int - 1) AS g`,
    [
      marker.startAt,
      marker.endAt,
      lo,
      marker.anonymousTotal,
      Math.round(marker.events / marker.sessions),
      hi,
    ],
  );
  await addSessionColumns(client);
  await insertSessionChunk(client);
  marker.anonymousChunksDone = index + 1;
  await saveMarker(client, marker);
  await client.query('COMMIT');
  return hi;
}

/**
 * The campaigns of the tags above with a month's spend each (paid search 60–180 thousand roubles a month, the others
 * less), and the UTM builder's saved links of those tags; skipped when already there.
 */
async function insertCampaigns(client: pg.Client, marker: Marker) {
  await client.query(
    `WITH created AS (
       INSERT INTO marketing_campaigns (name, utm_campaign, utm_source, channel, starts_on, created_at)
       SELECT c.name, c.tag, c.source, c.channel, ($1::timestamptz AT TIME ZONE 'Europe/Moscow')::date, $1::timestamptz
       FROM (VALUES
         ('Бренд', 'brand', 'yandex', 'paid'), ('Апостиль', 'apostille', 'yandex', 'paid'),
         ('Нотариальный перевод', 'notary_translation', 'yandex', 'paid'), ('Паспорт', 'passport', 'google', 'paid'),
         ('Диплом', 'diploma', 'google', 'paid'), ('Ретаргетинг', 'retargeting', 'yandex', 'paid'),
         ('ВКонтакте осень', 'vk_autumn', 'vk', 'social'), ('Телеграм-канал', 'channel_post', 'telegram', 'telegram')
       ) AS c(name, tag, source, channel)
       ON CONFLICT DO NOTHING
       RETURNING id, channel)
     INSERT INTO marketing_campaign_spend (campaign_id, period_start, period_end, amount_kopecks, note, created_at)
     SELECT c.id, m::date, (m + interval '1 month' - interval '1 day')::date,
            (CASE WHEN c.channel = 'paid' THEN 6000000 + floor(random() * 12000000) ELSE 1500000 + floor(random() * 3000000) END)::bigint,
            'seed:analytics', $1::timestamptz
     FROM created c
     CROSS JOIN generate_series(date_trunc('month', $1::timestamptz AT TIME ZONE 'Europe/Moscow'),
                                $2::timestamptz AT TIME ZONE 'Europe/Moscow', interval '1 month') AS m`,
    [marker.startAt, marker.endAt],
  );
  await client.query(
    `INSERT INTO marketing_utm_links (name, base_url, utm_source, utm_medium, utm_campaign, utm_content, utm_term, created_at)
     SELECT 'Объявление ' || c || ' ' || n, 'https://perevod.example/order/step-1', src, 'cpc', c, 'ad_' || n, NULL, $1::timestamptz
     FROM unnest($2::text[]) AS c, (VALUES ('yandex'), ('google')) AS s(src), generate_series(1, 2) AS n
     WHERE NOT EXISTS (SELECT 1 FROM marketing_utm_links)`,
    [marker.startAt, CAMPAIGNS],
  );
}

async function saveMarker(client: pg.Client, marker: Marker) {
  await client.query(
    `INSERT INTO app_settings (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [MARKER, JSON.stringify(marker)],
  );
}

function sizeFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1000 || value > 100_000_000) {
    console.error(`${name} must be a whole number from 1000 to 100000000 (got ${raw})`);
    process.exit(2);
  }
  return value;
}

async function main() {
  if (process.env.NODE_ENV === 'production') {
    console.error(
      'seed:analytics fills a database with synthetic analytics: refused with NODE_ENV=production',
    );
    process.exit(2);
  }
  const sessions = sizeFromEnv('SEED_ANALYTICS_SESSIONS', 2_000_000);
  const events = sizeFromEnv('SEED_ANALYTICS_EVENTS', sessions * 5);
  if (events < sessions) {
    console.error(
      'SEED_ANALYTICS_EVENTS must be at least SEED_ANALYTICS_SESSIONS (every session has a page view)',
    );
    process.exit(2);
  }
  const rawUrl = process.env.DATABASE_URL ?? DEFAULT_URL;
  const url = new URL(rawUrl);
  if (!/^postgres(ql)?:$/.test(url.protocol)) {
    console.error('seed:analytics needs PostgreSQL (DATABASE_URL=postgres://…); PGlite is not supported');
    process.exit(2);
  }
  log(`database ${url.host}${url.pathname}${process.env.DATABASE_URL ? '' : ' (default; set DATABASE_URL)'}`);
  const client = new pg.Client({ connectionString: rawUrl });
  await client.connect();
  const started = Date.now();
  try {
    const seeded = await client.query<{ value: { finishedAt?: string } }>(
      `SELECT value FROM app_settings WHERE key = 'large_seed'`,
    );
    if (!seeded.rows[0]?.value.finishedAt) {
      throw new Error('the orders are not seeded here: run `npm run seed:large` first');
    }
    const existing = await client.query<{ value: Marker }>('SELECT value FROM app_settings WHERE key = $1', [
      MARKER,
    ]);
    let marker = existing.rows[0]?.value;
    if (marker?.finishedAt) {
      log(
        `already seeded (${marker.sessions.toLocaleString('en')} sessions, finished ${marker.finishedAt}): ` +
          'nothing to do; seed a fresh database (`npm run seed:large -- --reset`) for another run',
      );
      return;
    }
    if (marker && (marker.sessions !== sessions || marker.events !== events)) {
      throw new Error(
        `an unfinished run for ${marker.sessions} sessions / ${marker.events} events is here: ` +
          'resume it with the same SEED_ANALYTICS_SESSIONS / SEED_ANALYTICS_EVENTS',
      );
    }
    if (!marker) {
      const other = await client.query<{ count: number }>(
        `SELECT (SELECT count(*) FROM (SELECT 1 FROM analytics_sessions LIMIT 1) x)::int AS count`,
      );
      if (other.rows[0]!.count > 0)
        throw new Error('analytics_sessions is not empty: refusing to seed over it');
      const end = new Date();
      const start = new Date(end.getTime() - SPAN_DAYS * 86_400_000);
      const yearOrders = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM orders WHERE created_at >= $1 AND deleted_at IS NULL`,
        [start.toISOString()],
      );
      // About a fifth of the sessions are the sessions orders were placed in (and their visitors' earlier ones),
      // at most 65 % of the year's orders being linked (the rest came by phone or without consent).
      const linkShare = Math.min(0.65, (0.2 * sessions) / Math.max(1, yearOrders.rows[0]!.count));
      marker = {
        sessions,
        events,
        startAt: start.toISOString(),
        endAt: end.toISOString(),
        linkShare,
        orderChunksDone: 0,
        anonymousTotal: null,
        anonymousChunksDone: 0,
      };
      await saveMarker(client, marker);
      log(
        `${sessions.toLocaleString('en')} sessions, ~${events.toLocaleString('en')} events; ` +
          `${(linkShare * 100).toFixed(1)} % of ${yearOrders.rows[0]!.count.toLocaleString('en')} orders of the year linked`,
      );
    }
    while (marker.orderChunksDone < 12) {
      const t0 = Date.now();
      const done = await insertOrderChunk(client, marker, marker.orderChunksDone);
      log(
        `orders' sessions, month ${marker.orderChunksDone}/12: ${done.orders} orders, ${done.sessions} sessions ` +
          `(${((Date.now() - t0) / 1000).toFixed(1)} s)`,
      );
    }
    if (marker.anonymousTotal === null) {
      const { rows } = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM analytics_sessions`,
      );
      marker.anonymousTotal = Math.max(0, sessions - rows[0]!.count);
      await saveMarker(client, marker);
    }
    const chunks = Math.ceil(marker.anonymousTotal / CHUNK);
    const anonymousStarted = Date.now();
    const resumedAt = marker.anonymousChunksDone;
    while (marker.anonymousChunksDone < chunks) {
      const hi = await insertAnonymousChunk(client, marker, marker.anonymousChunksDone);
      const perChunk = (Date.now() - anonymousStarted) / (marker.anonymousChunksDone - resumedAt);
      const eta = Math.round(((chunks - marker.anonymousChunksDone) * perChunk) / 1000);
      log(
        `anonymous sessions ${hi.toLocaleString('en')} / ${marker.anonymousTotal.toLocaleString('en')} (eta ${eta} s)`,
      );
    }
    log('campaigns, their spend and UTM links');
    await insertCampaigns(client, marker);
    // The orders got their campaigns above (decision 078: the marketing order facts follow them by trigger; a
    // rebuild is one set-based pass instead).
    log('marketing order facts (marketing_order_facts_rebuild)');
    await rebuildMarketingFacts(client);
    log('sessions and events rollups (analytics_rollup_rebuild)');
    await client.query('SELECT analytics_rollup_rebuild()');
    // The sessions' triggers were off per chunk (the funnel rollup's copy of their columns with them): one pass.
    log('funnel rollup (funnel_sessions_rebuild)');
    await client.query('SELECT funnel_sessions_rebuild()');
    // The days that are over get their stored distinct sessions and visitors, as the nightly job would (decisions
    // 087, 088); days stored before this seed are stale (the triggers that take them back were off), so all are
    // stored anew.
    log('distinct sessions and visitors of the days that are over (analytics_close_days)');
    await client.query('DELETE FROM analytics_closed_days');
    const weeks = await client.query<{ first: string; last: string }>(
      `select d::date::text as first, least(d::date + 6, b.last)::text as last
         from (select order_stats_day(least((select min(created_at) from analytics_events),
                                            (select min(created_at) from analytics_sessions))) as first,
                      order_stats_day(now()) - 1 as last) b,
              generate_series(b.first::timestamp, b.last::timestamp, interval '7 days') d`,
    );
    for (const week of weeks.rows) {
      await client.query('SELECT analytics_close_days($1::date, $2::date)', [week.first, week.last]);
    }
    // The attribution credits and touch counts of the days at least three days old (decision 096), as the nightly
    // job stores them; the versions the triggers kept while the seed wrote are void with them.
    log('attribution and touchpoints of the days at least three days old (journey days)');
    await client.query('DELETE FROM journey_closed_days');
    await client.query('DELETE FROM journey_day_versions');
    await client.query('DELETE FROM lead_score_days');
    await client.query('DELETE FROM lead_score_day_versions');
    await client.query('DELETE FROM funnel_closed_days');
    await client.query('DELETE FROM funnel_day_versions');
    const database = await openPostgres(rawUrl, { max: 2, statementTimeoutMs: 600_000 });
    try {
      const { days } = await createJourneyDaysJob({ db: database.db }).closeDays();
      log(`journey days stored: ${days}`);
      // And their lead scores as of today (decision 097).
      const leads = await createLeadScoreDaysJob({ db: database.db, clock: systemClock }).closeDays();
      log(`lead-scoring days stored: ${leads.days}`);
      // And the funnel's (decision 098).
      const funnel = await createFunnelDaysJob({ db: database.db }).closeDays();
      log(`funnel days stored: ${funnel.days}`);
    } finally {
      await database.close();
    }
    log('VACUUM ANALYZE');
    for (const table of [
      'marketing_order_facts',
      'marketing_order_daily',
      'analytics_session_days',
      'analytics_event_days',
      'analytics_closed_days',
      'analytics_event_session_days',
      'analytics_visitor_days',
      'journey_closed_days',
      'journey_day_touch_filters',
      'lead_score_day_sessions',
      'funnel_day_cells',
      'funnel_day_durations',
      'journey_day_credits',
      'marketing_campaigns',
      'marketing_campaign_spend',
      'marketing_utm_links',
      'analytics_sessions',
      'analytics_events',
      'funnel_stages',
      'conversions',
      'orders',
    ]) {
      await client.query(`VACUUM (ANALYZE) ${table}`);
    }
    marker.finishedAt = new Date().toISOString();
    await saveMarker(client, marker);
    const { rows } = await client.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM analytics_sessions)::text AS sessions,
              (SELECT count(*) FROM analytics_events)::text AS events,
              (SELECT count(*) FROM funnel_stages)::text AS stages,
              (SELECT count(*) FROM conversions)::text AS conversions,
              (SELECT count(*) FROM orders WHERE analytics_session_id IS NOT NULL)::text AS linked,
              pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    const r = rows[0]!;
    log(
      `done in ${Math.round((Date.now() - started) / 1000)} s: ${r.sessions} sessions, ${r.events} events, ` +
        `${r.stages} funnel stages, ${r.conversions} conversions, ${r.linked} orders linked; database ${r.size}`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error('seed:analytics failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
