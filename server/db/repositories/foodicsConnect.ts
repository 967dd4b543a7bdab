// "Connect Foodics" in the database (docs/POS.md, "Foodics: connecting a restaurant"): the OAuth states (kept as
// their SHA-256, single use, 10 minutes, tied to the admin who started and to the restaurant), and the
// connection itself - a new restaurant named after the business, or the tokens of an existing one replaced -
// recorded in the activity trail in the same transaction.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { recordActivity } from '../audit';
import { admins, foodicsOauthStates, restaurants } from '../schema';
import type { Sealer } from '../../lib/sealing';

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** A new state for this admin (and restaurant; null: a new one). Expired states are swept here. */
export async function newConnectState(
  db: Db,
  adminId: number,
  restaurantId: number | null,
  ttlMs: number,
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  await db.delete(foodicsOauthStates).where(lt(foodicsOauthStates.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(foodicsOauthStates).values({
    stateHash: hashOf(state),
    adminId,
    restaurantId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return state;
}

export type StateCheck =
  | { ok: true; adminId: number; restaurantId: number | null }
  | { ok: false; failure: 'state_unknown' | 'state_expired' | 'state_other_admin'; restaurantId: number | null };

/**
 * The state of a round trip coming back, used up when it is good: unknown or used, expired, or made for another
 * admin than the one this browser is signed in as (that one is not used up: its own admin may still finish).
 */
export async function takeConnectState(db: Db, state: string, browserAdminId: number): Promise<StateCheck> {
  const hash = hashOf(state);
  const [row] = await db.select().from(foodicsOauthStates).where(eq(foodicsOauthStates.stateHash, hash)).limit(1);
  if (!row || row.usedAt) return { ok: false, failure: 'state_unknown', restaurantId: row?.restaurantId ?? null };
  if (row.adminId !== browserAdminId) return { ok: false, failure: 'state_other_admin', restaurantId: null };
  // Used up and checked for its expiry in one statement: two tabs racing with one state get one success.
  const [taken] = await db
    .update(foodicsOauthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(foodicsOauthStates.stateHash, hash), isNull(foodicsOauthStates.usedAt)))
    .returning({ expiresAt: foodicsOauthStates.expiresAt });
  if (!taken) return { ok: false, failure: 'state_unknown', restaurantId: row.restaurantId };
  if (taken.expiresAt.getTime() <= Date.now()) {
    return { ok: false, failure: 'state_expired', restaurantId: row.restaurantId };
  }
  return { ok: true, adminId: row.adminId, restaurantId: row.restaurantId };
}

/** The restaurant a state was made for, when it is still live (the failure's page). */
export async function liveRestaurantId(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, id), eq(restaurants.isDeleted, false)));
  return row?.id ?? null;
}

export interface Connection {
  adminId: number;
  /** null: add a new restaurant named after the business. */
  restaurantId: number | null;
  token: string;
  business: { name: string; reference: string | null };
  ip: string;
}

/** Stores the connection; the restaurant's id, or null when the restaurant is no longer live. */
export async function storeConnection(db: Db, sealer: Sealer, c: Connection): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .select({ id: admins.id, email: admins.email })
      .from(admins)
      .where(and(eq(admins.id, c.adminId), eq(admins.isDeleted, false)));
    if (!admin) return null;
    const now = new Date();
    const sealed = sealer.seal(c.token);
    const columns = {
      token: sealed,
      branchsToken: sealed,
      tokenKey: sealer.lookupKey(c.token),
      nameApi: c.business.name,
      posBusinessName: c.business.name,
      posBusinessRef: c.business.reference,
      connectedAt: now,
      connectedBy: admin.id,
      posRefusedAt: null,
      posError: null,
      posErrorAt: null,
      updatedAt: now,
    };
    let row: { id: number; name: string } | undefined;
    if (c.restaurantId === null) {
      // A logo to change later: Specter's own until the restaurant uploads its own.
      [row] = await tx
        .insert(restaurants)
        .values({ name: c.business.name, logo: '/logo.svg', systemType: 'Foodics', ...columns })
        .returning({ id: restaurants.id, name: restaurants.name });
    } else {
      [row] = await tx
        .update(restaurants)
        .set({ systemType: 'Foodics', ...columns })
        .where(and(eq(restaurants.id, c.restaurantId), eq(restaurants.isDeleted, false)))
        .returning({ id: restaurants.id, name: restaurants.name });
    }
    if (!row) return null;
    await recordActivity(tx, {
      admin,
      ip: c.ip,
      kind: 'restaurant.connected',
      target: { type: 'restaurant', id: row.id, label: row.name },
      detail: { business: c.business.name, reference: c.business.reference, new: c.restaurantId === null },
    });
    return row.id;
  });
}
