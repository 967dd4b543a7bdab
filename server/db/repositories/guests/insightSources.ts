// Where the owner's figures come from (docs/ARCHITECTURE.md, The guestbook): the kept per-day rows the endpoints
// read (migrations 0017 and 0024) or the saved orders themselves (the reference tests/server/api/guestInsightDays
// and bench/guests.ts compare them with; docs/PERFORMANCE.md). Every save counts, consented or not, as counts and
// sums only. Apart from insights.ts, which turns either source's rows into the answers.
import { and, eq, gte, inArray, lt, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../client';
import { guests, insightBranchGuestDays, insightDays, insightGuestDays, orders, restaurants } from '../../schema';

/** The restaurants a period is read for: these (a caller's scope, or one restaurant), or every one (undefined). */
export type Restaurants = readonly number[] | undefined;

const within = (column: AnyColumn, rids: Restaurants) =>
  rids === undefined ? undefined : rids.length ? inArray(column, [...rids]) : sql`false`;

/** The saved orders of a period: exactly the Orders screen's for the same restaurants and dates. */
const savedIn = (rids: Restaurants, from: string, to: string) =>
  and(within(orders.restaurantId, rids), gte(orders.orderDate, from), lte(orders.orderDate, to));

const guestOf = and(eq(guests.restaurantId, orders.restaurantId), eq(guests.appUserId, orders.appUserId));

/** Receipts and their spend in one currency, as the database answers them (spend exact, as text). */
export interface MoneyRow {
  currency: string;
  receipts: number;
  spend: string;
}

/** Where the insights' sums come from: the kept rows (what the endpoints read) or the saved orders themselves
 * (the reference the tests and bench/guests.ts compare them with). Money is always per currency. */
export interface InsightsSource {
  money(rids: Restaurants, from: string, to: string): Promise<MoneyRow[]>;
  guests(rids: Restaurants, from: string, to: string): Promise<{ guests: number; returning: number }>;
  /** A branch named with its restaurant, per currency. */
  moneyByBranch(
    rids: Restaurants,
    from: string,
    to: string,
  ): Promise<(MoneyRow & { restaurantId: number; restaurant: string; branch: string })[]>;
  guestsByBranch(
    rids: Restaurants,
    from: string,
    to: string,
  ): Promise<{ restaurantId: number; branch: string; guests: number }[]>;
  moneyByDay(rids: Restaurants, from: string, to: string): Promise<(MoneyRow & { day: string })[]>;
  guestsByDay(rids: Restaurants, from: string, to: string): Promise<{ day: string; guests: number }[]>;
}

/** The sums read from the period's saved orders (their cost grows with the orders of the period). */
export function insightsFromOrders(db: Db): InsightsSource {
  const receipts = sql<number>`count(*)::int`;
  const spend = sql<string>`coalesce(sum(${orders.totalPrice}), 0)::text`;
  const distinctGuests = sql<number>`count(distinct ${guests.id})::int`;
  return {
    money: (rids, from, to) =>
      db
        .select({ currency: orders.currency, receipts, spend })
        .from(orders)
        .where(savedIn(rids, from, to))
        .groupBy(orders.currency),
    async guests(rids, from, to) {
      const [r] = await db
        .select({
          guests: distinctGuests,
          returning: sql<number>`(count(distinct ${guests.id}) filter (where ${guests.firstVisitOn} < ${from}))::int`,
        })
        .from(orders)
        .leftJoin(guests, guestOf)
        .where(savedIn(rids, from, to));
      return r;
    },
    moneyByBranch: (rids, from, to) =>
      db
        .select({
          restaurantId: orders.restaurantId,
          restaurant: restaurants.name,
          branch: orders.branchName,
          currency: orders.currency,
          receipts,
          spend,
        })
        .from(orders)
        .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
        .where(savedIn(rids, from, to))
        .groupBy(orders.restaurantId, restaurants.name, orders.branchName, orders.currency),
    guestsByBranch: (rids, from, to) =>
      db
        .select({ restaurantId: orders.restaurantId, branch: orders.branchName, guests: distinctGuests })
        .from(orders)
        .leftJoin(guests, guestOf)
        .where(savedIn(rids, from, to))
        .groupBy(orders.restaurantId, orders.branchName),
    moneyByDay: (rids, from, to) =>
      db
        .select({ day: orders.orderDate, currency: orders.currency, receipts, spend })
        .from(orders)
        .where(savedIn(rids, from, to))
        .groupBy(orders.orderDate, orders.currency),
    guestsByDay: (rids, from, to) =>
      db
        .select({ day: orders.orderDate, guests: distinctGuests })
        .from(orders)
        .leftJoin(guests, guestOf)
        .where(savedIn(rids, from, to))
        .groupBy(orders.orderDate),
  };
}

/**
 * The sums read from the rows migrations 0017 and 0024 keep (insight_days per currency, insight_guest_days,
 * insight_branch_guest_days): a period reads at most its days x branches x currencies rows and its pairs of visit
 * days, however many orders it holds. A period's unique guests are the pairs with the day in it and the previous
 * visit before it; returning ones had a previous visit at all.
 */
export function insightsFromKeptRows(db: Db): InsightsSource {
  const inPeriod = <T extends typeof insightDays | typeof insightGuestDays | typeof insightBranchGuestDays>(
    t: T,
    rids: Restaurants,
    from: string,
    to: string,
  ) => and(within(t.restaurantId, rids), gte(t.day, from), lte(t.day, to));
  const receipts = sql<number>`coalesce(sum(${insightDays.receipts}), 0)::int`;
  const spend = sql<string>`coalesce(sum(${insightDays.spend}), 0)::text`;
  return {
    money: (rids, from, to) =>
      db
        .select({ currency: insightDays.currency, receipts, spend })
        .from(insightDays)
        .where(inPeriod(insightDays, rids, from, to))
        .groupBy(insightDays.currency),
    async guests(rids, from, to) {
      const [g] = await db
        .select({
          guests: sql<number>`coalesce(sum(${insightGuestDays.guests}), 0)::int`,
          returning: sql<number>`coalesce(sum(${insightGuestDays.guests}) filter (where ${insightGuestDays.prevDay} <> ''), 0)::int`,
        })
        .from(insightGuestDays)
        .where(and(inPeriod(insightGuestDays, rids, from, to), lt(insightGuestDays.prevDay, from)));
      return g;
    },
    moneyByBranch: (rids, from, to) =>
      db
        .select({
          restaurantId: insightDays.restaurantId,
          restaurant: restaurants.name,
          branch: insightDays.branchName,
          currency: insightDays.currency,
          receipts,
          spend,
        })
        .from(insightDays)
        .innerJoin(restaurants, eq(restaurants.id, insightDays.restaurantId))
        .where(inPeriod(insightDays, rids, from, to))
        .groupBy(insightDays.restaurantId, restaurants.name, insightDays.branchName, insightDays.currency)
        .having(sql`sum(${insightDays.receipts}) > 0`),
    guestsByBranch: (rids, from, to) =>
      db
        .select({
          restaurantId: insightBranchGuestDays.restaurantId,
          branch: insightBranchGuestDays.branchName,
          guests: sql<number>`sum(${insightBranchGuestDays.guests})::int`,
        })
        .from(insightBranchGuestDays)
        .where(and(inPeriod(insightBranchGuestDays, rids, from, to), lt(insightBranchGuestDays.prevDay, from)))
        .groupBy(insightBranchGuestDays.restaurantId, insightBranchGuestDays.branchName),
    moneyByDay: (rids, from, to) =>
      db
        .select({ day: insightDays.day, currency: insightDays.currency, receipts, spend })
        .from(insightDays)
        .where(inPeriod(insightDays, rids, from, to))
        .groupBy(insightDays.day, insightDays.currency),
    guestsByDay: (rids, from, to) =>
      db
        .select({ day: insightGuestDays.day, guests: sql<number>`sum(${insightGuestDays.guests})::int` })
        .from(insightGuestDays)
        .where(inPeriod(insightGuestDays, rids, from, to))
        .groupBy(insightGuestDays.day),
  };
}
