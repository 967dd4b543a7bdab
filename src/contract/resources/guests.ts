// The guestbook (docs/API.md, The guestbook): served at the issue's /guest and under the admin prefix /api/guest
// (the back-office's). Staff read it with masked phones and export nothing.
import { guestDetailSchema, guestSchema, guestsQuery } from '../guests';
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

export const guestsResource = declareResource({
  name: 'guests',
  path: '/api/guest',
  alsoAt: ['/guest'],
  row: guestSchema,
  detail: guestDetailSchema,
  query: guestsQuery,
  search: ['name', 'phone'],
  sort: {
    fields: ['id', 'name', 'phone', 'first_visit_at', 'last_visit_at', 'visits', 'spend', 'average_ticket'],
    default: { field: 'last_visit_at', order: 'DESC' },
  },
  actions: { list: ALL_ROLES, show: ALL_ROLES, export: MANAGERS },
  scope: { restaurant: 'restaurant_id' },
  notFound: 'Guest not found',
});
