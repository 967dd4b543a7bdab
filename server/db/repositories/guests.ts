// The guestbook (docs/ARCHITECTURE.md, The guestbook): each app user's row per restaurant they saved a receipt at,
// kept in the transaction of every change to what it sums (keepGuest), their consents, the back-office's list,
// one guest with their orders, the CSV batches, and the owner's figures (guestInsights). Only consented rows are
// ever read out; the insights count every save (counts and sums only).
import { and, desc, eq, gt, gte, inArray, lt, lte, max, min, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { GuestFilters, InsightsQuery, ListQuery } from '../../../src/contract';
import { CONSENT_WORDING_VERSION } from '../../../src/contract';
import { listSource, orderBy, searchWhere, type Joins, type ListSource } from '../paging';
import type { Database, Db } from '../client';
import {
  appUsers,
  guestConsents,
  guests,
  insightBranchGuestDays,
  insightDays,
  insightGuestDays,
  orderItems,
  orders,
  restaurants,
} from '../schema';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
type Writer = Tx | Db;

/** Which guests a caller may see (issue 26's scopes): every restaurant, or these; staff see phones masked. */
export interface GuestScope {
  restaurantIds?: readonly number[];
  maskPhones?: boolean;
}

/**
 * Brings one guest row up to date with their saved orders at the restaurant, inside the caller's transaction.
 * First it takes the row's lock (an upsert that creates it or touches it), then it sums that guest's orders at
 * that restaurant (a few dozen rows, read through orders_user_restaurant_idx): every writer of one guest queues
 * on that lock and, once it has it, sees what the ones before it committed, so twenty saves of one phone at once
 * leave the row right (tests/server/api/guests.test.ts). No orders left there: the row goes.
 */
export async function keepGuest(tx: Writer, restaurantId: number, appUserId: number): Promise<void> {
  const now = new Date();
  await tx
    .insert(guests)
    .values({ restaurantId, appUserId, firstVisitAt: now, lastVisitAt: now, firstVisitOn: '' })
    .onConflictDoUpdate({ target: [guests.restaurantId, guests.appUserId], set: { updatedAt: now } });
  const mine = and(eq(orders.appUserId, appUserId), eq(orders.restaurantId, restaurantId));
  const [sum] = await tx
    .select({
      visits: sql<number>`count(*)::int`,
      spend: sql<string>`coalesce(sum(${orders.totalPrice}), 0)::text`,
      first: min(orders.createdAt),
      last: max(orders.createdAt),
      firstOn: min(orders.orderDate),
      currency: sql<
        string | null
      >`(array_agg(${orders.currency} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`,
    })
    .from(orders)
    .where(mine);
  const at = and(eq(guests.restaurantId, restaurantId), eq(guests.appUserId, appUserId));
  if (!sum.visits) {
    await tx.delete(guests).where(at);
    return;
  }
  const [favourite] = await tx
    .select({ name: orderItems.itemName })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(mine)
    .groupBy(orderItems.itemName)
    .orderBy(desc(sql`sum(${orderItems.itemQuantity})`), orderItems.itemName)
    .limit(1);
  const [top] = await tx
    .select({ name: orders.branchName })
    .from(orders)
    .where(mine)
    .groupBy(orders.branchName)
    .orderBy(desc(sql`count(*)`), desc(max(orders.createdAt)), orders.branchName)
    .limit(1);
  await tx
    .update(guests)
    .set({
      visits: sum.visits,
      spend: sum.spend,
      averageTicket: sql`${sum.spend}::numeric / ${sum.visits}`,
      firstVisitAt: sum.first!,
      lastVisitAt: sum.last!,
      firstVisitOn: sum.firstOn!,
      currency: sum.currency ?? '',
      favouriteItem: favourite?.name ?? null,
      topBranch: top?.name ?? null,
      consented: sql`exists (select 1 from ${guestConsents} c join ${appUsers} u on u.phone = c.phone
        where u.id = ${appUserId} and c.restaurant_id = ${restaurantId})`,
      updatedAt: now,
    })
    .where(at);
}

/** The phone's app user's guest row at the restaurant follows its consent. */
function markConsent(tx: Writer, phone: string, restaurantId: number, consented: boolean) {
  return tx
    .update(guests)
    .set({ consented, updatedAt: new Date() })
    .where(
      and(
        eq(guests.restaurantId, restaurantId),
        inArray(guests.appUserId, tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.phone, phone))),
      ),
    );
}

