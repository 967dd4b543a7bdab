// Loyalty insights (issue 47, docs/ARCHITECTURE.md "Loyalty insights"): a period's figures beside the one before it,
// read from the rows migration 0026 keeps (loyalty_ledger_days, loyalty_active_pairs, loyalty_join_days,
// loyalty_totals) and the guestbook's (insight_days, insight_guest_days): days x restaurants rows, never the period's
// ledger entries or the members, however many there are (docs/PERFORMANCE.md: 1,000,000 members, 10,000,000
// entries). Every figure is defined so that a test can compute it from the ledger, the members and the saved orders
// (tests/server/api/loyaltyInsights.test.ts does):
// - members: current members at the period's end (joined by then, not left by then); new: joined in it; active:
//   members with a receipt that earned in it (an earn entry, dated by its receipt's business date);
// - points issued = earned + taken back (negative) + added by hand; redeemed = spent at the till - given back;
//   expired; forfeited = taken by hand or on leaving; the redemption rate = redeemed / issued;
// - outstanding at the end = the members' balances now - every entry dated after the end; liability = outstanding
//   x the point's value (the most one point buys among the restaurant's rewards on offer: an amount reward's value,
//   a percent or products reward's cap, over its cost) in the restaurant's currency (its latest saved receipts');
// - members' receipts (those that earned) beside everyone else's: all the period's saved receipts minus the
//   members', its guests minus its active members.
import { and, eq, gt, gte, inArray, isNull, lt, lte, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../client';
import {
  insightDays,
  loyaltyActivePairs,
  loyaltyJoinDays,
  loyaltyLedgerDays,
  loyaltyRewards,
  loyaltyTimeZone,
  loyaltyTotals,
  restaurants,
} from '../schema';
import { insightsFromKeptRows, periodsOf, type MoneyRow } from './guests';
import { restaurantsIn, type Scope } from '../scope';
import type { LoyaltyInsights, LoyaltyPeriod } from '../../../src/contract/resources';

const within = (column: AnyColumn, rids: readonly number[]) => inArray(column, [...rids, 0]);
const money = (v: number) => Math.round(v * 100) / 100;
const int = (v: unknown) => Number(v ?? 0);

/** The business day's time zone the kept rows are dated in (FUNNEL_TIME_ZONE), set at start: when it differs from
 * the one they were kept in, every kept row is rebuilt in the same transaction (migration 0026's
 * loyalty_insights_rebuild). Answers whether it rebuilt them. */
export async function keepLoyaltyTimeZone(db: Db, zone: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(loyaltyTimeZone)
      .set({ zone })
      .where(sql`${loyaltyTimeZone.zone} <> ${zone}`)
      .returning({ zone: loyaltyTimeZone.zone });
    if (!changed.length) return false;
    await tx.execute(sql`select loyalty_insights_rebuild()`);
    return true;
  });
}

/** The live restaurants of the scope (one of them when asked), the insights' restaurants. */
export async function insightRestaurants(db: Db, scope: Scope, restaurantId?: number) {
  return db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(
      and(
        eq(restaurants.isDeleted, false),
        restaurantsIn(scope, restaurants.id),
        restaurantId === undefined ? undefined : eq(restaurants.id, restaurantId),
      ),
    )
    .orderBy(restaurants.id);
}

/** What one point is worth at each restaurant now: the most one point buys among its rewards on offer (null: no
 * reward says its worth in money), in the currency of its latest saved receipts ('' before any). */
