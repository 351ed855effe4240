import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_WEIGHT_TOLERANCE_PERCENT } from '@primeur/shared';
import { commissionConfig, commissionEnv, type CommissionConfig } from './commission.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const TRUST_PROXY_HELP =
  'write the number of proxies in front of the app (TRUST_PROXY=1 behind one load balancer or TLS terminator), or their addresses or CIDR ranges, comma-separated (TRUST_PROXY=10.0.0.0/8,127.0.0.1); false when clients reach the app directly';

/** proxy-addr's names for the private ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops may write X-Forwarded-For (decision 781): none, a number of hops counted from the app,
 * or the proxies' addresses. `true` (trust every hop) is refused: the left-most X-Forwarded-For, which
 * the client writes, would become its address and every per-address limit could be dodged.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (lower === '' || lower === 'false' || lower === 'no' || lower === '0') return false;
    if (lower === 'true' || lower === 'yes' || lower === '*') {
      ctx.addIssue({ code: 'custom', message: `"${v}" would trust every hop, so any client could choose its own address; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: `${hops} hops is not a plausible proxy chain; ${TRUST_PROXY_HELP}` });
        return z.NEVER;
      }
      return hops;
    }
    const entries = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = entries.filter((x) => !validProxyEntry(x));
    if (bad.length || !entries.length) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR range: ${bad.join(', ') || v}; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    return entries;
  });

/**
 * Fastify's own `trustProxy` option from the setting. Fastify 5.12 refuses a bare hop count (it
 * trusts nothing then), so the count is a function of the hop index: the app's side of the chain,
 * hop 0 (the socket's peer) to hop n-1, may write X-Forwarded-*. Only right when the app's port is
 * reachable through the proxies alone (decision 781); the address list holds without that.
 */
export function fastifyTrustProxy(setting: AppConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin of the app, used for the Origin check on state-changing requests. Derived from the Host header when unset. */
  PUBLIC_ORIGIN: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SEED_DEMO: bool.optional(),
  REDIS_URL: z.string().optional(),
  /** Shared by the instances: signs every Redis bus message (required with REDIS_URL). */
  BUS_SECRET: z.string().min(16).optional(),
  /** Bearer token for GET /metrics (admins may also read it with their session). */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  /** How long a resolved session is reused without a query (decision 630); 0 turns the cache off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(1500),
  /** Sign-in attempts per account from one address in the window (decision 501). */
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Sign-in attempts per account from all addresses together in the (longer) account window. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(30),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  /** Signs the device cookies of browsers that signed in before (decision 780); the same on every instance. */
  SIGN_IN_DEVICE_SECRET: z.string().min(32).optional(),
  SIGN_IN_DEVICE_DAYS: z.coerce.number().int().positive().max(730).default(180),
  /** Comma-separated URLs serving price files (CSV or JSON, the import format), fetched daily. Empty: no scheduled fetch. */
  PRICE_SOURCES: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** Hour of the day (server local time) of the scheduled price fetch. */
  PRICE_FETCH_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  PRICE_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(30),
  /** Set by npm to the directory a command was typed in: command-line tools resolve file arguments against it. */
  INIT_CWD: z.string().optional(),
  WEATHER_API_URL: z.url().default('https://api.open-meteo.com/v1/forecast'),
  WEATHER_CACHE_MINUTES: z.coerce.number().int().positive().default(60),
  WEATHER_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(10),
  /** How often each instance closes ended auctions (0 = only at start-up). */
  AUCTION_CLOSE_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  /** How often the auction alerts job runs (ms; 0 = once at start-up). */
  ALERTS_INTERVAL_MS: z.coerce.number().int().min(0).default(5000),
  /** A purchase request the supplier has not answered after this many hours expires (issue 21). */
  PURCHASE_REQUEST_TTL_HOURS: z.coerce.number().positive().default(24),
  /** Hours after receipt during which a claim may be opened; then a delivered order closes. */
  CLAIM_WINDOW_HOURS: z.coerce.number().min(0).default(24),
  /**
   * How far (%) the shipped net kg may stray from the lot's declared kg per pallet × pallets, and how
   * far below the shipped kg a receipt may fall before it is a dispute (issue 32, decision 980).
   */
  WEIGHT_TOLERANCE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(50)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'at most 2 decimals')
    .default(DEFAULT_WEIGHT_TOLERANCE_PERCENT),
  /** How often the order jobs (request expiry, automatic receipt, closing) run (ms; 0 = once at start-up). */
  ORDER_JOBS_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * The event processors' fallback tick (ms, decision 1001); they also run at once when an event
   * commits. 0 = once at start-up and when asked (no wake-up on commit).
   */
  EVENTS_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /** SMTP server for outgoing mail; unset = messages are kept in the outbox table (decision 124). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Primeur <no-reply@primeur.local>'),
  /** WhatsApp Cloud API webhook: both set turns it on; either missing keeps it off (404). */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** Multiplies every request rate limit (tests, e2e and benchmarks raise them; decision 502). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_CHANGE_PASSWORD_PER_15_MINUTES: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_BIDS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_PURCHASE_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** Claims filed (each with its photos) per account and hour (decision 1013). */
  RATE_LIMIT_CLAIM_PHOTOS_PER_HOUR: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PASSWORD_STRENGTH_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WEBHOOK_PER_MINUTE: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WS_CONNECTIONS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Requests one API token may make, every route together (decision 1008). */
  RATE_LIMIT_API_TOKEN_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Live-feed sockets open at once from one address (per instance). */
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().positive().default(20),
  /** Send Strict-Transport-Security (also sent when a trusted proxy says the request came over https). */
  HSTS: bool.default(false),
  WHATSAPP_MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(262_144),
  /**
   * `development` or `test` lets a webhook endpoint be http://localhost, 127.0.0.1 or [::1] (decision
   * 1012); anything else, unset included, counts as production.
   */
  NODE_ENV: z.string().optional(),
  /** How often the webhook job takes new feed entries and starts the due deliveries (ms; 0 = once at start-up and when asked). */
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** How long a receiver has to answer one delivery (ms), connection included. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Endpoints sent to at once by one instance (each endpoint's deliveries go one at a time). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /** Let endpoints be in private, loopback and link-local ranges (a closed network, tests). Off: refused (server-side request forgery). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
});

