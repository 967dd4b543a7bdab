// The scan-to-save funnel (the dashboard's card, the branches' and tills' figures) and its CSV: calls of their own
// (server/routes/funnel.ts), no list screen.
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

export const funnelResource = declareResource({
  name: 'funnel',
  search: [],
  actions: { list: ALL_ROLES, export: MANAGERS },
  scope: 'none',
});
