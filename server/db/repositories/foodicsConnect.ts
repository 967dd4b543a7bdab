// "Connect Foodics" in the database (docs/POS.md, "Foodics: connecting a restaurant"): the OAuth states (kept as
// their SHA-256, single use, 10 minutes, tied to the admin who started and to the restaurant), and the
// connection itself - a new restaurant named after the business, or the tokens of an existing one replaced -
// recorded in the activity trail in the same transaction. That transaction decides too: the account's role and
// restaurants are read again (a manager demoted mid-way connects nothing), a business connected to another
// restaurant is never connected twice (the admin is asked to reconnect that one), and a reconnect that would
// change a restaurant's business asks first: the approval waits, sealed, in foodics_pending_connects.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { recordActivity, type Tx } from '../audit';
import { adminRestaurants, admins, foodicsOauthStates, foodicsPendingConnects, restaurants } from '../schema';
import { isUniqueViolation } from '../../lib/errors';
import type { Sealer } from '../../lib/sealing';

/** A business can be connected to one restaurant only (docs/POS.md, "One business, one restaurant"): the answer
 * when another restaurant holds it, and a sync's sync_error (the same words as migration 0023's). */
export const BUSINESS_ELSEWHERE =
  'This Foodics business is already connected to another restaurant here: reconnect that one instead';

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

/** What the callback does next: the restaurant connected; a refusal; or a question for the admin (the approval
 * waits under `pendingId`); `gone`: the account or the restaurant is no longer live. */
export type ConnectDecision =
  | { kind: 'connected'; restaurantId: number }
  | { kind: 'refused'; failure: 'not_allowed' | 'business_elsewhere' }
  | { kind: 'ask'; pendingId: string }
  | { kind: 'gone' };

/** Why an approval waits for the admin: its business is another restaurant's ('business_elsewhere': reconnect that
 * one?), or it would change the business of the restaurant being reconnected ('business_changed'). */
export type PendingKind = 'business_elsewhere' | 'business_changed';

/** The account as it is now: live, its role and its restaurants (the round trip may have outlived a change). */
async function accountNow(tx: Tx, adminId: number) {
  const [admin] = await tx
    .select({ id: admins.id, email: admins.email, role: admins.role })
    .from(admins)
    .where(and(eq(admins.id, adminId), eq(admins.isDeleted, false)));
  if (!admin) return null;
  const own = await tx
    .select({ id: adminRestaurants.restaurantId })
    .from(adminRestaurants)
    .where(eq(adminRestaurants.adminId, adminId));
  const ids = new Set(own.map((r) => r.id));
  return {
    ...admin,
    /** Adding a restaurant is an admin's; connecting one a manager's of that restaurant too (docs/SECURITY.md, Roles). */
    mayConnect: (restaurantId: number | null) =>
      admin.role === 'admin' || (restaurantId !== null && admin.role === 'manager' && ids.has(restaurantId)),
  };
}

/** The live Foodics restaurant connected to this business, other than `except`. */
async function holderOf(tx: Tx, reference: string | null, except: number | null) {
  if (reference === null) return undefined;
  const [row] = await tx
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(
      and(
        eq(restaurants.posBusinessRef, reference),
        eq(restaurants.systemType, 'Foodics'),
        eq(restaurants.isDeleted, false),
        except === null ? undefined : ne(restaurants.id, except),
      ),
    )
    .limit(1);
  return row;
}

/** The columns a connection writes. */
function connectionColumns(sealer: Sealer, token: string, business: Connection['business'], adminId: number) {
  const now = new Date();
  const sealed = sealer.seal(token);
  return {
    token: sealed,
    branchsToken: sealed,
    tokenKey: sealer.lookupKey(token),
    nameApi: business.name,
    posBusinessName: business.name,
    posBusinessRef: business.reference,
    connectedAt: now,
    connectedBy: adminId,
    posRefusedAt: null,
    posError: null,
    posErrorAt: null,
    syncError: null,
    updatedAt: now,
  };
}