/** The phone said yes to the restaurant (ticked when saving): recorded with its time and the wording's version. */
export async function recordConsent(tx: Writer, phone: string, restaurantId: number, at = new Date()): Promise<void> {
  await tx
    .insert(guestConsents)
    .values({ phone, restaurantId, wordingVersion: CONSENT_WORDING_VERSION, consentedAt: at })
    .onConflictDoUpdate({
      target: [guestConsents.phone, guestConsents.restaurantId],
      set: { wordingVersion: CONSENT_WORDING_VERSION, consentedAt: at },
    });
  await markConsent(tx, phone, restaurantId, true);
}

/** Withdraws the phone's yes to the restaurant: from now on the guest is in no list, search, export or page.
 * `also` runs in the same transaction when there was a yes (leaving the restaurant's rewards: issue 47); its answer
 * is `extra`. `withdrawn` false when there was none. */
export function withdrawConsent<T = undefined>(
  db: Db,
  phone: string,
  restaurantId: number,
  also?: (tx: Tx) => Promise<T>,
): Promise<{ withdrawn: boolean; extra?: T }> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(guestConsents)
      .where(and(eq(guestConsents.phone, phone), eq(guestConsents.restaurantId, restaurantId)))
      .returning({ id: guestConsents.id });
    await markConsent(tx, phone, restaurantId, false);
    if (!gone.length) return { withdrawn: false };
    return { withdrawn: true, extra: also ? await also(tx) : undefined };
  });
}

/** Delete my data: every consent of the phone and every guest row of its app user. */
export async function forgetGuest(tx: Writer, phone: string): Promise<void> {
  await tx.delete(guestConsents).where(eq(guestConsents.phone, phone));
  await tx
    .delete(guests)
    .where(inArray(guests.appUserId, tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.phone, phone))));
}

/** The restaurants a phone said yes to, newest first (My receipts). */
export async function consentsOf(db: Db, phone: string) {
  const rows = await db
    .select({
      restaurantId: guestConsents.restaurantId,
      name: restaurants.name,
      logo: restaurants.logo,
      version: guestConsents.wordingVersion,
      at: guestConsents.consentedAt,
    })
    .from(guestConsents)
    .innerJoin(restaurants, eq(restaurants.id, guestConsents.restaurantId))
    .where(and(eq(guestConsents.phone, phone), eq(restaurants.isDeleted, false)))
    .orderBy(desc(guestConsents.consentedAt), desc(guestConsents.id));
  return rows.map((r) => ({
    restaurant_id: r.restaurantId,
    restaurant: { name: r.name, logo: r.logo },
    wording_version: r.version,
    consented_at: r.at.toISOString(),
  }));
}

// --- the back-office's reads: consented guests of live restaurants, in the caller's scope ---

const columns = {
  id: guests.id,
  restaurantId: guests.restaurantId,
  firstName: appUsers.firstName,
  lastName: appUsers.lastName,
  phone: appUsers.phone,
  firstVisitAt: guests.firstVisitAt,
  lastVisitAt: guests.lastVisitAt,
  visits: guests.visits,
  spend: guests.spend,
  averageTicket: guests.averageTicket,
  currency: guests.currency,
  favouriteItem: guests.favouriteItem,
  topBranch: guests.topBranch,
  restaurantName: restaurants.name,
  restaurantTimeZone: restaurants.timeZone,
};
export type GuestRow = {
  id: number;
  restaurantId: number;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  firstVisitAt: Date;
  lastVisitAt: Date;
  visits: number;
  spend: string;
  averageTicket: string;
  currency: string;
  favouriteItem: string | null;
  topBranch: string | null;
  restaurantName: string;
  restaurantTimeZone: string | null;
};

const join: Joins = (q) =>
  q
    .innerJoin(appUsers, eq(appUsers.id, guests.appUserId))
    .innerJoin(restaurants, eq(restaurants.id, guests.restaurantId));

/** What every row the back-office may read is: consented, of a live restaurant, in the caller's restaurants. */
function visible(scope: GuestScope | undefined): SQL {
  return and(
    eq(guests.consented, true),
    eq(restaurants.isDeleted, false),
    scope?.restaurantIds ? inArray(guests.restaurantId, [...scope.restaurantIds, 0]) : undefined,
  )!;
}

