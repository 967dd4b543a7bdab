// Every environment variable the server reads, parsed and documented in one place.
// Nothing else in server/ reads process.env: the parsed Config is passed down.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { PUBLIC_CONFIG_DEFAULTS } from '../src/contract/publicConfig';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * TRUST_PROXY: which peers may tell the client's address in X-Forwarded-For. Off (unset, false, 0), a hop
 * count (1, 2 ...), or the proxies' addresses / CIDR ranges, comma-separated (Fastify's trustProxy string;
 * also its named ranges loopback, linklocal, uniquelocal). `true` would trust every peer, so any client could
 * pick its own address and reset every per-address limit: it is refused (docs/DEPLOYMENT.md).
 */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyEntry = (entry: string) => {
  if (PROXY_RANGES.includes(entry)) return true;
  const [addr, bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
};
export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would let any client choose its address with X-Forwarded-For; name the proxies instead ' +
  '(addresses or CIDR ranges, comma-separated, e.g. TRUST_PROXY=10.0.0.0/8) or the number of proxy hops (e.g. TRUST_PROXY=1)';
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const v = raw.trim().toLowerCase();
  if (v === 'false' || v === 'no' || v === 'off') return false;
  if (v === 'true' || v === 'yes' || v === 'on') {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_REFUSED });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const entries = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyEntry(e));
  if (!entries.length || bad.length) {
    ctx.addIssue({ code: 'custom', message: `not an address, CIDR range or hop count: ${bad.join(', ') || raw}` });
    return z.NEVER;
  }
  return entries;
});

const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