/** The environment with the operator's commission settings (config/commission.ts), checked together. */
const fullEnvSchema = z.intersection(envSchema, commissionEnv);

export type Env = z.infer<typeof fullEnvSchema>;

export type RateLimitName =
  | 'register'
  | 'login'
  | 'changePassword'
  | 'bids'
  | 'purchaseRequests'
  | 'uploads'
  | 'claimPhotos'
  | 'passwordStrength'
  | 'webhook'
  | 'wsConnections'
  | 'apiToken';

export interface LoginLimits {
  /** Attempts per account from one address in `windowMs` (the fast lock: only that address waits). */
  perAccountAddress: number;
  /** Attempts per address, whatever the account, in `windowMs`. */
  perIp: number;
  windowMs: number;
  /** Attempts per account from every address together in `accountWindowMs` (the slow, global lock). */
  perAccount: number;
  accountWindowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  publicOrigin?: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  redisUrl?: string;
  busSecret?: string;
  metricsToken?: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir?: string;
  cookieSecure: 'auto' | boolean;
  /** Hops whose X-Forwarded-* are believed: none, a count from the app, or the proxies' addresses. */
  trustProxy: false | number | string[];
  session: { idleMs: number; absoluteMs: number; cacheMs: number };
  loginLimits: LoginLimits;
  /** Device cookies (decision 780); without a secret each instance makes a random one at start. */
  signInDevices: { secret?: string; maxAgeMs: number };
  /** Request rate limits per route family: `max` requests per `windowMs`, times `rateLimitFactor`. */
  rateLimits: Record<RateLimitName, { max: number; windowMs: number }>;
  rateLimitFactor: number;
  wsMaxConnectionsPerIp: number;
  hsts: boolean;
  /** Where the user typed the command (npm runs workspace scripts in the workspace directory). */
  invocationDir?: string;
  prices: { sources: string[]; fetchHour: number; fetchTimeoutMs: number };
  weather: { apiUrl: string; cacheMs: number; timeoutMs: number };
  auctionCloseIntervalMs: number;
  alertsIntervalMs: number;
  eventsIntervalMs: number;
  orders: { purchaseRequestTtlMs: number; claimWindowMs: number; jobsIntervalMs: number; weightTolerancePercent: number };
  smtpUrl?: string;
  mailFrom: string;
  /** Present only when the WhatsApp webhook is configured. */
  whatsapp?: { verifyToken: string; appSecret: string; maxBodyBytes: number };
  /** The operator's monthly commission invoices; absent when COMMISSION_PERCENT is 0 (decision 850). */
  commission?: CommissionConfig;
  /** Webhook deliveries (decision 1012). */
  webhooks: WebhooksConfig;
}

