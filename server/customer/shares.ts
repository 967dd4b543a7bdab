// Links to a read-only copy of a saved receipt (docs/CUSTOMER.md, Sharing a receipt). The token is 128 random
// bits (22 base64url characters); the database keeps its SHA-256, so a copy of the table opens nothing, and the
// token sealed (AES-256-GCM, lib/sealing.ts, under TOKEN_KEY: issue 48) without any hint, so asking again while a
// link lives gives the same link; the copy is emptied when the link is stopped. A link lives RECEIPT_SHARE_DAYS,
// until its owner stops sharing, or until Delete my data deletes the saved order (its links go with it: ON DELETE
// CASCADE).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appUsers, orders, receiptShares } from '../db/schema';
import { receiptOf } from './receipts';
import type { CustomerSession } from './session';
import type { Sealer } from '../lib/sealing';

/** A token as the link carries it. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** The saved order's id when it is this customer's, else null. */
async function ownOrder(db: Db, s: CustomerSession, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(appUsers, eq(appUsers.id, orders.appUserId))
    .where(
      and(eq(orders.id, orderId), eq(appUsers.phone, s.phone), s.userId > 0 ? eq(appUsers.id, s.userId) : undefined),
    );
  return row?.id ?? null;
}

/** The token of a sealed copy, or null (a copy from before issue 48 that the start could not reseal, a key this
 * server was not given): a new link is made then, the old one still opens until it ends. */
function opened(sealer: Sealer, stored: string): string | null {
  if (!sealer.isSealed(stored)) return null;
  try {
    return sealer.open(stored);
  } catch {
    return null;
  }
}

const live = (now: Date) => and(isNull(receiptShares.revokedAt), gt(receiptShares.expiresAt, now));

/** The live link of one of the customer's receipts, made when there is none: null when the receipt is not theirs. */
export async function shareReceipt(
  db: Db,
  sealer: Sealer,
  s: CustomerSession,
  orderId: number,
  days: number,
): Promise<{ token: string; expiresAt: Date; created: boolean } | null> {
  const id = await ownOrder(db, s, orderId);
  if (id === null) return null;
  const now = new Date();
  const [current] = await db
    .select()
    .from(receiptShares)
    .where(and(eq(receiptShares.orderId, id), live(now)))
    .orderBy(desc(receiptShares.expiresAt))
    .limit(1);
  const again = current && opened(sealer, current.tokenSealed);
  if (current && again) return { token: again, expiresAt: current.expiresAt, created: false };
  const token = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  await db.insert(receiptShares).values({
    orderId: id,
    tokenHash: hashToken(token),
    tokenSealed: sealer.seal(token, { hint: false }),
    expiresAt,
  });
  return { token, expiresAt, created: true };
}

/** Stops every live link of one of the customer's receipts at once; false when the receipt is not theirs. */
export async function stopSharing(db: Db, s: CustomerSession, orderId: number): Promise<boolean> {
  const id = await ownOrder(db, s, orderId);
  if (id === null) return false;
  await db
    .update(receiptShares)
    .set({ revokedAt: new Date(), tokenSealed: '' })
    .where(and(eq(receiptShares.orderId, id), isNull(receiptShares.revokedAt)));
  return true;
}

/** When the live link of each of these saved orders ends (orders without one are left out). */
export async function liveShares(db: Db, orderIds: number[]): Promise<Map<number, Date>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: receiptShares.orderId, expiresAt: receiptShares.expiresAt })
    .from(receiptShares)
    .where(and(inArray(receiptShares.orderId, orderIds), live(new Date())));
  const out = new Map<number, Date>();
  for (const r of rows) if (!out.has(r.orderId) || out.get(r.orderId)! < r.expiresAt) out.set(r.orderId, r.expiresAt);
  return out;
}

/** The receipt a live link shows, or null for an unknown, revoked or expired one. */
export async function sharedReceipt(db: Db, token: string) {
  if (!SHARE_TOKEN.test(token)) return null;
  const [share] = await db
    .select({ orderId: receiptShares.orderId })
    .from(receiptShares)
    .where(and(eq(receiptShares.tokenHash, hashToken(token)), live(new Date())));
  if (!share) return null;
  return receiptOf(db, eq(orders.id, share.orderId));
}
