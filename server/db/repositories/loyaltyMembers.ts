// A restaurant's loyalty members for the back-office (issue 47): the Members list (paged for a million members:
// docs/PERFORMANCE.md), one member, the CSV's batches and an adjustment of a balance by hand. Every read keeps to
// the caller's scope (restaurantsIn) and to current members of live restaurants (a member who withdrew the yes has
// left: its row stays for the ledger, never listed). The list's WHERE names loyalty_members' own columns only (the
// restaurant's liveness as a subquery, a search on the row's copy of its name and phone), so its count and its deep
// pages' id pick read the members' indexes alone (migrations 0026 and 0027: last activity or balance, all
// restaurants or one, the search's trigrams); the joins give the page's rows their names.
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOO_SHORT, searchTooShort, type ListQuery } from '../../../src/contract';
import { membersResource, type AdjustBody } from '../../../src/contract/resources';
import { badRequest } from '../../lib/errors';
import { nationalSearchDigits, phoneSearchForms } from '../../core/phone';
import type { Tx } from '../audit';
import type { Db } from '../client';
import type { ResourceRepository } from '../resource';
import { declaredOrder, listSource, type ListSource } from '../paging';
import { lowerContains } from '../search';
import { restaurantsIn, type Scope } from '../scope';
import { appUsers, loyaltyLedger, loyaltyMembers, loyaltyPrograms, loyaltyTotals, restaurants } from '../schema';

type Reader = Db | Tx;
type MembersQuery = ListQuery & { restaurantId?: number };

/** A member as the list, read-one and the CSV read it. */
export interface MemberRow {
  id: number;
  restaurantId: number;
  restaurant: string;
  restaurantTimeZone: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string;
  balance: number;
  lifetimePoints: number;
  lastActivityAt: Date;
  joinedAt: Date;
  /** The program's expiry_days (null: no program row) and whether it runs. */
  expiryDays: number | null;
  enabled: boolean | null;
}

const columns = {
  id: loyaltyMembers.id,
  restaurantId: loyaltyMembers.restaurantId,
  restaurant: restaurants.name,
  restaurantTimeZone: restaurants.timeZone,
  firstName: appUsers.firstName,
  lastName: appUsers.lastName,
  phone: appUsers.phone,
  balance: loyaltyMembers.balance,
  lifetimePoints: loyaltyMembers.lifetimePoints,
  lastActivityAt: loyaltyMembers.lastActivityAt,
  joinedAt: loyaltyMembers.joinedAt,
  expiryDays: loyaltyPrograms.expiryDays,
  enabled: loyaltyPrograms.enabled,
};

const rows = (db: Reader) =>
  db
    .select(columns)
    .from(loyaltyMembers)
    .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
    .innerJoin(restaurants, eq(restaurants.id, loyaltyMembers.restaurantId))
    .leftJoin(loyaltyPrograms, eq(loyaltyPrograms.restaurantId, loyaltyMembers.restaurantId));

/** Current members of the scope's live restaurants. */
export const membersIn = (db: Reader, scope: Scope): SQL =>
  and(
    isNull(loyaltyMembers.leftAt),
    inArray(
      loyaltyMembers.restaurantId,
      db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.isDeleted, false)),
    ),
    restaurantsIn(scope, loyaltyMembers.restaurantId),
  )!;

/**
 * The search: every word in the member's name or phone - digits the phone (a local 05... also in E.164), other
 * words the first or last name - on the member row's own copy of them (`search`, "phone first last" in lower case, kept by
 * migration 0027's triggers) and its trigram index, so a common name walks the list's order checking rows and a rare
 * one asks the index (docs/PERFORMANCE.md); a local form's E.164 form is looked up by its national digits (the country
 * code is in every phone) and checked whole. One or two digits (which nearly every phone holds, and no trigram has)
 * are matched with strpos. A word shorter than SEARCH_MIN_CHARS that is not digits is a 400 (no index can answer it).
 */
export function memberSearch(term: string | undefined, defaultCountry: string): SQL | undefined {
  const t = term?.trim() ?? '';
  if (!t) return undefined;
  if (searchTooShort(t)) throw badRequest(SEARCH_TOO_SHORT);
  const words = /^\+?[\d\s]+$/.test(t) ? [t.replace(/\s+/g, '')] : t.split(/\s+/).slice(0, 5);
  const col = loyaltyMembers.search;
  const conditions = words.map((w) => {
    if (/^\+?\d{1,2}$/.test(w)) return sql`strpos(${col}, ${w}) > 0`;
    if (/^\+?\d+$/.test(w)) {
      const national = nationalSearchDigits(w, defaultCountry);
      return or(
        ...phoneSearchForms(w, defaultCountry).map((f) =>
          f === w
            ? lowerContains(col, f)
            : // The E.164 form of a local one: looked up by its national digits, then checked whole.
              and(
                national && national.length >= 3 ? lowerContains(col, national) : undefined,
                sql`strpos(${col}, ${f}) > 0`,
              ),
        ),
      );
    }
    return lowerContains(col, w);
  });
  return and(...conditions);
}

const sortable = {
  id: loyaltyMembers.id,
  balance: loyaltyMembers.balance,
  last_activity_at: loyaltyMembers.lastActivityAt,
};

