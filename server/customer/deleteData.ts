// Delete my data: the app user, their saved receipts (with their lines), their guestbook rows and consents, their
// loyalty memberships and ledger, and the phone's code rows go, in the transaction that consumes the customer's fresh code. Deleted, not anonymised:
// the restaurant's legal record of the sale stays in its point-of-sale system; our copy is the customer's own (docs/CUSTOMER.md). Every
// session of the phone ends with it: the phone's guard row is not deleted (it holds the sign-out mark, and
// deleting it revived signed-out copies of the cookie) but kept with only that mark, moved to now.
import { count, eq } from 'drizzle-orm';
import { appUsers, orders, otpChallenges } from '../db/schema';
import { endSessions } from '../db/repositories/customerSessions';
import { forgetGuest } from '../db/repositories/guests';
import { forgetMemberships } from '../db/repositories/loyalty';
import type { Db } from '../db/client';
import { recordActivity } from '../db/audit';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Deletes everything kept under a phone; answers how many saved receipts went. */
export async function deleteCustomerData(tx: Tx, phone: string): Promise<{ userId: number | null; receipts: number }> {
  // The app user's row is locked first, as a save of the phone locks it first (its upsert): a save and a deletion
  // of one phone queue there, before either touches the orders, the guest rows or the counters.
  const [user] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.phone, phone)).for('update');
  let receipts = 0;
  if (user) [{ n: receipts }] = await tx.select({ n: count() }).from(orders).where(eq(orders.appUserId, user.id));
  // The guestbook: every consent of the phone and its guest rows (before the app user they hang on).
  await forgetGuest(tx, phone);
  // Loyalty: every membership and every ledger entry of them (the append-only ledger lets this transaction delete).
  if (user) await forgetMemberships(tx, user.id);
  // The saved orders go with the app user (ON DELETE CASCADE, as when an admin deletes one), and the insights' kept
  // rows with them (their trigger): the counters and locks are taken in the order of a save and of that deletion.
  if (user) await tx.delete(appUsers).where(eq(appUsers.id, user.id));
  await tx.delete(otpChallenges).where(eq(otpChallenges.phone, phone));
  // Every session of the phone issued until now is over (sessions carry their issue time to the millisecond and
  // a new sign-in needs a new code, so it is issued later).
  await endSessions(tx, phone, new Date());
  // The back-office's Activity screen learns that it happened and how many receipts went: no admin, no phone,
  // no app user id, no address (docs/CUSTOMER.md).
  await recordActivity(tx, {
    admin: null,
    kind: 'customer.dataDeleted',
    target: { type: 'customer' },
    detail: { receipts: Number(receipts) },
  });
  return { userId: user?.id ?? null, receipts: Number(receipts) };
}