/**
 * The callback's decision and, when nothing needs asking, the connection stored with its activity record, in one
 * transaction: the account is read again (deleted, or no longer allowed to connect this restaurant: nothing
 * changes), a business another restaurant holds is never connected again (the admin is asked to reconnect that
 * restaurant, when they may; refused otherwise), and a reconnect that would change the restaurant's business asks.
 */
export async function storeConnection(
  db: Db,
  sealer: Sealer,
  c: Connection,
  pendingTtlMs: number,
): Promise<ConnectDecision> {
  try {
    return await db.transaction(async (tx) => {
      const admin = await accountNow(tx, c.adminId);
      if (!admin) return { kind: 'gone' } as const;
      if (!admin.mayConnect(c.restaurantId)) return { kind: 'refused', failure: 'not_allowed' } as const;
      let target: { id: number; posBusinessRef: string | null } | undefined;
      if (c.restaurantId !== null) {
        [target] = await tx
          .select({ id: restaurants.id, posBusinessRef: restaurants.posBusinessRef })
          .from(restaurants)
          .where(and(eq(restaurants.id, c.restaurantId), eq(restaurants.isDeleted, false)))
          .for('update');
        if (!target) return { kind: 'gone' } as const;
      }
      const holder = await holderOf(tx, c.business.reference, c.restaurantId);
      if (holder) {
        // Never a second restaurant on one business: reconnect the one that has it, if this account may.
        if (!admin.mayConnect(holder.id)) return { kind: 'refused', failure: 'business_elsewhere' } as const;
        const pendingId = await newPending(tx, sealer, c, 'business_elsewhere', holder.id, pendingTtlMs);
        return { kind: 'ask', pendingId } as const;
      }
      if (target?.posBusinessRef && c.business.reference !== null && target.posBusinessRef !== c.business.reference) {
        const pendingId = await newPending(tx, sealer, c, 'business_changed', target.id, pendingTtlMs);
        return { kind: 'ask', pendingId } as const;
      }
      const id = await applyConnection(tx, sealer, admin, c.restaurantId, c);
      return id === null ? ({ kind: 'gone' } as const) : ({ kind: 'connected', restaurantId: id } as const);
    });
  } catch (err) {
    // Two round trips for one business at the same moment: the unique index keeps the second out.
    if (isUniqueViolation(err)) return { kind: 'refused', failure: 'business_elsewhere' };
    throw err;
  }
}

async function applyConnection(
  tx: Tx,
  sealer: Sealer,
  admin: { id: number; email: string },
  restaurantId: number | null,
  c: Pick<Connection, 'token' | 'business' | 'ip'>,
): Promise<number | null> {
  const columns = connectionColumns(sealer, c.token, c.business, admin.id);
  let row: { id: number; name: string } | undefined;
  if (restaurantId === null) {
    // A logo to change later: Specter's own until the restaurant uploads its own (the setup checklist says so).
    [row] = await tx
      .insert(restaurants)
      .values({ name: c.business.name, logo: DEFAULT_LOGO, systemType: 'Foodics', ...columns })
      .returning({ id: restaurants.id, name: restaurants.name });
  } else {
    [row] = await tx
      .update(restaurants)
      .set({ systemType: 'Foodics', ...columns })
      .where(and(eq(restaurants.id, restaurantId), eq(restaurants.isDeleted, false)))
      .returning({ id: restaurants.id, name: restaurants.name });
  }
  if (!row) return null;
  await recordActivity(tx, {
    admin,
    ip: c.ip,
    kind: 'restaurant.connected',
    target: { type: 'restaurant', id: row.id, label: row.name },
    detail: { business: c.business.name, reference: c.business.reference, new: restaurantId === null },
  });
  return row.id;
}

/** The logo a restaurant added by "Connect Foodics" starts with. */
export const DEFAULT_LOGO = '/logo.svg';

