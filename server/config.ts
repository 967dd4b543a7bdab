// Every environment variable the server reads, parsed and documented in one place.
// Nothing else in server/ reads process.env: the parsed Config is passed down.
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const csv = z.string().transform((s) =>
  s.split(',').map((x) => x.trim()).filter(Boolean),
);

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
  /** Public address of this deployment, used in QR links (default: the request's own origin). */
  PUBLIC_URL: z.string().url().optional(),
  /** Figure shown on the dashboard's App Downloads tile. */
  APP_DOWNLOADS: z.coerce.number().int().min(0).default(16),
  /** Contact details on the Privacy page. */
  CONTACT_EMAIL: z.string().default('support@specter.sa'),
  CONTACT_PHONE: z.string().default('+966 11 000 0000'),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  /** Serve the built web app from this folder (default ./dist). */
  WEB_DIST: z.string().default('./dist'),
  REDIS_URL: z.string().optional(),

  // --- Point of sale ---
  FOODICS_BASE_URL: z.string().url().default('https://api.foodics.com/v5'),
  FOODICS_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** How long a till's newest order is cached, in ms. */
  FOODICS_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Start the local Foodics stand-in inside this process (demo); set by npm start unless FOODICS_BASE_URL is given. */
  FOODICS_STAND_IN: bool.optional(),
  /** Shared secret for POST /pos/specter/orders (Specter POS pushes orders). */
  POS_PUSH_SECRET: z.string().optional(),

  // --- SMS and one-time codes (SECURITY.md) ---
  SMS_PROVIDER: z.enum(['console', 'twilio', 'unifonic']).default('console'),
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
  OTP_SENDS_PER_15M: z.coerce.number().int().min(1).default(3),
  OTP_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  OTP_SENDS_PER_DAY: z.coerce.number().int().min(1).default(10),
  OTP_IP_SENDS_PER_10M: z.coerce.number().int().min(1).default(5),
  OTP_IP_SENDS_PER_DAY: z.coerce.number().int().min(1).default(20),
  OTP_IP_CHECKS_PER_10M: z.coerce.number().int().min(1).default(20),
  SMS_GLOBAL_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  SMS_GLOBAL_PER_DAY: z.coerce.number().int().min(1).default(10000),
  PHONE_DEFAULT_COUNTRY: z.string().length(2).default('SA'),
  PHONE_ALLOWED_COUNTRIES: csv.default(['SA', 'EG']),
  LOGIN_FAILURES_PER_15M: z.coerce.number().int().min(1).default(10),
  /** Trust X-Forwarded-For from a load balancer. */
  TRUST_PROXY: bool.optional(),
});

export type Config = z.infer<typeof configSchema>;

/** Parses an environment (process.env by default); throws a readable error on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  // The demo's Foodics stand-in runs when asked, or by default outside production when no Foodics address is set.
  config.FOODICS_STAND_IN ??= !cleaned.FOODICS_BASE_URL && config.NODE_ENV === 'development';
  return config;
}

/** A config for tests: defaults plus overrides, never reading process.env. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-0123456789', ...overrides });
}
