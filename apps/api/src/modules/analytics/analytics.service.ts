import { BlockList, isIPv6 } from 'node:net';
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import type {
  AnalyticsBatchItem,
  AnalyticsBatchRequest,
  AnalyticsConfig,
  AnalyticsCountersResponse,
  AnalyticsEventRequest,
  AnalyticsSessionRequest,
  ConversionRequest,
  FunnelStageRequest,
} from '@app/contracts';
import {
  computeAcquisitionChannel,
  moscowDate,
  moscowDayStart,
  sanitizeAnalyticsFormData,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { Clock } from '../../lib/clock.ts';
import { dailyIpHash } from '../../lib/client-fingerprint.ts';
import type { Principal, UserPrincipal } from '../../lib/principal.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { toAnalyticsConfig } from './analytics.mapper.ts';
import {
  RETENTION_TABLE_NAMES,
  type AnalyticsRepository,
  type RetentionTable,
} from './analytics.repository.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Where a tracking request came from: the address is only hashed, the User-Agent parsed (decision 066). */
export type AnalyticsClient = { ip: string; userAgent: string | undefined };

/** The configuration is read at most this often by the ingestion (a save refreshes it at once). */
const CONFIG_CACHE_MS = 30_000;
/** Retention: rows per DELETE, and at most this many DELETEs per table in one run (the next day goes on). */
const PURGE_BATCH = 5_000;
const PURGE_MAX_BATCHES = 200;
const DAY_MS = 86_400_000;
/** Days the closing job stores per transaction (decision 087): writers wait for each one. */
const CLOSE_DAYS_PER_TRANSACTION = 7;

type UtmInput = {
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmContent?: string | null;
  utmTerm?: string | null;
};
const utmOf = (input: UtmInput) => {
  const utm = {
    source: input.utmSource ?? null,
    medium: input.utmMedium ?? null,
    campaign: input.utmCampaign ?? null,
    content: input.utmContent ?? null,
    term: input.utmTerm ?? null,
  };
  return Object.values(utm).some(Boolean) ? utm : null;
};

/** A batch item, or one sent to a single endpoint (there the client event id may be missing). */
type ItemInput = AnalyticsBatchItem extends infer T
  ? T extends AnalyticsBatchItem
    ? Omit<T, 'clientEventId'> & { clientEventId?: string }
    : never
  : never;

/** ua-parser-js leaves the device type empty for desktops. */
function parseUserAgent(userAgent: string) {
  const result = new UAParser(userAgent).getResult();
  return {
    deviceType: result.device.type ?? 'desktop',
    browserName: result.browser.name ?? null,
    operatingSystem: result.os.name ?? null,
  };
}

/** The internal ranges as one matcher; a range node:net refuses is skipped (the contract checked its shape). */
function buildInternalMatcher(ranges: string[]): (ip: string) => boolean {
  if (ranges.length === 0) return () => false;
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    const type = isIPv6(address!) ? 'ipv6' : 'ipv4';
    try {
      if (prefix === undefined) list.addAddress(address!, type);
      else list.addSubnet(address!, Number(prefix), type);
    } catch {
      // Not an address node:net understands: it marks nothing.
    }
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
    const address = mapped ?? ip;
    try {
      return list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
    } catch {
      return false;
    }
  };
}

/**
 * Ingestion of what the public pages report (issue 19, decision 066), the server's own funnel stages of an order,
 * the analytics configuration and the retention purge. The caller's user id comes from the session, never from
 * the body; bots are dropped; the channel and the device are the server's own reading.
 */
