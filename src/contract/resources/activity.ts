// The audit trail (docs/ARCHITECTURE.md, The audit trail): at /admin/activity, as /activity is the screen's own
// address. Not a restaurant's rows: a manager sees what its team did and what was done to its restaurants
// (server/db/repositories/activity.ts, activityIn). Newest first, no other sort.
import { activityQuery, activitySchema } from '../activity';
import { declareResource, MANAGERS } from '../resource';

export const activityResource = declareResource({
  name: 'activity',
  path: '/admin/activity',
  row: activitySchema,
  query: activityQuery,
  search: [],
  actions: { list: MANAGERS },
  scope: 'none',
});
