// Seals the restaurants' POS tokens at start-up (docs/SECURITY.md, "POS tokens"): a token stored before sealing
// (migration 10 cannot run node:crypto) and one sealed by a previous key (TOKEN_KEY_PREVIOUS) are sealed with the
// current key. Idempotent: a row already sealed with the current key is left alone, so every start may run it.
// The admins' TOTP secrets (docs/SECURITY.md, "Two-step sign-in") are sealed with the same key and resealed with them.
import { and, eq, isNotNull } from 'drizzle-orm';
import { tokenKey, type Sealer } from '../lib/sealing';
import type { Database } from './client';
import { admins, restaurants } from './schema';

export interface SealResult {
  /** Rows sealed (or resealed) now. */
  sealed: number;
  /** Rows sealed by a key this server was not given: left as they are (their restaurant must reconnect). */
  unreadable: number;
}

export async function sealStoredTokens(database: Database, sealer: Sealer): Promise<SealResult> {
  const rows = await database.db
    .select({ id: restaurants.id, token: restaurants.token, branchsToken: restaurants.branchsToken })
    .from(restaurants);
  const result: SealResult = { sealed: 0, unreadable: 0 };
  for (const r of rows) {
    if (!sealer.needsSealing(r.token) && !sealer.needsSealing(r.branchsToken)) continue;
    let token: string;
    let branchsToken: string;
    try {
      token = sealer.open(r.token);
      branchsToken = sealer.open(r.branchsToken);
    } catch {
      result.unreadable++;
      continue;
    }
    // Only the row as it was read is changed: a write that raced this one keeps its own token.
    const changed = await database.db
      .update(restaurants)
      .set({ token: sealer.seal(token), branchsToken: sealer.seal(branchsToken), tokenKey: tokenKey(token) })
      .where(
        and(eq(restaurants.id, r.id), eq(restaurants.token, r.token), eq(restaurants.branchsToken, r.branchsToken)),
      )
      .returning({ id: restaurants.id });
    result.sealed += changed.length;
  }
  const secrets = await database.db
    .select({ id: admins.id, secret: admins.totpSecret })
    .from(admins)
    .where(isNotNull(admins.totpSecret));
  for (const a of secrets) {
    if (!a.secret || !sealer.needsSealing(a.secret)) continue;
    let plain: string;
    try {
      plain = sealer.open(a.secret);
    } catch {
      result.unreadable++;
      continue;
    }
    const changed = await database.db
      .update(admins)
      .set({ totpSecret: sealer.seal(plain) })
      .where(and(eq(admins.id, a.id), eq(admins.totpSecret, a.secret)))
      .returning({ id: admins.id });
    result.sealed += changed.length;
  }
  return result;
}
