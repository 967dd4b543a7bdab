// Loyalty insights (issue 47), GET /api/loyalty/insights, through the real app on PGlite and PostgreSQL: after
// saves with and without the yes on several days, redeems at the till, a return, an expiry, adjustments, a member
// leaving and Delete my data, every figure of a period and of the one before it equals the sum computed here from
// the ledger, the members and the saved orders (the definitions of server/db/repositories/loyaltyInsights.ts);
// the kept rows equal a rebuild from scratch; the roles' scopes; bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  appUsers,
  loyaltyActivePairs,
  loyaltyJoinDays,
  loyaltyLedger,
  loyaltyLedgerDays,
  loyaltyMembers,
  loyaltyPrograms,
  loyaltyRewards,
  loyaltyTotals,
  orders,
} from '../../../server/db/schema';
import {
  expireIdleBalances,
  forgetMemberships,
  leaveProgram,
  redeemAtTill,
  undoOrder,
} from '../../../server/db/repositories/loyalty';
import { insertReward } from '../../../server/db/repositories/loyaltyRewards';
import { EVERY_RESTAURANT } from '../../../server/db/scope';
import { dayIn } from '../../../server/funnel/days';
import type { Role } from '../../../src/contract';
import type { LoyaltyPeriod } from '../../../src/contract/resources';
import { loyaltyWorld, type LoyaltyWorld } from '../helpers/loyaltyWorld';

const ZONE = 'Asia/Riyadh';
let w: LoyaltyWorld;
let today = '';
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
/** Noon in Riyadh of a business day. */
const noonOf = (d: string) => new Date(`${d}T09:00:00Z`);

beforeAll(async () => {
  w = await loyaltyWorld({ FUNNEL_TIME_ZONE: ZONE });
  today = dayIn(ZONE);
  const { db } = w.t.database;
  // A's rewards say what a point is worth: 10 off for 50 (0.2), 15% capped at 25 for 100 (0.25): 0.25 a point.
  for (const r of [
    { code: 'TEN', cost: 50, kind: 'amount' as const, value: 10 },
    { code: 'PCT', cost: 100, kind: 'percent' as const, value: 15, max_discount: 25 },
    { code: 'FREE', cost: 30, kind: 'products' as const, value: 1, product_ids: ['p-1'] },
  ])
    await insertReward(db, EVERY_RESTAURANT, { restaurant_id: w.restA, name_en: r.code, name_ar: r.code, ...r });
  // B has no reward that says its worth: its points are unvalued. B sells in pounds.
  const save = (phone: string, rest: number, total: number, d: string, consent?: boolean, currency?: string) =>
    w.save(phone, rest, total, { day: d, at: noonOf(d), consent, currency });
  // The period before: days 13..7 ago; this period: days 6..0.
  await save('+966503330001', w.restA, 120, day(10), true);
  await save('+966503330002', w.restA, 80, day(9), true);
  await save('+966503330003', w.restA, 45, day(9));
  await save('+966503330001', w.restA, 60, day(4));
  await save('+966503330001', w.restA, 30, day(3));
  await save('+966503330004', w.restA, 200, day(2), true);
  await save('+966503330005', w.restA, 35, day(2));
  await save('+966503330006', w.restB, 300, day(5), true, 'EGY');
  await save('+966503330007', w.restB, 90, day(1), true, 'EGY');
  await save('+966503330008', w.restB, 20, day(1), false, 'EGY');
  // A member of B idle for 40 days whose program keeps balances 30 days: expired today.
  await db.update(loyaltyPrograms).set({ expiryDays: 30 }).where(eq(loyaltyPrograms.restaurantId, w.restB));
  await db
    .update(loyaltyMembers)
    .set({ lastActivityAt: new Date(Date.now() - 40 * 86_400_000) })
    .where(eq(loyaltyMembers.appUserId, (await userOf('+966503330006')).id));
  await expireIdleBalances(db);
  // Redeems at the till today: Sara spends 50 (TEN) and 100 (PCT); one order of hers is returned (given back).
  const sara = await memberOf('+966503330001', w.restA);
  const [ten] = await db.select().from(loyaltyRewards).where(eq(loyaltyRewards.code, 'TEN'));
  const [pct] = await db.select().from(loyaltyRewards).where(eq(loyaltyRewards.code, 'PCT'));
  const redeem = (reward: typeof ten, order: string) =>
    redeemAtTill(db, {
      memberId: sara,
      restaurantId: w.restA,
      reward,
      businessReference: 'ref-a',
      posOrderId: order,
      requestCode: reward.code,
      branchId: 'b-1',
      userId: 'cashier-1',
      posDate: null,
      discount: null,
    });
  expect((await redeem(ten, 'till-1')).outcome).toBe('redeemed');
  expect((await redeem(pct, 'till-2')).outcome).toBe('redeemed');
  await undoOrder(db, w.restA, 'till-1', 5);
  // The receipt of 80 (Omar, 9 days ago) returned: its 80 points taken back.
  const [omars] = await db
    .select({ pos: orders.posOrderId })
    .from(orders)
    .where(eq(orders.appUserId, (await userOf('+966503330002')).id));
  await undoOrder(db, w.restA, omars.pos, 5);
  // By hand: 25 added to Huda (A), 10 taken from Sara.
  const huda = await memberOf('+966503330004', w.restA);
  for (const [id, points] of [
    [huda, 25],
    [sara, -10],
  ])
    expect(
      (
        await w.as('admin', {
          method: 'POST',
          url: `/api/loyalty/members/${id}/adjust`,
          payload: { points, reason: 'insights' },
        })
      ).statusCode,
    ).toBe(200);
  // Omar leaves A (his points forfeited); the member of B who saved yesterday deletes his data.
  await db.transaction((tx) => leaveProgram(tx, '+966503330002', w.restA));
  const gone = await userOf('+966503330007');
  await db.transaction(async (tx) => {
    await forgetMemberships(tx, gone.id);
    await tx.delete(appUsers).where(eq(appUsers.id, gone.id));
  });
});
afterAll(() => w?.close());

