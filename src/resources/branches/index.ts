import { defineResource } from '../manifest';
import { BranchList } from './BranchList';
import { ar, en } from './messages';

/** A restaurant's branches: a page under /restaurants, its list read under the restaurant's id. */
export default defineResource({
  name: 'branches',
  under: 'restaurants',
  routes: { 'branches/:restId': BranchList },
  api: {
    path: '/restaurant/branches',
    listPath: (filter) => `/restaurant/branches/${encodeURIComponent(String(filter.restId ?? ''))}`,
    envelope: 'branches',
    search: ['name'],
  },
  access: ['admin', 'manager', 'staff'],
  messages: { en, ar },
});
