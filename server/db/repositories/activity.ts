// The back-office's audit trail as read by GET /admin/activity (rows are written by server/db/audit.ts).
import { desc, eq, and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityQuery } from '../../../src/contract';
import { listSource, type ListSource } from '../paging';
import type { Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
import { activity, adminRestaurants } from '../schema';

/**
 * The trail a scope sees: an admin all of it; a manager or staff what their team did (the accounts tied to one of
 * their restaurants) and what was done to their restaurants.
 */
function activityIn(scope: Scope): SQL | undefined {
  if (scope.restaurantIds === null) return undefined;
  const team = sql`${activity.adminId} in (select ${adminRestaurants.adminId} from ${adminRestaurants} where ${restaurantsIn(scope, adminRestaurants.restaurantId)})`;
  const ids = scope.restaurantIds.map(String);
  const theirRestaurants = ids.length
    ? and(eq(activity.targetType, 'restaurant'), inArray(activity.targetId, ids))
    : undefined;
  return or(eq(activity.adminId, scope.adminId), team, theirRestaurants);
}

/** Newest first, filtered by admin and kind; always paged, the total counted up to 1,000 (the trail only grows). */
export function activityList(db: Db, scope: Scope, q: ActivityQuery): ListSource<typeof activity.$inferSelect> {
  return listSource(db, {
    select: () => db.select().from(activity),
    table: activity,
    id: activity.id,
    scope: activityIn(scope),
    filter: and(
      q.adminId === undefined ? undefined : eq(activity.adminId, q.adminId),
      q.kind === undefined ? undefined : eq(activity.kind, q.kind),
    ),
    order: [desc(activity.at), desc(activity.id)],
    alwaysPaged: true,
  });
}