async function newPending(
  tx: Tx,
  sealer: Sealer,
  c: Connection,
  kind: PendingKind,
  restaurantId: number,
  ttlMs: number,
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await tx.delete(foodicsPendingConnects).where(lt(foodicsPendingConnects.expiresAt, sql`now() - interval '1 day'`));
  await tx.insert(foodicsPendingConnects).values({
    idHash: hashOf(id),
    adminId: c.adminId,
    kind,
    restaurantId,
    startedFor: c.restaurantId,
    token: sealer.seal(c.token),
    businessName: c.business.name,
    businessRef: c.business.reference,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return id;
}

/** A waiting approval as its admin reads it (the question the back-office asks), or undefined: unknown, answered,
 * expired, or another admin's. */
export async function pendingConnect(db: Db, id: string, adminId: number) {
  const [row] = await db
    .select({
      kind: foodicsPendingConnects.kind,
      restaurantId: foodicsPendingConnects.restaurantId,
      startedFor: foodicsPendingConnects.startedFor,
      businessName: foodicsPendingConnects.businessName,
      businessRef: foodicsPendingConnects.businessRef,
      expiresAt: foodicsPendingConnects.expiresAt,
      restaurant: {
        name: restaurants.name,
        businessName: restaurants.posBusinessName,
        businessRef: restaurants.posBusinessRef,
      },
    })
    .from(foodicsPendingConnects)
    .innerJoin(restaurants, eq(restaurants.id, foodicsPendingConnects.restaurantId))
    .where(
      and(
        eq(foodicsPendingConnects.idHash, hashOf(id)),
        eq(foodicsPendingConnects.adminId, adminId),
        gt(foodicsPendingConnects.expiresAt, sql`now()`),
        eq(restaurants.isDeleted, false),
      ),
    );
  return row ? { ...row, kind: row.kind as PendingKind } : undefined;
}

/** Drops a waiting approval (the admin said no); false when there was none of this admin's. */
export async function dropPendingConnect(db: Db, id: string, adminId: number): Promise<boolean> {
  const gone = await db
    .delete(foodicsPendingConnects)
    .where(and(eq(foodicsPendingConnects.idHash, hashOf(id)), eq(foodicsPendingConnects.adminId, adminId)))
    .returning({ id: foodicsPendingConnects.idHash });
  return gone.length > 0;
}

export type PendingOutcome =
  | { kind: 'connected'; restaurantId: number }
  | { kind: 'refused'; failure: 'not_allowed' | 'business_elsewhere' }
  | { kind: 'gone' };

/**
 * The admin said yes: the approval is used up and applied to the restaurant it names, in one transaction that reads
 * the account again and checks again that no other restaurant holds the business. `gone`: unknown, answered,
 * expired, another admin's, or the restaurant was deleted.
 */
export async function confirmPendingConnect(
  db: Db,
  sealer: Sealer,
  id: string,
  adminId: number,
  ip: string,
): Promise<PendingOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(foodicsPendingConnects)
        .where(and(eq(foodicsPendingConnects.idHash, hashOf(id)), eq(foodicsPendingConnects.adminId, adminId)))
        .returning();
      if (!row || row.expiresAt.getTime() <= Date.now()) return { kind: 'gone' } as const;
      const admin = await accountNow(tx, adminId);
      if (!admin) return { kind: 'gone' } as const;
      if (!admin.mayConnect(row.restaurantId)) return { kind: 'refused', failure: 'not_allowed' } as const;
      if (await holderOf(tx, row.businessRef, row.restaurantId))
        return { kind: 'refused', failure: 'business_elsewhere' } as const;
      const business = { name: row.businessName, reference: row.businessRef };
      const restaurantId = await applyConnection(tx, sealer, admin, row.restaurantId, {
        token: sealer.open(row.token),
        business,
        ip,
      });
      return restaurantId === null ? ({ kind: 'gone' } as const) : ({ kind: 'connected', restaurantId } as const);
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { kind: 'refused', failure: 'business_elsewhere' };
    throw err;
  }
}
