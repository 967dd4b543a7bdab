// A restaurant's branches (docs/API.md): read whole under the restaurant's id, `{ branches }`, searched in the
// browser.
import { branchSchema } from '../restaurants';
import { ALL_ROLES, declareResource } from '../resource';

export const branchesResource = declareResource({
  name: 'branches',
  path: '/restaurant/branches',
  paths: { list: '/restaurant/branches/:restId' },
  envelope: 'branches',
  paged: false,
  row: branchSchema,
  search: ['name'],
  actions: { list: ALL_ROLES, show: ALL_ROLES },
  scope: { restaurant: 'restaurant.id' },
});
