// Back-office accounts (docs/API.md, Admins): listed at /admin, created by POST /user with admin fields, edited and
// soft-deleted by PATCH /user/{id} (the spec's paths). Rows are accounts, not a restaurant's records: a manager
// sees itself and the staff of its restaurants (server/db/repositories/admins.ts, accountsIn).
import { adminDetailSchema, adminSchema, createAdminBody, editAdminBody } from '../admins';
import { ADMINS, declareResource, MANAGERS } from '../resource';

export const adminsResource = declareResource({
  name: 'admins',
  path: '/admin',
  paths: { create: '/user', edit: '/user/:id', delete: '/user/:id' },
  row: adminSchema,
  detail: adminDetailSchema,
  createBody: createAdminBody,
  editBody: editAdminBody,
  createExtra: { role: 'admin' },
  search: ['name', 'email'],
  sort: { fields: ['id', 'name', 'email', 'createdAt'], default: { field: 'id', order: 'ASC' } },
  // resetTotp: reset another account's two-step sign-in (DELETE /admin/{id}/totp); resetPassword: set a new
  // password for an account that forgot its own (POST /api/admins/{id}/password). Admins only.
  actions: {
    list: MANAGERS,
    show: MANAGERS,
    create: MANAGERS,
    edit: MANAGERS,
    delete: MANAGERS,
    resetTotp: ADMINS,
    resetPassword: ADMINS,
  },
  scope: 'none',
  softDelete: true,
  audit: { type: 'admin', created: 'admin.created', edited: 'admin.roleChanged', deleted: 'admin.removed' },
  removed: 'The Admin has been removed',
  notFound: 'Admin not found',
});
