// A restaurant's loyalty members (issue 47, docs/API.md "Loyalty"): /api/loyalty/members - every current member
// with its balance, lifetime points, last activity and expiry date, searched by name or phone, its CSV, and an
// adjustment of its balance with a reason (admins and managers: the ledger's `adjust` entry and the activity
// trail). Staff read them with phones masked; every member said yes to its restaurant, so managers see phones.
import { z } from 'zod';
import { listQuery } from '../common';
import { memberSchema } from '../loyalty';
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

export { adjustBody, memberSchema, type AdjustBody, type Member } from '../loyalty';

const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** The members list's filter (also its CSV's): a restaurant. */
export const membersQuery = listQuery.extend({ restaurantId: dbId.optional() });

export const membersResource = declareResource({
  name: 'members',
  path: '/api/loyalty/members',
  row: memberSchema,
  query: membersQuery,
  searchMinChars: true,
  search: ['name', 'phone'],
  sort: { fields: ['id', 'balance', 'last_activity_at'], default: { field: 'last_activity_at', order: 'DESC' } },
  actions: { list: ALL_ROLES, show: ALL_ROLES, export: MANAGERS, adjust: MANAGERS },
  scope: { restaurant: 'restaurant_id' },
  notFound: 'Member not found',
});
