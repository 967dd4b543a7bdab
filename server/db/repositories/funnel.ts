// The scan-to-save funnel as read by the dashboard and its CSV: sums of funnel_daily over a range of days, in
// all, per live branch of a restaurant and per live till of a branch (rows are counted by funnel/recorder.ts).
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
import { branches, devices, funnelDaily, restaurants } from '../schema';

const sums = {
  views: sql<string>`coalesce(sum(${funnelDaily.views}), 0)`,
  codes: sql<string>`coalesce(sum(${funnelDaily.codes}), 0)`,
  saves: sql<string>`coalesce(sum(${funnelDaily.saves}), 0)`,
};
const figures = (r: { views: string; codes: string; saves: string }) => ({
  views: Number(r.views),
  codes: Number(r.codes),
  saves: Number(r.saves),
});
/** The live restaurants' rows only. */
const liveRestaurant = and(eq(restaurants.id, funnelDaily.restaurantId), eq(restaurants.isDeleted, false));
/** A till's rows within the days. */
const tillDays = (from: string, to: string) =>
  and(
    eq(funnelDaily.restaurantId, devices.restaurantId),
    eq(funnelDaily.deviceId, devices.deviceId),
    between(funnelDaily.day, from, to),
  );

/** The figures of each day that has any, live restaurants of the scope only. */
export async function funnelByDay(db: Db, scope: Scope, from: string, to: string) {
  const rows = await db
    .select({ day: funnelDaily.day, ...sums })
    .from(funnelDaily)
    .innerJoin(restaurants, liveRestaurant)
    .where(and(between(funnelDaily.day, from, to), restaurantsIn(scope, funnelDaily.restaurantId)))
    .groupBy(funnelDaily.day);
  return new Map(rows.map((r) => [String(r.day), figures(r)]));
}

/** Each live branch of a restaurant with its tills' figures, in POS order of arrival. */
export async function funnelPerBranch(db: Db, restaurantId: number, from: string, to: string) {
  const rows = await db
    .select({ id: branches.id, name: branches.name, ...sums })
    .from(branches)
    .leftJoin(devices, eq(devices.branchRef, branches.id))
    .leftJoin(funnelDaily, tillDays(from, to))
    .where(and(eq(branches.restaurantId, restaurantId), isNull(branches.removedAt)))
    .groupBy(branches.id, branches.name)
    .orderBy(asc(branches.id));
  return rows.map((b) => ({ id: b.id, name: b.name, ...figures(b) }));
}

/** Each live till of a branch with its figures and its receipts' shared-link opens, in POS order of arrival. */
export async function funnelPerDevice(db: Db, branchId: number, from: string, to: string) {
  const rows = await db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      name: devices.name,
      ...sums,
      sharedOpens: sql<string>`coalesce(sum(${funnelDaily.sharedOpens}), 0)`,
    })
    .from(devices)
    .leftJoin(funnelDaily, tillDays(from, to))
    .where(and(eq(devices.branchRef, branchId), isNull(devices.removedAt)))
    .groupBy(devices.id, devices.deviceId, devices.name)
    .orderBy(asc(devices.id));
  return rows.map((d) => ({
    id: d.id,
    device_id: d.deviceId,
    name: d.name,
    ...figures(d),
    shared_opens: Number(d.sharedOpens),
  }));
}

function selectTillDays(db: Db) {
  return db
    .select({
      day: funnelDaily.day,
      restaurantId: funnelDaily.restaurantId,
      deviceId: funnelDaily.deviceId,
      restaurant: restaurants.name,
      branch: branches.name,
      device: devices.name,
      views: funnelDaily.views,
      codes: funnelDaily.codes,
      saves: funnelDaily.saves,
    })
    .from(funnelDaily)
    .innerJoin(restaurants, liveRestaurant)
    .leftJoin(
      devices,
      and(eq(devices.restaurantId, funnelDaily.restaurantId), eq(devices.deviceId, funnelDaily.deviceId)),
    )
    .leftJoin(branches, eq(branches.id, devices.branchRef));
}
export type FunnelTillDay = Awaited<ReturnType<ReturnType<typeof selectTillDays>['execute']>>[number];

/** One batch of the CSV: a row per till per day of the scope, in (day, restaurant, till) order after `after`. */
export function funnelBatch(
  db: Db,
  scope: Scope,
  from: string,
  to: string,
  after: FunnelTillDay | undefined,
  limit: number,
): Promise<FunnelTillDay[]> {
  return selectTillDays(db)
    .where(
      and(
        between(funnelDaily.day, from, to),
        restaurantsIn(scope, funnelDaily.restaurantId),
        after
          ? sql`(${funnelDaily.day}, ${funnelDaily.restaurantId}, ${funnelDaily.deviceId}) > (${after.day}::date, ${after.restaurantId}, ${after.deviceId})`
          : undefined,
      ),
    )
    .orderBy(asc(funnelDaily.day), asc(funnelDaily.restaurantId), asc(funnelDaily.deviceId))
    .limit(limit);
}
