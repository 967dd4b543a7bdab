// Totals without counting millions of rows (docs/PERFORMANCE.md):
// - whole tables: row_counts, kept exact by statement-level triggers (migration i16_row_count_triggers), one
//   primary-key read whatever the size;
// - searches: counted up to TOTAL_CAP + 1 matching rows and no further; past the cap the total is a lower
//   bound and the list says so (X-Total-Exact: false; the screens page without a last page).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
import { guests, restaurants, rowCounts } from '../schema';

export type CountedRows = 'app_users' | 'orders' | 'live_restaurants';

/** The trigger-kept counts of these names (0 for a name without its row). */
export async function rowCountsOf<N extends CountedRows>(db: Db, names: N[]): Promise<Record<N, number>> {
  const rows = await db.select().from(rowCounts).where(inArray(rowCounts.name, names));
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  for (const r of rows) out[r.name as N] = Number(r.n);
  return out;
}

/**
 * The saved orders of these restaurants: the sum of their trigger-kept counts (row_counts 'orders@<id>', migration
 * 0020), one primary-key read each, whatever their size.
 */
export function ordersAtRestaurants(db: Db, restaurantIds: readonly number[]): Promise<number> {
  return perRestaurant(db, 'orders', restaurantIds);
}

/** The sum of the trigger-kept counts `<kind>@<id>` of these restaurants (0 for one without its row). */
async function perRestaurant(db: Db, kind: 'orders' | 'customers' | 'consented', restaurantIds: readonly number[]) {
  if (!restaurantIds.length) return 0;
  const rows = await db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(
      inArray(
        rowCounts.name,
        [...new Set(restaurantIds)].map((id) => `${kind}@${id}`),
      ),
    );
  return rows.reduce((sum, r) => sum + Number(r.n), 0);
}

/**
 * The app users with a saved order at these restaurants. One restaurant: its trigger-kept count ('customers@<id>',
 * migration 0025), one primary-key read. Several: a customer of two of them is one customer, so their guest rows
 * (one per customer per restaurant, kept in the transaction of every change to the orders: repositories/guests/keep.ts)
 * are counted distinct - bounded by their customers, not their orders.
 */
export async function customersAt(db: Db, restaurantIds: readonly number[]): Promise<number> {
  const ids = [...new Set(restaurantIds)];
  if (ids.length <= 1) return perRestaurant(db, 'customers', ids);
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${guests.appUserId})::int` })
    .from(guests)
    .where(inArray(guests.restaurantId, ids));
  return Number(r.n);
}

/**
 * The app users who said yes to one of these restaurants (what a manager's App Users lists, docs/SECURITY.md "Roles"):
 * one restaurant, its trigger-kept count of consented guests ('consented@<id>', migration 0025); several, their
 * consented guest rows counted distinct (a guest of two of them is one app user).
 */
export async function consentedCustomersAt(db: Db, restaurantIds: readonly number[]): Promise<number> {
  const ids = [...new Set(restaurantIds)];
  if (ids.length <= 1) return perRestaurant(db, 'consented', ids);
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${guests.appUserId})::int` })
    .from(guests)
    .where(and(inArray(guests.restaurantId, ids), eq(guests.consented, true)));
  return Number(r.n);
}

/**
 * The consented guests of these restaurants that are live (the guestbook's rows when nothing else narrows it): the
 * sum of their trigger-kept counts ('consented@<id>', migration 0025); every live restaurant's when `restaurantIds`
 * is null.
 */
export async function consentedGuestsAt(db: Db, restaurantIds: readonly number[] | null): Promise<number> {
  if (restaurantIds && !restaurantIds.length) return 0;
  const [r] = await db
    .select({ n: sql<number>`coalesce(sum(${rowCounts.n}), 0)::bigint` })
    .from(restaurants)
    .innerJoin(rowCounts, eq(rowCounts.name, sql`'consented@' || ${restaurants.id}`))
    .where(
      and(
        eq(restaurants.isDeleted, false),
        restaurantIds ? inArray(restaurants.id, [...new Set(restaurantIds)]) : undefined,
      ),
    );
  return Number(r.n);
}

/**
 * The dashboard's counts over a scope's restaurants (a manager's or staff's, issue 26): the app users who said yes
 * to one of them (the people its App Users lists, issue 48), its live restaurants, the orders saved there - each from the kept counts (one read per restaurant,
 * whatever their orders), never counted over the orders. An admin's scope reads the whole tables' counts.
 */
export async function countsIn(db: Db, scope: Scope): Promise<{ users: number; restaurants: number; orders: number }> {
  if (scope.restaurantIds === null) {
    const c = await rowCountsOf(db, ['app_users', 'live_restaurants', 'orders']);
    return { users: c.app_users, restaurants: c.live_restaurants, orders: c.orders };
  }
  const [users, savedOrders, [r]] = await Promise.all([
    consentedCustomersAt(db, scope.restaurantIds),
    ordersAtRestaurants(db, scope.restaurantIds),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(restaurants)
      .where(and(eq(restaurants.isDeleted, false), restaurantsIn(scope, restaurants.id))),
  ]);
  return { users, restaurants: Number(r.n), orders: savedOrders };
}

/** How many matching rows a search counts before it stops and reports "more than this". */
export const TOTAL_CAP = 1000;

/**
 * A list's total from a count read up to TOTAL_CAP + 1 matching rows: up to the cap itself it is exact (a search
 * matching exactly 1,000 rows says 1,000); past it, TOTAL_CAP as a lower bound ("more than 1,000"). `counted` false:
 * a part of the count already stopped at the cap. The one place this rule is written: every capped total goes
 * through it.
 */
export function cappedTotal(n: number, counted = true): { total: number; exact: boolean } {
  return counted && n <= TOTAL_CAP ? { total: n, exact: true } : { total: TOTAL_CAP, exact: false };
}

/** The number of rows of `table` matching `where`, reading at most TOTAL_CAP + 1 of them. */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ total: number; exact: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(TOTAL_CAP + 1)
    .as('matches');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return cappedTotal(n);
}

/**
 * The rows matching any of `parts` - written so that no row matches two of them - counted up to TOTAL_CAP: each
 * part alone, at once. Each part can use its own index, where their OR led the planner to read the table until it
 * had found enough (docs/PERFORMANCE.md, the Orders screen's phone search).
 */
export async function cappedCountOfDisjoint(
  db: Db,
  table: PgTable,
  parts: SQL[],
): Promise<{ total: number; exact: boolean }> {
  const counts = await Promise.all(parts.map((part) => cappedCount(db, table, part)));
  const total = counts.reduce((sum, c) => sum + c.total, 0);
  return cappedTotal(
    total,
    counts.every((c) => c.exact),
  );
}
