// App users: the App Users list (with the end of each phone's lock), one user's phone, removal, the CSV batches.
import { and, asc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import { SEARCH_TOO_SHORT, searchTooShort, type ListQuery } from '../../../src/contract';
import { usersResource } from '../../../src/contract/resources';
import { badRequest } from '../../lib/errors';
import { phoneSearchForms } from '../../core/phone';
import type { Tx } from '../audit';
import { lockedUntilSql } from '../phoneLock';
import { listSource, declaredOrder, type ListSource } from '../paging';
import { lowerContains, searchWhere, wordsWithin } from '../search';
import type { Db } from '../client';
import type { Scope } from '../scope';
import { cappedTotal, consentedCustomersAt } from './counts';
import { dayStartOf } from './rowDays';
import { saidYesInScope } from './guests';
import { forgetMemberships } from './loyalty';
import { appUsers, guests, orders, phoneGuards, rowCounts } from '../schema';

export type AppUser = typeof appUsers.$inferSelect;
export type AppUserRow = AppUser & { lockedUntil: Date | string | null };

const sortable = {
  id: appUsers.id,
  firstName: appUsers.firstName,
  lastName: appUsers.lastName,
  phone: appUsers.phone,
  birthDate: appUsers.birthDate,
  gender: appUsers.gender,
  lastLogin: appUsers.lastLogin,
  createdAt: appUsers.createdAt,
  updatedAt: appUsers.updatedAt,
};

/** A word of the search and the forms it may take: digits the phone's (a local phone also in E.164), other words a
 * name's, matched in the app user's search column ("phone first last" in lower case, migration 0030): a word holds
 * no space, and one with a character other than + and digits cannot lie within the phone, so it matches a name. */
interface SearchWord {
  word: string;
  forms: string[];
  phone: boolean;
}

function searchWords(q: string | undefined, defaultCountry: string): SearchWord[] {
  const term = q?.trim() ?? '';
  if (searchTooShort(term)) throw badRequest(SEARCH_TOO_SHORT);
  const isPhonePart = (w: string) => /^[+\d]+$/.test(w);
  // A phone written with spaces (050 123 4567) is one phone part.
  const words = /^\+?[\d\s]+$/.test(term) ? [term.replace(/\s+/g, '')] : term.split(/\s+/).filter(Boolean).slice(0, 5);
  return words.map((word) =>
    isPhonePart(word)
      ? { word, forms: phoneSearchForms(word, defaultCountry), phone: true }
      : { word, forms: [word], phone: false },
  );
}

/** Every word, in one of its forms: ILIKE on the phone, LIKE on the search column, which the trigram indexes answer
 * (three characters or more; a local phone's two forms are two scans of the phone's index, OR-ed). */
const indexedSearch = (words: SearchWord[]) =>
  and(
    ...words.map(({ forms, phone }) =>
      or(...forms.map((form) => (phone ? searchWhere(form, [appUsers.phone]) : lowerContains(appUsers.search, form)))),
    ),
  );

/** The same rows with strpos, which no index is asked for: the planner then walks the list's order and checks
 * each row, which finds a page at once when the matches are many (or the term too short for a trigram). */
const walkedSearch = (words: SearchWord[]) =>
  and(
    ...words.map(({ forms, phone }) =>
      or(
        ...forms.map((form) =>
          phone
            ? sql`strpos(lower(${appUsers.phone}), ${form.toLowerCase()}) > 0`
            : sql`strpos(${appUsers.search}, ${form.toLowerCase()}) > 0`,
        ),
      ),
    ),
  );

/** The search's filter as the indexes answer it (for the plan's test). */
export const appUsersIndexedSearch = (q: string, defaultCountry: string) =>
  indexedSearch(searchWords(q, defaultCountry));

/** Past this many matches a search walks the list's order instead of reading every match from the indexes. */
const MATCHES_READ = 5000;

/**
 * The list's search, and its total when the search decides it (docs/PERFORMANCE.md, Short searches):
 * - one or two digits: nearly every phone holds them, and no trigram does: walked;
 * - otherwise the trigram indexes are asked for up to 5,001 matches first (their bitmap, then as many rows): up to
 *   5,000 are read and sorted from the indexes, and the count is known; more (a common first name, a broad phone
 *   part) are walked in the list's order when it is the newest-first (or id) order, where matches come evenly, and
 *   the total is "more than 1,000". Another sort (by first name, say) could walk far before its first match, so it
 *   keeps the indexes.
 */
async function listSearch(
  db: Db,
  q: ListQuery,
  defaultCountry: string,
): Promise<{ filter?: SQL; total?: () => Promise<{ total: number; exact: boolean }> }> {
  const words = searchWords(q.q, defaultCountry);
  if (!words.length) return {};
  const walks = !q.sort || q.sort === 'createdAt' || q.sort === 'id';
  if (words.length === 1 && /^\+?\d{1,2}$/.test(words[0].word)) return { filter: walkedSearch(words) };
  const indexed = indexedSearch(words);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(appUsers)
      .where(indexed)
      .limit(MATCHES_READ + 1)
      .as('m'),
  );
  const total = async () => cappedTotal(n);
  return { filter: n > MATCHES_READ && walks ? walkedSearch(words) : indexed, total };
}

