import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SUSPECT_SETTINGS, type SuspectSettings } from '../domain/suspect/detect';
import type { RateLimitSettings, RateRule } from '../application/ports/rate-limits';

const csv = z
  .string()
  .optional()
  .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean));

/** A rate rule written `limit/seconds`, e.g. `5/3600` for five an hour. */
const rateRule = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => /^\d{1,7}\/\d{1,6}$/.test(v.trim()) && Number(v.split('/')[0]) >= 1 && Number(v.split('/')[1]) >= 1, 'must be limit/seconds, e.g. 5/3600')
    .transform((v): RateRule => ({ limit: Number(v.split('/')[0]), seconds: Number(v.split('/')[1]) }));

/** 32 bytes in base64 (or base64url), e.g. `openssl rand -base64 32`. */
function parseHouseSeedKey(value: string, ctx: z.RefinementCtx): Buffer {
  const key = /^[A-Za-z0-9+/_-]{43}=?$/.test(value.trim()) ? Buffer.from(value.trim(), 'base64') : Buffer.alloc(0);
  if (key.length !== 32) ctx.addIssue({ code: 'custom', message: 'must be 32 bytes in base64, e.g. the output of `openssl rand -base64 32`' });
  return key;
}
const houseSeedKey = z.string().transform((v, ctx) => parseHouseSeedKey(v, ctx));
/** An empty value (`KEY=` in a file, `${KEY:-}` in Compose) is no value. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case identifier').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  EVENTSTORE_URL: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  HOUSE_SEED_KEY: unsetWhenEmpty(houseSeedKey.optional()),
  HOUSE_SEED_PREVIOUS_KEYS: z
    .string()
    .optional()
    .transform((v, ctx) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean).map((k) => parseHouseSeedKey(k, ctx))),
  ADMIN_EMAILS: csv,
  SUPPORT_EMAILS: csv,
  FIXED_BTC_PRICE: z.coerce.number().positive().default(100_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  CLIENT_DIST: z.string().optional(),
  PROJECTIONS: z.enum(['on', 'off']).default('on'),
  PROJECTIONS_ANALYTIC_STEP_MS: z.coerce.number().int().min(1).max(60_000).default(1000),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_VERIFY_SERVICE_SID: z.string().optional(),
  // No default here: production must name its network (see loadConfig); elsewhere regtest.
  BITCOIN_NETWORK: unsetWhenEmpty(z.enum(['mainnet', 'testnet', 'regtest']).optional()),
  BITCOIN_XPUB: z.string().regex(/^[xztv]pub[1-9A-HJ-NP-Za-km-z]{100,}$/, 'must be an extended public key (zpub, vpub, xpub or tpub)').optional(),
  BITCOIN_RPC_URL: z.string().url().optional(),
  ESPLORA_URL: z.string().url().optional(),
  BITCOIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(100).default(1),
  BITCOIN_POLL_SECONDS: z.coerce.number().int().min(1).default(30),
  LND_GRPC_HOST: z.string().optional(),
  LND_MACAROON: z.string().optional(),
  LND_CERT: z.string().optional(),
  LIGHTNING_INVOICE_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
  PRICE_SOURCE: z.enum(['http', 'fixed']).default('http'),
  PRICE_URL: z.string().url().default('https://api.coinbase.com/v2/prices/BTC-USD/spot'),
  PRICE_CACHE_SECONDS: z.coerce.number().int().min(1).default(60),
  BLOCKED_COUNTRIES: csv,
  BONUS_MAX_SATS: z.coerce.number().int().min(0).max(2_100_000_000_000_000).default(1_000_000),
  MAX_BANK_SATS: z.coerce.number().int().min(1).max(2_100_000_000_000_000).default(2_100_000_000_000_000),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().default('0.0.0.0'),
  METRICS_TOKEN: unsetWhenEmpty(z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional()),
  LIABILITIES_COMMIT_HOUR: z.union([z.literal('off'), z.coerce.number().int().min(0).max(23)]).default(0),
  WITHDRAW_SECOND_APPROVAL_SATS: z.coerce.number().int().min(0).max(2_100_000_000_000_000).default(1_000_000),
  WITHDRAW_HOLD_SUSPECT_LEVEL: z.coerce.number().int().min(0).max(101).default(50),
  BONUS_PLAYTHROUGH: z.enum(['deposit100', 'bonus125']).default('bonus125'),
  BONUS_OFFER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SELF_EXCLUSION_COOLING_OFF_HOURS: z.coerce.number().min(0).max(24 * 365).default(24),
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(15),
  REQUIRE_PHONE_TO_PLAY: z.string().optional().transform((v) => /^(on|true|1|yes)$/i.test(v ?? '')),
  SUSPECT_PLAY_DEVIATION_WEIGHT: z.coerce.number().int().min(0).max(100).default(DEFAULT_SUSPECT_SETTINGS.playDeviationWeight),
  SUSPECT_WIN_AFTER_DEVIATION_WEIGHT: z.coerce.number().int().min(0).max(100).default(DEFAULT_SUSPECT_SETTINGS.winAfterDeviationWeight),
  SUSPECT_BET_DEVIATION_WEIGHT: z.coerce.number().int().min(0).max(100).default(DEFAULT_SUSPECT_SETTINGS.betDeviationWeight),
  SUSPECT_BET_WINDOW_HANDS: z.coerce.number().int().min(2).max(10_000).default(DEFAULT_SUSPECT_SETTINGS.betWindowHands),
  SUSPECT_BET_CORRELATION: z.coerce.number().min(-1).max(1).default(DEFAULT_SUSPECT_SETTINGS.betCorrelation),
  SUSPECT_BET_SIGNIFICANCE: z.coerce.number().min(0).max(100).default(DEFAULT_SUSPECT_SETTINGS.betSignificance),
  SUSPECT_RATE_OF_PLAY_WEIGHT: z.coerce.number().int().min(0).max(100).default(DEFAULT_SUSPECT_SETTINGS.rateOfPlayWeight),
  SUSPECT_RATE_HANDS: z.coerce.number().int().min(2).max(10_000).default(DEFAULT_SUSPECT_SETTINGS.rateHands),
  SUSPECT_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_SUSPECT_SETTINGS.rateWindowMs / 1000),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('bahati:'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_REQUESTS: rateRule('600/60'),
  RATE_LIMIT_SIGN_IN_IP: rateRule('60/60'),
  RATE_LIMIT_SIGN_IN_PLAYER: rateRule('20/600'),
  RATE_LIMIT_CODE_SENDS_NUMBER: rateRule('5/3600'),
  RATE_LIMIT_CODE_SENDS_PLAYER: rateRule('5/3600'),
  RATE_LIMIT_REDEEM_FAILURES_PLAYER: rateRule('10/3600'),
  RATE_LIMIT_REDEEM_FAILURES_IP: rateRule('10/3600'),
  PHONE_CODE_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  CONTACT_EMAILS_SUPPORT: z.string().email().default('support@bahati.example'),
  CONTACT_EMAILS_PRIVACY: z.string().email().default('privacy@bahati.example'),
  CONTACT_EMAILS_DATA_PROTECTION: z.string().email().default('dataprotection@bahati.example'),
  CONTACT_EMAILS_MARKETING: z.string().email().default('marketing@bahati.example'),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  host: string;
  /** Node's HTTP server limits: a request's headers, the whole request (not its answer), an idle kept-alive connection. */
  httpTimeouts: HttpTimeouts;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema for events and read models (default: the server's search_path, normally public). */
  databaseSchema: string | undefined;
  /** Pooled PostgreSQL connections for the API (the projections have two more of their own). */
  databasePoolSize: number;
  eventStoreUrl: string | undefined;
  googleClientId: string | undefined;
  /** True when the built-in development identity provider signs ID tokens (no GOOGLE_CLIENT_ID, not production). */
  devIdentity: boolean;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /**
   * The keys house seeds are sealed with while their shoe is in play: `current` (HOUSE_SEED_KEY) seals,
   * `previous` (HOUSE_SEED_PREVIOUS_KEYS) still open seeds sealed before a rotation. Outside production
   * without HOUSE_SEED_KEY, a key generated under DATA_DIR.
   */
  houseSeedKeys: { current: Buffer; previous: Buffer[] };
  adminEmails: ReadonlySet<string>;
  /** E-mail addresses (lower case) with the support role: reads players, hands, audits and ledgers, repairs a ledger day. */
  supportEmails: ReadonlySet<string>;
  fixedBtcPrice: number;
  logLevel: string;
  trustProxy: boolean | string | number;
  clientDist: string;
  runProjections: boolean;
  /** Under load, the least time between two steps of the analytic read models (suspect play, player history, daily rows). */
  analyticStepMs: number;
  /** Set when all three Twilio settings are; otherwise codes go to the server log. */
  twilio: { accountSid: string; authToken: string; verifyServiceSid: string } | null;
  bitcoin: {
    network: 'mainnet' | 'testnet' | 'regtest';
    /** Watch-only account key; null: a development key under DATA_DIR (not in production). */
    xpub: string | null;
    rpcUrl: string | undefined;
    esploraUrl: string | undefined;
    confirmations: number;
    pollSeconds: number;
  };
  /** Set when LND_GRPC_HOST and LND_MACAROON are; otherwise the development Lightning node. */
  lnd: { socket: string; macaroon: string; cert: string | undefined } | null;
  invoiceExpirySeconds: number;
  price: { source: 'http' | 'fixed'; url: string; cacheSeconds: number };
  /** ISO 3166-1 alpha-2 codes, upper case. */
  blockedCountries: ReadonlySet<string>;
  /** The first-deposit bonus: its cap, how its playthrough target is set, and how long an offer stays open. */
  /** The most a bank may hold (MAX_BANK_SATS): a paid deposit beyond it is held for review, not credited. */
  maxBankSats: number;
  /**
   * Payout review: a request for more than `secondApprovalAbove` sats (WITHDRAW_SECOND_APPROVAL_SATS) is paid only
   * once two different admins approve it; a player whose suspect level is at or above `holdSuspectLevel`
   * (WITHDRAW_HOLD_SUSPECT_LEVEL; 101: nobody) is held for review, approved only with a written reason.
   */
  withdrawalReview: { secondApprovalAbove: number; holdSuspectLevel: number };
  /**
   * Where Prometheus reads `/metrics`: on a port of its own (METRICS_PORT, on METRICS_HOST, for the monitoring
   * network only; the app's port then has none), or on the app's port, where production answers an admin session
   * or `Authorization: Bearer METRICS_TOKEN` only.
   */
  metrics: { port: number | null; host: string; token: string | null };
  /** The UTC hour of the daily commitment to every bank (LIABILITIES_COMMIT_HOUR; null: `off`, admins commit by hand). */
  liabilitiesCommitHour: number | null;
  bonus: { maxSats: number; playthrough: 'deposit100' | 'bonus125'; offerDays: number };
  /** A deal needs a verified phone number. */
  requirePhoneToPlay: boolean;
  /** How often the reconciliation check of banks, ledgers and account events runs (RECONCILE_INTERVAL_MINUTES; 0: never on its own). */
  reconcileIntervalMinutes: number;
  /** How long a requested end of self-exclusion waits before it takes effect (SELF_EXCLUSION_COOLING_OFF_HOURS). */
  selfExclusionCoolingOffMs: number;
  /** Thresholds and weights of suspect detection (changing them rebuilds the suspect read model). */
  suspect: SuspectSettings;
  /** Redis for counts every API instance shares (rate limits); none: each instance counts on its own. */
  redis: { url: string; keyPrefix: string } | null;
  /**
   * Rate limits (null with `RATE_LIMITS=off`): `requests` is the ceiling of every route per session (per
   * client IP without one), the others are applied by the application.
   */
  rateLimits: (RateLimitSettings & { requests: RateRule }) | null;
  /** Codes a player may submit for one code sent; after that the code is void (`PhoneCodeLocked`). */
  phoneCodeAttempts: number;
  /** The four mailboxes of the contact page (and the other information pages), public through `GET /api/config`. */
  contactEmails: ContactEmails;
}

