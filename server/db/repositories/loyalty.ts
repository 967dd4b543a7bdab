// Loyalty's members and ledger (issue 47, docs/ARCHITECTURE.md "Loyalty: how points are kept right"): earning in
// the save's transaction, a returned or void order undone (its earn taken back, its rewards given back), a redeem at
// the till, the daily expiry, leaving (a consent withdrawn), Delete my data, and the customer's cards.
//
// Every movement changes the member's row and writes its ledger entry in one transaction, with the member's row
// locked first (its upsert, or SELECT ... FOR UPDATE): two tills redeeming for one member, a save and a return of
// one receipt, queue there, and each one, once it has the lock, reads what the ones before it committed (READ
// COMMITTED takes a snapshot per statement). Arithmetic is PostgreSQL's numeric: no spend is lost to rounding.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CustomerLoyalty, LoyaltyEntry, SaveLoyalty } from '../../../src/contract';
import { aroundPlaceholder, systemReason, type OrderEnd } from '../../../src/contract/ledgerReasons';
import { expiresAt, memberQr } from '../../core/loyalty';
import type { Db } from '../client';
import {
  appUsers,
  guestConsents,
  loyaltyLedger,
  loyaltyMembers,
  loyaltyPrograms,
  loyaltyRewards,
  orders,
  restaurants,
  type LedgerKind,
} from '../schema';
import { programOf } from './loyaltyProgram';
import { offeredRewards } from './loyaltyRewards';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Writer = Tx | Db;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * Lets this transaction delete ledger rows (and the members they hang on): the ledger's trigger refuses UPDATE and
 * DELETE otherwise (migration 0021). Only Delete my data, an app user deleted in the back-office and retention set it.
 */
export async function allowLedgerErase(tx: Writer): Promise<void> {
  await tx.execute(sql`select set_config('specter.ledger_erase', 'on', true)`);
}

/** The member row of an app user at a restaurant, created or taken back from having left, and locked. */
async function joinMember(tx: Writer, restaurantId: number, appUserId: number, at: Date) {
  const [m] = await tx
    .insert(loyaltyMembers)
    .values({ restaurantId, appUserId, joinedAt: at, lastActivityAt: at })
    .onConflictDoUpdate({
      target: [loyaltyMembers.restaurantId, loyaltyMembers.appUserId],
      set: {
        leftAt: null,
        // Back after leaving: a member from now (the points were forfeited then).
        joinedAt: sql`case when ${loyaltyMembers.leftAt} is null then ${loyaltyMembers.joinedAt} else excluded.joined_at end`,
      },
    })
    .returning({ id: loyaltyMembers.id, balance: loyaltyMembers.balance });
  return m;
}

/** Whether the phone said yes to the restaurant (the guestbook's consent: one yes for both). */
async function consented(tx: Writer, phone: string, restaurantId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: guestConsents.id })
    .from(guestConsents)
    .where(and(eq(guestConsents.phone, phone), eq(guestConsents.restaurantId, restaurantId)));
  return !!row;
}

export interface EarnInput {
  restaurantId: number;
  appUserId: number;
  phone: string;
  /** The saved order (orders.id) and its POS id: a receipt earns once. */
  orderId: number;
  posOrderId: string;
  /** The receipt's total after discount, tax included. */
  total: number;
  at?: Date;
}

/**
 * What a saved receipt earns, in the caller's transaction (the save's, or a join right after it): nothing when the
 * restaurant runs no program (null). With the phone's consent the phone is (or becomes) a member and earns
 * floor(total x rate + carried fraction), the rest of the fraction carried to its next receipt; without it, nothing,
 * and the answer says what joining would give. Below the least spend: nothing, nothing carried. Once per receipt.
 */
