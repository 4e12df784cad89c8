import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { apiSources } from '#test/api-sources.ts';
import * as schema from './schema/index.ts';

/**
 * Decision 026 kept by a check: every table has one owner module, and only that module's repository
 * (`modules/<owner>/…/*.repository.ts`) inserts, updates or deletes it. The sources are read as text: a Drizzle
 * write `.insert(<table>)`, `.update(<table>)`, `.delete(<table>)` and a raw SQL `insert into`, `update`,
 * `delete from <table>` anywhere else fails here, with the file and the table to move. `db/seed/*` and `cli/*`
 * are exempt (they set up a database before any module runs); the stats rollups are written by SQL triggers
 * (migration 0011), not by this code.
 */
const OWNERS: Record<string, string> = {
  users: 'auth',
  sessions: 'auth',
  email_codes: 'auth',
  login_links: 'auth',
  sign_in_failures: 'auth',
  partner_accounts: 'partner-portal',
  crm_access_requests: 'crm-access',
  audit_log: 'audit',
  app_settings: 'system',
  analytics_sessions: 'analytics',
  analytics_events: 'analytics',
  analytics_session_days: 'analytics',
  analytics_event_days: 'analytics',
  analytics_closed_days: 'analytics',
  analytics_event_session_days: 'analytics',
  analytics_visitor_days: 'analytics',
  conversions: 'analytics',
  funnel_stages: 'analytics',
  // Kept by SQL triggers on funnel_stages and analytics_sessions (migration 0046, decision 080).
  funnel_sessions: 'analytics',
  document_types: 'form-settings',
  assurances: 'form-settings',
  deliveries: 'form-settings',
  languages: 'form-settings',
  promo_codes: 'form-settings',
  offices: 'offices',
  holidays: 'holidays',
  tariffs: 'tariffs',
  partners: 'partners',
  points: 'points',
  push_subscriptions: 'push',
  notifications: 'notifications',
  order_documents: 'documents',
  order_results: 'order-results',
  uploads: 'uploads',
  orders: 'orders',
  order_lines: 'orders',
  order_status_history: 'orders',
  order_notes: 'orders',
  order_events: 'orders',
  order_stats_daily: 'orders',
  order_line_stats_daily: 'orders',
  // Kept by SQL triggers on orders, order_lines and refunds (migration 0042, decision 078).
  marketing_order_facts: 'orders',
  marketing_order_daily: 'orders',
  payments: 'payments',
  refunds: 'payments',
  mail_outbox: 'mail',
  queue_pauses: 'monitoring',
  order_saved_views: 'saved-views',
  partner_program_settings: 'partner-portal',
  partner_applications: 'partner-portal',
  partner_password_tokens: 'partner-portal',
  partner_sign_ins: 'partner-portal',
  partner_links: 'referrals',
  partner_clicks: 'referrals',
  order_attributions: 'referrals',
  partner_promo_codes: 'referrals',
  partner_commissions: 'commissions',
  partner_commission_events: 'commissions',
  partner_payout_runs: 'commissions',
  partner_payouts: 'commissions',
  partner_payment_details: 'payment-details',
  partner_payment_detail_changes: 'payment-details',
  partner_fraud_events: 'fraud',
  analytics_config: 'analytics',
  marketing_campaigns: 'marketing',
  marketing_campaign_spend: 'marketing',
  marketing_utm_links: 'marketing',
  journey_closed_days: 'marketing',
  journey_day_credits: 'marketing',
  journey_day_touch_filters: 'marketing',
  // Kept by SQL triggers on the orders' facts, orders, funnel stages and sessions (migration 0054, decision 096).
  journey_day_versions: 'marketing',
  lead_score_day_sessions: 'marketing',
  lead_score_day_groups: 'marketing',
  // Kept by SQL triggers on the sessions and their events (migration 0055, decision 097).
  lead_score_day_versions: 'marketing',
  lead_score_days: 'marketing',
  funnel_closed_days: 'marketing',
  funnel_day_cells: 'marketing',
  funnel_day_durations: 'marketing',
  // Kept by an SQL trigger on the funnel rollup (migration 0056, decision 098).
  funnel_day_versions: 'marketing',
  partner_coupon_campaigns: 'coupons',
  partner_coupon_batches: 'coupons',
  partner_coupons: 'coupons',
  partner_api_keys: 'partner-api',
  partner_webhook_endpoints: 'webhooks',
  partner_webhook_deliveries: 'webhooks',
  partner_webhook_attempts: 'webhooks',
  partner_widgets: 'widgets',
};

/**
 * Writes whose argument is not a table export: a repository generic over several tables of its module. Each
 * entry names the file, the variable and every table it can be.
 */
const GENERIC_WRITES: Record<string, Record<string, string[]>> = {
  // catalogueWrites(table): the order form's catalogue tables.
  'modules/form-settings/form-settings.repository.ts': {
    table: ['document_types', 'assurances', 'deliveries'],
  },
};