async function userOf(phone: string) {
  const [u] = await w.t.database.db.select().from(appUsers).where(eq(appUsers.phone, phone));
  return u;
}
async function memberOf(phone: string, restaurantId: number) {
  const [m] = await w.t.database.db
    .select({ id: loyaltyMembers.id })
    .from(loyaltyMembers)
    .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
    .where(and(eq(appUsers.phone, phone), eq(loyaltyMembers.restaurantId, restaurantId)));
  return m.id;
}

/** A business date of an instant in Riyadh. */
const dayOf = (at: Date) => dayIn(ZONE, at);
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A period's figures as the definitions say, computed from the ledger, the members and the saved orders. */
async function expected(rids: number[], from: string, to: string): Promise<LoyaltyPeriod> {
  const { db } = w.t.database;
  const entries = await db
    .select({ e: loyaltyLedger, orderDate: orders.orderDate, currency: orders.currency })
    .from(loyaltyLedger)
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(inArray(loyaltyLedger.restaurantId, rids));
  const dated = entries.map(({ e, orderDate, currency }) => ({
    ...e,
    day: (e.kind === 'earn' || e.kind === 'take-back') && orderDate ? orderDate : dayOf(e.createdAt),
    currency: currency ?? '',
  }));
  const inP = dated.filter((e) => e.day >= from && e.day <= to);
  const sum = (rows: typeof dated, f: (e: (typeof dated)[number]) => number) => rows.reduce((n, e) => n + f(e), 0);
  const kind = (k: string) => inP.filter((e) => e.kind === k);
  const issued =
    sum(kind('earn'), (e) => e.points) +
    sum(kind('take-back'), (e) => e.points) +
    sum(kind('adjust'), (e) => Math.max(e.points, 0));
  const redeemed = 0 - sum(kind('redeem'), (e) => e.points) - sum(kind('give-back'), (e) => e.points);
  const members = await db.select().from(loyaltyMembers).where(inArray(loyaltyMembers.restaurantId, rids));
  const atEnd = members.filter((m) => dayOf(m.joinedAt) <= to && (!m.leftAt || dayOf(m.leftAt) > to));
  const earns = kind('earn');
  const active = new Set(earns.map((e) => e.memberId)).size;
  // The balances at the end per restaurant, and their worth.
  const rewards = await db.select().from(loyaltyRewards).where(inArray(loyaltyRewards.restaurantId, rids));
  const saved = await db.select().from(orders).where(inArray(orders.restaurantId, rids));
  const liability = new Map<string, { points: number; value: number }>();
  let outstanding = 0;
  let unvalued = 0;
  for (const r of rids) {
    const points =
      members.filter((m) => m.restaurantId === r).reduce((n, m) => n + m.balance, 0) -
      sum(
        dated.filter((e) => e.restaurantId === r && e.day > to),
        (e) => e.points,
      );
    outstanding += points;
    // A point's worth: the most one point buys among the rewards on offer that say their worth in money.
    const worths = rewards
      .filter((x) => x.restaurantId === r && x.active && !x.deletedAt)
      .flatMap((x) => {
        const worth = x.kind === 'amount' ? Number(x.value) : x.maxDiscount === null ? null : Number(x.maxDiscount);
        return worth === null ? [] : [worth / x.cost];
      });
    const latest = saved.filter((o) => o.restaurantId === r).sort((a, b) => b.orderDate.localeCompare(a.orderDate))[0];
    if (!worths.length || !latest) {
      unvalued += points;
      continue;
    }
    const l = liability.get(latest.currency) ?? { points: 0, value: 0 };
    liability.set(latest.currency, { points: l.points + points, value: l.value + points * Math.max(...worths) });
  }
  const periodOrders = saved.filter((o) => o.orderDate >= from && o.orderDate <= to);
  const guests = new Set(periodOrders.map((o) => `${o.restaurantId}|${o.appUserId}`)).size;
  const money = (rows: { currency: string; spend: number }[]) => {
    const by = new Map<string, { receipts: number; spend: number }>();
    for (const r of rows) {
      const s = by.get(r.currency) ?? { receipts: 0, spend: 0 };
      by.set(r.currency, { receipts: s.receipts + 1, spend: s.spend + r.spend });
    }
    return [...by]
      .filter(([, s]) => s.receipts > 0)
      .map(([currency, s]) => ({
        currency,
        receipts: s.receipts,
        spend: round2(s.spend),
        average_ticket: round2(s.spend / s.receipts),
      }))
      .sort((a, b) => b.receipts - a.receipts || a.currency.localeCompare(b.currency));
  };
  const earnedOrders = new Set(earns.map((e) => e.orderId));
  const group = (rows: { currency: string; spend: number }[], people: number) => ({
    receipts: rows.length,
    guests: people,
    visits_per_guest: people ? round2(rows.length / people) : null,
    by_currency: money(rows),
  });
  return {
    from,
    to,
    members: atEnd.length,
    new_members: members.filter((m) => dayOf(m.joinedAt) >= from && dayOf(m.joinedAt) <= to).length,
    active_members: active,
    points_issued: issued,
    points_redeemed: redeemed,
    points_expired: 0 - sum(kind('expire'), (e) => e.points),
    points_forfeited: 0 - sum(kind('adjust'), (e) => Math.min(e.points, 0)),
    redemption_rate: issued > 0 ? Math.round((redeemed / issued) * 10_000) / 10_000 : null,
    outstanding_points: outstanding,
    liability: [...liability]
      .map(([currency, l]) => ({ currency, points: l.points, value: round2(l.value) }))
      .sort((a, b) => b.points - a.points || a.currency.localeCompare(b.currency)),
    unvalued_points: unvalued,
    members_group: group(
      earns.map((e) => ({ currency: e.currency, spend: Number(e.spend) })),
      active,
    ),
    others_group: group(
      periodOrders
        .filter((o) => !earnedOrders.has(o.id))
        .map((o) => ({ currency: o.currency, spend: Number(o.totalPrice) })),
      Math.max(0, guests - active),
    ),
  };
}

