// The restaurants' logos copied to this site (migration 0025, server/pos/logoCopy.ts): which logos want a copy, the
// copy (or why there is none) kept, the logo a receipt shows, and the bytes the copy's address serves.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { restaurantLogos, restaurants } from '../schema';

/** The logo a receipt shows: the copy on this site when there is one, else the logo's own address. */
export const shownLogo = (r: { logo: string; logoCopy: string | null }): string => r.logoCopy ?? r.logo;

/** The restaurant row with its shown logo in `logo` (the receipt's and the POS adapters' view of it). */
export const withShownLogo = <R extends { logo: string; logoCopy: string | null }>(r: R): R => ({
  ...r,
  logo: shownLogo(r),
});

/** The address a copy is served at: the restaurant, the bytes' hash (a new copy is a new address: cached for
 * good) and the type's extension. */
export const logoCopyPath = (restaurantId: number, sha256: string, ext: string) =>
  `/restaurant-logos/${restaurantId}/${sha256.slice(0, 16)}.${ext}`;

/**
 * The live restaurants whose http(s) logo has no copy yet: never tried, a new address, or a failure older than
 * `retryAfterMs` (a failure is not tried again on every save).
 */
export async function logosToCopy(db: Db, retryAfterMs: number): Promise<{ id: number; logo: string }[]> {
  return db
    .select({ id: restaurants.id, logo: restaurants.logo })
    .from(restaurants)
    .leftJoin(restaurantLogos, eq(restaurantLogos.restaurantId, restaurants.id))
    .where(
      and(
        eq(restaurants.isDeleted, false),
        isNull(restaurants.logoCopy),
        sql`${restaurants.logo} ~* '^https?://'`,
        or(
          isNull(restaurantLogos.restaurantId),
          sql`${restaurantLogos.source} <> ${restaurants.logo}`,
          sql`${restaurantLogos.bytes} is not null`,
          sql`${restaurantLogos.fetchedAt} < now() - make_interval(secs => ${retryAfterMs / 1000})`,
        ),
      ),
    )
    .orderBy(restaurants.id);
}

export type KeptLogo =
  | { ok: true; contentType: string; ext: string; width: number; height: number; bytes: Buffer; sha256: string }
  | { ok: false; error: string };

/**
 * Keeps what fetching `source` gave for the restaurant. A copy is shown (restaurants.logo_copy) only while the
 * restaurant's logo is still `source`: a logo changed during the fetch keeps the new address.
 */
export async function keepLogoCopy(db: Db, restaurantId: number, source: string, got: KeptLogo): Promise<void> {
  const row = got.ok
    ? {
        source,
        contentType: got.contentType,
        width: got.width,
        height: got.height,
        bytes: got.bytes,
        sha256: got.sha256,
        error: null,
      }
    : { source, contentType: null, width: null, height: null, bytes: null, sha256: null, error: got.error };
  await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.id, restaurantId), eq(restaurants.logo, source)))
      .for('update');
    if (!live) return;
    await tx
      .insert(restaurantLogos)
      .values({ restaurantId, ...row, fetchedAt: new Date() })
      .onConflictDoUpdate({ target: restaurantLogos.restaurantId, set: { ...row, fetchedAt: new Date() } });
    await tx
      .update(restaurants)
      .set({ logoCopy: got.ok ? logoCopyPath(restaurantId, got.sha256, got.ext) : null })
      .where(eq(restaurants.id, restaurantId));
  });
}

/** The copy served at logoCopyPath(restaurantId, sha256...), or undefined (another hash: an older address). */
export async function logoCopyBytes(
  db: Db,
  restaurantId: number,
  shaStart: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: restaurantLogos.contentType, bytes: restaurantLogos.bytes, sha256: restaurantLogos.sha256 })
    .from(restaurantLogos)
    .where(eq(restaurantLogos.restaurantId, restaurantId));
  if (!row?.bytes || !row.contentType || !row.sha256?.startsWith(shaStart)) return undefined;
  return { contentType: row.contentType, bytes: row.bytes };
}