/**
 * The app users a scope sees: an admin all; a manager those who said yes to one of its restaurants (issue 48: the
 * guestbook's yes, "Join {restaurant}'s rewards"), found by a probe of guests_restaurant_user_uq per app user. A
 * customer who saved there without the yes is not in a manager's list, search or CSV at all (docs/SECURITY.md,
 * "Roles": hidden rather than masked, so the list and its export hold the same people); their receipts stay on the
 * Orders screen, the phone masked.
 */
export function appUsersIn(db: Db, scope: Scope, searched = false): SQL | undefined {
  // A search's rows come from the phone's or names' trigram indexes: each is probed (a semi-join would read every
  // consenting guest of the restaurant to keep a few); the whole list lets the planner pick (guests/consent.ts).
  return saidYesInScope(db, scope, appUsers.id, searched ? 'probe' : 'exists');
}

/** GET /user: app users of the scope with the end of their phone's lock (null when not locked), for the list's
 * lock indicator. */
export async function appUsersList(
  db: Db,
  config: Config,
  scope: Scope,
  q: ListQuery,
): Promise<ListSource<AppUserRow>> {
  const only = scope.restaurantIds?.length === 1 ? scope.restaurantIds[0] : undefined;
  if (only !== undefined && !q.q?.trim() && (!q.sort || q.sort === 'createdAt' || q.sort === 'id'))
    return oneRestaurantsCustomers(db, config, only, q);
  const { filter, total } = await listSearch(db, q, config.PHONE_DEFAULT_COUNTRY);
  return listSource(db, {
    select: () =>
      db
        .select({ ...getTableColumns(appUsers), lockedUntil: lockedUntilSql(config) })
        .from(appUsers)
        .leftJoin(phoneGuards, eq(phoneGuards.phone, appUsers.phone)),
    table: appUsers,
    id: appUsers.id,
    scope: appUsersIn(db, scope, filter !== undefined),
    filter,
    // The search's own count is of every app user: a manager's is counted over its guests who said yes. A manager's
    // whole list is its restaurants' customers who said yes, kept as they say it (counts.ts consentedCustomersAt):
    // exact, the dashboard's figure, so its last page is read from the other end.
    total:
      scope.restaurantIds === null
        ? total
        : q.q?.trim()
          ? undefined
          : async () => ({ total: await consentedCustomersAt(db, scope.restaurantIds!), exact: true }),
    order: declaredOrder(usersResource, q, sortable, appUsers.id),
    // The whole list's total is the trigger-kept count; a search's is counted up to 1,000 (counts.ts).
    whole: 'app_users',
    // An admin's whole list: a deep page in sign-up order starts at its day (repositories/rowDays.ts).
    placed:
      scope.restaurantIds === null && filter === undefined
        ? {
            column: appUsers.createdAt,
            at: (offset, newestFirst) => dayStartOf(db, ['app_users'], offset, newestFirst),
          }
        : undefined,
  });
}

