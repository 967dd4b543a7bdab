// A branch's tills (docs/API.md): read whole under the branch's id, `{ devices }`. A row names no restaurant: the
// list is narrowed by its branch (another restaurant's branch is a 404). A reprint gives a till a new link key.
import { deviceSchema } from '../restaurants';
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

export const devicesResource = declareResource({
  name: 'devices',
  path: '/restaurant/devices',
  paths: { list: '/restaurant/devices/:branchId' },
  envelope: 'devices',
  paged: false,
  row: deviceSchema,
  search: ['name'],
  actions: { list: ALL_ROLES, show: ALL_ROLES, reprint: MANAGERS },
  scope: 'none',
});
