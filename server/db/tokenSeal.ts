// Seals what a database read must not give, at start-up (docs/SECURITY.md, "POS tokens" and "What a database read
// gives"): a restaurant's POS token stored before sealing (migration 10 cannot run node:crypto) or sealed by a
// previous key (TOKEN_KEY_PREVIOUS) is sealed with the current key, and its lookup key (restaurants.token_key) is the
// current key's HMAC of it (migration 0022 emptied the unsalted hashes of before). The admins' TOTP secrets, the
// Foodics webhook secret and the live shared links' copies are sealed the same way, without a hint (issue 48): a
// TOTP secret sealed with its last 4 characters in clear is sealed again without them, a webhook secret kept in clear
// is sealed, and a link's copy sealed under JWT_SECRET (before issue 48) is sealed under TOKEN_KEY. Idempotent: a row
// already as it should be is left alone, so every start may run it.
import { and, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Sealer } from '../lib/sealing';
import { createDecipheriv, createHmac } from 'node:crypto';
import type { Database } from './client';
import { admins, receiptShares, restaurants, serverSecrets } from './schema';
import { WEBHOOK_SECRET_NAME } from './secrets';

export interface SealResult {
  /** Rows sealed (or resealed, or given their lookup key) now. */
  sealed: number;
  /** Rows sealed by a key this server was not given: left as they are (their restaurant must reconnect). */
  unreadable: number;
}

/** The value, opened: null when no key of this server opens it. */
function openOrNull(sealer: Sealer, stored: string): string | null {
  try {
    return sealer.open(stored);
  } catch {
    return null;
  }
}

/** A shared link's copy sealed before issue 48, under a key derived from JWT_SECRET (`iv.tag.body`,
 * server/customer/shares.ts then): null when it does not open. */
function openLegacyCopy(secret: string, sealed: string): string | null {
  try {
    const key = createHmac('sha256', secret).update('receipt-share-seal').digest();
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `legacySecret`: the server secret (JWT_SECRET), which sealed the shared links' copies before issue 48. */
export async function sealStoredTokens(database: Database, sealer: Sealer, legacySecret?: string): Promise<SealResult> {
  const { db } = database;
  const result: SealResult = { sealed: 0, unreadable: 0 };

  const rows = await db
    .select({
      id: restaurants.id,
      token: restaurants.token,
      branchsToken: restaurants.branchsToken,
      tokenKey: restaurants.tokenKey,
    })
    .from(restaurants);
  for (const r of rows) {
    const reseal = sealer.needsSealing(r.token) || sealer.needsSealing(r.branchsToken);
    const token = openOrNull(sealer, r.token);
    const branchsToken = openOrNull(sealer, r.branchsToken);
    if (token === null || branchsToken === null) {
      if (reseal) result.unreadable++;
      continue;
    }
    const tokenKey = sealer.lookupKey(token);
    if (!reseal && r.tokenKey === tokenKey) continue;
    // Only the row as it was read is changed: a write that raced this one keeps its own token.
    const changed = await db
      .update(restaurants)
      .set(reseal ? { token: sealer.seal(token), branchsToken: sealer.seal(branchsToken), tokenKey } : { tokenKey })
      .where(
        and(eq(restaurants.id, r.id), eq(restaurants.token, r.token), eq(restaurants.branchsToken, r.branchsToken)),
      )
      .returning({ id: restaurants.id });
    result.sealed += changed.length;
  }

  const secrets = await db
    .select({ id: admins.id, secret: admins.totpSecret })
    .from(admins)
    .where(isNotNull(admins.totpSecret));
  for (const a of secrets) {
    if (!a.secret || (!sealer.needsSealing(a.secret) && !sealer.hasHint(a.secret))) continue;
    const plain = openOrNull(sealer, a.secret);
    if (plain === null) {
      result.unreadable++;
      continue;
    }
    const changed = await db
      .update(admins)
      .set({ totpSecret: sealer.seal(plain, { hint: false }) })
      .where(and(eq(admins.id, a.id), eq(admins.totpSecret, a.secret)))
      .returning({ id: admins.id });
    result.sealed += changed.length;
  }

  const [webhook] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, WEBHOOK_SECRET_NAME));
  if (webhook && (sealer.needsSealing(webhook.value) || sealer.hasHint(webhook.value))) {
    const plain = openOrNull(sealer, webhook.value);
    if (plain === null) result.unreadable++;
    else {
      const changed = await db
        .update(serverSecrets)
        .set({ value: sealer.seal(plain, { hint: false }) })
        .where(and(eq(serverSecrets.name, WEBHOOK_SECRET_NAME), eq(serverSecrets.value, webhook.value)))
        .returning({ name: serverSecrets.name });
      result.sealed += changed.length;
    }
  }

  // The live links' copies (a dead link's copy is emptied by migration 0022 and by Stop sharing). A copy that does
  // not open is emptied: asking for that receipt's link again then makes a new one, the old one still opens.
  const copies = await db
    .select({ id: receiptShares.id, sealed: receiptShares.tokenSealed })
    .from(receiptShares)
    .where(
      and(isNull(receiptShares.revokedAt), gt(receiptShares.expiresAt, new Date()), ne(receiptShares.tokenSealed, '')),
    );
  for (const c of copies) {
    if (sealer.isSealed(c.sealed) && !sealer.needsSealing(c.sealed)) continue;
    const plain = sealer.isSealed(c.sealed)
      ? openOrNull(sealer, c.sealed)
      : legacySecret
        ? openLegacyCopy(legacySecret, c.sealed)
        : null;
    const changed = await db
      .update(receiptShares)
      .set({ tokenSealed: plain === null ? '' : sealer.seal(plain, { hint: false }) })
      .where(and(eq(receiptShares.id, c.id), eq(receiptShares.tokenSealed, c.sealed)))
      .returning({ id: receiptShares.id });
    result.sealed += changed.length;
  }
  return result;
}