export interface ContactEmails {
  support: string;
  privacy: string;
  dataProtection: string;
  marketing: string;
}

export class ConfigError extends Error {}

/** Reads the environment once at start-up; a production deployment without its secrets refuses to start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = [
      !e.JWT_SECRET && 'JWT_SECRET (at least 32 random characters, used to sign session tokens)',
      !e.GOOGLE_CLIENT_ID && 'GOOGLE_CLIENT_ID (the OAuth client id Google ID tokens are issued for)',
      !e.DATABASE_URL && 'DATABASE_URL (PostgreSQL for read models, and events unless EVENTSTORE_URL is set)',
      !e.BITCOIN_NETWORK && 'BITCOIN_NETWORK (mainnet or testnet: the network of deposit addresses and of the withdrawals accepted)',
      e.BITCOIN_NETWORK === 'regtest' && 'BITCOIN_NETWORK other than regtest (mainnet or testnet): regtest coins are worthless, and a regtest server accepts bcrt1… withdrawals',
      !e.HOUSE_SEED_KEY && 'HOUSE_SEED_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`: seals the house seeds of shoes in play; keep it outside the database and its backups)',
    ].filter(Boolean);
    if (missing.length) {
      throw new ConfigError(`NODE_ENV=production needs these settings:\n  ${missing.join('\n  ')}`);
    }
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    httpTimeouts: httpTimeouts(e.HTTP_HEADERS_TIMEOUT_SECONDS, e.HTTP_REQUEST_TIMEOUT_SECONDS, e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    eventStoreUrl: e.EVENTSTORE_URL || undefined,
    googleClientId: e.GOOGLE_CLIENT_ID || undefined,
    devIdentity: !e.GOOGLE_CLIENT_ID && !production,
    jwtSecret: e.JWT_SECRET ?? devSecret(dataDir, 'session-secret'),
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    houseSeedKeys: { current: e.HOUSE_SEED_KEY ?? devHouseSeedKey(dataDir), previous: e.HOUSE_SEED_PREVIOUS_KEYS },
    adminEmails: new Set(e.ADMIN_EMAILS.map((s) => s.toLowerCase())),
    supportEmails: new Set(e.SUPPORT_EMAILS.map((s) => s.toLowerCase())),
    fixedBtcPrice: e.FIXED_BTC_PRICE,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    clientDist: resolve(e.CLIENT_DIST ?? join(__dirname, '../../../client/dist')),
    runProjections: e.PROJECTIONS === 'on',
    analyticStepMs: e.PROJECTIONS_ANALYTIC_STEP_MS,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_VERIFY_SERVICE_SID
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, verifyServiceSid: e.TWILIO_VERIFY_SERVICE_SID }
        : null,
    bitcoin: {
      network: e.BITCOIN_NETWORK ?? 'regtest',
      xpub: e.BITCOIN_XPUB ?? null,
      rpcUrl: e.BITCOIN_RPC_URL,
      esploraUrl: e.ESPLORA_URL,
      confirmations: e.BITCOIN_CONFIRMATIONS,
      pollSeconds: e.BITCOIN_POLL_SECONDS,
    },
    lnd: e.LND_GRPC_HOST && e.LND_MACAROON ? { socket: e.LND_GRPC_HOST, macaroon: e.LND_MACAROON, cert: e.LND_CERT || undefined } : null,
    invoiceExpirySeconds: e.LIGHTNING_INVOICE_EXPIRY_SECONDS,
    price: { source: e.PRICE_SOURCE, url: e.PRICE_URL, cacheSeconds: e.PRICE_CACHE_SECONDS },
    blockedCountries: new Set(e.BLOCKED_COUNTRIES.map((c) => c.toUpperCase())),
    maxBankSats: e.MAX_BANK_SATS,
    withdrawalReview: { secondApprovalAbove: e.WITHDRAW_SECOND_APPROVAL_SATS, holdSuspectLevel: e.WITHDRAW_HOLD_SUSPECT_LEVEL },
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null },
    liabilitiesCommitHour: e.LIABILITIES_COMMIT_HOUR === 'off' ? null : e.LIABILITIES_COMMIT_HOUR,
    bonus: { maxSats: e.BONUS_MAX_SATS, playthrough: e.BONUS_PLAYTHROUGH, offerDays: e.BONUS_OFFER_DAYS },
    requirePhoneToPlay: e.REQUIRE_PHONE_TO_PLAY,
    reconcileIntervalMinutes: e.RECONCILE_INTERVAL_MINUTES,
    selfExclusionCoolingOffMs: Math.round(e.SELF_EXCLUSION_COOLING_OFF_HOURS * 3_600_000),
    suspect: {
      playDeviationWeight: e.SUSPECT_PLAY_DEVIATION_WEIGHT,
      winAfterDeviationWeight: e.SUSPECT_WIN_AFTER_DEVIATION_WEIGHT,
      betDeviationWeight: e.SUSPECT_BET_DEVIATION_WEIGHT,
      betWindowHands: e.SUSPECT_BET_WINDOW_HANDS,
      betCorrelation: e.SUSPECT_BET_CORRELATION,
      betSignificance: e.SUSPECT_BET_SIGNIFICANCE,
      rateOfPlayWeight: e.SUSPECT_RATE_OF_PLAY_WEIGHT,
      rateHands: e.SUSPECT_RATE_HANDS,
      rateWindowMs: e.SUSPECT_RATE_WINDOW_SECONDS * 1000,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    rateLimits:
      e.RATE_LIMITS === 'on'
        ? {
            requests: e.RATE_LIMIT_REQUESTS,
            signInPerIp: e.RATE_LIMIT_SIGN_IN_IP,
            signInPerPlayer: e.RATE_LIMIT_SIGN_IN_PLAYER,
            codeSendsPerNumber: e.RATE_LIMIT_CODE_SENDS_NUMBER,
            codeSendsPerPlayer: e.RATE_LIMIT_CODE_SENDS_PLAYER,
            redeemFailuresPerPlayer: e.RATE_LIMIT_REDEEM_FAILURES_PLAYER,
            redeemFailuresPerIp: e.RATE_LIMIT_REDEEM_FAILURES_IP,
          }
        : null,
    phoneCodeAttempts: e.PHONE_CODE_ATTEMPTS,
    contactEmails: {
      support: e.CONTACT_EMAILS_SUPPORT,
      privacy: e.CONTACT_EMAILS_PRIVACY,
      dataProtection: e.CONTACT_EMAILS_DATA_PROTECTION,
      marketing: e.CONTACT_EMAILS_MARKETING,
    },
  };
}

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/** The headers are part of the request, so their time cannot be longer than the whole request's (Node refuses it too). */
function httpTimeouts(headersSeconds: number, requestSeconds: number, keepAliveSeconds: number): HttpTimeouts {
  if (headersSeconds > requestSeconds) {
    throw new ConfigError(`Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS (${headersSeconds}) must not be more than HTTP_REQUEST_TIMEOUT_SECONDS (${requestSeconds})`);
  }
  return { headersMs: headersSeconds * 1000, requestMs: requestSeconds * 1000, keepAliveMs: keepAliveSeconds * 1000 };
}

function parseTrustProxy(v: string | undefined): boolean | string | number {
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** The development key for house seeds, kept under the data folder so shoes in play survive restarts. */
function devHouseSeedKey(dataDir: string): Buffer {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'house-seed-key.txt');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** A development secret kept under the data folder so sessions survive restarts. */
export function devSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, `${name}.txt`);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
