// The loyalty ledger for the back-office (issue 47): the Ledger list (newest first, paged for ten million entries:
// docs/PERFORMANCE.md) and the CSV's batches, filtered by member, restaurant, kind and dates, within the caller's
// scope (restaurantsIn) and its live restaurants. As the Members list, the WHERE names the ledger's own columns
// only (the restaurant's liveness a subquery), so the count and the deep pages' id pick read the ledger's indexes
// alone (loyalty_ledger_member_idx, and migration 0026's by restaurant, kind, and both); the joins name the page's
// rows: the member, the restaurant, the receipt's order number, the adjusting account.
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../src/contract';
import { ledgerResource } from '../../../src/contract/resources';
import type { Db } from '../client';
import type { ResourceRepository } from '../resource';
import { declaredOrder, listSource, type ListSource } from '../paging';
import { restaurantsIn, type Scope } from '../scope';
import {
  admins,
  appUsers,
  loyaltyLedger,
  loyaltyLedgerDays,
  loyaltyMembers,
  orders,
  restaurants,
  type LedgerKind,
} from '../schema';

export interface LedgerFilters {
  memberId?: number;
  restaurantId?: number;
  kind?: LedgerKind;
  from?: string;
  to?: string;
}
type LedgerQuery = ListQuery & LedgerFilters;

/** An entry as the list and the CSV read it. */
export interface LedgerRow {
  id: number;
  at: Date;
  restaurantId: number;
  restaurant: string;
  restaurantTimeZone: string | null;
  memberId: number;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  kind: LedgerKind;
  points: number;
  balanceAfter: number;
  orderNumber: string | null;
  posOrderId: string | null;
  rewardCode: string | null;
  branchId: string | null;
  userId: string | null;
  admin: string | null;
  reason: string | null;
}

const columns = {
  id: loyaltyLedger.id,
  at: loyaltyLedger.createdAt,
  restaurantId: loyaltyLedger.restaurantId,
  restaurant: restaurants.name,
  restaurantTimeZone: restaurants.timeZone,
  memberId: loyaltyLedger.memberId,
  firstName: appUsers.firstName,
  lastName: appUsers.lastName,
  phone: appUsers.phone,
  kind: loyaltyLedger.kind,
  points: loyaltyLedger.points,
  balanceAfter: loyaltyLedger.balanceAfter,
  orderNumber: orders.orderNumber,
  posOrderId: loyaltyLedger.posOrderId,
  rewardCode: loyaltyLedger.rewardCode,
  branchId: loyaltyLedger.branchId,
  userId: loyaltyLedger.userId,
  admin: admins.email,
  reason: loyaltyLedger.reason,
};

const rows = (db: Db) =>
  db
    .select(columns)
    .from(loyaltyLedger)
    .innerJoin(loyaltyMembers, eq(loyaltyMembers.id, loyaltyLedger.memberId))
    .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
    .innerJoin(restaurants, eq(restaurants.id, loyaltyLedger.restaurantId))
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .leftJoin(admins, eq(admins.id, loyaltyLedger.adminId));

/** Entries of the scope's live restaurants. */
const entriesIn = (db: Db, scope: Scope): SQL =>
  and(
    inArray(
      loyaltyLedger.restaurantId,
      db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.isDeleted, false)),
    ),
    restaurantsIn(scope, loyaltyLedger.restaurantId),
  )!;

/** The filters: a day's bounds are its midnights in the business time zone (`zone`, FUNNEL_TIME_ZONE). */
const filterOf = (q: LedgerFilters, zone: string) =>
  and(
    q.memberId === undefined ? undefined : eq(loyaltyLedger.memberId, q.memberId),
    q.restaurantId === undefined ? undefined : eq(loyaltyLedger.restaurantId, q.restaurantId),
    q.kind === undefined ? undefined : eq(loyaltyLedger.kind, q.kind),
    q.from === undefined
      ? undefined
      : gte(loyaltyLedger.createdAt, sql`(${q.from}::date::timestamp at time zone ${zone})`),
    q.to === undefined
      ? undefined
      : lt(loyaltyLedger.createdAt, sql`((${q.to}::date + 1)::timestamp at time zone ${zone})`),
  );