const EXEMPT = [/^db\/seed\//, /^cli\//];

/** Drizzle table export name → SQL table name, from the schema itself (a new table is seen at once). */
const TABLES = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)]] : [],
  ),
);
const SQL_TABLES = new Set<string>(TABLES.values());

/** Block comments and whole-line `//` comments removed (prose such as "update payments" is not SQL). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

type Write = { file: string; table: string; how: string };

/** Every table write in one source file; a write whose table cannot be told is reported as `?<name>`. */
function writesIn(file: string, text: string): Write[] {
  const code = withoutComments(text);
  const writes: Write[] = [];
  // Drizzle: db.insert(x) / tx.update(x) / .delete(x), also `x as SomeTable`.
  for (const match of code.matchAll(
    /\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)(?:\s+as\s+[\w$]+)?\s*\)(\s*\.\s*\w+)?/g,
  )) {
    const [, verb, name, next] = match;
    const how = `.${verb}(${name})`;
    const table = TABLES.get(name!);
    if (table) {
      writes.push({ file, table, how });
      continue;
    }
    const generic = GENERIC_WRITES[file]?.[name!];
    if (generic) {
      writes.push(...generic.map((each) => ({ file, table: each, how })));
      continue;
    }
    // A hash (`createHash(…).update(data).digest()`) is not a write.
    if (verb === 'update' && next && /\.\s*(digest|update)$/.test(next)) continue;
    writes.push({ file, table: `?${name}`, how });
  }
  // Raw SQL: insert into / update / delete from, by name or interpolated (${table}).
  for (const match of code.matchAll(
    /\b(insert\s+into|update|delete\s+from)\s+(?:(?:"?public"?\.)?"?([a-z_]+)"?|\$\{\s*([A-Za-z_$][\w$]*)\s*\})/gi,
  )) {
    const [, verb, sqlName, interpolated] = match;
    const table = interpolated ? TABLES.get(interpolated) : sqlName?.toLowerCase();
    if (table && SQL_TABLES.has(table)) {
      writes.push({ file, table, how: `${verb!.toLowerCase().replace(/\s+/g, ' ')} ${table}` });
    }
  }
  return writes;
}

/** `modules/<owner>/…/<anything>.repository.ts`. */
const isOwnersRepository = (file: string, owner: string) =>
  file.startsWith(`modules/${owner}/`) && file.endsWith('.repository.ts');

const files = apiSources().filter(({ file }) => !EXEMPT.some((pattern) => pattern.test(file)));

function misplacedWrites(all: Array<{ file: string; text: string }>) {
  return all
    .flatMap(({ file, text }) => writesIn(file, text))
    .filter(({ file, table }) => {
      const owner = OWNERS[table];
      return !owner || !isOwnersRepository(file, owner);
    })
    .map(({ file, table, how }) => `${file}: ${how} (${table} belongs to ${OWNERS[table] ?? 'no module'})`);
}

describe('table owners (decision 026)', () => {
  it('names an owner module for every table of the schema, and only tables of the schema', () => {
    expect([...SQL_TABLES].sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it("writes every table only from its owner module's repository", () => {
    expect(misplacedWrites(files)).toEqual([]);
  });

  it('sees each form of write outside the owner (the check can fail)', () => {
    const scratch = [
      { file: 'modules/mail/mail.service.ts', text: 'await db.insert(orderEvents).values({});' },
      { file: 'modules/orders/orders.repository.ts', text: 'await tx\n  .update(promoCodes)\n  .set({});' },
      { file: 'modules/payments/payments.service.ts', text: 'await tx.delete(payments).where(x);' },
      { file: 'modules/users/users.service.ts', text: 'await db.execute(sql`UPDATE "users" SET role = 1`);' },
      { file: 'jobs/cron.ts', text: 'await db.execute(sql`delete from ${auditLog} where true`);' },
      { file: 'modules/stats/stats.service.ts', text: 'await db.update(table as AnyTable).set({});' },
      // Allowed: the owner's repository, a hash update and a comment.
      { file: 'modules/orders/orders.repository.ts', text: 'await db.insert(orderEvents).values({});' },
      { file: 'lib/tokens.ts', text: "createHmac('sha256', key).update(data).digest('hex');" },
      {
        file: 'modules/payments/payments.service.ts',
        text: '/** we update payments here */\n// update orders',
      },
    ];
    expect(misplacedWrites(scratch)).toEqual([
      'modules/mail/mail.service.ts: .insert(orderEvents) (order_events belongs to orders)',
      'modules/orders/orders.repository.ts: .update(promoCodes) (promo_codes belongs to form-settings)',
      'modules/payments/payments.service.ts: .delete(payments) (payments belongs to payments)',
      'modules/users/users.service.ts: update users (users belongs to auth)',
      'jobs/cron.ts: delete from audit_log (audit_log belongs to audit)',
      'modules/stats/stats.service.ts: .update(table) (?table belongs to no module)',
    ]);
  });
});
