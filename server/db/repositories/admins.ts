// Admins (every back-office account: admin, manager, staff - issue 26): the live list, sign-in's lookup by e-mail,
// the account behind a token with its role and restaurants, creation, edits of role and restaurants, and soft
// deletion that never removes the last admin.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, Role } from '../../../src/contract';
import { adminsResource } from '../../../src/contract/resources';
import type { Tx } from '../audit';
import { listSource, declaredOrder, type ListSource } from '../paging';
import { searchWhere } from '../search';
import type { Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
import { adminRestaurants, adminTokenRevocations, admins, restaurants } from '../schema';

/** The outer row's id, named with its table: inside a subquery of a select's fields Drizzle writes a column of the
 * selected table without it, and `id` would then name the subquery's own table's id. */
const outerAdminId = sql`${sql.identifier('admins')}.${sql.identifier('id')}`;

/** The restaurants an account is tied to, in id order (live restaurants only). */
const restaurantIdsOf = sql<number[]>`array(select ar.restaurant_id from ${adminRestaurants} ar
  join ${restaurants} r on r.id = ar.restaurant_id and r.is_deleted = false
  where ar.admin_id = ${outerAdminId} order by ar.restaurant_id)`;

const columns = {
  id: admins.id,
  name: admins.name,
  email: admins.email,
  role: sql<Role>`${admins.role}`,
  restaurantIds: restaurantIdsOf,
};
export type Account = { id: number; name: string; email: string; role: Role; restaurantIds: number[] };

const sortable = { id: admins.id, name: admins.name, email: admins.email, createdAt: admins.createdAt };
const live = eq(admins.isDeleted, false);

/** Arrays come back as arrays from node-postgres and PGlite; numbers as numbers. */
const toAccount = (r: { id: number; name: string; email: string; role: Role; restaurantIds: unknown }): Account => ({
  ...r,
  restaurantIds: ((r.restaurantIds as (number | string)[] | null) ?? []).map(Number),
});

/**
 * The accounts a scope sees: an admin every live account; a manager its own and the staff tied to one of its
 * restaurants (never admins, never other managers); staff none (the route refuses it before).
 */
export function accountsIn(scope: Scope): SQL | undefined {
  if (scope.restaurantIds === null) return undefined;
  const tiedToScope = sql`exists (select 1 from ${adminRestaurants} where ${adminRestaurants.adminId} = ${outerAdminId} and ${restaurantsIn(scope, adminRestaurants.restaurantId)})`;
  return sql`(${admins.id} = ${scope.adminId} or (${admins.role} = 'staff' and ${tiedToScope}))`;
}

/** GET /admin: live accounts of the scope (id, name, email, role, restaurantIds); searched by name and e-mail. */
export function adminsList(db: Db, scope: Scope, q: ListQuery): ListSource<Account> {
  const source = listSource(db, {
    select: () => db.select(columns).from(admins),
    table: admins,
    id: admins.id,
    scope: and(live, accountsIn(scope)),
    filter: searchWhere(q.q, [admins.name, admins.email]),
    order: declaredOrder(adminsResource, q, sortable, admins.id),
  });
  return {
    all: source.all && (async () => (await source.all!()).map(toAccount)),
    page: async (w, m) => (await source.page(w, m)).map(toAccount),
    total: source.total,
  };
}

/**
 * The live admin behind one admin token, or null: a removed admin's token, a token signed out
 * (admin_token_revocations), and one issued before the admin's sessions were ended (a password change) stop working.
 */
export async function liveAdminForToken(
  db: Db,
  id: number,
  tokenHash: string,
  issuedAtMs: number,
): Promise<(Account & { totpOn: boolean }) | null> {
  const [row] = await db
    .select({
      ...columns,
      validAfter: admins.sessionsValidAfter,
      revoked: sql<boolean>`exists (select 1 from admin_token_revocations r where r.token_hash = ${tokenHash})`,
      totpOn: sql<boolean>`${admins.totpEnabledAt} is not null`,
    })
    .from(admins)
    .where(and(eq(admins.id, id), live))
    .limit(1);
  if (!row || row.revoked) return null;
  if (row.validAfter && issuedAtMs < row.validAfter.getTime()) return null;
  return {
    ...toAccount({ id: row.id, name: row.name, email: row.email, role: row.role, restaurantIds: row.restaurantIds }),
    totpOn: row.totpOn,
  };
}

/** Ends one token before its expiry (a sign-out); expired rows are swept by the purge. */
export async function revokeAdminToken(db: Db, tokenHash: string, expiresAt: Date) {
  await db.insert(adminTokenRevocations).values({ tokenHash, expiresAt }).onConflictDoNothing();
}

/** The admin's password hash (to check the old one before a change). */
export async function adminPasswordHash(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: admins.passwordHash })
    .from(admins)
    .where(and(eq(admins.id, id), live));
  return row?.hash ?? null;
}

