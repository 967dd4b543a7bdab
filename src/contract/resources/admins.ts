// Back-office accounts (docs/API.md, Admins): listed at /admin, created by POST /user with admin fields, edited and
// soft-deleted by PATCH /user/{id} (the spec's paths). Rows are accounts, not a restaurant's records: a manager
// sees itself and the staff of its restaurants (server/db/repositories/admins.ts, accountsIn).
import { adminSchema, createAdminBody, editAdminBody } from '../admins';
import { ADMINS, declareResource, MANAGERS } from '../resource';

export const adminsResource = declareResource({
  name: 'admins',
  path: '/admin',
  paths: { create: '/user', edit: '/user/:id', delete: '/user/:id' },
  row: adminSchema,
  createBody: createAdminBody,
  editBody: editAdminBody,
  createExtra: { role: 'admin' },
  search: ['name', 'email'],
  sort: { fields: ['id', 'name', 'email', 'createdAt'], default: { field: 'id', order: 'ASC' } },
  actions: {
    list: MANAGERS,
    show: MANAGERS,
    create: MANAGERS,
    edit: MANAGERS,
    delete: MANAGERS,
    // Issue 49: an admin sets a new password for an account that forgot it (POST /api/admins/{id}/password).
    resetPassword: ADMINS,
  },
  scope: 'none',
  softDelete: true,
  audit: { type: 'admin', created: 'admin.created', edited: 'admin.roleChanged', deleted: 'admin.removed' },
  removed: 'The Admin has been removed',
  notFound: 'Admin not found',
});
