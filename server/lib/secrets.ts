// The server secret: JWT_SECRET when given, otherwise generated once and kept in DATA_DIR,
// so tokens survive restarts of the embedded setup. Several instances must share JWT_SECRET.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function resolveSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.resolve(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
