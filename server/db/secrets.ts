// The server secret (signs admin tokens, keys one-time-code hashes). JWT_SECRET when given. Otherwise:
// - on PostgreSQL (DATABASE_URL), generated once and kept in the database (server_secrets), so every instance
//   on that database shares it - a token or a code issued by one instance is good on the others;
// - on the embedded database, generated once and kept in DATA_DIR, so tokens survive restarts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { serverSecrets } from './schema';
import type { Sealer } from '../lib/sealing';

const SECRET_NAME = 'jwt';
const generate = () => randomBytes(48).toString('base64url');

export async function resolveSecret(given: string | undefined, dataDir: string, database: Database): Promise<string> {
  if (given) return given;
  if (database.kind === 'postgres') return sharedSecret(database);
  return fileSecret(dataDir);
}

/** The secret every instance on this database shares: the first to start inserts it, the others read it. */
export async function sharedSecret(database: Database): Promise<string> {
  await database.db.insert(serverSecrets).values({ name: SECRET_NAME, value: generate() }).onConflictDoNothing();
  const [row] = await database.db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  return row.value;
}

function fileSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = generate();
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The Foodics webhook's secret (docs/POS.md, "Foodics: webhooks"): one for the app, since Foodics sends every
 * business's events to the one address configured in the app. Made or replaced from the back-office (kept here,
 * shared by every instance, sealed under TOKEN_KEY without any hint: a database read does not give it, issue 48);
 * before that, FOODICS_WEBHOOK_SECRET when set; null: webhooks are off. */
export const WEBHOOK_SECRET_NAME = 'foodics-webhook';

export async function foodicsWebhookSecret(
  database: Database,
  fromConfig: string | undefined,
  sealer: Sealer,
): Promise<{ secret: string; rotatedAt: Date | null } | null> {
  const [row] = await database.db
    .select({ value: serverSecrets.value, createdAt: serverSecrets.createdAt })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, WEBHOOK_SECRET_NAME));
  // A value from before sealing (sealed at the next start, server/db/tokenSeal.ts) is read as it is.
  if (row) return { secret: sealer.open(row.value), rotatedAt: row.createdAt };
  return fromConfig ? { secret: fromConfig, rotatedAt: null } : null;
}

/** Whether webhooks are on (a secret made here, or FOODICS_WEBHOOK_SECRET), without opening the secret. */
export async function foodicsWebhooksOn(database: Database, fromConfig: string | undefined): Promise<boolean> {
  if (fromConfig) return true;
  const [row] = await database.db
    .select({ name: serverSecrets.name })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, WEBHOOK_SECRET_NAME));
  return !!row;
}

/** A new webhook secret: the address with the old one answers 404 from now on; the old one is not kept. */
export async function rotateFoodicsWebhookSecret(
  database: Database,
  sealer: Sealer,
): Promise<{ secret: string; rotatedAt: Date }> {
  const secret = randomBytes(24).toString('base64url');
  const rotatedAt = new Date();
  const value = sealer.seal(secret, { hint: false });
  await database.db
    .insert(serverSecrets)
    .values({ name: WEBHOOK_SECRET_NAME, value, createdAt: rotatedAt })
    .onConflictDoUpdate({ target: serverSecrets.name, set: { value, createdAt: rotatedAt } });
  return { secret, rotatedAt };
}
