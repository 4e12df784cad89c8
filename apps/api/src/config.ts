import { isIP } from 'node:net';
import { z } from 'zod';
import { PARTNER_API_DEFAULT_RATE_LIMIT } from '@app/contracts';

/**
 * The marketing reports' work_mem in MB; 0 = the server's own (decision 084: 64 MB measured slower than the
 * default 4 MB on this machine, mid-size and 2 M sessions; to be measured at full size before turning it on).
 */
export const DEFAULT_REPORT_WORK_MEM_MB = 0;

/** The only reader of process.env. Everything else receives a Config. */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Push services of the browsers in use (Chrome/Edge via FCM, Firefox, Windows/WNS, Safari/Apple). */
export const DEFAULT_PUSH_ALLOWED_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com';
/** `host`, `*.domain` (its subdomains), optionally `:port` or `:*`; without a port only the scheme's default. */
const PUSH_HOST_ENTRY =
  /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:(\d{1,5}|\*))?$/;
const hostList = (name: string, fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => PUSH_HOST_ENTRY.test(entry)), {
      message: `${name}: comma-separated host names, *.domain, optionally :port or :*`,
    });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** A PostgreSQL connection not made within this time fails: requests answer 503 instead of waiting (decision 023). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** PostgreSQL cancels a statement running longer (migrations are exempt). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * work_mem (MB) of each marketing report statement on PostgreSQL, set for its transaction only (decision 084);
   * 0 (the default): the server's own.
   */
  MARKETING_REPORT_WORK_MEM_MB: z.coerce.number().int().min(0).max(1024).default(DEFAULT_REPORT_WORK_MEM_MB),
  /** On SIGTERM/SIGINT: how long in-flight requests and jobs may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  DEMO_DATA: boolFromEnv,
  PUBLIC_URL: z.string().url().optional(),
  MARKETING_SITE_URL: z.string().url().default('https://perevod.example.ru/'),
  CORS_ORIGINS: z.string().default(''),
  /**
   * Other origins the site is opened under (comma-separated, e.g. https://www.perevod.example.ru): a payment link
   * asked for there returns the payer there. Any other Host gets PUBLIC_URL (a Host header is never trusted).
   */
  SITE_ORIGINS: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message: 'expected false, true, a hop count or a comma-separated list of proxy addresses/CIDRs',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Бюро переводов <no-reply@perevod.local>'),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BOT_NAME: z.string().optional(),
  SUPPORT_TELEGRAM_URL: z.string().url().default('https://t.me/perevod_support'),
  SUPPORT_WHATSAPP_URL: z.string().url().default('https://wa.me/74950000000'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** One-click sign-in links in e-mails stay valid this long (each is single-use; a newer one replaces it). */
  SIGN_IN_LINK_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_CODE_PER_EMAIL_SECONDS: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Partner API requests per minute per API key, counted in the database (decision 070). */
  RATE_LIMIT_PARTNER_API_PER_MINUTE: z.coerce.number().int().min(1).default(PARTNER_API_DEFAULT_RATE_LIMIT),
  /** Analytics ingestion (issue 19): requests a minute per client address and per analytics session. */
  RATE_LIMIT_ANALYTICS_PER_IP: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ANALYTICS_PER_SESSION: z.coerce.number().int().min(1).default(120),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  WORKERS: z.enum(['inline', 'off']).default('inline'),
  SERVE_WEB: boolFromEnv.default(true),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  UPLOAD_DIR: z.string().optional(),
  YOOKASSA_SHOP_ID: z.string().optional(),
  YOOKASSA_SECRET_KEY: z.string().optional(),
  YOOKASSA_API_URL: z.string().url().default('https://api.yookassa.ru/v3'),
  /** Production without YooKassa runs only when this says so: the built-in test page then takes "payments". */
  PAYMENTS_TEST_MODE: boolFromEnv,
  YANDEX_DELIVERY_TOKEN: z.string().optional(),
  YANDEX_DELIVERY_API_URL: z.string().url().default('https://b2b.taxi.yandex.net'),
  YANDEX_MAPS_API_KEY: z.string().optional(),
  /** DaData suggestions (requisites by INN, addresses); without a key the order form's fields stay manual. */
  DADATA_API_KEY: z.string().optional(),
  DADATA_API_URL: z.string().url().default('https://suggestions.dadata.ru'),
  /** Scheduled jobs: created at worker start unless turned off (an admin can still initialize them). */
  CRON_AUTO_INITIALIZE: boolFromEnv.default(true),
  /** A DELIVERING order is closed as COMPLETED this many days after it left (no courier feedback). */
  ORDER_AUTO_COMPLETE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** One payment reminder for a NEW unpaid order this many hours after it was placed (orders older than 7 days are left alone). */
  PAYMENT_REMINDER_AFTER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 6)
    .default(24),
  /** Organizations are reminded about unsigned acts of completed orders at most once per this many days. */
  ACT_REMINDER_INTERVAL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@perevod.local'),
  /** Hosts a push subscription may point at (https only); anything else is refused (decision 021). */
  PUSH_ALLOWED_HOSTS: hostList('PUSH_ALLOWED_HOSTS', DEFAULT_PUSH_ALLOWED_HOSTS),
  /** Tests only: hosts (a local fake push service) accepted over plain http. Refused in production. */
  PUSH_ALLOW_INSECURE_HOSTS: hostList('PUSH_ALLOW_INSECURE_HOSTS', ''),
  /**
   * Tests only: hosts (e.g. `127.0.0.1`, any port unless one is given) an integrator's webhook may point at over plain
   * http and although they are private or loopback (the test's own receiver). Refused in production (decision 071).
   */
  WEBHOOK_ALLOWED_HOSTS: hostList('WEBHOOK_ALLOWED_HOSTS', ''),
  SELLER_NAME: z.string().default('ООО «Бюро переводов»'),
  SELLER_INN: z.string().default('7707083893'),
  SELLER_KPP: z.string().default('770701001'),
  SELLER_ADDRESS: z.string().default('125009, г. Москва, ул. Тверская, д. 12, стр. 1, офис 305'),
  SELLER_BANK: z.string().default('ПАО Сбербанк'),
  SELLER_BIK: z.string().default('044525225'),
  SELLER_ACCOUNT: z.string().default('40702810938000000001'),
  SELLER_CORR_ACCOUNT: z.string().default('30101810400000000225'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  database:
    | {
        kind: 'postgres';
        url: string;
        poolSize: number;
        connectTimeoutMs: number;
        statementTimeoutMs: number;
      }
    | { kind: 'pglite'; dataDir: string };
  shutdownTimeoutMs: number;
  /** The marketing reports' work_mem in MB, used on PostgreSQL only; 0 = the server's (decision 084). */
  marketingReportWorkMemMb: number;
  seedDemoData: boolean;
  publicUrl: string;
  /** Origins the site is served under: PUBLIC_URL's and SITE_ORIGINS (see siteUrlFor). */
  siteOrigins: string[];
  marketingSiteUrl: string;
  corsOrigins: string[];
  /**
   * Which proxies may tell the client address with X-Forwarded-For (Fastify's `trustProxy`): false = none, the
   * socket address is the client; a number = that many hops; a list = these addresses/CIDRs; true = any.
   */
  trustProxy: boolean | number | string[];
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  telegram: { botToken: string; botName: string | null } | null;
  support: { telegramUrl: string; whatsappUrl: string };
  sessionTtlHours: number;
  signInLinkTtlHours: number;
  rateLimits: {
    authPerIp: number;
    authWindowSeconds: number;
    codePerEmailSeconds: number;
    ordersPerMinute: number;
    partnerApiPerMinute: number;
    analyticsPerIp: number;
    analyticsPerSession: number;
  };
  bodyLimitBytes: number;
  workers: 'inline' | 'off';
  serveWeb: boolean;
  webDistDir: string;
  uploadDir: string;
  /** YooKassa when credentials are set; otherwise the built-in test payment page. */
  payments:
    | { provider: 'yookassa'; shopId: string; secretKey: string; apiUrl: string; testMode: false }
    | { provider: 'test'; testMode: true };
  /** Yandex Delivery when a token is set; otherwise prices from our delivery tariffs. */
  delivery: { provider: 'yandex'; token: string; apiUrl: string } | { provider: 'tariffs' };
  yandexMapsApiKey: string | null;
  /** DaData suggestions when a key is set; otherwise none (decision 039). */
  suggestions: { provider: 'dadata'; token: string; apiUrl: string } | { provider: 'none' };
  /** Scheduled jobs and the business delays of background work. */
  automation: {
    cronAutoInitialize: boolean;
    orderAutoCompleteDays: number;
    paymentReminderAfterHours: number;
    actReminderIntervalDays: number;
  };
  /** Web Push keys; generated on first start and stored in the database when not configured. */
  vapid: { publicKey: string | null; privateKey: string | null; subject: string };
  /** Where push subscriptions may point: https hosts, and (tests only) http hosts. */
  push: { allowedHosts: string[]; insecureHosts: string[] };
  /** Integrator webhooks (decision 071): hosts exempt from the https and public-address rules (tests only). */
  webhooks: { allowedHosts: string[] };
  seller: {
    name: string;
    inn: string;
    kpp: string;
    address: string;
    bank: string;
    bik: string;
    account: string;
    corrAccount: string;
  };
};