/** Digits search phones as stored (+966...): a leading + or a local 0 is dropped from a word of digits. */
const phoneWords = (q: string | undefined) =>
  q
    ?.trim()
    .split(/\s+/)
    .map((w) => (/^\+?\d+$/.test(w) ? w.replace(/^\+/, '').replace(/^0/, '') : w))
    .filter(Boolean)
    .join(' ');

function filtersOf(f: GuestFilters): SQL | undefined {
  return and(
    searchWhere(phoneWords(f.q), [appUsers.firstName, appUsers.lastName, appUsers.phone]),
    f.restaurantId === undefined ? undefined : eq(guests.restaurantId, f.restaurantId),
    f.minVisits === undefined ? undefined : gte(guests.visits, f.minVisits),
    f.lastVisitBefore === undefined ? undefined : lt(guests.lastVisitAt, new Date(f.lastVisitBefore)),
    f.firstVisitAfter === undefined ? undefined : gt(guests.firstVisitAt, new Date(f.firstVisitAfter)),
  );
}

const sortable = {
  id: guests.id,
  name: appUsers.firstName,
  phone: appUsers.phone,
  first_visit_at: guests.firstVisitAt,
  last_visit_at: guests.lastVisitAt,
  visits: guests.visits,
  spend: guests.spend,
  average_ticket: guests.averageTicket,
};

/** GET /guest: always paged, the latest visit first. */
export function guestsList(db: Db, q: ListQuery & GuestFilters, scope?: GuestScope): ListSource<GuestRow> {
  return listSource<GuestRow>(db, {
    columns,
    table: guests,
    id: guests.id,
    join,
    scope: visible(scope),
    filter: filtersOf(q),
    order: orderBy(q, sortable, { field: 'last_visit_at', order: 'DESC' }, guests.id),
    alwaysPaged: true,
  });
}

function selectGuests(db: Db) {
  return db
    .select(columns)
    .from(guests)
    .innerJoin(appUsers, eq(appUsers.id, guests.appUserId))
    .innerJoin(restaurants, eq(restaurants.id, guests.restaurantId));
}

