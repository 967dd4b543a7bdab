// Restaurants (docs/API.md, Restaurants): the list wrapped as `{ restaurants }`, soft-deleted by PATCH
// /restaurant/delete/{id} (the spec's paths). A row is a restaurant, so its own id is its restaurant.
import { restaurantBody, restaurantWithBranches } from '../restaurants';
import { ADMINS, ALL_ROLES, declareResource, MANAGERS } from '../resource';

export const restaurantsResource = declareResource({
  name: 'restaurants',
  path: '/restaurant',
  paths: { delete: '/restaurant/delete/:id' },
  envelope: 'restaurants',
  row: restaurantWithBranches,
  createBody: restaurantBody,
  editBody: restaurantBody.partial(),
  // The form's fields (name_api is the POS's, shown, not sent back).
  editFields: [
    'name',
    'logo',
    'token',
    'branchs_token',
    'system_type',
    'vat_number',
    'zatca_phase',
    'legal_name',
    'time_zone',
  ],
  search: ['name'],
  sort: { fields: ['id', 'name', 'system_type', 'createdAt'], default: { field: 'id', order: 'ASC' } },
  actions: {
    list: ALL_ROLES,
    show: ALL_ROLES,
    create: ADMINS,
    edit: MANAGERS,
    delete: ADMINS,
    sync: MANAGERS,
    connect: MANAGERS,
  },
  scope: { restaurant: 'id' },
  softDelete: true,
  audit: {
    type: 'restaurant',
    created: 'restaurant.created',
    edited: 'restaurant.edited',
    deleted: 'restaurant.deleted',
  },
  removed: 'The Restaurants has been removed',
  example: () => ({
    name: 'Example Cafe',
    logo: 'https://example.com/example-cafe.png',
    token: 'example-token-0123456789',
    branchs_token: 'example-branch-token-0123456789',
    system_type: 'Specter' as const,
  }),
  notFound: 'Restaurant not found',
});