const insights = async (role: Role, query: string) => {
  const res = await w.as(role, { method: 'GET', url: `/api/loyalty/insights?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { current: LoyaltyPeriod; previous: LoyaltyPeriod; point_values: unknown[] };
};

describe('loyalty insights', () => {
  it('every figure of both periods equals the sums of the ledger, the members and the saved orders', async () => {
    for (const [query, rids] of [
      [`from=${day(6)}&to=${today}`, [w.restA, w.restB]],
      [`from=${day(6)}&to=${today}&restaurantId=${w.restA}`, [w.restA]],
      [`from=${day(6)}&to=${today}&restaurantId=${w.restB}`, [w.restB]],
      [`from=${day(2)}&to=${day(1)}`, [w.restA, w.restB]],
    ] as const) {
      const got = await insights('admin', query);
      expect(got.current, query).toEqual(await expected([...rids], got.current.from, got.current.to));
      expect(got.previous, query).toEqual(await expected([...rids], got.previous.from, got.previous.to));
    }
    // The figures say something: the scenario moved every kind of point.
    const a = (await insights('admin', `from=${day(13)}&to=${today}&restaurantId=${w.restA}`)).current;
    expect(a.points_issued).toBeGreaterThan(0);
    expect(a.points_redeemed).toBe(100);
    expect(a.points_forfeited).toBeGreaterThan(0);
    expect(a.liability).toEqual([
      { currency: 'SAR', points: a.outstanding_points, value: a.outstanding_points * 0.25 },
    ]);
    const b = (await insights('admin', `from=${day(13)}&to=${today}&restaurantId=${w.restB}`)).current;
    expect(b.points_expired).toBe(300);
    expect(b.unvalued_points).toBe(b.outstanding_points);
  });

  it('the kept rows equal a rebuild from the ledger and the members', async () => {
    const { db } = w.t.database;
    const snapshot = async () => ({
      days: await db
        .select()
        .from(loyaltyLedgerDays)
        .orderBy(loyaltyLedgerDays.restaurantId, loyaltyLedgerDays.day, loyaltyLedgerDays.kind),
      pairs: await db
        .select()
        .from(loyaltyActivePairs)
        .orderBy(loyaltyActivePairs.restaurantId, loyaltyActivePairs.day, loyaltyActivePairs.prevDay),
      joins: await db.select().from(loyaltyJoinDays).orderBy(loyaltyJoinDays.restaurantId, loyaltyJoinDays.day),
      totals: await db.select().from(loyaltyTotals).orderBy(loyaltyTotals.restaurantId),
    });
    const kept = await snapshot();
    expect(kept.days.length).toBeGreaterThan(5);
    await db.execute(sql`select loyalty_insights_rebuild()`);
    expect(await snapshot()).toEqual(kept);
  });

  it("a manager's and staff's figures are their restaurant's; another's is 404; bad input is a 400", async () => {
    const q = `from=${day(6)}&to=${today}`;
    for (const role of ['manager', 'staff'] as Role[]) {
      expect((await insights(role, q)).current).toEqual(await expected([w.restA], day(6), today));
      const other = await w.as(role, { method: 'GET', url: `/api/loyalty/insights?${q}&restaurantId=${w.restB}` });
      expect(other.statusCode).toBe(404);
    }
    for (const [query, message] of [
      [`from=${today}&to=${day(3)}`, 'from: must not be after to'],
      ['from=2020-01-01&to=2026-01-01', 'The period can be at most 731 days'],
      ['from=yesterday', /^from: /],
      ['restaurantId=abc', /^restaurantId: /],
    ] as const) {
      const res = await w.as('admin', { method: 'GET', url: `/api/loyalty/insights?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});