export async function earnForReceipt(tx: Writer, input: EarnInput): Promise<SaveLoyalty | null> {
  const program = await programOf(tx, input.restaurantId);
  if (!program.enabled) return null;
  const at = input.at ?? new Date();
  const below = input.total < program.minSpend;
  const value = sql`(${String(input.total)}::numeric * ${String(program.pointsPerUnit)}::numeric)`;
  if (!(await consented(tx, input.phone, input.restaurantId))) {
    const [{ points }] = rowsOf<{ points: number }>(await tx.execute(sql`select floor(${value})::int as points`));
    return { member: false, points: below ? 0 : points, balance: null, below_min_spend: below };
  }
  const m = await joinMember(tx, input.restaurantId, input.appUserId, at);
  const [done] = await tx
    .select({ id: loyaltyLedger.id, points: loyaltyLedger.points })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.restaurantId, input.restaurantId),
        eq(loyaltyLedger.posOrderId, input.posOrderId),
        eq(loyaltyLedger.kind, 'earn'),
      ),
    );
  if (done || below) return { member: true, points: 0, balance: m.balance, below_min_spend: below };
  const [after] = rowsOf<{ balance: number; points: number }>(
    await tx.execute(sql`
      update ${loyaltyMembers} set
        balance = balance + floor(carried + ${value})::int,
        lifetime_points = lifetime_points + floor(carried + ${value})::int,
        carried = (carried + ${value}) - floor(carried + ${value}),
        last_activity_at = ${at.toISOString()}::timestamptz
      where id = ${m.id}
      returning balance, balance - ${m.balance} as points`),
  );
  const points = Number(after.points);
  const balance = Number(after.balance);
  await tx.insert(loyaltyLedger).values({
    memberId: m.id,
    restaurantId: input.restaurantId,
    kind: 'earn',
    points,
    balanceAfter: balance,
    value: sql`${value}`,
    spend: String(input.total),
    orderId: input.orderId,
    posOrderId: input.posOrderId,
    createdAt: at,
  });
  return { member: true, points, balance, below_min_spend: false };
}

/** What undoing an order did. */
export interface UndoResult {
  takenBack: number;
  givenBack: number;
  /** Entries undone (0: nothing to undo, or undone before). */
  entries: number;
}

/**
 * An order the POS marks returned (5) or void (7): its earn is taken back and every reward redeemed on it given back,
 * each once (the ledger's unique `reverses`). The take-back removes the receipt's exact worth from the balance and
 * its carried fraction together, so a later receipt earns as if this one had never been; a balance never goes below
 * zero: a take-back larger than it stops at zero, and its entry says how many points could not be taken.
 */
export async function undoOrder(db: Db, restaurantId: number, posOrderId: string, status: number): Promise<UndoResult> {
  return db.transaction(async (tx) => {
    const entries = await tx
      .select()
      .from(loyaltyLedger)
      .where(
        and(
          eq(loyaltyLedger.restaurantId, restaurantId),
          eq(loyaltyLedger.posOrderId, posOrderId),
          inArray(loyaltyLedger.kind, ['earn', 'redeem']),
        ),
      )
      .orderBy(loyaltyLedger.id);
    const result: UndoResult = { takenBack: 0, givenBack: 0, entries: 0 };
    if (!entries.length) return result;
    const what: OrderEnd = status === 7 ? 'void' : 'returned';
    // Members in id order: two undos touching the same members take their locks in one order.
    for (const memberId of [...new Set(entries.map((e) => e.memberId))].sort((a, b) => a - b)) {
      await tx
        .select({ id: loyaltyMembers.id })
        .from(loyaltyMembers)
        .where(eq(loyaltyMembers.id, memberId))
        .for('update');
      for (const e of entries.filter((x) => x.memberId === memberId)) {
        const [undone] = await tx
          .select({ id: loyaltyLedger.id })
          .from(loyaltyLedger)
          .where(eq(loyaltyLedger.reverses, e.id));
        if (undone) continue;
        result.entries++;
        if (e.kind === 'earn') result.takenBack += await takeBack(tx, e, what);
        else result.givenBack += await giveBack(tx, e, what);
      }
    }
    return result;
  });
}

type Entry = typeof loyaltyLedger.$inferSelect;