export interface WebhooksConfig {
  intervalMs: number;
  timeoutMs: number;
  concurrency: number;
  /** Private, loopback and link-local addresses allowed (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Not development or test: http:// and the local machine are refused even when written as such. */
  production: boolean;
}

/** The only reader of process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = fullEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.REDIS_URL && !e.BUS_SECRET) {
    throw new Error(
      'Invalid configuration:\n  BUS_SECRET: required with REDIS_URL (16+ characters, the same on every instance), so that nobody else can publish live messages',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicOrigin: e.PUBLIC_ORIGIN,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    // Demo data is on by default only for the embedded database.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    redisUrl: e.REDIS_URL || undefined,
    busSecret: e.BUS_SECRET,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    trustProxy: e.TRUST_PROXY,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000, cacheMs: e.SESSION_CACHE_MS },
    loginLimits: {
      perAccountAddress: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      accountWindowMs: e.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
    },
    signInDevices: { secret: e.SIGN_IN_DEVICE_SECRET, maxAgeMs: e.SIGN_IN_DEVICE_DAYS * 86_400_000 },
    rateLimits: {
      register: { max: e.RATE_LIMIT_REGISTER_PER_HOUR, windowMs: 3_600_000 },
      login: { max: e.RATE_LIMIT_LOGIN_PER_MINUTE, windowMs: 60_000 },
      changePassword: { max: e.RATE_LIMIT_CHANGE_PASSWORD_PER_15_MINUTES, windowMs: 900_000 },
      bids: { max: e.RATE_LIMIT_BIDS_PER_MINUTE, windowMs: 60_000 },
      purchaseRequests: { max: e.RATE_LIMIT_PURCHASE_REQUESTS_PER_HOUR, windowMs: 3_600_000 },
      uploads: { max: e.RATE_LIMIT_UPLOADS_PER_HOUR, windowMs: 3_600_000 },
      claimPhotos: { max: e.RATE_LIMIT_CLAIM_PHOTOS_PER_HOUR, windowMs: 3_600_000 },
      passwordStrength: { max: e.RATE_LIMIT_PASSWORD_STRENGTH_PER_MINUTE, windowMs: 60_000 },
      webhook: { max: e.RATE_LIMIT_WEBHOOK_PER_MINUTE, windowMs: 60_000 },
      wsConnections: { max: e.RATE_LIMIT_WS_CONNECTIONS_PER_MINUTE, windowMs: 60_000 },
      apiToken: { max: e.RATE_LIMIT_API_TOKEN_PER_MINUTE, windowMs: 60_000 },
    },
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    wsMaxConnectionsPerIp: e.WS_MAX_CONNECTIONS_PER_IP,
    hsts: e.HSTS,
    invocationDir: e.INIT_CWD,
    prices: {
      sources: e.PRICE_SOURCES,
      fetchHour: e.PRICE_FETCH_HOUR,
      fetchTimeoutMs: e.PRICE_FETCH_TIMEOUT_SECONDS * 1000,
    },
    weather: {
      apiUrl: e.WEATHER_API_URL,
      cacheMs: e.WEATHER_CACHE_MINUTES * 60_000,
      timeoutMs: e.WEATHER_TIMEOUT_SECONDS * 1000,
    },
    auctionCloseIntervalMs: e.AUCTION_CLOSE_INTERVAL_MS,
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    eventsIntervalMs: e.EVENTS_INTERVAL_MS,
    orders: {
      purchaseRequestTtlMs: e.PURCHASE_REQUEST_TTL_HOURS * 3_600_000,
      claimWindowMs: e.CLAIM_WINDOW_HOURS * 3_600_000,
      jobsIntervalMs: e.ORDER_JOBS_INTERVAL_MS,
      weightTolerancePercent: e.WEIGHT_TOLERANCE_PERCENT,
    },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    whatsapp:
      e.WHATSAPP_VERIFY_TOKEN && e.WHATSAPP_APP_SECRET
        ? { verifyToken: e.WHATSAPP_VERIFY_TOKEN, appSecret: e.WHATSAPP_APP_SECRET, maxBodyBytes: e.WHATSAPP_MAX_BODY_BYTES }
        : undefined,
    commission: commissionConfig(e),
    webhooks: {
      intervalMs: e.WEBHOOK_INTERVAL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      production: e.NODE_ENV !== 'development' && e.NODE_ENV !== 'test',
    },
  };
}
