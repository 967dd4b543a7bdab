// Admins: the live list, sign-in's lookup by e-mail, creation, and soft deletion that never removes the last one.
import { and, eq, sql } from 'drizzle-orm';
import type { ListQuery } from '../../../src/contract';
import type { Tx } from '../audit';
import { listSource, orderBy, searchWhere, type ListSource } from '../paging';
import type { Db } from '../client';
import { adminTokenRevocations, admins } from '../schema';

const columns = { id: admins.id, name: admins.name, email: admins.email };
const sortable = { ...columns, createdAt: admins.createdAt };
const live = eq(admins.isDeleted, false);

/** GET /admin: live admins (id, name, email); searched by name and e-mail. */
export function adminsList(db: Db, q: ListQuery): ListSource<{ id: number; name: string; email: string }> {
  return listSource(db, {
    select: () => db.select(columns).from(admins),
    table: admins,
    id: admins.id,
    scope: live,
    filter: searchWhere(q.q, [admins.name, admins.email]),
    order: orderBy(q, sortable, { field: 'id', order: 'ASC' }, admins.id),
  });
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
): Promise<{ id: number; name: string; email: string } | null> {
  const [row] = await db
    .select({
      ...columns,
      validAfter: admins.sessionsValidAfter,
      revoked: sql<boolean>`exists (select 1 from admin_token_revocations r where r.token_hash = ${tokenHash})`,
    })
    .from(admins)
    .where(and(eq(admins.id, id), live))
    .limit(1);
  if (!row || row.revoked) return null;
  if (row.validAfter && issuedAtMs < row.validAfter.getTime()) return null;
  return { id: row.id, name: row.name, email: row.email };
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

/** The live admin behind an admin token, or null (a removed admin's token stops working). */
export async function liveAdminById(db: Db, id: number): Promise<{ id: number; name: string; email: string } | null> {
  const [admin] = await db
    .select(columns)
    .from(admins)
    .where(and(eq(admins.id, id), live))
    .limit(1);
  return admin ?? null;
}

/** The live admin with this e-mail (any case), with what sign-in checks. */
export async function liveAdminByEmail(db: Db, email: string) {
  const [admin] = await db
    .select({ id: admins.id, passwordHash: admins.passwordHash })
    .from(admins)
    .where(and(sql`lower(${admins.email}) = ${email.toLowerCase()}`, live))
    .limit(1);
  return admin;
}

export async function markSignedIn(db: Pick<Db, 'update'>, id: number) {
  await db.update(admins).set({ lastLogin: new Date() }).where(eq(admins.id, id));
}

/** A new admin; the unique index on live e-mails refuses a second one (isUniqueViolation). */
export async function insertAdmin(tx: Tx, input: { name: string; email: string; passwordHash: string }) {
  const [row] = await tx
    .insert(admins)
    .values({ ...input, role: 'admin' })
    .returning({ id: admins.id, name: admins.name, email: admins.email });
  return row;
}

/**
 * Every live admin, each row locked (in id order, so two removals cannot deadlock): a parallel removal waits
 * here and then sees this one's result, so two removals of the last two admins leave one.
 */
export function lockLiveAdmins(tx: Tx) {
  return tx.select({ id: admins.id, email: admins.email }).from(admins).where(live).orderBy(admins.id).for('update');
}

export async function softDeleteAdmin(tx: Tx, id: number) {
  await tx
    .update(admins)
    .set({ isDeleted: true, deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(admins.id, id));
}