async function takeBack(tx: Tx, earn: Entry, what: OrderEnd): Promise<number> {
  const worth = sql`${earn.value ?? '0'}::numeric`;
  const [m] = rowsOf<{ balance: number; was: number; short: string }>(
    await tx.execute(sql`
      with old as (select id, balance, carried, balance + carried - ${worth} as rest from ${loyaltyMembers} where id = ${earn.memberId})
      update ${loyaltyMembers} m set
        balance = greatest(floor(old.rest), 0)::int,
        carried = case when old.rest < 0 then 0 else old.rest - floor(old.rest) end,
        lifetime_points = greatest(m.lifetime_points - ${earn.points}, 0)
      from old where m.id = old.id
      returning m.balance, old.balance as was, greatest(ceil(-old.rest), 0)::text as short`),
  );
  const balance = Number(m.balance);
  const taken = Number(m.was) - balance;
  const short = Number(m.short);
  await tx.insert(loyaltyLedger).values({
    memberId: earn.memberId,
    restaurantId: earn.restaurantId,
    kind: 'take-back',
    points: -taken,
    balanceAfter: balance,
    value: sql`-${worth}`,
    spend: earn.spend,
    orderId: earn.orderId,
    posOrderId: earn.posOrderId,
    reverses: earn.id,
    reason:
      short > 0
        ? systemReason('takenBackShort', { how: what, earned: earn.points, taken, short })
        : systemReason('takenBack', { how: what }),
  });
  return taken;
}

async function giveBack(tx: Tx, redeem: Entry, what: OrderEnd): Promise<number> {
  const cost = -redeem.points;
  const [m] = await tx
    .update(loyaltyMembers)
    .set({ balance: sql`${loyaltyMembers.balance} + ${cost}` })
    .where(eq(loyaltyMembers.id, redeem.memberId))
    .returning({ balance: loyaltyMembers.balance });
  await tx.insert(loyaltyLedger).values({
    memberId: redeem.memberId,
    restaurantId: redeem.restaurantId,
    kind: 'give-back',
    points: cost,
    balanceAfter: m.balance,
    posOrderId: redeem.posOrderId,
    rewardId: redeem.rewardId,
    rewardCode: redeem.rewardCode,
    businessReference: redeem.businessReference,
    reverses: redeem.id,
    reason: systemReason('givenBack', { how: what }),
  });
  return cost;
}

// --- at the till (Foodics' loyalty adapter) ---

/** The live Foodics restaurants of a business (its reference, kept at "Connect Foodics" and at sync from /whoami). */
export async function restaurantsOfBusiness(db: Db, businessReference: string): Promise<number[]> {
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(
      and(
        eq(restaurants.posBusinessRef, businessReference),
        eq(restaurants.systemType, 'Foodics'),
        eq(restaurants.isDeleted, false),
      ),
    )
    .orderBy(restaurants.id);
  return rows.map((r) => r.id);
}

/** A membership at the till: a restaurant of the business that runs a program the phone is a member of. */
export interface TillMember {
  memberId: number;
  restaurantId: number;
  balance: number;
}

/** The phone's memberships at these restaurants whose program runs, by restaurant id. */
export async function tillMembers(db: Db, restaurantIds: readonly number[], phone: string): Promise<TillMember[]> {
  if (!restaurantIds.length) return [];
  return db
    .select({ memberId: loyaltyMembers.id, restaurantId: loyaltyMembers.restaurantId, balance: loyaltyMembers.balance })
    .from(appUsers)
    .innerJoin(loyaltyMembers, and(eq(loyaltyMembers.appUserId, appUsers.id), isNull(loyaltyMembers.leftAt)))
    .innerJoin(
      loyaltyPrograms,
      and(eq(loyaltyPrograms.restaurantId, loyaltyMembers.restaurantId), eq(loyaltyPrograms.enabled, true)),
    )
    .where(and(eq(appUsers.phone, phone), inArray(loyaltyMembers.restaurantId, [...restaurantIds])))
    .orderBy(loyaltyMembers.restaurantId);
}

/** Whether this redeem (business reference, order, code as requested) was taken already. */
export async function redeemedBefore(db: Db, businessReference: string, posOrderId: string, requestCode: string) {
  const [row] = await db
    .select({ memberId: loyaltyLedger.memberId })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.kind, 'redeem'),
        eq(loyaltyLedger.businessReference, businessReference),
        eq(loyaltyLedger.posOrderId, posOrderId),
        eq(loyaltyLedger.rewardCode, requestCode),
      ),
    );
  if (!row) return undefined;
  const [m] = await db
    .select({ balance: loyaltyMembers.balance })
    .from(loyaltyMembers)
    .where(eq(loyaltyMembers.id, row.memberId));
  return { balance: m?.balance ?? 0 };
}

type RewardRow = typeof loyaltyRewards.$inferSelect;

