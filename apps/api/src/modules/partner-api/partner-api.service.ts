import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import type {
  ApiKey,
  ApiKeyCreatePayload,
  ApiKeyCreateResponse,
  ApiKeyListResponse,
  ApiKeyScope,
  CreateOrderPayload,
  PartnerApiOrder,
  PartnerApiOrderCreatePayload,
  PartnerApiOrderListQuery,
  PartnerApiOrderListResponse,
  PartnerApiQuotePayload,
  PartnerApiQuoteResponse,
} from '@app/contracts';
import {
  addWorkingDays,
  API_KEY_LIMITS,
  API_KEY_PATTERN,
  API_KEY_SCOPES,
  calculatePrice,
  formatMessage,
  MESSAGES,
  moscowDate,
  PARTNER_MESSAGES,
  requiredWorkingDays,
} from '@app/contracts';
import type { Db } from '#src/db/client.ts';
import { orderAttributions, orders } from '#src/db/schema/index.ts';
import type { Clock } from '#src/lib/clock.ts';
import { AppError, forbidden, notFound, unauthorized } from '#src/lib/errors.ts';
import { keysetAfter, keysetPage } from '#src/lib/keyset.ts';
import type { ApiKeyPrincipal, PartnerPrincipal } from '#src/lib/principal.ts';
import type { FormSettingsService } from '../form-settings/form-settings.service.ts';
import { checkOrderLines, invalidField } from '../orders/order-lines.ts';
import type { OrdersService, OrderVisitor } from '../orders/customer/orders.service.ts';
import { toApiKey, toPartnerApiOrder } from './partner-api.mapper.ts';
import { type PartnerApiRepository, rateIntervalMicros } from './partner-api.repository.ts';

export type PartnerApiService = ReturnType<typeof createPartnerApiService>;

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of `alphabet`, uniformly (bytes past the last whole multiple are drawn again). */
function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** SHA-256 of the whole key: the key is 40 random characters, so a fast hash is enough (no salt, no KDF). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The per-key limit counts `requestsPerMinute` requests per this period (decision 076). */
const RATE_PERIOD_MS = 60_000;

/** A new key: `pk_live_<prefix>_<secret>`. */
export function generateApiKey(): { key: string; prefix: string } {
  const prefix = randomString(LOWER_ALNUM, API_KEY_LIMITS.prefixLength);
  return { prefix, key: `pk_live_${prefix}_${randomString(ALNUM, API_KEY_LIMITS.secretLength)}` };
}

type IpFamily = 'ipv4' | 'ipv6';
const familyOf = (address: string): IpFamily | null =>
  isIP(address) === 4 ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : null;

/** An IPv4 address seen as IPv6 (`::ffff:203.0.113.10`, a dual-stack socket) is that IPv4 address. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** Adds an allow-list entry (address or CIDR) to the list; false when node:net does not read it as one. */
function addAllowed(list: BlockList, entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = familyOf(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) {
    list.addAddress(address, family);
    return true;
  }
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 0 && bits <= (family === 'ipv4' ? 32 : 128))) return false;
  list.addSubnet(address, bits, family);
  return true;
}

/** Whether `ip` (request.ip, after the configured trust proxy) is on the key's allow-list; an empty list allows all. */
export function isIpAllowed(allowedIps: readonly string[], ip: string): boolean {
  if (allowedIps.length === 0) return true;
  const address = plainAddress(ip);
  const family = familyOf(address);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowedIps) addAllowed(list, entry);
  return list.check(address, family);
}