const filterOf = (q: MembersQuery, defaultCountry: string) =>
  and(
    q.restaurantId === undefined ? undefined : eq(loyaltyMembers.restaurantId, q.restaurantId),
    memberSearch(q.q, defaultCountry),
  );

/** How many current members the scope's live restaurants have (one of them: `restaurantId`), exactly: the trigger-kept
 * loyalty_totals (migration 0026), one row per restaurant, never a count of the members. */
export async function membersCount(db: Db, scope: Scope, restaurantId?: number) {
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${loyaltyTotals.members}), 0)::int` })
    .from(loyaltyTotals)
    .innerJoin(restaurants, eq(restaurants.id, loyaltyTotals.restaurantId))
    .where(
      and(
        eq(restaurants.isDeleted, false),
        restaurantsIn(scope, loyaltyTotals.restaurantId),
        restaurantId === undefined ? undefined : eq(loyaltyTotals.restaurantId, restaurantId),
      ),
    );
  return { total: n, exact: true };
}

/** The Members list: paged, newest activity first by default, searched, filtered by restaurant. Without a search the
 * total is exact (membersCount), so a page past the middle - the last page - is read from the end. */
export function membersList(db: Db, scope: Scope, q: MembersQuery, defaultCountry: string): ListSource<MemberRow> {
  return listSource<MemberRow>(db, {
    total: q.q?.trim() ? undefined : () => membersCount(db, scope, q.restaurantId),
    select: () => rows(db),
    table: loyaltyMembers,
    id: loyaltyMembers.id,
    scope: membersIn(db, scope),
    filter: filterOf(q, defaultCountry),
    order: declaredOrder(membersResource, q, sortable, loyaltyMembers.id),
    // A million members: never the whole list in one answer.
    alwaysPaged: true,
    // A search the planner answers by walking the order checks the index's copy of the search (migration 0027).
    idsFirst: true,
  });
}

/** One current member of the scope, or undefined. */
export async function findMember(db: Reader, scope: Scope, id: number): Promise<MemberRow | undefined> {
  const [row] = await rows(db).where(and(eq(loyaltyMembers.id, id), membersIn(db, scope)));
  return row;
}

/** One batch of the CSV (the list's filters), in id order after `after`. */
export function membersBatch(
  db: Db,
  scope: Scope,
  q: MembersQuery,
  defaultCountry: string,
  after: { id: number } | undefined,
  limit: number,
): Promise<MemberRow[]> {
  return rows(db)
    .where(
      and(
        membersIn(db, scope),
        filterOf(q, defaultCountry),
        after ? sql`${loyaltyMembers.id} > ${after.id}` : undefined,
      ),
    )
    .orderBy(loyaltyMembers.id)
    .limit(limit);
}

export const BELOW_ZERO = 'points: the balance cannot go below zero';

/**
 * An admin's or a manager's adjustment of a member's balance, in the caller's transaction (the audit record is
 * written beside it): the member's row is locked first (as every movement locks it), the balance moves by `points`
 * - never below zero (a 400 naming the field) - and an `adjust` entry with the account and the reason is written.
 * Points added count in the lifetime points (points that went missing, given back by hand); points taken do not
 * undo them. An adjustment is not an earn or a redeem: the expiry's clock does not restart. Undefined when the scope
 * has no such current member.
 */
export async function adjustBalance(
  tx: Tx,
  scope: Scope,
  id: number,
  body: AdjustBody,
  adminId: number,
): Promise<{ member: MemberRow; entryId: number } | undefined> {
  const [m] = await tx
    .select({ id: loyaltyMembers.id, balance: loyaltyMembers.balance, restaurantId: loyaltyMembers.restaurantId })
    .from(loyaltyMembers)
    .where(and(eq(loyaltyMembers.id, id), membersIn(tx, scope)))
    .for('update');
  if (!m) return undefined;
  if (m.balance + body.points < 0) throw badRequest(BELOW_ZERO);
  const [after] = await tx
    .update(loyaltyMembers)
    .set({
      balance: sql`${loyaltyMembers.balance} + ${body.points}`,
      lifetimePoints: sql`${loyaltyMembers.lifetimePoints} + ${Math.max(body.points, 0)}`,
    })
    .where(eq(loyaltyMembers.id, m.id))
    .returning({ balance: loyaltyMembers.balance });
  const [entry] = await tx
    .insert(loyaltyLedger)
    .values({
      memberId: m.id,
      restaurantId: m.restaurantId,
      kind: 'adjust',
      points: body.points,
      balanceAfter: after.balance,
      adminId,
      reason: body.reason,
    })
    .returning({ id: loyaltyLedger.id });
  const member = await findMember(tx, scope, m.id);
  return { member: member!, entryId: entry.id };
}

/** The back-office resource `members` (src/contract/resources/members.ts, server/routes/loyaltyAdmin.ts). */
export const membersRepository = (
  db: Db,
  defaultCountry: string,
): ResourceRepository<MemberRow, unknown, unknown, MembersQuery> => ({
  list: (scope, q) => membersList(db, scope, q, defaultCountry),
  one: (scope, id) => findMember(db, scope, id),
});