/** A new password; every session issued before `at` ends. */
export async function changeAdminPassword(tx: Tx, id: number, passwordHash: string, at: Date) {
  await tx.update(admins).set({ passwordHash, sessionsValidAfter: at, updatedAt: at }).where(eq(admins.id, id));
}

/** The live account behind an admin token with its role and restaurants, or null (a removed one's token stops working). */
export async function liveAdminById(db: Db, id: number): Promise<(Account & { totpOn: boolean }) | null> {
  const [admin] = await db
    .select({ ...columns, totpOn: sql<boolean>`${admins.totpEnabledAt} is not null` })
    .from(admins)
    .where(and(eq(admins.id, id), live))
    .limit(1);
  return admin ? { ...toAccount(admin), totpOn: admin.totpOn } : null;
}

/** A live account the scope sees, or undefined (not there, or not this scope's: both answer 404). */
export async function liveAccountIn(db: Db | Tx, scope: Scope, id: number): Promise<Account | undefined> {
  const [row] = await db
    .select(columns)
    .from(admins)
    .where(and(eq(admins.id, id), live, accountsIn(scope)))
    .limit(1);
  return row ? toAccount(row) : undefined;
}

/** The live admin with this e-mail (any case), with what sign-in checks. */
export async function liveAdminByEmail(db: Db, email: string) {
  const [admin] = await db
    .select({
      id: admins.id,
      passwordHash: admins.passwordHash,
      totpSecret: admins.totpSecret,
      totpOn: sql<boolean>`${admins.totpEnabledAt} is not null`,
      totpFailures: admins.totpFailures,
    })
    .from(admins)
    .where(and(sql`lower(${admins.email}) = ${email.toLowerCase()}`, live))
    .limit(1);
  return admin;
}

export async function markSignedIn(db: Pick<Db, 'update'>, id: number) {
  await db.update(admins).set({ lastLogin: new Date() }).where(eq(admins.id, id));
}

/** Which of these ids are live restaurants. */
export async function liveRestaurantIds(db: Db | Tx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(inArray(restaurants.id, [...ids]), eq(restaurants.isDeleted, false)));
  return rows.map((r) => r.id);
}

/** The names of these restaurants (live ones), in id order: the top bar's "restaurants". */
export async function restaurantNames(db: Db, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(and(inArray(restaurants.id, [...ids]), eq(restaurants.isDeleted, false)))
    .orderBy(restaurants.id);
}

/** Ties an account to exactly these restaurants (none for an admin). */
export async function setAccountRestaurants(tx: Tx, adminId: number, restaurantIds: readonly number[]) {
  await tx.delete(adminRestaurants).where(eq(adminRestaurants.adminId, adminId));
  if (restaurantIds.length)
    await tx
      .insert(adminRestaurants)
      .values([...new Set(restaurantIds)].map((restaurantId) => ({ adminId, restaurantId })));
}

/** A new account; the unique index on live e-mails refuses a second one (isUniqueViolation). */
export async function insertAdmin(
  tx: Tx,
  input: { name: string; email: string; passwordHash: string; role?: Role; restaurantIds?: readonly number[] },
): Promise<Account> {
  const role = input.role ?? 'admin';
  const [row] = await tx
    .insert(admins)
    .values({ name: input.name, email: input.email, passwordHash: input.passwordHash, role })
    .returning({ id: admins.id, name: admins.name, email: admins.email });
  const restaurantIds = role === 'admin' ? [] : [...new Set(input.restaurantIds ?? [])].sort((a, b) => a - b);
  await setAccountRestaurants(tx, row.id, restaurantIds);
  return { ...row, role, restaurantIds };
}

/** Changes an account's name and role. */
export async function updateAccount(tx: Tx, id: number, set: { name?: string; role?: Role }) {
  await tx
    .update(admins)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(admins.id, id));
}

/**
 * Every live admin, each row locked (in id order, so two removals cannot deadlock): a parallel removal waits
 * here and then sees this one's result, so two removals of the last two admins leave one. With `role`, the
 * rows of every account are locked, and the role of each is returned, so "the last admin" is decided on locked rows.
 */