/** The reward named by its code (any case) that the restaurant offers now, or undefined. */
export async function offeredReward(db: Db, restaurantId: number, code: string): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(loyaltyRewards)
    .where(
      and(
        eq(loyaltyRewards.restaurantId, restaurantId),
        sql`lower(${loyaltyRewards.code}) = lower(${code})`,
        isNull(loyaltyRewards.deletedAt),
        eq(loyaltyRewards.active, true),
      ),
    );
  return row;
}

/** The best reward a balance affords at a restaurant: the dearest one it reaches, or undefined. */
export async function bestAffordable(db: Db, restaurantId: number, balance: number): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(loyaltyRewards)
    .where(
      and(
        eq(loyaltyRewards.restaurantId, restaurantId),
        sql`${loyaltyRewards.cost} <= ${balance}`,
        isNull(loyaltyRewards.deletedAt),
        eq(loyaltyRewards.active, true),
      ),
    )
    .orderBy(desc(loyaltyRewards.cost), loyaltyRewards.id)
    .limit(1);
  return row;
}

export interface RedeemInput {
  memberId: number;
  restaurantId: number;
  reward: RewardRow;
  businessReference: string;
  posOrderId: string;
  /** The code as the request named it ('' without one): with the business and the order, the redeem's key. */
  requestCode: string;
  branchId: string | null;
  userId: string | null;
  posDate: string | null;
  /** What the till says it took off the order (kept in the entry's reason). */
  discount: number | null;
}

export type RedeemResult = { outcome: 'redeemed' | 'already'; balance: number } | { outcome: 'short'; balance: number };

class Repeated extends Error {}

/**
 * Takes a reward's cost from the member's balance at the till, once per (business reference, order, code): the
 * member's row is locked first, so redeems of one member queue and each sees the balance the one before left - never
 * below zero, exactly the ones the balance allows pass ('short' for the others). The same redeem again answers
 * 'already' and takes nothing (the ledger's unique key decides between two at once).
 */
export async function redeemAtTill(db: Db, r: RedeemInput): Promise<RedeemResult> {
  try {
    return await db.transaction(async (tx) => {
      const [m] = await tx
        .select({ balance: loyaltyMembers.balance })
        .from(loyaltyMembers)
        .where(eq(loyaltyMembers.id, r.memberId))
        .for('update');
      const [before] = await tx
        .select({ id: loyaltyLedger.id })
        .from(loyaltyLedger)
        .where(
          and(
            eq(loyaltyLedger.kind, 'redeem'),
            eq(loyaltyLedger.businessReference, r.businessReference),
            eq(loyaltyLedger.posOrderId, r.posOrderId),
            eq(loyaltyLedger.rewardCode, r.requestCode),
          ),
        );
      if (before) return { outcome: 'already', balance: m.balance } as const;
      if (m.balance < r.reward.cost) return { outcome: 'short', balance: m.balance } as const;
      const now = new Date();
      const [after] = await tx
        .update(loyaltyMembers)
        .set({ balance: sql`${loyaltyMembers.balance} - ${r.reward.cost}`, lastActivityAt: now })
        .where(eq(loyaltyMembers.id, r.memberId))
        .returning({ balance: loyaltyMembers.balance });
      const written = await tx
        .insert(loyaltyLedger)
        .values({
          memberId: r.memberId,
          restaurantId: r.restaurantId,
          kind: 'redeem',
          points: -r.reward.cost,
          balanceAfter: after.balance,
          posOrderId: r.posOrderId,
          rewardId: r.reward.id,
          rewardCode: r.requestCode,
          businessReference: r.businessReference,
          branchId: r.branchId,
          userId: r.userId,
          posDate: r.posDate,
          reason: r.discount === null ? null : systemReason('redeemedAtTill', { discount: r.discount }),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: loyaltyLedger.id });
      // Another instance wrote the same redeem between our read and our write: undo ours, answer as a repeat.
      if (!written.length) throw new Repeated();
      return { outcome: 'redeemed', balance: after.balance } as const;
    });
  } catch (err) {
    if (!(err instanceof Repeated)) throw err;
    const [m] = await db
      .select({ balance: loyaltyMembers.balance })
      .from(loyaltyMembers)
      .where(eq(loyaltyMembers.id, r.memberId));
    return { outcome: 'already', balance: m.balance };
  }
}

