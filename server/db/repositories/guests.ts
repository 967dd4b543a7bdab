// The guestbook (docs/ARCHITECTURE.md, The guestbook): each app user's row per restaurant they saved a receipt at,
// kept in the transaction of every change to what it sums (keepGuest), their consents, the back-office's list,
// one guest with their orders, the CSV batches, and the owner's figures (guestInsights). Only consented rows are
// ever read out; the insights count every save (counts and sums only).
import { and, desc, eq, exists, gt, gte, inArray, lt, lte, max, min, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { GuestFilters, InsightsQuery, ListQuery } from '../../../src/contract';
import { CONSENT_WORDING_VERSION } from '../../../src/contract';
import { listSource, orderBy, searchWhere, type Joins, type ListSource } from '../paging';
import type { Database, Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
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

// --- consent as the back-office's other lists read it (issue 48, docs/SECURITY.md "Roles") ---

/**
 * Whether the app user said yes to the restaurant (their guest row there is `consented`), as a boolean of the row:
 * one probe of guests_restaurant_user_uq (both its columns given), made for each row the condition is asked of.
 * Both are the outer query's columns, e.g. an order's `restaurant_id` and `app_user_id`: a manager's or staff's
 * Orders show and find a customer only where this holds. A scalar subquery rather than EXISTS on purpose: under
 * an OR (the Orders search: a number or a phone) or in the select list, PostgreSQL would run an EXISTS as a hashed
 * subplan over every consenting guest (0.3 s at 133,000 of them) where 25 probes do (docs/PERFORMANCE.md).
 */
export function saidYesAt(db: Db, restaurantId: AnyColumn, appUserId: AnyColumn): SQL<boolean> {
  const row = db
    .select({ yes: guests.consented })
    .from(guests)
    .where(and(eq(guests.restaurantId, restaurantId), eq(guests.appUserId, appUserId)));
  return sql<boolean>`coalesce(${row}, false)`;
}

/**
 * The app user (the outer query's column) said yes to one of the scope's restaurants; undefined for an admin (every
 * app user).
 * - `exists` (the default: a manager's App users and their CSV): an EXISTS the planner may run either way - a probe
 *   of guests_user_idx per app user walked in the list's order while many said yes, or from the restaurant's
 *   consenting guests when few did.
 * - `probe`: one probe of guests_restaurant_user_uq per row asked (a scalar subquery), for the rows a phone's trigram
 *   index already found (the Orders search), where a semi-join read every guest of the restaurant (90 ms at
 *   200,000 guests) to keep a few hundred.
 */
export function saidYesInScope(
  db: Db,
  scope: Scope,
  appUserId: AnyColumn,
  how: 'exists' | 'probe' = 'exists',
): SQL | undefined {
  const theirs = restaurantsIn(scope, guests.restaurantId);
  if (!theirs) return undefined;
  if (how === 'probe') {
    const rows = db
      .select({ yes: sql`bool_or(${guests.consented})` })
      .from(guests)
      .where(and(eq(guests.appUserId, appUserId), theirs));
    return sql`coalesce(${rows}, false)`;
  }
  return exists(
    db
      .select({ one: sql`1` })
      .from(guests)
      .where(and(eq(guests.appUserId, appUserId), theirs, eq(guests.consented, true))),
  );
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

/** The saved orders of a period: exactly the Orders screen's for the same restaurant and dates. */
const savedIn = (restaurantId: number | undefined, from: string, to: string) =>
  and(
    restaurantId === undefined ? undefined : eq(orders.restaurantId, restaurantId),
    gte(orders.orderDate, from),
    lte(orders.orderDate, to),
  );

const guestOf = and(eq(guests.restaurantId, orders.restaurantId), eq(guests.appUserId, orders.appUserId));
const money = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100;
const average = (spend: string | number | null, n: number) => (n ? money(Number(spend ?? 0) / n) : 0);

/** A period's sums, a branch's or a day's, as the database answers them (spend exact, as text). */
interface Sums {
  receipts: number;
  spend: string;
  guests: number;
}

/** Where the insights' sums come from: the kept rows (what the endpoint reads) or the saved orders themselves
 * (the reference the tests and bench/guests.ts compare them with). */
export interface InsightsSource {
  period(restaurantId: number | undefined, from: string, to: string): Promise<Sums & { returning: number }>;
  /** Most receipts first, then by name. */
  byBranch(restaurantId: number | undefined, from: string, to: string): Promise<(Sums & { branch: string })[]>;
  byDay(restaurantId: number | undefined, from: string, to: string): Promise<(Sums & { day: string })[]>;
}

/** The sums read from the period's saved orders (their cost grows with the orders of the period). */
export function insightsFromOrders(db: Db): InsightsSource {
  // One group's saved receipts, spend and distinct guests (a period, a branch, a day alike).
  const sums = {
    receipts: sql<number>`count(*)::int`,
    spend: sql<string>`coalesce(sum(${orders.totalPrice}), 0)::text`,
    guests: sql<number>`count(distinct ${guests.id})::int`,
  };
  return {
    async period(restaurantId, from, to) {
      const [r] = await db
        .select({
          ...sums,
          returning: sql<number>`(count(distinct ${guests.id}) filter (where ${guests.firstVisitOn} < ${from}))::int`,
        })
        .from(orders)
        .leftJoin(guests, guestOf)
        .where(savedIn(restaurantId, from, to));
      return r;
    },
    byBranch: (restaurantId, from, to) =>
      db
        .select({ branch: orders.branchName, ...sums })
        .from(orders)
        .leftJoin(guests, guestOf)
        .where(savedIn(restaurantId, from, to))
        .groupBy(orders.branchName)
        .orderBy(desc(sql`count(*)`), orders.branchName),
    byDay: (restaurantId, from, to) =>
      db
        .select({ day: orders.orderDate, ...sums })
        .from(orders)
        .leftJoin(guests, guestOf)
        .where(savedIn(restaurantId, from, to))
        .groupBy(orders.orderDate),
  };
}

/**
 * The sums read from the rows migration 0017's trigger keeps (insight_days, insight_guest_days,
 * insight_branch_guest_days): a period reads at most its days x branches rows and its pairs of visit days, however
 * many orders it holds. A period's unique guests are the pairs with the day in it and the previous visit before
 * it; returning ones had a previous visit at all.
 */
export function insightsFromKeptRows(db: Db): InsightsSource {
  const inPeriod = <T extends typeof insightDays | typeof insightGuestDays | typeof insightBranchGuestDays>(
    t: T,
    restaurantId: number | undefined,
    from: string,
    to: string,
  ) => and(restaurantId === undefined ? undefined : eq(t.restaurantId, restaurantId), gte(t.day, from), lte(t.day, to));
  const receipts = sql<number>`coalesce(sum(${insightDays.receipts}), 0)::int`;
  const spend = sql<string>`coalesce(sum(${insightDays.spend}), 0)::text`;
  return {
    async period(restaurantId, from, to) {
      const [[r], [g]] = await Promise.all([
        db
          .select({ receipts, spend })
          .from(insightDays)
          .where(inPeriod(insightDays, restaurantId, from, to)),
        db
          .select({
            guests: sql<number>`coalesce(sum(${insightGuestDays.guests}), 0)::int`,
            returning: sql<number>`coalesce(sum(${insightGuestDays.guests}) filter (where ${insightGuestDays.prevDay} <> ''), 0)::int`,
          })
          .from(insightGuestDays)
          .where(and(inPeriod(insightGuestDays, restaurantId, from, to), lt(insightGuestDays.prevDay, from))),
      ]);
      return { ...r, ...g };
    },
    async byBranch(restaurantId, from, to) {
      const [branches, seen] = await Promise.all([
        db
          .select({ branch: insightDays.branchName, receipts, spend })
          .from(insightDays)
          .where(inPeriod(insightDays, restaurantId, from, to))
          .groupBy(insightDays.branchName)
          .having(sql`sum(${insightDays.receipts}) > 0`)
          .orderBy(desc(sql`sum(${insightDays.receipts})`), insightDays.branchName),
        db
          .select({
            branch: insightBranchGuestDays.branchName,
            guests: sql<number>`sum(${insightBranchGuestDays.guests})::int`,
          })
          .from(insightBranchGuestDays)
          .where(
            and(inPeriod(insightBranchGuestDays, restaurantId, from, to), lt(insightBranchGuestDays.prevDay, from)),
          )
          .groupBy(insightBranchGuestDays.branchName),
      ]);
      const guestsOf = new Map(seen.map((b) => [b.branch, b.guests]));
      return branches.map((b) => ({ ...b, guests: guestsOf.get(b.branch) ?? 0 }));
    },
    async byDay(restaurantId, from, to) {
      const [days, seen] = await Promise.all([
        db
          .select({ day: insightDays.day, receipts, spend })
          .from(insightDays)
          .where(inPeriod(insightDays, restaurantId, from, to))
          .groupBy(insightDays.day),
        db
          .select({ day: insightGuestDays.day, guests: sql<number>`sum(${insightGuestDays.guests})::int` })
          .from(insightGuestDays)
          .where(inPeriod(insightGuestDays, restaurantId, from, to))
          .groupBy(insightGuestDays.day),
      ]);
      const guestsOf = new Map(seen.map((d) => [d.day, d.guests]));
      return days.map((d) => ({ ...d, guests: guestsOf.get(d.day) ?? 0 }));
    },
  };
}

/** GET /guest/insights: the period and the one as long just before it, by branch and by day (every day, zeros
 * filled in). `today` is the restaurants' business day (FUNNEL_TIME_ZONE). Read from the kept rows unless another
 * source is given. */
export async function guestInsights(
  db: Db,
  q: InsightsQuery,
  today: string,
  source: InsightsSource = insightsFromKeptRows(db),
) {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? (to < today ? to : today);
  const length = daysBetween(from, to) + 1;
  const prevTo = addDays(from, -1);
  const prevFrom = addDays(prevTo, -(length - 1));
  const period = async (f: string, t: string) => {
    const r = await source.period(q.restaurantId, f, t);
    return {
      from: f,
      to: t,
      receipts: r.receipts,
      spend: money(r.spend),
      average_ticket: average(r.spend, r.receipts),
      guests: r.guests,
      returning: r.returning,
      new: r.guests - r.returning,
    };
  };
  const [current, previous, branches, days] = await Promise.all([
    period(from, to),
    period(prevFrom, prevTo),
    source.byBranch(q.restaurantId, from, to),
    source.byDay(q.restaurantId, from, to),
  ]);
  const byDay = new Map(days.map((d) => [d.day.slice(0, 10), d]));
  return {
    current,
    previous,
    by_branch: branches.map((b) => ({
      branch: b.branch,
      receipts: b.receipts,
      spend: money(b.spend),
      average_ticket: average(b.spend, b.receipts),
      guests: b.guests,
    })),
    by_day: Array.from({ length }, (_, i) => {
      const day = addDays(from, i);
      const d = byDay.get(day);
      return { day, receipts: d?.receipts ?? 0, spend: money(d?.spend ?? 0), guests: d?.guests ?? 0 };
    }),
  };
}