export function lockLiveAdmins(tx: Tx) {
  return tx
    .select({ id: admins.id, email: admins.email, role: admins.role })
    .from(admins)
    .where(live)
    .orderBy(admins.id)
    .for('update');
}

export async function softDeleteAdmin(tx: Tx, id: number) {
  await tx
    .update(admins)
    .set({ isDeleted: true, deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(admins.id, id));
}

/** Live admins other than this one (role admin). */
export function otherAdmins(live: { id: number; role: string }[], id: number) {
  return live.filter((a) => a.id !== id && a.role === 'admin');
}

/** The account's second factor: its sealed secret (pending until confirmed), whether it is on, recovery codes left,
 * wrong codes since the last right one. */
export async function totpState(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      secret: admins.totpSecret,
      enabledAt: admins.totpEnabledAt,
      failures: admins.totpFailures,
      recoveryLeft: sql<number>`coalesce(jsonb_array_length(${admins.totpRecoveryHashes}), 0)::int`,
    })
    .from(admins)
    .where(and(eq(admins.id, id), live));
  return row ? { ...row, recoveryLeft: Number(row.recoveryLeft) } : undefined;
}

/** A new secret waiting for its first code (enrolment); only while the second factor is off. */
export async function setPendingTotp(db: Db, id: number, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpSecret: sealedSecret, totpRecoveryHashes: null, totpLastStep: null })
    .where(and(eq(admins.id, id), live, sql`${admins.totpEnabledAt} is null`))
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** The first code confirmed the pending secret: on, with its recovery codes' hashes and that code's step used; every
 * session issued before `at` ends (the caller answers a new token for the one in use). */
export async function enableTotp(
  tx: Tx,
  id: number,
  recoveryHashes: string[],
  step: number,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(admins)
    .set({
      totpEnabledAt: at,
      totpRecoveryHashes: recoveryHashes,
      totpLastStep: step,
      totpFailures: 0,
      sessionsValidAfter: at,
      updatedAt: at,
    })
    .where(and(eq(admins.id, id), sql`${admins.totpEnabledAt} is null`, sql`${admins.totpSecret} is not null`))
    .returning({ id: admins.id });
  return rows.length > 0;
}

const totpOff = {
  totpSecret: null,
  totpEnabledAt: null,
  totpRecoveryHashes: null,
  totpLastStep: null,
  totpFailures: 0,
};

export async function disableTotp(tx: Tx, id: number) {
  await tx.update(admins).set(totpOff).where(eq(admins.id, id));
}

/** An admin resets another account's second factor (a lost phone, a lock): off, and every session of that account
 * ends (it signs in again with its password); false when it was neither on nor pending. */
export async function resetTotp(tx: Tx, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(admins)
    .set({ ...totpOff, sessionsValidAfter: at, updatedAt: at })
    .where(and(eq(admins.id, id), live, sql`${admins.totpSecret} is not null`))
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** One more wrong second-step code (counted until a right one): the count now. */
export async function countTotpFailure(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(admins)
    .set({ totpFailures: sql`${admins.totpFailures} + 1` })
    .where(eq(admins.id, id))
    .returning({ n: admins.totpFailures });
  return row?.n ?? 0;
}

/** A right second-step code: the run of wrong ones starts again (no write when there was none). */
export async function clearTotpFailures(db: Pick<Db, 'update'>, id: number) {
  await db
    .update(admins)
    .set({ totpFailures: 0 })
    .where(and(eq(admins.id, id), sql`${admins.totpFailures} > 0`));
}

/** Takes a code's time step, once: false when this step or a later one already signed in (a replayed code), or when
 * the account's second step is locked (`lockAfter` wrong codes: checked in the same statement). */
export async function useTotpStep(db: Db, id: number, step: number, lockAfter: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(admins.id, id),
        sql`(${admins.totpLastStep} is null or ${admins.totpLastStep} < ${step})`,
        sql`${admins.totpFailures} < ${lockAfter}`,
      ),
    )
    .returning({ id: admins.id });
  return rows.length > 0;
}

/** Takes one recovery code out of the account's list, atomically: false when it is not (or no longer) there, or when
 * the account's second step is locked. */
export async function useRecoveryCode(db: Db, id: number, hash: string, lockAfter: number): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpRecoveryHashes: sql`${admins.totpRecoveryHashes} - ${hash}::text` })
    .where(
      and(
        eq(admins.id, id),
        sql`${admins.totpRecoveryHashes} ? ${hash}::text`,
        sql`${admins.totpFailures} < ${lockAfter}`,
      ),
    )
    .returning({ id: admins.id });
  return rows.length > 0;
}