/**
 * A manager of one restaurant, its whole list in sign-up (or id) order: its consenting guests, whose rows keep each
 * customer's sign-up time (migration 0029), walked in guests_user_created_idx - a deep page's ids from that index
 * alone (page 2,000: 50,000 entries) instead of every customer of the restaurant joined and sorted. The same rows
 * and order as the general path (tests/server/api/keptCustomers.test.ts compares every page with it).
 */
function oneRestaurantsCustomers(db: Db, config: Config, restaurantId: number, q: ListQuery): ListSource<AppUserRow> {
  const theirs = and(eq(guests.restaurantId, restaurantId), eq(guests.consented, true));
  return listSource(db, {
    select: () =>
      db
        .select({ ...getTableColumns(appUsers), lockedUntil: lockedUntilSql(config) })
        .from(appUsers)
        .innerJoin(guests, and(eq(guests.appUserId, appUsers.id), theirs))
        .leftJoin(phoneGuards, eq(phoneGuards.phone, appUsers.phone)),
    table: guests,
    id: guests.appUserId,
    scope: theirs,
    total: async () => ({ total: await consentedCustomersAt(db, [restaurantId]), exact: true }),
    order: declaredOrder(
      usersResource,
      q,
      { ...sortable, createdAt: guests.userCreatedAt, id: guests.appUserId },
      guests.appUserId,
    ),
  });
}

/** One app user's phone, or undefined for an unknown id. */
export async function appUserPhone(db: Db, id: number): Promise<string | undefined> {
  const [user] = await db.select({ phone: appUsers.phone }).from(appUsers).where(eq(appUsers.id, id));
  return user?.phone;
}

/**
 * Deletes an app user with their saved orders, guest rows and loyalty memberships (docs/SECURITY.md, "Retention"); what was deleted, or
 * undefined. The kept counters (row_counts, the insights' rows) are taken in the order a save of a new customer takes
 * them - the app users' count, the orders' counts, then the guestbook's (migrations 0006, 0017, 0020, 0025) - so a
 * save and a deletion never wait on each other in a circle: the user's row is locked first (a save of their phone
 * locks it first too: the two queue there), then the app users' count, then the orders go, then the guest rows, then
 * the user (in this order rather than by the cascades, which would take the app users' count last).
 */
export async function deleteAppUser(tx: Tx, id: number) {
  const [user] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, id)).for('update');
  if (!user) return undefined;
  await tx.select({ n: rowCounts.n }).from(rowCounts).where(eq(rowCounts.name, 'app_users')).for('update');
  // The loyalty ledger lets this transaction delete the member's entries (loyalty.ts).
  await forgetMemberships(tx, id);
  await tx.delete(orders).where(eq(orders.appUserId, id));
  await tx.delete(guests).where(eq(guests.appUserId, id));
  const [gone] = await tx
    .delete(appUsers)
    .where(eq(appUsers.id, id))
    .returning({ id: appUsers.id, phone: appUsers.phone });
  return gone;
}

/** The CSV export's search: digits search the phone (a local form too); words search names and phone. */
export function appUsersExportWhere(q: string | undefined, defaultCountry: string) {
  const term = q?.trim() ?? '';
  return /^\+?[\d\s]+$/.test(term)
    ? or(...phoneSearchForms(term.replace(/\s+/g, ''), defaultCountry).map((f) => searchWhere(f, [appUsers.phone])))
    : wordsWithin(term, appUsers.search);
}

/** One batch of the CSV export (the scope's app users), in id order after `after`. */
export function appUsersBatch(
  db: Db,
  scope: Scope,
  where: ReturnType<typeof appUsersExportWhere>,
  after: { id: number } | undefined,
  limit: number,
): Promise<AppUser[]> {
  return db
    .select()
    .from(appUsers)
    .where(
      and(appUsersIn(db, scope, where !== undefined), where, after ? sql`${appUsers.id} > ${after.id}` : undefined),
    )
    .orderBy(asc(appUsers.id))
    .limit(limit);
}

/** Marks the phone's app user as signed in now; their id, or 0 when the phone has no account. */
export async function signInAppUser(tx: Tx, phone: string): Promise<number> {
  const [u] = await tx
    .update(appUsers)
    .set({ lastLogin: new Date() })
    .where(eq(appUsers.phone, phone))
    .returning({ id: appUsers.id });
  return u?.id ?? 0;
}
