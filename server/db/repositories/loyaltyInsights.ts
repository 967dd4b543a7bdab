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
import { and, eq, gt, gte, inArray, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import {
  insightDays,
  insightGuestDays,
  loyaltyActivePairs,
  loyaltyJoinDays,
  loyaltyLedgerDays,
  loyaltyRewards,
  loyaltyTimeZone,
  loyaltyTotals,
  restaurants,
} from '../schema';
import { periodsOf, type MoneyRow } from './guests';
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

type Values = Awaited<ReturnType<typeof pointValues>>;
/** The two periods: this one (0) and the one before it (1). */
type Two = readonly [{ from: string; to: string }, { from: string; to: string }];

/** A sum over the rows of each period (FILTER), as text: [this period's, the one before's]. */
const both = (p: Two, day: AnyColumn, value: SQL) =>
  p.map((x) => sql<string>`coalesce(sum(${value}) filter (where ${day} between ${x.from} and ${x.to}), 0)::text`);

/**
 * Both periods' figures (see the top of this file), each query reading the two periods' rows at once (a sum per
 * period): eight queries in all, side by side on the pool, whatever the length of the periods.
 */
async function periods(db: Db, rids: readonly number[], p: Two, values: Values): Promise<LoyaltyPeriod[]> {
  const first = p[1].from;
  const last = p[0].to;
  const d = loyaltyLedgerDays;
  const ledgerIn = and(within(d.restaurantId, rids), gte(d.day, first), lte(d.day, last));
  const [g0, g1] = both(p, d.day, sql`${d.gained}`);
  const [l0, l1] = both(p, d.day, sql`${d.lost}`);
  const [e0, e1] = both(p, d.day, sql`${d.entries}`);
  const [s0, s1] = both(p, d.day, sql`${d.spend}`);
  const after = (end: string) =>
    sql<string>`coalesce(sum(${d.gained} + ${d.lost}) filter (where ${d.day} > ${end}), 0)::text`;
  const j = loyaltyJoinDays;
  const a = loyaltyActivePairs;
  const activeIn = (x: { from: string; to: string }) =>
    sql<number>`coalesce(sum(${a.members}) filter (where ${a.day} between ${x.from} and ${x.to} and ${a.prevDay} < ${x.from}), 0)::int`;
  const g = insightGuestDays;
  const guestsIn = (x: { from: string; to: string }) =>
    sql<number>`coalesce(sum(${g.guests}) filter (where ${g.day} between ${x.from} and ${x.to} and ${g.prevDay} < ${x.from}), 0)::int`;
  const o = insightDays;
  const [r0, r1] = both(p, o.day, sql`${o.receipts}`);
  const [m0, m1] = both(p, o.day, sql`${o.spend}`);
  const [kinds, earned, afterEnd, totals, joins, active, all, guests] = await Promise.all([
    db.select({ kind: d.kind, g0, g1, l0, l1 }).from(d).where(ledgerIn).groupBy(d.kind),
    db
      .select({ currency: d.currency, e0, e1, s0, s1 })
      .from(d)
      .where(and(ledgerIn, eq(d.kind, 'earn')))
      .groupBy(d.currency),
    // Every entry dated after each end, per restaurant: taken from the balances now, the balances then.
    db
      .select({ restaurantId: d.restaurantId, a0: after(p[0].to), a1: after(p[1].to) })
      .from(d)
      .where(and(within(d.restaurantId, rids), gt(d.day, p[1].to)))
      .groupBy(d.restaurantId),
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
        joined0: sql<number>`coalesce(sum(${j.joined}) filter (where ${j.day} between ${p[0].from} and ${p[0].to}), 0)::int`,
        joined1: sql<number>`coalesce(sum(${j.joined}) filter (where ${j.day} between ${p[1].from} and ${p[1].to}), 0)::int`,
        joinedAfter0: sql<number>`coalesce(sum(${j.joined}) filter (where ${j.day} > ${p[0].to}), 0)::int`,
        joinedAfter1: sql<number>`coalesce(sum(${j.joined}) filter (where ${j.day} > ${p[1].to}), 0)::int`,
        leftAfter0: sql<number>`coalesce(sum(${j.left}) filter (where ${j.day} > ${p[0].to}), 0)::int`,
        leftAfter1: sql<number>`coalesce(sum(${j.left}) filter (where ${j.day} > ${p[1].to}), 0)::int`,
      })
      .from(j)
      .where(and(within(j.restaurantId, rids), gte(j.day, first))),
    db
      .select({ a0: activeIn(p[0]), a1: activeIn(p[1]) })
      .from(a)
      .where(and(within(a.restaurantId, rids), gte(a.day, first), lte(a.day, last))),
    db
      .select({ currency: o.currency, r0, r1, m0, m1 })
      .from(o)
      .where(and(within(o.restaurantId, rids), gte(o.day, first), lte(o.day, last)))
      .groupBy(o.currency),
    db
      .select({ g0: guestsIn(p[0]), g1: guestsIn(p[1]) })
      .from(g)
      .where(and(within(g.restaurantId, rids), gte(g.day, first), lte(g.day, last))),
  ]);
  return ([0, 1] as const).map((i) => {
    const pick = <T>(x: readonly [T, T]) => x[i];
    const of = (kind: string) => {
      const k = kinds.find((r) => r.kind === kind);
      return k ? { gained: int(pick([k.g0, k.g1])), lost: int(pick([k.l0, k.l1])) } : { gained: 0, lost: 0 };
    };
    const issued = of('earn').gained + of('take-back').lost + of('adjust').gained;
    const redeemed = 0 - of('redeem').lost - of('give-back').gained;
    // The balances at the end, per restaurant, and what they are worth.
    const afterOf = new Map(afterEnd.map((r) => [r.restaurantId, int(pick([r.a0, r.a1]))]));
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
    const jn = joins[0];
    const members =
      totals.reduce((n, t) => n + t.members, 0) -
      pick([jn.joinedAfter0, jn.joinedAfter1]) +
      pick([jn.leftAfter0, jn.leftAfter1]);
    const activeMembers = pick([active[0].a0, active[0].a1]);
    const memberMoney: MoneyRow[] = earned.map((r) => ({
      currency: r.currency,
      receipts: int(pick([r.e0, r.e1])),
      spend: pick([r.s0, r.s1]),
    }));
    const everyone: MoneyRow[] = all.map((r) => ({
      currency: r.currency,
      receipts: int(pick([r.r0, r.r1])),
      spend: pick([r.m0, r.m1]),
    }));
    const others = everyone.map((r) => {
      const m = memberMoney.find((x) => x.currency === r.currency);
      return {
        currency: r.currency,
        receipts: r.receipts - (m?.receipts ?? 0),
        spend: String(Number(r.spend) - Number(m?.spend ?? 0)),
      };
    });
    return {
      from: p[i].from,
      to: p[i].to,
      members,
      new_members: pick([jn.joined0, jn.joined1]),
      active_members: activeMembers,
      points_issued: issued,
      points_redeemed: redeemed,
      points_expired: 0 - of('expire').lost,
      points_forfeited: 0 - of('adjust').lost,
      redemption_rate: issued > 0 ? Math.round((redeemed / issued) * 10_000) / 10_000 : null,
      outstanding_points: outstanding,
      liability: [...liability]
        .map(([currency, l]) => ({ currency, points: l.points, value: money(l.value) }))
        .sort((x, y) => y.points - x.points || x.currency.localeCompare(y.currency)),
      unvalued_points: unvalued,
      members_group: group(memberMoney, activeMembers),
      others_group: group(others, Math.max(0, pick([guests[0].g0, guests[0].g1]) - activeMembers)),
    };
  });
}

/** Receipts of a group of savers: how many, by how many people, how often each came, the money per currency. */
function group(rows: MoneyRow[], people: number) {
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
      .sort((x, y) => y.receipts - x.receipts || x.currency.localeCompare(y.currency)),
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
  const [current, previous] = await periods(
    db,
    rids,
    [
      { from: p.from, to: p.to },
      { from: p.prevFrom, to: p.prevTo },
    ],
    values,
  );
  return {
    current,
    previous,
    point_values: scoped.map((r) => {
      const v = values.get(r.id)!;
      return { restaurant_id: r.id, restaurant: r.name, currency: v.currency, value: v.value };
    }),
  };
}
