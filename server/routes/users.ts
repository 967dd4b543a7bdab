// App users (GET /user, DELETE /user/{id}) and the two faces of POST /user (DECISIONS.md):
// admin fields -> create an admin (admin token required); { phone } alone -> the public send-code call.
// PATCH /user/{id} {isDeleted: true} soft-deletes an admin (SPEC.md section 7 names it under /user).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminSchema, appUserSchema, createAdminBody, errorSchema, idParam, listQuery, sendCodeBody, softDeleteBody,
} from '../../src/contract';
import { admins, appUsers } from '../db/schema';
import { conflict, notFound, unauthorized } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { fastCount } from '../db/queries/counts';
import { orderBy, pageWindow, searchWhere, setTotal, wantsPaging } from '../lib/paging';
import { parseOr400 } from '../lib/validate';
import { bearerToken } from '../plugins/auth';
import { handleSendCode } from '../otp/sendCode';

const ADMIN_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'role'] as const;
const messageAnswer = z.object({ message: z.string() });

type AppUserRow = typeof appUsers.$inferSelect;
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
});

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  const sortable = {
    id: appUsers.id, firstName: appUsers.firstName, lastName: appUsers.lastName, phone: appUsers.phone,
    birthDate: appUsers.birthDate, gender: appUsers.gender, lastLogin: appUsers.lastLogin,
    createdAt: appUsers.createdAt, updatedAt: appUsers.updatedAt,
  };

  app.get('/user', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['app users'],
      summary: 'App users; paged, sorted and searched (name, phone) when page/perPage/sort/order/q is given',
      security: [{ bearer: [] }],
      querystring: listQuery,
      response: { 200: z.array(appUserSchema), 400: errorSchema, 401: errorSchema },
    },
  }, async (req, reply) => {
    const q = req.query;
    const order = orderBy(q, sortable, { field: 'createdAt', order: 'DESC' }, appUsers.id);
    if (!wantsPaging(q)) {
      return (await db.select().from(appUsers).orderBy(...order)).map(toAppUser);
    }
    // Digits (a phone or part of one) search the phone only; words search the names: each index is asked
    // only what it can answer, which halves the work of a search at 100,000 users (docs/PERFORMANCE.md).
    const term = q.q?.trim() ?? '';
    const where = /^\+?[\d\s]+$/.test(term)
      ? searchWhere(term.replace(/\s+/g, ''), [appUsers.phone])
      : searchWhere(term, [appUsers.firstName, appUsers.lastName, appUsers.phone]);
    const { limit, offset } = pageWindow(q);
    const exactTotal = async () => (await db.select({ n: count() }).from(appUsers).where(where))[0].n;
    const [rows, n] = await Promise.all([
      db.select().from(appUsers).where(where).orderBy(...order).limit(limit).offset(offset),
      // An unfiltered total of a big table comes from the planner's estimate (db/queries/counts.ts).
      where ? exactTotal() : fastCount(db, 'app_users', exactTotal),
    ]);
    setTotal(reply, n);
    return rows.map(toAppUser);
  });

  app.delete('/user/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['app users'],
      summary: 'Delete an app user (hard delete; their saved orders stay, without a user)',
      security: [{ bearer: [] }],
      params: idParam,
      response: { 200: messageAnswer, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (req) => {
    const gone = await db.delete(appUsers).where(eq(appUsers.id, req.params.id)).returning({ id: appUsers.id });
    if (!gone.length) throw notFound('App user not found');
    return { message: 'The User has been removed' };
  });

  app.post('/user', {
    schema: {
      tags: ['app users', 'admins'],
      summary: 'Two calls in one: { phone } sends a one-time code (public); admin fields create an admin (token required)',
      description:
        'With `phone` and none of name/email/password/confirmPassword/role: the public send-code call of the ' +
        'invoice page (limits in SECURITY.md). Otherwise: create an admin `{name, email, password, confirmPassword, ' +
        "role: 'admin'}`, which needs the bearer token of a live admin.",
      body: z.union([createAdminBody, sendCodeBody]).optional(),
      response: { 200: z.union([adminSchema, messageAnswer]), 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
    },
    // The body is told apart and validated in the handler; the schema above is for the OpenAPI description.
    validatorCompiler: () => (data) => ({ value: data }),
  }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const isObject = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body);
    const hasAdminField = isObject && ADMIN_FIELDS.some((f) => f in body);
    const wantsAdmin = hasAdminField || (isObject && !('phone' in body) && bearerToken(req) !== null);
    if (!wantsAdmin) {
      const { phone } = parseOr400(sendCodeBody, isObject ? body : {});
      return handleSendCode(app, req, reply, { phone });
    }
    // Creating an admin: never without a live admin's token, whatever else the body carries.
    const admin = await app.adminFromRequest(req);
    if (!admin) throw unauthorized(bearerToken(req) ? 'Your session has expired, please sign in again' : 'Missing or malformed Authorization header');
    const input = parseOr400(createAdminBody.strict(), body);
    if (input.password !== input.confirmPassword) {
      return reply.code(400).send({ message: 'confirmPassword: does not match the password' });
    }
    const email = input.email.toLowerCase();
    const [taken] = await db.select({ id: admins.id }).from(admins)
      .where(and(sql`lower(${admins.email}) = ${email}`, eq(admins.isDeleted, false))).limit(1);
    if (taken) throw conflict('An admin with this email already exists');
    try {
      const [row] = await db.insert(admins)
        .values({ name: input.name, email, passwordHash: await hashPassword(input.password), role: 'admin' })
        .returning({ id: admins.id, name: admins.name, email: admins.email });
      return row;
    } catch (err: any) {
      // Two admins created with one e-mail at the same moment: the unique index decides.
      if (err?.code === '23505' || err?.cause?.code === '23505') throw conflict('An admin with this email already exists');
      throw err;
    }
  });

  app.patch('/user/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['admins'],
      summary: 'Soft-delete an admin: { isDeleted: true }',
      security: [{ bearer: [] }],
      params: idParam,
      body: softDeleteBody,
      response: { 200: messageAnswer, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
    },
  }, async (req) => {
    const id = req.params.id;
    const [target] = await db.select({ id: admins.id }).from(admins)
      .where(and(eq(admins.id, id), eq(admins.isDeleted, false))).limit(1);
    if (!target) throw notFound('Admin not found');
    const [{ others }] = await db.select({ others: count() }).from(admins)
      .where(and(eq(admins.isDeleted, false), ne(admins.id, id)));
    if (others === 0) throw conflict('The last admin cannot be removed');
    await db.update(admins).set({ isDeleted: true, deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(admins.id, id), eq(admins.isDeleted, false)));
    return { message: 'The Admin has been removed' };
  });
}