async function pointValues(db: Db, rids: readonly number[]) {
  const worth = sql<string | null>`max(case
    when ${loyaltyRewards.kind} = 'amount' then ${loyaltyRewards.value}
    else ${loyaltyRewards.maxDiscount} end / ${loyaltyRewards.cost})::text`;
  const [values, currencies] = await Promise.all([
    db
      .select({ restaurantId: loyaltyRewards.restaurantId, value: worth })
      .from(loyaltyRewards)
      .where(
        and(
          within(loyaltyRewards.restaurantId, rids),
          isNull(loyaltyRewards.deletedAt),
          eq(loyaltyRewards.active, true),
        ),
      )
      .groupBy(loyaltyRewards.restaurantId),
    db
      .selectDistinctOn([insightDays.restaurantId], {
        restaurantId: insightDays.restaurantId,
        currency: insightDays.currency,
      })
      .from(insightDays)
      .where(and(within(insightDays.restaurantId, rids), gt(insightDays.receipts, 0)))
      .orderBy(insightDays.restaurantId, sql`${insightDays.day} desc`),
  ]);
  const valueOf = new Map(values.map((v) => [v.restaurantId, v.value === null ? null : Number(v.value)]));
  const currencyOf = new Map(currencies.map((c) => [c.restaurantId, c.currency]));
  return new Map(rids.map((r) => [r, { value: valueOf.get(r) ?? null, currency: currencyOf.get(r) ?? '' }]));
}

