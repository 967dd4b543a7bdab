// The guestbook's back-office reads (docs/ARCHITECTURE.md, The guestbook; docs/API.md "The guestbook"): the list
// (GET /guest: paged, searched, filtered, sorted), one guest with their orders, and the CSV export's batches. Only
// consented rows of live restaurants in the caller's scope are ever read out; the rule (`visible`) and the rows'
// select are shared by the three, which is why they are one file.
import { and, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { GuestFilters, ListQuery } from '../../../../src/contract';
import { listSource, orderBy, type Joins, type ListSource, type ListSpec } from '../../paging';
import { wordsWithin } from '../../search';
import { cappedCount, consentedGuestsAt } from '../counts';
import type { Db } from '../../client';
import { appUsers, guests, orders, restaurants } from '../../schema';

/** Which guests a caller may see (issue 26's scopes): every restaurant, or these; staff see phones masked. */
export interface GuestScope {
  restaurantIds?: readonly number[];
  maskPhones?: boolean;
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

/** The app user of each row: the rows' names and phone, and the search's columns. */
const withAppUser: Joins = (q) => q.innerJoin(appUsers, eq(appUsers.id, guests.appUserId));

/** The restaurants the scope holds: every one (undefined), or these (an empty list holds none). */
const inScope = (scope: GuestScope | undefined): SQL | undefined =>
  !scope?.restaurantIds
    ? undefined
    : scope.restaurantIds.length
      ? // One restaurant is `= id` (PostgreSQL writes IN of one value as =), which walks its own sort index.
        inArray(guests.restaurantId, [...scope.restaurantIds])
      : sql`false`;

/**
 * What every row the back-office may read is: consented, of a live restaurant, in the caller's restaurants. Written
 * on guests' own columns, so a sort walks one index of consented rows (migration 0025): the deleted restaurants are
 * a list read once per query (a hashed subplan), not a join whose order the walk would lose.
 */
function visible(scope: GuestScope | undefined): SQL {
  return and(
    sql`${guests.consented}`,
    sql`${guests.restaurantId} not in (select ${restaurants.id} from ${restaurants} where ${restaurants.isDeleted})`,
    inScope(scope),
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

/** The search over the guest's app user: every word in their first or last name or phone, on the app user's search
 * column (one LIKE a row, migration 0030). */
const searchOf = (f: GuestFilters) => wordsWithin(phoneWords(f.q), appUsers.search);

/** The filters other than the search, on guests' own columns. */
function narrowing(f: GuestFilters): SQL | undefined {
  return and(
    f.restaurantId === undefined ? undefined : eq(guests.restaurantId, f.restaurantId),
    f.minVisits === undefined ? undefined : gte(guests.visits, f.minVisits),
    f.lastVisitBefore === undefined ? undefined : lt(guests.lastVisitAt, new Date(f.lastVisitBefore)),
    f.firstVisitAfter === undefined ? undefined : gt(guests.firstVisitAt, new Date(f.firstVisitAfter)),
  );
}

function filtersOf(f: GuestFilters): SQL | undefined {
  return and(searchOf(f), narrowing(f));
}

/** The sortable columns, all on guests (the name and phone are the app user's, kept on the row): each has its index
 * per restaurant and across restaurants (migration 0025). */
const sortable = {
  id: guests.id,
  name: guests.firstName,
  phone: guests.phone,
  first_visit_at: guests.firstVisitAt,
  last_visit_at: guests.lastVisitAt,
  visits: guests.visits,
  spend: guests.spend,
  average_ticket: guests.averageTicket,
};

/** The restaurants whose consented guests the list shows when only restaurants narrow it (null: every live one);
 * undefined when something else narrows it (a search, visits, dates). */
function onlyRestaurants(q: GuestFilters, scope: GuestScope | undefined): readonly number[] | null | undefined {
  if (q.q?.trim() || q.minVisits !== undefined || q.lastVisitBefore !== undefined || q.firstVisitAfter !== undefined)
    return undefined;
  const ids = scope?.restaurantIds ?? null;
  if (q.restaurantId === undefined) return ids;
  return !ids || ids.includes(q.restaurantId) ? [q.restaurantId] : [];
}

/** Up to this many app users matching a search, the guestbook reads their guest rows by app user; past it, it walks
 * its order and checks each row's app user (the matches are then many, and come soon in any order). */
const SEARCH_USERS_LISTED = 5000;

/** The guest rows of these app users (an index of consented rows by app user, migration 0025). */
const ofUsers = (ids: number[]): SQL =>
  ids.length ? sql`${guests.appUserId} = any(${`{${ids.join(',')}}`}::int[])` : sql`false`;

/**
 * GET /guest: always paged, the latest visit first. The count and the deep pages' ids read guests alone (with the
 * app user only for a search matching very many); the total is exact from the kept counts when only restaurants
 * narrow the list, so a page past the middle (the last) is read from the other end of the sort's index.
 *
 * A search first asks the app users' trigram indexes for up to 5,001 matches: up to 5,000, the list is their guest
 * rows (read by app user, then sorted: a few thousand rows at most), counted from the same index; more (a common
 * name), the list walks its order checking each row's app user, and when the first 5,001 matching users already have
 * more than 1,000 consented guest rows the total says "more than 1,000" without walking for it.
 */
export async function guestsList(
  db: Db,
  q: ListQuery & GuestFilters,
  scope?: GuestScope,
  { usersListed = SEARCH_USERS_LISTED } = {},
): Promise<ListSource<GuestRow>> {
  const ids = onlyRestaurants(q, scope);
  const search = searchOf(q);
  let total: ListSpec<GuestRow>['total'] =
    ids === undefined ? undefined : async () => ({ total: await consentedGuestsAt(db, ids), exact: true });
  let searched: SQL | undefined;
  let join: Joins | undefined;
  if (search) {
    const users = (
      await db
        .select({ id: appUsers.id })
        .from(appUsers)
        .where(search)
        .limit(usersListed + 1)
    ).map((u) => u.id);
    if (users.length <= usersListed) searched = ofUsers(users);
    else {
      searched = search;
      join = withAppUser;
      const some = and(visible(scope), narrowing(q), ofUsers(users));
      // Counted from the guest rows with each row's app user probed (a subquery per row, as the page walks them):
      // the matches are many, so 1,001 come soon. As a join, PostgreSQL read every matching app user from the
      // trigram index and hashed every consented guest (100-120 ms for "sara" at 1,000,000 users).
      const probed = wordsWithin(
        phoneWords(q.q),
        sql`(select ${appUsers.search} from ${appUsers} where ${appUsers.id} = ${guests.appUserId})`,
      );
      total = async () => {
        const first = await cappedCount(db, guests, some);
        if (!first.exact) return first;
        return cappedCount(db, guests, and(visible(scope), narrowing(q), probed));
      };
    }
  }
  return listSource<GuestRow>(db, {
    select: () => selectGuests(db),
    table: guests,
    id: guests.id,
    join,
    scope: visible(scope),
    filter: and(searched, narrowing(q)),
    order: orderBy(q, sortable, { field: 'last_visit_at', order: 'DESC' }, guests.id),
    total,
    alwaysPaged: true,
  });
}

/** The rows' select: the guest, their app user and their restaurant (a page's rows, each looked up by its key). */
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