export function createPartnerApiService(deps: {
  db: Db;
  repo: PartnerApiRepository;
  orders: Pick<OrdersService, 'createOrder' | 'validatePromo'>;
  formSettings: Pick<FormSettingsService, 'getFormParams'>;
  /** Requests per minute per key (RATE_LIMIT_PARTNER_API_PER_MINUTE). */
  requestsPerMinute: number;
  clock: Clock;
}) {
  const { db, repo, orders: ordersService, formSettings, requestsPerMinute, clock } = deps;

  async function findOwnApiOrder(partnerAccountId: string, orderId: string) {
    const [row] = await db
      .select({ order: orders })
      .from(orders)
      .innerJoin(orderAttributions, eq(orderAttributions.orderId, orders.id))
      .where(
        and(
          eq(orders.id, orderId),
          eq(orderAttributions.partnerAccountId, partnerAccountId),
          eq(orderAttributions.source, 'API'),
        ),
      );
    return row?.order;
  }

  return {
    // ---- keys (the portal page /partner/integrator/api-keys) ----

    async listKeys(actor: PartnerPrincipal): Promise<ApiKeyListResponse> {
      const rows = await repo.listKeys(db, actor.partnerAccountId);
      return { items: rows.map(toApiKey), maxActive: API_KEY_LIMITS.maxActive };
    },

    async createKey(actor: PartnerPrincipal, input: ApiKeyCreatePayload): Promise<ApiKeyCreateResponse> {
      const details = input.allowedIps.flatMap((entry, index) =>
        addAllowed(new BlockList(), entry)
          ? []
          : [{ path: `body.allowedIps.${index}`, message: PARTNER_MESSAGES.apiKeyIpInvalid }],
      );
      if (details.length > 0)
        throw new AppError('VALIDATION_ERROR', PARTNER_MESSAGES.apiKeyIpInvalid, { details });
      // Scopes are stored in one order, whatever order they were chosen in.
      const scopes = API_KEY_SCOPES.filter((scope) => input.scopes.includes(scope));
      const allowedIps = [...new Set(input.allowedIps)];
      // A drawn prefix is taken rarely; the unique indexes decide, and another key is drawn.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const { key, prefix } = generateApiKey();
        const row = await db.transaction((tx) =>
          repo.insertKeyUnderCap(
            tx,
            {
              partnerAccountId: actor.partnerAccountId,
              name: input.name,
              prefix,
              keyHash: hashApiKey(key),
              scopes,
              allowedIps,
              now: clock.now(),
            },
            API_KEY_LIMITS.maxActive,
          ),
        );
        if (row === undefined) {
          throw new AppError(
            'CONFLICT',
            formatMessage(PARTNER_MESSAGES.apiKeyLimitReached, { max: API_KEY_LIMITS.maxActive }),
          );
        }
        if (row) return { key: toApiKey(row), secret: key };
      }
      throw new AppError('INTERNAL_ERROR', MESSAGES.internalError);
    },

    async revokeKey(actor: PartnerPrincipal, id: string): Promise<ApiKey> {
      const row = await repo.revokeKey(db, actor.partnerAccountId, id, clock.now());
      if (!row) throw notFound(PARTNER_MESSAGES.apiKeyNotFound);
      return toApiKey(row);
    },

    // ---- the key as a principal (plugins/auth.ts) ----

    /**
     * The principal of a partner API call. 401: not a key of ours, or revoked; 403: the partner is not an ACTIVE
     * integrator, the address is outside the key's allow-list, or the key lacks the route's scope; 429: the key's
     * requests are used up (GCRA in the database, shared by every API instance: a burst of the limit, then one
     * request per minute ÷ limit; decision 076).
     */
    async resolveApiKey(key: string, ip: string, scope: ApiKeyScope | undefined): Promise<ApiKeyPrincipal> {
      if (!API_KEY_PATTERN.test(key)) throw unauthorized(PARTNER_MESSAGES.apiKeyInvalid);
      const found = await repo.findKeyByHash(db, hashApiKey(key));
      if (!found || found.key.revokedAt) throw unauthorized(PARTNER_MESSAGES.apiKeyInvalid);
      if (found.partnerStatus !== 'ACTIVE' || found.partnerType !== 'INTEGRATOR')
        throw forbidden(PARTNER_MESSAGES.apiKeyPartnerInactive);
      if (!isIpAllowed(found.key.allowedIps, ip)) throw forbidden(PARTNER_MESSAGES.apiKeyIpNotAllowed);
      if (scope && !found.key.scopes.includes(scope))
        throw forbidden(formatMessage(PARTNER_MESSAGES.apiKeyScopeMissing, { scope }));
      const now = clock.now();
      const taken = await repo.takeRequest(db, found.key.id, now, requestsPerMinute, RATE_PERIOD_MS);
      if (!taken) {
        // The next request is served once TAT + interval is within a period of it.
        const tat = await repo.rateLimitTat(db, found.key.id);
        const interval = rateIntervalMicros(requestsPerMinute, RATE_PERIOD_MS) / 1000;
        const waitMs = tat ? tat.getTime() + interval - RATE_PERIOD_MS - now.getTime() : 0;
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new AppError(
          'TOO_MANY_REQUESTS',
          formatMessage(PARTNER_MESSAGES.apiRateLimited, { max: requestsPerMinute, seconds }),
          { headers: { 'retry-after': String(seconds) } },
        );
      }
      return {
        kind: 'apiKey',
        partnerAccountId: found.key.partnerAccountId,
        keyId: found.key.id,
        scopes: found.key.scopes,
      };
    },

    // ---- the partner API ----

    /** The order form's price (the same `calculatePrice`, catalogue and promo rules as POST /api/order). */
    async quote(_actor: ApiKeyPrincipal, input: PartnerApiQuotePayload): Promise<PartnerApiQuoteResponse> {
      const catalogue = await formSettings.getFormParams();
      checkOrderLines(catalogue, input);
      const delivery = input.deliveryId
        ? catalogue.deliveries.find((candidate) => candidate.id === input.deliveryId)
        : null;
      if (input.deliveryId && !delivery) throw invalidField('deliveryId', MESSAGES.unknownDelivery);
      let discountPercent = 0;
      if (input.promoCode) {
        const promo = await ordersService.validatePromo(input.promoCode);
        if (!promo.valid) throw invalidField('promoCode', promo.message);
        discountPercent = promo.discountPercent;
      }
      const price = calculatePrice(catalogue, {
        documentsWithQuantity: input.documentsWithQuantity,
        documentsAssurances: input.documentsAssurances,
        originalLanguage: input.originalLanguage,
        targetLanguage: input.targetLanguage,
        deliveryPrice: delivery?.price ?? 0,
        deliveryName: delivery?.name,
        deliveryId: delivery?.id ?? null,
        discountPercent,
      });
      const calendar = {
        nonWorkingDays: new Set(catalogue.calendar.nonWorkingDays),
        workingWeekendDays: new Set(catalogue.calendar.workingWeekendDays),
      };
      const estimatedReadyDate = addWorkingDays(
        moscowDate(clock.now()),
        requiredWorkingDays(catalogue, input),
        calendar,
      );
      return { currency: 'RUB', price, estimatedReadyDate };
    },

    /**
     * Creates the order through the order form's own service: the same prices, checks, mails and idempotency
     * (scoped to the integrator), attributed to the integrator with source API (its commission and fraud rules
     * follow). A retry with the same key and body returns the first order; another body under it is a 409.
     */
    async createOrder(
      actor: ApiKeyPrincipal,
      input: PartnerApiOrderCreatePayload,
      idempotencyKey: string,
      visitor: OrderVisitor,
    ): Promise<{ order: PartnerApiOrder; created: boolean }> {
      const payload: CreateOrderPayload = { ...input, files: [], fileTokens: {} };
      const { order, created } = await ordersService.createOrder(actor, payload, idempotencyKey, visitor);
      const row = await findOwnApiOrder(actor.partnerAccountId, order.id);
      // The attribution is written in the order's transaction; an order without it is not the API's (never here).
      if (!row) throw new AppError('INTERNAL_ERROR', MESSAGES.internalError);
      return { order: toPartnerApiOrder(row), created };
    },

    async listOrders(
      actor: ApiKeyPrincipal,
      query: PartnerApiOrderListQuery,
    ): Promise<PartnerApiOrderListResponse> {
      const rows = await db
        .select({ order: orders })
        .from(orders)
        .innerJoin(orderAttributions, eq(orderAttributions.orderId, orders.id))
        .where(
          and(
            eq(orderAttributions.partnerAccountId, actor.partnerAccountId),
            eq(orderAttributions.source, 'API'),
            keysetAfter(orders.createdAt, orders.id, query.cursor),
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.limit + 1);
      const page = keysetPage(
        rows.map((row) => row.order),
        query.limit,
      );
      return {
        items: page.rows.map(toPartnerApiOrder),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      };
    },

    async getOrder(actor: ApiKeyPrincipal, orderId: string): Promise<PartnerApiOrder> {
      const row = await findOwnApiOrder(actor.partnerAccountId, orderId);
      if (!row) throw notFound(MESSAGES.orderNotFound);
      return toPartnerApiOrder(row);
    },
  };
}
