// App users (GET /user, DELETE /user/{id}) and the two faces of POST /user (docs/DECISIONS.md): admin fields ->
// create an admin (admin token required; handled beside the admin list in routes/admins.ts); { phone } alone ->
// the public send-code call (otp/sendCode.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSchema, createAdminBody, errorSchema, sendCodeBody, codeSentSchema } from '../../src/contract';
import { usersResource } from '../../src/contract/resources';
import { appUsersList, deleteAppUser, type AppUserRow } from '../db/repositories/appUsers';
import { resourceRoutes } from './resourceRoutes';
import { parseCustomerInput } from '../lib/validate';
import { bearerToken } from '../plugins/auth';
import { handleSendCode } from '../otp/sendCode';
import { maskPhone } from '../core/phone';
import { ADMIN_FIELDS, createAdmin } from './admins';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toAppUser = (u: AppUserRow) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
  birthDate: u.birthDate,
  gender: u.gender,
  lastLogin: u.lastLogin?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
  lockedUntil: iso(u.lockedUntil),
});

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  resourceRoutes(
    app,
    usersResource,
    {
      list: (scope, q) => appUsersList(db, app.deps.config, scope, q),
      // An admin's only (the declaration): the scope is every restaurant's.
      remove: (tx, _scope, id) => deleteAppUser(tx, id),
    },
    {
      tags: ['app users'],
      summaries: {
        list: 'App users; paged, sorted and searched (name, phone) when page/perPage/sort/order/q is given',
        delete: 'Delete an app user (hard delete; their saved orders go with them)',
      },
      // Their saved orders go with them (docs/SECURITY.md, "Retention").
      changes: ['appUsers', 'savedOrders', 'activity', 'loyalty'],
      shape: (rows) => rows.map(toAppUser),
      labelOf: (u) => maskPhone(u.phone),
    },
  );

  app.post(
    '/user',
    {
      // The send-code face is the invoice page's: its messages are the customer's (admin messages are not
      // catalogued and pass unchanged).
      // A code sent changes nothing remembered; an admin created is (the Admins list, the audit trail).
      config: { customer: true, changes: ['admins', 'activity'] },
      schema: {
        tags: ['app users', 'admins'],
        summary:
          'Two calls in one: { phone } sends a one-time code (public); admin fields create an admin (token required)',
        // Either without a token (the code) or with an admin's (the admin).
        security: [{}, { bearer: [] }],
        description:
          'With `phone` and none of name/email/password/confirmPassword/role: the public send-code call of the ' +
          'invoice page (limits in docs/SECURITY.md); with `restaurantId`, `casherId` and `orderId` (the order shown) the ' +
          'code is bound to that order and is refused (409) when it is saved or no longer available. When the phone ' +
          'already has a live code for that order, nothing is texted: 200 `{message, sent: false, resendIn}` (go to ' +
          'the code step; `resendIn` seconds until `resend: true` may text the same code again); a text sent answers ' +
          '`sent: true` and `resendIn` = the resend wait. Otherwise: create an admin `{name, email, password, confirmPassword, ' +
          "role: 'admin'}`, which needs the bearer token of a live admin.",
        body: z.union([createAdminBody, sendCodeBody]).optional(),
        response: {
          200: z.union([adminSchema, codeSentSchema]),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
          502: errorSchema,
          503: errorSchema,
          504: errorSchema,
        },
      },
      // The body is told apart and validated in the handler; the schema above is for the OpenAPI description.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const isObject = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body);
      const hasAdminField = isObject && ADMIN_FIELDS.some((f) => f in body);
      const wantsAdmin = hasAdminField || (isObject && !('phone' in body) && bearerToken(req) !== null);
      if (!wantsAdmin) {
        return handleSendCode(app, req, reply, parseCustomerInput(sendCodeBody, isObject ? body : {}));
      }
      return createAdmin(app, req, reply, body);
    },
  );
}