/** One period's figures (see the top of this file). */
async function period(
  db: Db,
  rids: readonly number[],
  from: string,
  to: string,
  values: Awaited<ReturnType<typeof pointValues>>,
): Promise<LoyaltyPeriod> {
  const kept = insightsFromKeptRows(db);
  const inDays = and(
    within(loyaltyLedgerDays.restaurantId, rids),
    gte(loyaltyLedgerDays.day, from),
    lte(loyaltyLedgerDays.day, to),
  );
  const [kinds, earned, after, totals, joins, active, all, guests] = await Promise.all([
    db
      .select({
        kind: loyaltyLedgerDays.kind,
        gained: sql<string>`coalesce(sum(${loyaltyLedgerDays.gained}), 0)::text`,
        lost: sql<string>`coalesce(sum(${loyaltyLedgerDays.lost}), 0)::text`,
      })
      .from(loyaltyLedgerDays)
      .where(inDays)
      .groupBy(loyaltyLedgerDays.kind),
    db
      .select({
        currency: loyaltyLedgerDays.currency,
        receipts: sql<number>`coalesce(sum(${loyaltyLedgerDays.entries}), 0)::int`,
        spend: sql<string>`coalesce(sum(${loyaltyLedgerDays.spend}), 0)::text`,
      })
      .from(loyaltyLedgerDays)
      .where(and(inDays, eq(loyaltyLedgerDays.kind, 'earn')))
      .groupBy(loyaltyLedgerDays.currency),
    // Every entry dated after the end, per restaurant: taken from the balances now, the balances then.
    db
      .select({
        restaurantId: loyaltyLedgerDays.restaurantId,
        points: sql<string>`coalesce(sum(${loyaltyLedgerDays.gained} + ${loyaltyLedgerDays.lost}), 0)::text`,
      })
      .from(loyaltyLedgerDays)
      .where(and(within(loyaltyLedgerDays.restaurantId, rids), gt(loyaltyLedgerDays.day, to)))
      .groupBy(loyaltyLedgerDays.restaurantId),
    db
      .select({
        restaurantId: loyaltyTotals.restaurantId,
        members: loyaltyTotals.members,
        outstanding: loyaltyTotals.outstanding,
      })
      .from(loyaltyTotals)
      .where(within(loyaltyTotals.restaurantId, rids)),
    db
      .select({
        joinedIn: sql<number>`coalesce(sum(${loyaltyJoinDays.joined}) filter (where ${loyaltyJoinDays.day} >= ${from}), 0)::int`,
        joinedAfter: sql<number>`coalesce(sum(${loyaltyJoinDays.joined}) filter (where ${loyaltyJoinDays.day} > ${to}), 0)::int`,
        leftAfter: sql<number>`coalesce(sum(${loyaltyJoinDays.left}) filter (where ${loyaltyJoinDays.day} > ${to}), 0)::int`,
      })
      .from(loyaltyJoinDays)
      .where(and(within(loyaltyJoinDays.restaurantId, rids), gte(loyaltyJoinDays.day, from))),
    db
      .select({ members: sql<number>`coalesce(sum(${loyaltyActivePairs.members}), 0)::int` })
      .from(loyaltyActivePairs)
      .where(
        and(
          within(loyaltyActivePairs.restaurantId, rids),
          gte(loyaltyActivePairs.day, from),
          lte(loyaltyActivePairs.day, to),
          lt(loyaltyActivePairs.prevDay, from),
        ),
      ),
    kept.money(rids, from, to),
    kept.guests(rids, from, to),
  ]);
  const of = (kind: string) => kinds.find((k) => k.kind === kind) ?? { gained: '0', lost: '0' };
  const issued = int(of('earn').gained) + int(of('take-back').lost) + int(of('adjust').gained);
  const redeemed = -int(of('redeem').lost) - int(of('give-back').gained);
  // The balances at the end, per restaurant, and what they are worth.
  const afterOf = new Map(after.map((a) => [a.restaurantId, int(a.points)]));
  let outstanding = 0;
  let unvalued = 0;
  const liability = new Map<string, { points: number; value: number }>();
  for (const t of totals) {
    const points = int(t.outstanding) - (afterOf.get(t.restaurantId) ?? 0);
    outstanding += points;
    const v = values.get(t.restaurantId);
    if (!v || v.value === null || !v.currency) {
      unvalued += points;
      continue;
    }
    const l = liability.get(v.currency) ?? { points: 0, value: 0 };
    liability.set(v.currency, { points: l.points + points, value: l.value + points * v.value });
  }
  const members = totals.reduce((n, t) => n + t.members, 0) - joins[0].joinedAfter + joins[0].leftAfter;
  const activeMembers = active[0].members;
  const memberMoney = new Map(earned.map((e) => [e.currency, e]));
  const group = (rows: MoneyRow[], people: number) => {
    const receipts = rows.reduce((n, r) => n + r.receipts, 0);
    return {
      receipts,
      guests: people,
      visits_per_guest: people > 0 ? Math.round((receipts / people) * 100) / 100 : null,
      by_currency: rows
        .filter((r) => r.receipts > 0)
        .map((r) => ({
          currency: r.currency,
          receipts: r.receipts,
          spend: money(Number(r.spend)),
          average_ticket: money(Number(r.spend) / r.receipts),
        }))
        .sort((a, b) => b.receipts - a.receipts || a.currency.localeCompare(b.currency)),
    };
  };
  const others = all.map((r) => {
    const m = memberMoney.get(r.currency);
    return {
      currency: r.currency,
      receipts: r.receipts - (m?.receipts ?? 0),
      spend: String(Number(r.spend) - Number(m?.spend ?? 0)),
    };
  });
  return {
    from,
    to,
    members,
    new_members: joins[0].joinedIn - joins[0].joinedAfter,
    active_members: activeMembers,
    points_issued: issued,
    points_redeemed: redeemed,
    points_expired: -int(of('expire').lost),
    points_forfeited: -int(of('adjust').lost),
    redemption_rate: issued > 0 ? Math.round((redeemed / issued) * 10_000) / 10_000 : null,
    outstanding_points: outstanding,
    liability: [...liability]
      .map(([currency, l]) => ({ currency, points: l.points, value: money(l.value) }))
      .sort((a, b) => b.points - a.points || a.currency.localeCompare(b.currency)),
    unvalued_points: unvalued,
    members_group: group(earned, activeMembers),
    others_group: group(others, Math.max(0, guests.guests - activeMembers)),
  };
}

/** GET /api/loyalty/insights: the period (business dates, both default to `today`) beside the one as long just
 * before it, over these restaurants (the caller's live ones, or one of them). */
export async function loyaltyInsights(
  db: Db,
  scoped: { id: number; name: string }[],
  q: { from?: string; to?: string },
  today: string,
): Promise<LoyaltyInsights> {
  const rids = scoped.map((r) => r.id);
  const p = periodsOf(q, today);
  const values = await pointValues(db, rids);
  const [current, previous] = await Promise.all([
    period(db, rids, p.from, p.to, values),
    period(db, rids, p.prevFrom, p.prevTo, values),
  ]);
  return {
    current,
    previous,
    point_values: scoped.map((r) => {
      const v = values.get(r.id)!;
      return { restaurant_id: r.id, restaurant: r.name, currency: v.currency, value: v.value };
    }),
  };
}