/** Secrets a production start refuses to run without. */
const PRODUCTION_REQUIRED = ['JWT_SECRET', 'PUBLIC_URL', 'SMTP_URL'] as const;
const DEV_JWT_SECRET = 'development-only-secret-do-not-use-in-production';

export class ConfigError extends Error {}

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY → Fastify's trustProxy; null when the value is malformed. */
export function parseTrustProxy(raw: string): boolean | number | string[] | null {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const isValid = (entry: string) => {
    if (NAMED_PROXY_RANGES.has(entry)) return true;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  };
  return entries.length > 0 && entries.every(isValid) ? entries : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.WEBHOOK_ALLOWED_HOSTS.length > 0) {
    throw new ConfigError('WEBHOOK_ALLOWED_HOSTS is for tests only and cannot be set in production');
  }
  if (e.NODE_ENV === 'production' && e.PUSH_ALLOW_INSECURE_HOSTS.length > 0) {
    throw new ConfigError('PUSH_ALLOW_INSECURE_HOSTS is for tests only and cannot be set in production');
  }
  if (e.NODE_ENV === 'production') {
    const missing = PRODUCTION_REQUIRED.filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new ConfigError(`Missing required environment variable(s) for production: ${missing.join(', ')}`);
    }
    // Without a real provider the public test page marks orders paid: never by accident in production.
    if (!(e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY) && !e.PAYMENTS_TEST_MODE) {
      throw new ConfigError(
        'Production needs a payment provider: set YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY, ' +
          'or PAYMENTS_TEST_MODE=true to run on the built-in test payment page on purpose',
      );
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
        }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    marketingReportWorkMemMb: e.MARKETING_REPORT_WORK_MEM_MB,
    seedDemoData: e.DATABASE_URL ? e.DEMO_DATA : true,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    siteOrigins: [
      new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
      ...e.SITE_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
        .map((origin) => new URL(origin).origin),
    ],
    marketingSiteUrl: e.MARKETING_SITE_URL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? { botToken: e.TELEGRAM_BOT_TOKEN, botName: e.TELEGRAM_BOT_NAME ?? null }
      : null,
    support: { telegramUrl: e.SUPPORT_TELEGRAM_URL, whatsappUrl: e.SUPPORT_WHATSAPP_URL },
    sessionTtlHours: e.SESSION_TTL_HOURS,
    signInLinkTtlHours: e.SIGN_IN_LINK_TTL_HOURS,
    rateLimits: {
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      authWindowSeconds: e.RATE_LIMIT_AUTH_WINDOW_SECONDS,
      codePerEmailSeconds: e.RATE_LIMIT_CODE_PER_EMAIL_SECONDS,
      ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE,
      partnerApiPerMinute: e.RATE_LIMIT_PARTNER_API_PER_MINUTE,
      analyticsPerIp: e.RATE_LIMIT_ANALYTICS_PER_IP,
      analyticsPerSession: e.RATE_LIMIT_ANALYTICS_PER_SESSION,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    workers: e.WORKERS,
    serveWeb: e.SERVE_WEB,
    webDistDir: e.WEB_DIST_DIR,
    uploadDir: e.UPLOAD_DIR ?? `${e.DATA_DIR.replace(/\/$/, '')}/uploads`,
    payments:
      e.YOOKASSA_SHOP_ID && e.YOOKASSA_SECRET_KEY
        ? {
            provider: 'yookassa',
            shopId: e.YOOKASSA_SHOP_ID,
            secretKey: e.YOOKASSA_SECRET_KEY,
            apiUrl: e.YOOKASSA_API_URL.replace(/\/$/, ''),
            testMode: false,
          }
        : { provider: 'test', testMode: true },
    delivery: e.YANDEX_DELIVERY_TOKEN
      ? {
          provider: 'yandex',
          token: e.YANDEX_DELIVERY_TOKEN,
          apiUrl: e.YANDEX_DELIVERY_API_URL.replace(/\/$/, ''),
        }
      : { provider: 'tariffs' },
    yandexMapsApiKey: e.YANDEX_MAPS_API_KEY ?? null,
    suggestions: e.DADATA_API_KEY
      ? { provider: 'dadata', token: e.DADATA_API_KEY, apiUrl: e.DADATA_API_URL.replace(/\/$/, '') }
      : { provider: 'none' },
    automation: {
      cronAutoInitialize: e.CRON_AUTO_INITIALIZE,
      orderAutoCompleteDays: e.ORDER_AUTO_COMPLETE_DAYS,
      paymentReminderAfterHours: e.PAYMENT_REMINDER_AFTER_HOURS,
      actReminderIntervalDays: e.ACT_REMINDER_INTERVAL_DAYS,
    },
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY ?? null,
      privateKey: e.VAPID_PRIVATE_KEY ?? null,
      subject: e.VAPID_SUBJECT,
    },
    push: { allowedHosts: e.PUSH_ALLOWED_HOSTS, insecureHosts: e.PUSH_ALLOW_INSECURE_HOSTS },
    webhooks: { allowedHosts: e.WEBHOOK_ALLOWED_HOSTS },
    seller: {
      name: e.SELLER_NAME,
      inn: e.SELLER_INN,
      kpp: e.SELLER_KPP,
      address: e.SELLER_ADDRESS,
      bank: e.SELLER_BANK,
      bik: e.SELLER_BIK,
      account: e.SELLER_ACCOUNT,
      corrAccount: e.SELLER_CORR_ACCOUNT,
    },
  };
}