export function createAnalyticsService(deps: {
  db: Db;
  repo: AnalyticsRepository;
  audit: AuditRepository;
  clock: Clock;
  /** A change of what the stored report days depend on stores them again right away (decisions 096, 097). */
  jobs: Pick<Jobs, 'send'>;
  /** The secret the daily IP salt is derived from, and the site's own host (a referrer from it is direct). */
  secret: string;
  ownHostname: string;
}) {
  const { db, repo, audit, clock, jobs, secret, ownHostname } = deps;
  const userIdOf = (principal: Principal | null) => (principal?.kind === 'user' ? principal.userId : null);

  let cached: { at: number; config: AnalyticsConfig; isInternal: (ip: string) => boolean } | null = null;
  async function readConfig() {
    const now = clock.now().getTime();
    if (cached && now - cached.at < CONFIG_CACHE_MS) return cached;
    const config = toAnalyticsConfig(await repo.findConfig(db));
    cached = { at: now, config, isInternal: buildInternalMatcher(config.internalIpRanges) };
    return cached;
  }

  async function sessionRow(
    principal: Principal | null,
    client: AnalyticsClient,
    sessionId: string,
    input: Omit<AnalyticsSessionRequest, 'sessionId'>,
    now: Date,
  ) {
    const { isInternal } = await readConfig();
    return {
      sessionId,
      visitorId: input.visitorId ?? null,
      landingPage: input.landingPage ?? null,
      referer: input.referer ?? null,
      // The header, not the body: the parsed fields are the server's reading of what really called.
      userAgent: client.userAgent?.slice(0, 1000) ?? null,
      ...parseUserAgent(client.userAgent ?? ''),
      channel: computeAcquisitionChannel(input, input.referer, ownHostname),
      utmSource: input.utmSource ?? null,
      utmMedium: input.utmMedium ?? null,
      utmCampaign: input.utmCampaign ?? null,
      utmContent: input.utmContent ?? null,
      utmTerm: input.utmTerm ?? null,
      clickIds:
        input.gclid || input.yclid || input.fbclid
          ? { gclid: input.gclid ?? null, yclid: input.yclid ?? null, fbclid: input.fbclid ?? null }
          : null,
      ipHash: dailyIpHash(secret, client.ip, now),
      isInternal: isInternal(client.ip),
      userId: userIdOf(principal),
      createdAt: now,
      lastSeenAt: now,
    };
  }

  /**
   * The session (when given) and the items, grouped by table, stored in one statement that skips rows stored
   * before (a retried beacon).
   */
  async function store(
    principal: Principal | null,
    client: AnalyticsClient,
    sessionId: string,
    session: Omit<AnalyticsSessionRequest, 'sessionId'> | null | undefined,
    items: ItemInput[],
  ): Promise<void> {
    const userId = userIdOf(principal);
    const now = clock.now();
    const events = [];
    const conversionRows = [];
    const stages = [];
    for (const item of items) {
      const clientEventId = item.clientEventId ?? null;
      if (item.kind === 'event') {
        events.push({
          sessionId,
          clientEventId,
          eventType: item.eventType,
          eventCategory: item.eventCategory ?? null,
          eventAction: item.eventAction ?? null,
          eventLabel: item.eventLabel ?? null,
          eventValue: item.eventValue ?? null,
          pagePath: item.pagePath ?? null,
          pageTitle: item.pageTitle ?? null,
          formData: item.formData ? sanitizeAnalyticsFormData(item.formData) : null,
          isConversion: item.isConversion ?? false,
          userId,
          createdAt: now,
        });
      } else if (item.kind === 'conversion') {
        conversionRows.push({
          sessionId,
          clientEventId,
          conversionType: item.conversionType,
          conversionValue: item.conversionValue ?? null,
          orderId: item.orderId ?? null,
          createdAt: now,
        });
      } else {
        stages.push({
          sessionId,
          clientEventId,
          stage: item.stage,
          source: item.source ?? null,
          value: item.value ?? null,
          metadata: item.metadata ?? null,
          userId,
          // A browser cannot tie its stages to an order: the server records the order's own stages.
          orderId: null,
          utm: utmOf(item),
          createdAt: now,
        });
      }
    }
    await repo.insertBatch(db, {
      createdAt: now,
      session: session ? await sessionRow(principal, client, sessionId, session, now) : null,
      events,
      conversions: conversionRows,
      stages,
    });
  }

  const isBot = (client: AnalyticsClient) => !client.userAgent || isbot(client.userAgent);

  return {
    /** `POST /api/analytics/batch`: the session (first batch of a page) and its items. Bots store nothing. */
    async ingestBatch(
      principal: Principal | null,
      client: AnalyticsClient,
      batch: AnalyticsBatchRequest,
    ): Promise<void> {
      if (isBot(client)) return;
      await store(principal, client, batch.sessionId, batch.session, batch.items);
    },

    async recordSession(
      principal: Principal | null,
      client: AnalyticsClient,
      input: AnalyticsSessionRequest,
    ): Promise<void> {
      if (isBot(client)) return;
      const { sessionId, ...session } = input;
      await store(principal, client, sessionId, session, []);
    },

    async recordEvent(
      principal: Principal | null,
      client: AnalyticsClient,
      input: AnalyticsEventRequest,
    ): Promise<void> {
      if (isBot(client)) return;
      const { sessionId, ...event } = input;
      await store(principal, client, sessionId, null, [{ kind: 'event', ...event }]);
    },

    async recordConversion(client: AnalyticsClient, input: ConversionRequest): Promise<void> {
      if (isBot(client)) return;
      const { sessionId, ...conversion } = input;
      await store(null, client, sessionId, null, [{ kind: 'conversion', ...conversion }]);
    },

    async recordFunnelStage(
      principal: Principal | null,
      client: AnalyticsClient,
      input: FunnelStageRequest,
    ): Promise<void> {
      if (isBot(client)) return;
      const { sessionId, ...stage } = input;
      await store(principal, client, sessionId, null, [{ kind: 'funnel_stage', ...stage }]);
    },

    /**
     * The server's funnel stage of an order placed in an analytics session (order_created in the order's
     * transaction, paid in the settlement's): one statement, none for an order without a session, stored once
     * per order and stage whatever retries.
     */
    async recordOrderStage(
      tx: DbOrTx,
      stage: 'order_created' | 'paid',
      order: { id: string; analyticsSessionId: string | null; amount: number; userId: string | null },
    ): Promise<void> {
      if (!order.analyticsSessionId) return;
      await repo.recordOrderStage(tx, {
        sessionId: order.analyticsSessionId,
        stage,
        orderId: order.id,
        value: order.amount,
        userId: order.userId,
        createdAt: clock.now(),
      });
    },

    /** The public pages' third-party counters (ids only). */
    async getCounters(): Promise<AnalyticsCountersResponse> {
      const { config } = await readConfig();
      return { yandexMetricaId: config.yandexMetricaId, ga4MeasurementId: config.ga4MeasurementId };
    },

    async getConfig(): Promise<AnalyticsConfig> {
      return toAnalyticsConfig(await repo.findConfig(db));
    },

    /** ADMIN: the whole configuration at once, audited with what it was and what it became. */
    async saveConfig(actor: UserPrincipal, input: AnalyticsConfig): Promise<AnalyticsConfig> {
      const saved = await db.transaction(async (tx) => {
        const before = toAnalyticsConfig(await repo.findConfig(tx));
        const row = await repo.saveConfig(tx, {
          ...input,
          updatedAt: clock.now(),
          updatedBy: actor.userId,
        });
        const after = toAnalyticsConfig(row);
        await audit.record(tx, {
          actorUserId: actor.userId,
          action: 'analytics.config.update',
          entity: 'analytics_config',
          entityId: '1',
          data: { before, after },
        });
        // The stored attribution and lead-scoring days hold for the window, half-life, test e-mails, rules and
        // threshold they were computed with: the reports read those days raw until the closing job stores them
        // again — now, not next night.
        const storedWith = (config: AnalyticsConfig) =>
          JSON.stringify([
            config.attributionWindowHours,
            config.timeDecayHalfLifeHours,
            config.testEmails,
            config.leadScoreRules,
            config.hotLeadThreshold,
          ]);
        if (storedWith(before) !== storedWith(after))
          await jobs.send(tx, 'close-analytics-days', {}, { singletonKey: 'analytics-config-changed' });
        return after;
      });
      cached = null;
      return saved;
    },

    /**
     * The retention job: rows older than the configured days go, table by table, in bounded DELETEs (each its own
     * statement, so the tables stay writable meanwhile). Returns how many rows each table lost.
     */
    async purgeExpired(): Promise<Record<RetentionTable, number>> {
      const { retentionDays } = toAnalyticsConfig(await repo.findConfig(db));
      const cutoff = new Date(clock.now().getTime() - retentionDays * DAY_MS);
      const deleted = {} as Record<RetentionTable, number>;
      for (const table of RETENTION_TABLE_NAMES) {
        deleted[table] = 0;
        for (let batch = 0; batch < PURGE_MAX_BATCHES; batch += 1) {
          const count = await repo.purgeBatch(db, table, cutoff, PURGE_BATCH);
          deleted[table] += count;
          if (count < PURGE_BATCH) break;
        }
      }
      return deleted;
    },

    /**
     * The closing job (decision 087): the distinct sessions per event group of every Moscow day that is over and
     * not stored yet, from the oldest event's day to yesterday, at most a week of days per transaction (writers of
     * the analytics tables wait while one runs). Answers the number of days stored.
     */
    async closeDays(): Promise<{ days: number; summary: string }> {
      const yesterday = moscowDate(moscowDayStart(moscowDate(clock.now()), -1));
      const open = await repo.openDays(db, yesterday);
      let days = 0;
      for (let at = 0; at < open.length; at += CLOSE_DAYS_PER_TRANSACTION) {
        const chunk = open.slice(at, at + CLOSE_DAYS_PER_TRANSACTION);
        days += await repo.closeDays(db, chunk[0]!, chunk.at(-1)!);
      }
      return { days, summary: `Закрыто дней аналитики: ${days}` };
    },
  };
}
