import { defineResource } from '../manifest';
import { DeviceList } from './DeviceList';
import { ar, en } from './messages';

/** A branch's tills: a page under /restaurants, its list read under the branch's id. */
export default defineResource({
  name: 'devices',
  under: 'restaurants',
  routes: { 'devices/:restId/:branchId': DeviceList },
  api: {
    path: '/restaurant/devices',
    listPath: (filter) => `/restaurant/devices/${encodeURIComponent(String(filter.branchId ?? ''))}`,
    envelope: 'devices',
    search: ['name'],
  },
  access: ['admin', 'manager', 'staff'],
  messages: { en, ar },
});