/** One consented guest and their saved orders at that restaurant (newest first, at most 200), or undefined. */
export async function findGuest(db: Db, id: number, scope?: GuestScope) {
  const [row] = await selectGuests(db)
    .where(and(eq(guests.id, id), visible(scope)))
    .limit(1);
  if (!row) return undefined;
  const [g] = await db.select({ u: guests.appUserId }).from(guests).where(eq(guests.id, id));
  const saved = await db
    .select()
    .from(orders)
    .where(and(eq(orders.appUserId, g.u), eq(orders.restaurantId, row.restaurantId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return { row, orders: saved };
}

/** One batch of the CSV export (the list's filters), by id, after `after`. */
export function guestsBatch(
  db: Db,
  f: GuestFilters,
  scope: GuestScope | undefined,
  after: GuestRow | undefined,
  limit: number,
): Promise<GuestRow[]> {
  return selectGuests(db)
    .where(and(visible(scope), filtersOf(f), after ? gt(guests.id, after.id) : undefined))
    .orderBy(guests.id)
    .limit(limit);
}

// --- insights: every save counts (consented or not), as counts and sums only ---

/** The next or previous calendar day of a YYYY-MM-DD. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The restaurants a period is read for: these (a caller's scope, or one restaurant), or every one (undefined). */
export type Restaurants = readonly number[] | undefined;

const within = (column: AnyColumn, rids: Restaurants) =>
  rids === undefined ? undefined : inArray(column, [...rids, 0]);

/** The saved orders of a period: exactly the Orders screen's for the same restaurants and dates. */
const savedIn = (rids: Restaurants, from: string, to: string) =>
  and(within(orders.restaurantId, rids), gte(orders.orderDate, from), lte(orders.orderDate, to));

const guestOf = and(eq(guests.restaurantId, orders.restaurantId), eq(guests.appUserId, orders.appUserId));
const money = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100;
const average = (spend: string | number | null, n: number) => (n ? money(Number(spend ?? 0) / n) : 0);

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

/** Most receipts first, then by currency code: one stable order for every list of currencies. */
const byReceipts = (a: { receipts: number; currency: string }, b: { receipts: number; currency: string }) =>
  b.receipts - a.receipts || a.currency.localeCompare(b.currency);

/** Money rows of one currency each as the answers write them: two decimals, the average ticket beside. */
function perCurrency(rows: MoneyRow[]) {
  return rows
    .filter((r) => r.receipts > 0)
    .map((r) => ({
      currency: r.currency,
      receipts: r.receipts,
      spend: money(r.spend),
      average_ticket: average(r.spend, r.receipts),
    }))
    .sort(byReceipts);
}

/** A period [from, to] of business dates (both default to `today`) and the one as long just before it. */
export function periodsOf(q: { from?: string; to?: string }, today: string) {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? (to < today ? to : today);
  const length = daysBetween(from, to) + 1;
  const prevTo = addDays(from, -1);
  return { from, to, length, prevFrom: addDays(prevTo, -(length - 1)), prevTo };
}

/**
 * The money of a period beside the one before it, by branch (named with its restaurant) and by day (every day,
 * zeros filled in), per currency: the dashboard's period (GET /api/dashboard/sales) and the money of the insights.
 */
export async function salesOf(
  rids: Restaurants,
  q: { from?: string; to?: string },
  today: string,
  source: InsightsSource,
) {
  const p = periodsOf(q, today);
  const period = async (from: string, to: string) => {
    const rows = perCurrency(await source.money(rids, from, to));
    return { from, to, receipts: rows.reduce((n, r) => n + r.receipts, 0), by_currency: rows };
  };
  const [current, previous, branches, days] = await Promise.all([
    period(p.from, p.to),
    period(p.prevFrom, p.prevTo),
    source.moneyByBranch(rids, p.from, p.to),
    source.moneyByDay(rids, p.from, p.to),
  ]);
  const dayRows = new Map<string, MoneyRow[]>();
  for (const d of days) {
    const k = d.day.slice(0, 10);
    dayRows.set(k, [...(dayRows.get(k) ?? []), d]);
  }
  return {
    length: p.length,
    current,
    previous,
    by_branch: branches
      .filter((b) => b.receipts > 0)
      .map((b) => ({
        restaurant_id: b.restaurantId,
        restaurant: b.restaurant,
        branch: b.branch,
        currency: b.currency,
        receipts: b.receipts,
        spend: money(b.spend),
        average_ticket: average(b.spend, b.receipts),
      }))
      .sort(
        (a, b) =>
          b.receipts - a.receipts ||
          a.restaurant.localeCompare(b.restaurant) ||
          a.branch.localeCompare(b.branch) ||
          a.currency.localeCompare(b.currency),
      ),
    by_day: Array.from({ length: p.length }, (_, i) => {
      const day = addDays(p.from, i);
      const rows = perCurrency(dayRows.get(day) ?? []);
      return { day, receipts: rows.reduce((n, r) => n + r.receipts, 0), by_currency: rows };
    }),
  };
}

/** GET /guest/insights: the period and the one as long just before it, by branch and by day (every day, zeros
 * filled in), money per currency. `today` is the restaurants' business day (FUNNEL_TIME_ZONE). Read from the kept
 * rows unless another source is given. */
export async function guestInsights(
  db: Db,
  q: InsightsQuery,
  today: string,
  source: InsightsSource = insightsFromKeptRows(db),
  scope?: Restaurants,
) {
  const rids: Restaurants = q.restaurantId !== undefined ? [q.restaurantId] : scope;
  const p = periodsOf(q, today);
  const [sales, now, before, branchGuests, dayGuests] = await Promise.all([
    salesOf(rids, q, today, source),
    source.guests(rids, p.from, p.to),
    source.guests(rids, p.prevFrom, p.prevTo),
    source.guestsByBranch(rids, p.from, p.to),
    source.guestsByDay(rids, p.from, p.to),
  ]);
  const withGuests = <T extends object>(period: T, g: { guests: number; returning: number }) => ({
    ...period,
    guests: g.guests,
    returning: g.returning,
    new: g.guests - g.returning,
  });
  const ofBranch = new Map(branchGuests.map((b) => [`${b.restaurantId}|${b.branch}`, b.guests]));
  const ofDay = new Map(dayGuests.map((d) => [d.day.slice(0, 10), d.guests]));
  return {
    current: withGuests(sales.current, now),
    previous: withGuests(sales.previous, before),
    by_branch: sales.by_branch.map((b) => ({ ...b, guests: ofBranch.get(`${b.restaurant_id}|${b.branch}`) ?? 0 })),
    by_day: sales.by_day.map((d) => ({ ...d, guests: ofDay.get(d.day) ?? 0 })),
  };
}
