// The dashboard (/home): its tiles and latest orders (the spec's GET /statistics, GET /order/last-orders) and its
// period's sales (GET /api/dashboard/sales), each over the caller's restaurants: calls of their own
// (server/routes/statistics.ts, orders.ts, dashboard.ts), no list screen.
import { ALL_ROLES, declareResource } from '../resource';

export const dashboardResource = declareResource({
  name: 'dashboard',
  search: [],
  actions: { list: ALL_ROLES },
  scope: 'none',
});
