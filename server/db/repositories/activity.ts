// The back-office's audit trail as read by GET /admin/activity (rows are written by server/db/audit.ts).
import { desc, eq, and } from 'drizzle-orm';
import type { ActivityQuery } from '../../../src/contract';
import { listSource, type ListSource } from '../paging';
import type { Db } from '../client';
import { activity } from '../schema';

/** Newest first, filtered by admin and kind; always paged, the total counted up to 1,000 (the trail only grows). */
export function activityList(db: Db, q: ActivityQuery): ListSource<typeof activity.$inferSelect> {
  return listSource(db, {
    select: () => db.select().from(activity),
    table: activity,
    id: activity.id,
    filter: and(
      q.adminId === undefined ? undefined : eq(activity.adminId, q.adminId),
      q.kind === undefined ? undefined : eq(activity.kind, q.kind),
    ),
    order: [desc(activity.at), desc(activity.id)],
    alwaysPaged: true,
  });
}
