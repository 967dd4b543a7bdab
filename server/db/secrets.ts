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