/** How many entries the scope's live restaurants have (one of them, one kind), exactly: the trigger-kept
 * loyalty_ledger_days (migration 0026), days x kinds rows, never a count of the entries. */
export async function entriesCount(db: Db, scope: Scope, q: LedgerFilters) {
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${loyaltyLedgerDays.entries}), 0)::int` })
    .from(loyaltyLedgerDays)
    .innerJoin(restaurants, eq(restaurants.id, loyaltyLedgerDays.restaurantId))
    .where(
      and(
        eq(restaurants.isDeleted, false),
        restaurantsIn(scope, loyaltyLedgerDays.restaurantId),
        q.restaurantId === undefined ? undefined : eq(loyaltyLedgerDays.restaurantId, q.restaurantId),
        q.kind === undefined ? undefined : eq(loyaltyLedgerDays.kind, q.kind),
      ),
    );
  return { total: n, exact: true };
}

/** The Ledger list: newest first, paged, filtered. Filtered by restaurant and kind alone (or not at all) its total is
 * exact (entriesCount), so the last page is read from the end; a member's or dates' entries are counted (capped). */
export function ledgerList(db: Db, scope: Scope, q: LedgerQuery, zone: string): ListSource<LedgerRow> {
  const counted = q.memberId === undefined && q.from === undefined && q.to === undefined;
  return listSource<LedgerRow>(db, {
    total: counted ? () => entriesCount(db, scope, q) : undefined,
    select: () => rows(db),
    table: loyaltyLedger,
    id: loyaltyLedger.id,
    scope: entriesIn(db, scope),
    filter: filterOf(q, zone),
    order: declaredOrder(ledgerResource, q, { id: loyaltyLedger.id }, loyaltyLedger.id),
    // Ten million entries: never the whole ledger in one answer.
    alwaysPaged: true,
  });
}

/**
 * One batch of the CSV (the list's filters), oldest first after `after`. Entries of a date range go in time order
 * (created_at, then id), which the index by restaurant and time (or by time) walks from the batch's start: in id
 * order, every batch read and sorted all of the range's entries again (a manager's 7 days: 300-450 ms a batch at
 * 10,000,000 entries, docs/PERFORMANCE.md "A manager's CSVs"). Otherwise id order, which the indexes by restaurant,
 * kind and member serve. The key after a batch is its last entry's time, read back by its id, so the time's
 * microseconds - which a JavaScript Date drops - are compared as stored.
 */
export function ledgerBatch(
  db: Db,
  scope: Scope,
  q: LedgerFilters,
  zone: string,
  after: { id: number } | undefined,
  limit: number,
): Promise<LedgerRow[]> {
  const byTime = q.from !== undefined || q.to !== undefined;
  const afterKey = !after
    ? undefined
    : byTime
      ? sql`(${loyaltyLedger.createdAt}, ${loyaltyLedger.id}) > ((select l.created_at from ${loyaltyLedger} l where l.id = ${after.id}), ${after.id})`
      : sql`${loyaltyLedger.id} > ${after.id}`;
  return rows(db)
    .where(and(entriesIn(db, scope), filterOf(q, zone), afterKey))
    .orderBy(...(byTime ? [loyaltyLedger.createdAt, loyaltyLedger.id] : [loyaltyLedger.id]))
    .limit(limit);
}

/** The back-office resource `ledger` (src/contract/resources/ledger.ts, server/routes/loyaltyLedger.ts). */
export const ledgerRepository = (
  db: Db,
  zone: string,
): ResourceRepository<LedgerRow, unknown, unknown, LedgerQuery> => ({
  list: (scope, q) => ledgerList(db, scope, q, zone),
});
