// App users (docs/API.md, App users): the customers who saved a receipt. Not a restaurant's rows: a manager sees
// those who saved at its restaurants (server/db/repositories/appUsers.ts, appUsersIn). Deleting one (hard) and
// lifting a phone's lock are an admin's.
import { appUserSchema } from '../appUsers';
import { ADMINS, declareResource, MANAGERS } from '../resource';

export const usersResource = declareResource({
  name: 'users',
  path: '/user',
  row: appUserSchema,
  searchMinChars: true,
  search: ['firstName', 'lastName', 'phone'],
  sort: {
    fields: ['id', 'firstName', 'lastName', 'phone', 'birthDate', 'gender', 'lastLogin', 'createdAt', 'updatedAt'],
    default: { field: 'createdAt', order: 'DESC' },
  },
  actions: { list: MANAGERS, show: MANAGERS, export: MANAGERS, delete: ADMINS, unlock: ADMINS },
  scope: 'none',
  audit: { type: 'appUser', deleted: 'appUser.deleted' },
  removed: 'The User has been removed',
  notFound: 'App user not found',
});