/** REDIS_PREFIX when unset: the start of every key Specter writes in Redis. */
export const DEFAULT_REDIS_PREFIX = 'specter';

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** postgres://... for a real PostgreSQL; unset for the embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  /** Folder of the embedded database and of generated secrets. */
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Secret signing admin tokens and hashing one-time codes; generated into DATA_DIR when unset. */
  JWT_SECRET: z.string().min(16).optional(),
  JWT_TTL: z.string().default('12h'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Load demo restaurants, users and orders into an empty embedded database. */
  DEMO_DATA: bool.optional(),
  /** Allowed browser origins for the API, comma separated; empty = same origin only. */
  CORS_ORIGINS: csv.default([]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public address of this deployment, used in QR links (default: the request's own origin). When https: HSTS
   * and the customer's cookie __Host- prefixed and Secure (docs/SECURITY.md). */
  PUBLIC_URL: z.string().url().optional(),
  /** The API's OpenAPI pages at /api/docs; false turns them off (production). */
  API_DOCS: bool.default(true),
  /** Figure shown on the dashboard's App Downloads tile. */
  APP_DOWNLOADS: z.coerce.number().int().min(0).default(PUBLIC_CONFIG_DEFAULTS.appDownloads),
  /** Contact details on the Privacy page. */
  CONTACT_EMAIL: z.string().default(PUBLIC_CONFIG_DEFAULTS.contactEmail),
  CONTACT_PHONE: z.string().default(PUBLIC_CONFIG_DEFAULTS.contactPhone),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** Serve the built web app from this folder (default ./dist). */
  WEB_DIST: z.string().default('./dist'),
  REDIS_URL: z.string().optional(),
  /** Every key this service writes in Redis starts with this and a colon: several deployments (staging beside
   * production, or test runs) can share one Redis without reading one another's counters, marks or receipts. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'letters, digits, _ . - (at most 40)')
    .default(DEFAULT_REDIS_PREFIX),
  /** How long an instance keeps the dashboard's answers and "this token's admin is live", in ms; writes made
   * through this instance drop them at once (docs/PERFORMANCE.md). 0 = read the database on every call. */
  ANSWER_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),

  // --- Point of sale ---
  FOODICS_BASE_URL: z.string().url().default('https://api.foodics.com/v5'),
  FOODICS_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** How long a till's newest order is cached, in ms. */
  FOODICS_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Start the local Foodics stand-in inside this process (demo); set by npm start unless FOODICS_BASE_URL is given. */
  FOODICS_STAND_IN: bool.optional(),
  /** Secret part of the Foodics webhook URL, POST /pos/foodics/webhook/{secret}; unset = no webhook route (404). */
  FOODICS_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
    .optional(),
  /** The Foodics app (developer console) this deployment connects restaurants with (OAuth 2.0, docs/POS.md);
   * unset = the "Connect Foodics" button is replaced by a line saying what to set. */
  FOODICS_CLIENT_ID: z.string().min(1).max(200).optional(),
  FOODICS_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** Foodics' authorize page (sandbox https://console-sandbox.foodics.com/authorize). */
  FOODICS_OAUTH_URL: z.string().url().default('https://console.foodics.com/authorize'),
  /** Foodics' token endpoint (sandbox https://api-sandbox.foodics.com/oauth/token). */
  FOODICS_TOKEN_URL: z.string().url().default('https://api.foodics.com/oauth/token'),
  /** How long a "Connect Foodics" round trip may take, in seconds (10 minutes; the journeys shorten it). */
  FOODICS_CONNECT_STATE_SECONDS: z.coerce.number().int().min(1).max(600).default(600),
  /** Key sealing POS tokens at rest (AES-256-GCM, docs/SECURITY.md); unset = derived from JWT_SECRET. */
  TOKEN_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Keys that sealed tokens before a rotation, comma separated: read, then resealed with TOKEN_KEY at start. */
  TOKEN_KEY_PREVIOUS: csv.optional(),
  /** Foodics calls allowed per token in any window of FOODICS_BUDGET_WINDOW_MS, shared by every instance. */
  FOODICS_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** The budget's sliding window, in ms (a minute; tests shorten it). */
  FOODICS_BUDGET_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
  /** Over the budget, a till's last known receipt is still served if it was confirmed at most this long ago. */
  FOODICS_STALE_MS: z.coerce.number().int().min(0).default(60_000),
  /** A restaurant whose webhooks arrive is polled only this often per till (the webhooks keep receipts fresh). */
  FOODICS_WEBHOOK_POLL_MS: z.coerce.number().int().min(0).default(300_000),
  /** Webhooks count as arriving for a restaurant while its last event is at most this old; then polling resumes. */
  FOODICS_WEBHOOK_QUIET_MS: z.coerce.number().int().min(1000).default(600_000),
  /** Minutes after its closing during which an order is shown and can be saved; 0 = no window (back-filling). */
  CLAIM_WINDOW_MINUTES: z.coerce.number().int().min(0).default(30),
  /** The till's link key (`key` in every link Specter prints) required on the invoice page's calls; off by default
   * so the Specter app's JSON QR keys 1 and 2 (no key) keep working until the operator turns it on
   * (docs/SECURITY.md, "Till links"). */
  TILL_KEY_REQUIRED: bool.default(false),
  /** Receipt views (GET /order/foodics/web/last-order) per client address in 10 minutes, before any POS call. */
  TILL_VIEWS_PER_ADDRESS_10M: z.coerce.number().int().min(1).default(300),
  /** Receipt views of one till per minute that go past the instance's one-second memory, before any POS call. */
  TILL_VIEWS_PER_TILL_MINUTE: z.coerce.number().int().min(1).default(120),
  /** POST /user with a till and add-order calls per client address in 10 minutes, before any POS call. */
  TILL_CLAIMS_PER_ADDRESS_10M: z.coerce.number().int().min(1).default(60),
  /** POST /user with a till and add-order calls per till per minute, before any POS call. */
  TILL_CLAIMS_PER_TILL_MINUTE: z.coerce.number().int().min(1).default(60),
  /** How long an orderId that is not among the till's known recent orders is answered "no longer available"
   * without asking the POS, in ms. */
  POS_UNKNOWN_ORDER_MS: z.coerce.number().int().min(0).default(60_000),
  /** The bearer token Foodics' POS sends to the loyalty adapter (POST /pos/foodics/loyalty/reward and /redeem), given
   * to Foodics with the adapter's address (docs/POS.md); at least 32 characters; unset = the adapter answers 404. */
  FOODICS_LOYALTY_TOKEN: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  /** How often the loyalty expiry runs (balances idle past their program's expiry_days), in seconds; 0 = never. */
  LOYALTY_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(86_400),
  /** Loyalty ledger entries are deleted this many days after they were written (the balances stay). */
  LOYALTY_LEDGER_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(1825),
  /** Shared secret for POST /pos/specter/orders (Specter POS pushes orders); at least 32 characters. */
  POS_PUSH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),

  // --- SMS and one-time codes (docs/SECURITY.md) ---
  /** Unset: console on the embedded database; refused on a real database (server/sms/index.ts). */
  SMS_PROVIDER: z.enum(['console', 'twilio', 'unifonic']).optional(),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  UNIFONIC_BASE_URL: z.string().url().default('https://el.cloud.unifonic.com'),
  UNIFONIC_APP_SID: z.string().optional(),
  UNIFONIC_SENDER_ID: z.string().optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(3),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  OTP_PHONE_FAILURES_PER_DAY: z.coerce.number().int().min(1).default(10),
  OTP_PHONE_LOCK_AFTER: z.coerce.number().int().min(1).default(50),
  /** Codes texted to one phone, every purpose together (saving, My receipts, Delete my data): what abuse costs
   * is SMS to a phone, so the hour and the day carry the weight; the 15 minutes are no tighter than the hour by
   * default (one ordinary visit asks for two or three codes: docs/SECURITY.md). */
  OTP_SENDS_PER_15M: z.coerce.number().int().min(1).default(5),
  OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  OTP_SENDS_PER_DAY: z.coerce.number().int().min(1).default(10),
  /** Codes sent for one order to one phone, within the order's claim window (a code is bound to the order shown). */
  OTP_SENDS_PER_ORDER: z.coerce.number().int().min(1).default(3),
  /** Codes sent for one order to all phones together, within its claim window: high, so strangers cannot use up
   * a receipt its customer still has to save (each of them spends their own phone's and order's sends). */
  OTP_SENDS_PER_ORDER_TOTAL: z.coerce.number().int().min(1).default(30),
  OTP_IP_SENDS_PER_10M: z.coerce.number().int().min(1).default(30),
  OTP_IP_SENDS_PER_DAY: z.coerce.number().int().min(1).default(200),
  OTP_IP_CHECKS_PER_10M: z.coerce.number().int().min(1).default(100),
  /** Codes sent per hour for one till's orders and for one restaurant's, before the whole-service cap. */
  OTP_SENDS_PER_TILL_HOUR: z.coerce.number().int().min(1).default(60),
  OTP_SENDS_PER_RESTAURANT_HOUR: z.coerce.number().int().min(1).default(300),
  /** My receipts' sign-in codes (POST /customer/code) per client address in 10 minutes, on their own. */
  OTP_SIGNIN_IP_SENDS_PER_10M: z.coerce.number().int().min(1).default(10),
  /** How long OTP_PHONE_LOCK_AFTER failures in a row lock a phone (an admin can lift it sooner). */
  OTP_LOCK_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  SMS_GLOBAL_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  SMS_GLOBAL_PER_DAY: z.coerce.number().int().min(1).default(10000),
  PHONE_DEFAULT_COUNTRY: z.string().length(2).default('SA'),
  PHONE_ALLOWED_COUNTRIES: csv.default(['SA', 'EG']),
  /** Expired rate counters, codes and phone guards are deleted this often, in seconds (0 = never). */
  PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(900),
  /** Failed sign-ins per (client address, e-mail) in 15 minutes; then that pair waits. */
  LOGIN_FAILURES_PER_15M: z.coerce.number().int().min(1).default(10),
  // --- The scan-to-save funnel and exports (docs/ARCHITECTURE.md) ---
  /** Time zone whose calendar days the funnel counts in (the restaurants' business day). */
  FUNNEL_TIME_ZONE: z
    .string()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone')
    .default('Asia/Riyadh'),
  /** One browser (address + user agent) counts once per till within this many seconds. */
  FUNNEL_DEDUPE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Rows read per database round trip while a CSV export streams. */
  EXPORT_BATCH_SIZE: z.coerce.number().int().min(10).max(10_000).default(1000),
  /** Failed sign-ins per e-mail from all addresses together in 15 minutes (stops a spread-out attack). */
  LOGIN_EMAIL_FAILURES_PER_15M: z.coerce.number().int().min(1).default(100),
  /** Failed sign-ins per client address over all e-mails in 15 minutes (stops a spray of e-mails). */
  LOGIN_IP_FAILURES_PER_15M: z.coerce.number().int().min(1).default(100),
  /** Which peers may set the client address with X-Forwarded-For (see trustProxy above); unset = none. */
  TRUST_PROXY: trustProxy.optional(),
  /** Pushed POS orders and the tills' stored receipts are deleted this many days after they closed. */
  POS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(PUBLIC_CONFIG_DEFAULTS.posRetentionDays),
  /** The activity trail (back-office changes, sign-ins, exports) is deleted after this many days. */
  ACTIVITY_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(36_500)
    .default(PUBLIC_CONFIG_DEFAULTS.activityRetentionDays),
  /** Every admin must sign in with a second factor (TOTP); one without it is asked to enrol after the password. */
  ADMIN_TOTP_REQUIRED: bool.default(false),
  /** How long a customer's sign-in to My receipts lasts (docs/CUSTOMER.md). */
  CUSTOMER_SESSION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** How long a shared receipt link lives, in days (docs/CUSTOMER.md, Sharing a receipt). */
  RECEIPT_SHARE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Opens of shared receipt links per client address in 10 minutes (past it: 429). */
  RECEIPT_SHARE_OPENS_PER_10M: z.coerce.number().int().min(1).default(60),
  /** Opens of one shared receipt link in an hour, from all addresses together (past it: 429). */
  RECEIPT_SHARE_LINK_OPENS_PER_HOUR: z.coerce.number().int().min(1).default(300),
  /** GET /metrics (Prometheus) answers only with `Authorization: Bearer <METRICS_TOKEN>` (docs/DEPLOYMENT.md). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** /metrics served on this port of its own (HOST) instead of the app's; the app's /metrics then answers 404. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** On SIGTERM: how long requests in flight may take before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(10),
  /** For this long after a customer proved their phone (a code, or a save with a code) My receipts needs no
   * other code: the Success dialog's "See my receipts" signs in, and Delete my data asks no second code. */
  CUSTOMER_RECENT_PROOF_MINUTES: z.coerce.number().int().min(0).max(60).default(5),
});

export type Config = z.infer<typeof configSchema>;

/** Parses an environment (process.env by default); throws a readable error on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT)
    throw new Error(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (unset it to serve /metrics on PORT)',
    );
  // The demo's Foodics stand-in runs when asked, or by default outside production when no Foodics address is set.
  // Never on a real database (docs/DEPLOYMENT.md "Safe defaults").
  config.FOODICS_STAND_IN ??= !cleaned.FOODICS_BASE_URL && config.NODE_ENV === 'development' && !config.DATABASE_URL;
  return config;
}

/** A config for tests: the product's defaults (the answer memory on, as shipped) plus overrides, never reading
 * process.env. A test that needs another value sets it itself and says why. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-0123456789',
    // Redis outlives a test and is shared by the files running at once: each test config's keys are its own
    // (instances that must share them, as two of one service do, are given one prefix).
    REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    ...overrides,
  });
}
