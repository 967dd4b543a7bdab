// The guestbook's consents (docs/ARCHITECTURE.md, The guestbook; docs/SECURITY.md "Roles"): a phone's yes to a
// restaurant recorded, withdrawn or forgotten (each marks the app user's guest row, which is what every read
// checks), the restaurants a phone said yes to, and the consent as the back-office's other lists read it (the
// Orders and App users of a manager or staff: issue 48). Apart from the list's reads, which only ever read the flag.
import { and, desc, eq, exists, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CONSENT_WORDING_VERSION } from '../../../../src/contract';
import type { Database, Db } from '../../client';
import { restaurantsIn, type Scope } from '../../scope';
import { appUsers, guestConsents, guests, restaurants } from '../../schema';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
type Writer = Tx | Db;

/** The phone's app user's guest row at the restaurant follows its consent. */
function markConsent(tx: Writer, phone: string, restaurantId: number, consented: boolean) {
  return tx
    .update(guests)
    .set({ consented, updatedAt: new Date() })
    .where(
      and(
        eq(guests.restaurantId, restaurantId),
        inArray(guests.appUserId, tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.phone, phone))),
      ),
    );
}

/** The phone said yes to the restaurant (ticked when saving): recorded with its time and the wording's version. */
export async function recordConsent(tx: Writer, phone: string, restaurantId: number, at = new Date()): Promise<void> {
  await tx
    .insert(guestConsents)
    .values({ phone, restaurantId, wordingVersion: CONSENT_WORDING_VERSION, consentedAt: at })
    .onConflictDoUpdate({
      target: [guestConsents.phone, guestConsents.restaurantId],
      set: { wordingVersion: CONSENT_WORDING_VERSION, consentedAt: at },
    });
  await markConsent(tx, phone, restaurantId, true);
}

/** Withdraws the phone's yes to the restaurant: from now on the guest is in no list, search, export or page.
 * `also` runs in the same transaction when there was a yes (leaving the restaurant's rewards: issue 47); its answer
 * is `extra`. `withdrawn` false when there was none. */
export function withdrawConsent<T = undefined>(
  db: Db,
  phone: string,
  restaurantId: number,
  also?: (tx: Tx) => Promise<T>,
): Promise<{ withdrawn: boolean; extra?: T }> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(guestConsents)
      .where(and(eq(guestConsents.phone, phone), eq(guestConsents.restaurantId, restaurantId)))
      .returning({ id: guestConsents.id });
    await markConsent(tx, phone, restaurantId, false);
    if (!gone.length) return { withdrawn: false };
    return { withdrawn: true, extra: also ? await also(tx) : undefined };
  });
}

/** Delete my data: every consent of the phone and every guest row of its app user. */
export async function forgetGuest(tx: Writer, phone: string): Promise<void> {
  await tx.delete(guestConsents).where(eq(guestConsents.phone, phone));
  await tx
    .delete(guests)
    .where(inArray(guests.appUserId, tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.phone, phone))));
}

/** The restaurants a phone said yes to, newest first (My receipts). */
export async function consentsOf(db: Db, phone: string) {
  const rows = await db
    .select({
      restaurantId: guestConsents.restaurantId,
      name: restaurants.name,
      logo: restaurants.logo,
      version: guestConsents.wordingVersion,
      at: guestConsents.consentedAt,
    })
    .from(guestConsents)
    .innerJoin(restaurants, eq(restaurants.id, guestConsents.restaurantId))
    .where(and(eq(guestConsents.phone, phone), eq(restaurants.isDeleted, false)))
    .orderBy(desc(guestConsents.consentedAt), desc(guestConsents.id));
  return rows.map((r) => ({
    restaurant_id: r.restaurantId,
    restaurant: { name: r.name, logo: r.logo },
    wording_version: r.version,
    consented_at: r.at.toISOString(),
  }));
}

// --- consent as the back-office's other lists read it (issue 48, docs/SECURITY.md "Roles") ---

/**
 * Whether the app user said yes to the restaurant (their guest row there is `consented`), as a boolean of the row:
 * one probe of guests_restaurant_user_uq (both its columns given), made for each row the condition is asked of.
 * Both are the outer query's columns, e.g. an order's `restaurant_id` and `app_user_id`: a manager's or staff's
 * Orders show and find a customer only where this holds. A scalar subquery rather than EXISTS on purpose: under
 * an OR (the Orders search: a number or a phone) or in the select list, PostgreSQL would run an EXISTS as a hashed
 * subplan over every consenting guest (0.3 s at 133,000 of them) where 25 probes do (docs/PERFORMANCE.md).
 */
export function saidYesAt(db: Db, restaurantId: AnyColumn, appUserId: AnyColumn): SQL<boolean> {
  const row = db
    .select({ yes: guests.consented })
    .from(guests)
    .where(and(eq(guests.restaurantId, restaurantId), eq(guests.appUserId, appUserId)));
  return sql<boolean>`coalesce(${row}, false)`;
}

/**
 * The app user (the outer query's column) said yes to one of the scope's restaurants; undefined for an admin (every
 * app user).
 * - `exists` (the default: a manager's App users and their CSV): an EXISTS the planner may run either way - a probe
 *   of guests_user_idx per app user walked in the list's order while many said yes, or from the restaurant's
 *   consenting guests when few did.
 * - `probe`: one probe of guests_restaurant_user_uq per row asked (a scalar subquery), for the rows a phone's trigram
 *   index already found (the Orders search), where a semi-join read every guest of the restaurant (90 ms at
 *   200,000 guests) to keep a few hundred.
 */
export function saidYesInScope(
  db: Db,
  scope: Scope,
  appUserId: AnyColumn,
  how: 'exists' | 'probe' = 'exists',
): SQL | undefined {
  const theirs = restaurantsIn(scope, guests.restaurantId);
  if (!theirs) return undefined;
  if (how === 'probe') {
    const rows = db
      .select({ yes: sql`bool_or(${guests.consented})` })
      .from(guests)
      .where(and(eq(guests.appUserId, appUserId), theirs));
    return sql`coalesce(${rows}, false)`;
  }
  return exists(
    db
      .select({ one: sql`1` })
      .from(guests)
      .where(and(eq(guests.appUserId, appUserId), theirs, eq(guests.consented, true))),
  );
}
