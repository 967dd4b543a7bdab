// App users: the App Users list (with the end of each phone's lock), one user's phone, removal, the CSV batches.
import { and, asc, eq, exists, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { ListQuery } from '../../../src/contract';
import type { Tx } from '../audit';
import { lockedUntilSql } from '../phoneLock';
import { listSource, orderBy, searchWhere, type ListSource } from '../paging';
import type { Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
import { appUsers, orders, phoneGuards } from '../schema';

export type AppUser = typeof appUsers.$inferSelect;
export type AppUserRow = AppUser & { lockedUntil: Date | string | null };

const sortable = {
  id: appUsers.id,
  firstName: appUsers.firstName,
  lastName: appUsers.lastName,
  phone: appUsers.phone,
  birthDate: appUsers.birthDate,
  gender: appUsers.gender,
  lastLogin: appUsers.lastLogin,
  createdAt: appUsers.createdAt,
  updatedAt: appUsers.updatedAt,
};

/**
 * The list's search: digits (a phone or part of one) search the phone only; other words search the names only
 * (a phone holds nothing but + and digits): each index is asked only what it can answer (docs/PERFORMANCE.md).
 */
function listSearch(q: string | undefined) {
  const term = q?.trim() ?? '';
  const isPhonePart = (w: string) => /^[+\d]+$/.test(w);
  return /^\+?[\d\s]+$/.test(term)
    ? searchWhere(term.replace(/\s+/g, ''), [appUsers.phone])
    : and(
        ...term
          .split(/\s+/)
          .filter(Boolean)
          .slice(0, 5)
          .map((w) => searchWhere(w, isPhonePart(w) ? [appUsers.phone] : [appUsers.firstName, appUsers.lastName])),
      );
}

/**
 * The app users a scope sees: an admin all; a manager those with at least one saved order at its restaurants
 * (issue 26), found through orders_restaurant_user_idx.
 */
export function appUsersIn(db: Db, scope: Scope): SQL | undefined {
  const atTheirRestaurants = restaurantsIn(scope, orders.restaurantId);
  if (!atTheirRestaurants) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.appUserId, appUsers.id), atTheirRestaurants)),
  );
}

/** GET /user: app users of the scope with the end of their phone's lock (null when not locked), for the list's
 * lock indicator. */
export function appUsersList(db: Db, config: Config, scope: Scope, q: ListQuery): ListSource<AppUserRow> {
  return listSource(db, {
    select: () =>
      db
        .select({ ...getTableColumns(appUsers), lockedUntil: lockedUntilSql(config) })
        .from(appUsers)
        .leftJoin(phoneGuards, eq(phoneGuards.phone, appUsers.phone)),
    table: appUsers,
    id: appUsers.id,
    scope: appUsersIn(db, scope),
    filter: listSearch(q.q),
    order: orderBy(q, sortable, { field: 'createdAt', order: 'DESC' }, appUsers.id),
    // The whole list's total is the trigger-kept count; a search's is counted up to 1,000 (counts.ts).
    whole: 'app_users',
  });
}

/** One app user's phone, or undefined for an unknown id. */
export async function appUserPhone(db: Db, id: number): Promise<string | undefined> {
  const [user] = await db.select({ phone: appUsers.phone }).from(appUsers).where(eq(appUsers.id, id));
  return user?.phone;
}

/** Deletes an app user (their saved orders stay, without a user); what was deleted, or undefined. */
export async function deleteAppUser(tx: Tx, id: number) {
  const [gone] = await tx
    .delete(appUsers)
    .where(eq(appUsers.id, id))
    .returning({ id: appUsers.id, phone: appUsers.phone });
  return gone;
}

/** The CSV export's search: digits search the phone; words search names and phone. */
export function appUsersExportWhere(q: string | undefined) {
  const term = q?.trim() ?? '';
  return /^\+?[\d\s]+$/.test(term)
    ? searchWhere(term.replace(/\s+/g, ''), [appUsers.phone])
    : searchWhere(term, [appUsers.firstName, appUsers.lastName, appUsers.phone]);
}

/** One batch of the CSV export (the scope's app users), in id order after `after`. */
export function appUsersBatch(
  db: Db,
  scope: Scope,
  where: ReturnType<typeof appUsersExportWhere>,
  after: { id: number } | undefined,
  limit: number,
): Promise<AppUser[]> {
  return db
    .select()
    .from(appUsers)
    .where(and(appUsersIn(db, scope), where, after ? sql`${appUsers.id} > ${after.id}` : undefined))
    .orderBy(asc(appUsers.id))
    .limit(limit);
}

/** Marks the phone's app user as signed in now; their id, or 0 when the phone has no account. */
export async function signInAppUser(tx: Tx, phone: string): Promise<number> {
  const [u] = await tx
    .update(appUsers)
    .set({ lastLogin: new Date() })
    .where(eq(appUsers.phone, phone))
    .returning({ id: appUsers.id });
  return u?.id ?? 0;
}