// --- the daily expiry, leaving, Delete my data, retention ---

/** Members expired per statement: a run never holds many rows' locks at once. */
const EXPIRY_BATCH = 1000;

/** The expiry's reason around its number of days, written by the query itself (src/contract/ledgerReasons.ts). */
const [expiredBefore, expiredAfter] = aroundPlaceholder('expired', 'days');

/**
 * Expires every balance with no earn or redeem for its program's `expiry_days` (programs that run, with an expiry):
 * the balance and its carried fraction go to zero, and an `expire` entry says so. Rows another run has locked are
 * skipped (SKIP LOCKED: several instances share the work). Answers how many balances expired.
 */
export async function expireIdleBalances(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const res = await db.execute(sql`
      with due as (
        select m.id, m.restaurant_id, m.balance, p.expiry_days
        from ${loyaltyMembers} m
        join ${loyaltyPrograms} p on p.restaurant_id = m.restaurant_id and p.enabled and p.expiry_days > 0
        where m.balance > 0 and m.left_at is null
          and m.last_activity_at < ${now.toISOString()}::timestamptz - make_interval(days => p.expiry_days)
        order by m.id
        limit ${EXPIRY_BATCH}
        for update of m skip locked
      ), gone as (
        update ${loyaltyMembers} m set balance = 0, carried = 0 from due where m.id = due.id
        returning m.id, due.restaurant_id, due.balance as was, due.expiry_days
      )
      insert into ${loyaltyLedger} (member_id, restaurant_id, kind, points, balance_after, reason, created_at)
      select id, restaurant_id, 'expire', -was, 0,
        ${expiredBefore}::text || expiry_days || ${expiredAfter}::text, ${now.toISOString()}::timestamptz
      from gone
      returning id`);
    const n = rowsOf<{ id: number }>(res).length;
    total += n;
    if (n < EXPIRY_BATCH) return total;
  }
}

/**
 * The consent to a restaurant withdrawn: the membership ends, the balance is forfeited (an `adjust` entry says so)
 * and the member row is kept as left (the ledger stays whole). Answers the points forfeited (0 when not a member).
 */
export async function leaveProgram(tx: Tx, phone: string, restaurantId: number): Promise<number> {
  const [m] = await tx
    .select({ id: loyaltyMembers.id, balance: loyaltyMembers.balance })
    .from(loyaltyMembers)
    .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
    .where(and(eq(appUsers.phone, phone), eq(loyaltyMembers.restaurantId, restaurantId), isNull(loyaltyMembers.leftAt)))
    .for('update', { of: loyaltyMembers });
  if (!m) return 0;
  await tx
    .update(loyaltyMembers)
    .set({ balance: 0, carried: '0', leftAt: new Date() })
    .where(eq(loyaltyMembers.id, m.id));
  await tx.insert(loyaltyLedger).values({
    memberId: m.id,
    restaurantId,
    kind: 'adjust',
    points: -m.balance,
    balanceAfter: 0,
    reason: systemReason('leftProgram'),
  });
  return m.balance;
}

/** The points a phone would forfeit by withdrawing its consent to each restaurant (My receipts' warning). */
export async function balancesOf(db: Db, phone: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ restaurantId: loyaltyMembers.restaurantId, balance: loyaltyMembers.balance })
    .from(loyaltyMembers)
    .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
    .where(and(eq(appUsers.phone, phone), isNull(loyaltyMembers.leftAt)));
  return new Map(rows.map((r) => [r.restaurantId, r.balance]));
}

/** Delete my data (and an app user deleted in the back-office): their memberships and every ledger entry of them. */
export async function forgetMemberships(tx: Writer, appUserId: number): Promise<void> {
  await allowLedgerErase(tx);
  await tx.delete(loyaltyMembers).where(eq(loyaltyMembers.appUserId, appUserId));
}

/** Retention: ledger entries older than `days` days are deleted (the balances stay as they are). */
export async function purgeOldLedger(tx: Tx, days: number): Promise<number> {
  await allowLedgerErase(tx);
  const gone = await tx.execute(
    sql`delete from ${loyaltyLedger} where created_at < now() - make_interval(days => ${days}) returning 1`,
  );
  return rowsOf(gone).length;
}

// --- the customer's cards (GET /customer/loyalty) ---

/** How many movements a card shows. */
const HISTORY = 20;

/** A card per restaurant whose program runs and the phone is a member of, in the customer's language. */
export async function customerLoyalty(db: Db, phone: string, lang: 'en' | 'ar'): Promise<CustomerLoyalty> {
  const members = await db
    .select({
      id: loyaltyMembers.id,
      restaurantId: loyaltyMembers.restaurantId,
      balance: loyaltyMembers.balance,
      lastActivityAt: loyaltyMembers.lastActivityAt,
      name: restaurants.name,
      logo: restaurants.logo,
      expiryDays: loyaltyPrograms.expiryDays,
    })
    .from(appUsers)
    .innerJoin(loyaltyMembers, and(eq(loyaltyMembers.appUserId, appUsers.id), isNull(loyaltyMembers.leftAt)))
    .innerJoin(restaurants, and(eq(restaurants.id, loyaltyMembers.restaurantId), eq(restaurants.isDeleted, false)))
    .innerJoin(
      loyaltyPrograms,
      and(eq(loyaltyPrograms.restaurantId, loyaltyMembers.restaurantId), eq(loyaltyPrograms.enabled, true)),
    )
    .where(eq(appUsers.phone, phone))
    .orderBy(desc(loyaltyMembers.lastActivityAt), loyaltyMembers.id);
  const rewards = await offeredRewards(
    db,
    members.map((m) => m.restaurantId),
  );
  const nameOf = (r: { nameEn: string; nameAr: string }) => (lang === 'ar' ? r.nameAr : r.nameEn);
  const qr = memberQr(phone);
  const programs = [];
  for (const m of members) {
    const own = rewards.filter((r) => r.restaurantId === m.restaurantId);
    const next = own.find((r) => r.cost > m.balance);
    programs.push({
      restaurant_id: m.restaurantId,
      restaurant: { name: m.name, logo: m.logo },
      balance: m.balance,
      next_reward: next ? { name: nameOf(next), cost: next.cost, missing: next.cost - m.balance } : null,
      rewards: own.map((r) => ({ id: r.id, name: nameOf(r), cost: r.cost, affordable: r.cost <= m.balance })),
      expires_at: expiresAt(m.lastActivityAt, m.expiryDays, m.balance)?.toISOString() ?? null,
      qr,
      entries: await historyOf(db, m.id, lang),
    });
  }
  return { programs };
}

async function historyOf(db: Db, memberId: number, lang: 'en' | 'ar'): Promise<LoyaltyEntry[]> {
  const rows = await db
    .select({
      id: loyaltyLedger.id,
      kind: loyaltyLedger.kind,
      points: loyaltyLedger.points,
      balanceAfter: loyaltyLedger.balanceAfter,
      at: loyaltyLedger.createdAt,
      orderNumber: orders.orderNumber,
      nameEn: loyaltyRewards.nameEn,
      nameAr: loyaltyRewards.nameAr,
    })
    .from(loyaltyLedger)
    .leftJoin(
      orders,
      and(eq(orders.restaurantId, loyaltyLedger.restaurantId), eq(orders.posOrderId, loyaltyLedger.posOrderId)),
    )
    .leftJoin(loyaltyRewards, eq(loyaltyRewards.id, loyaltyLedger.rewardId))
    .where(eq(loyaltyLedger.memberId, memberId))
    .orderBy(desc(loyaltyLedger.id))
    .limit(HISTORY);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as LedgerKind,
    points: r.points,
    balance_after: r.balanceAfter,
    at: r.at.toISOString(),
    order_number: r.orderNumber,
    reward: r.nameEn === null ? null : lang === 'ar' ? r.nameAr : r.nameEn,
  }));
}

/** A saved order of the phone (the receipt a join names): its restaurant, POS id, app user and total. */
export async function receiptOfPhone(db: Writer, phone: string, receiptId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      restaurantId: orders.restaurantId,
      posOrderId: orders.posOrderId,
      appUserId: appUsers.id,
      total: orders.totalPrice,
    })
    .from(orders)
    .innerJoin(appUsers, eq(appUsers.id, orders.appUserId))
    .where(and(eq(orders.id, receiptId), eq(appUsers.phone, phone)));
  return row;
}
