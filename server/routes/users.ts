// App users (GET /user, DELETE /user/{id}) and the two faces of POST /user (docs/DECISIONS.md):
// admin fields -> create an admin (admin token required); { phone } alone -> the public send-code call.
// PATCH /user/{id} {isDeleted: true} soft-deletes an admin (the contract names it under /user: docs/API.md, Admins).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminSchema,
  appUserSchema,
  createAdminBody,
  errorSchema,
  idParam,
  listQuery,
  messageSchema,
  sendCodeBody,
  softDeleteBody,
} from '../../src/contract';
import { admins, appUsers, phoneGuards } from '../db/schema';
import { conflict, isUniqueViolation, notFound, unauthorized } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { cappedCount, rowCountsOf } from '../db/queries/counts';
import { DEEP_OFFSET, orderBy, pageIds, pageWindow, searchWhere, setTotal, wantsPaging } from '../lib/paging';
import { dashboardAnswers, liveAdmins } from '../lib/answerCaches';
import { parseCustomerInput, parseOr400 } from '../lib/validate';
import { bearerToken } from '../plugins/auth';
import { handleSendCode } from '../otp/sendCode';
import { lockedUntilSql } from '../otp/phoneLock';
import { maskPhone } from '../otp/phone';
import { actorOf, recordActivity } from '../audit/record';

const ADMIN_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'role'] as const;

type AppUserRow = typeof appUsers.$inferSelect & { lockedUntil: Date | string | null };
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
  // App users with the end of their phone's lock (null when not locked), for the list's lock indicator.
  const withLock = () =>
    db
      .select({ ...getTableColumns(appUsers), lockedUntil: lockedUntilSql(app.deps.config) })
      .from(appUsers)
      .leftJoin(phoneGuards, eq(phoneGuards.phone, appUsers.phone));

  const sortable = {
    id: appUsers.id,
    firstName: appUsers.firstName,
    lastName: appUsers.lastName,
    phone: appUsers.phone,
    birthDate: appUsers.birthDate,
    gender: appUsers.gender,
    lastLogin: appUsers.lastLogin,
    createdAt: appUsers.createdAt,
    updatedAt: appUsers.updatedAt,
  };

  app.get(
    '/user',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['app users'],
        summary: 'App users; paged, sorted and searched (name, phone) when page/perPage/sort/order/q is given',
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: z.array(appUserSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const order = orderBy(q, sortable, { field: 'createdAt', order: 'DESC' }, appUsers.id);
      if (!wantsPaging(q)) {
        return (await withLock().orderBy(...order)).map(toAppUser);
      }
      // Digits (a phone or part of one) search the phone only; other words search the names only (a phone holds
      // nothing but + and digits): each index is asked only what it can answer (docs/PERFORMANCE.md).
      const term = q.q?.trim() ?? '';
      const isPhonePart = (w: string) => /^[+\d]+$/.test(w);
      const where = /^\+?[\d\s]+$/.test(term)
        ? searchWhere(term.replace(/\s+/g, ''), [appUsers.phone])
        : and(
            ...term
              .split(/\s+/)
              .filter(Boolean)
              .slice(0, 5)
              .map((w) => searchWhere(w, isPhonePart(w) ? [appUsers.phone] : [appUsers.firstName, appUsers.lastName])),
          );
      const { limit, offset } = pageWindow(q);
      const [rows, counted] = await Promise.all([
        // A deep page picks its ids first (server/lib/paging.ts, pageOf).
        offset < DEEP_OFFSET
          ? withLock()
              .where(where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset)
          : withLock()
              .where(inArray(appUsers.id, pageIds(db, appUsers, appUsers.id, where, order, limit, offset)))
              .orderBy(...order),
        // The whole list's total is the trigger-kept count; a search's is counted up to 1,000 (db/queries/counts.ts).
        where
          ? cappedCount(db, appUsers, where)
          : rowCountsOf(db, ['app_users']).then((c) => ({ total: c.app_users, exact: true })),
      ]);
      setTotal(reply, counted.total, counted.exact);
      return rows.map(toAppUser);
    },
  );

  app.delete(
    '/user/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['app users'],
        summary: 'Delete an app user (hard delete; their saved orders stay, without a user)',
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(appUsers)
          .where(eq(appUsers.id, req.params.id))
          .returning({ id: appUsers.id, phone: appUsers.phone });
        if (!gone) throw notFound('App user not found');
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'appUser.deleted',
          target: { type: 'appUser', id: gone.id, label: maskPhone(gone.phone) },
        });
      });
      dashboardAnswers(app.deps).forget();
      return { message: 'The User has been removed' };
    },
  );

  app.post(
    '/user',
    {
      // The send-code face is the invoice page's: its messages are the customer's (admin messages are not
      // catalogued and pass unchanged).
      config: { customer: true },
      schema: {
        tags: ['app users', 'admins'],
        summary:
          'Two calls in one: { phone } sends a one-time code (public); admin fields create an admin (token required)',
        description:
          'With `phone` and none of name/email/password/confirmPassword/role: the public send-code call of the ' +
          'invoice page (limits in docs/SECURITY.md); with `restaurantId`, `casherId` and `orderId` (the order shown) the ' +
          'code is bound to that order and is refused (409) when it is saved or no longer available. Otherwise: create an admin `{name, email, password, confirmPassword, ' +
          "role: 'admin'}`, which needs the bearer token of a live admin.",
        body: z.union([createAdminBody, sendCodeBody]).optional(),
        response: {
          200: z.union([adminSchema, messageSchema]),
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
      // Creating an admin: never without a live admin's token, whatever else the body carries.
      const admin = await app.adminFromRequest(req);
      if (!admin)
        throw unauthorized(
          bearerToken(req)
            ? 'Your session has expired, please sign in again'
            : 'Missing or malformed Authorization header',
        );
      const input = parseOr400(createAdminBody.strict(), body);
      if (input.password !== input.confirmPassword) {
        return reply.code(400).send({ message: 'confirmPassword: does not match the password' });
      }
      const email = input.email.toLowerCase();
      const [taken] = await db
        .select({ id: admins.id })
        .from(admins)
        .where(and(sql`lower(${admins.email}) = ${email}`, eq(admins.isDeleted, false)))
        .limit(1);
      if (taken) throw conflict('An admin with this email already exists');
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(admins)
            .values({ name: input.name, email, passwordHash, role: 'admin' })
            .returning({ id: admins.id, name: admins.name, email: admins.email });
          await recordActivity(tx, {
            admin: { id: admin.id, email: admin.email },
            ip: req.ip,
            kind: 'admin.created',
            target: { type: 'admin', id: row.id, label: row.email },
          });
          return row;
        });
      } catch (err) {
        // Two admins created with one e-mail at the same moment: the unique index decides.
        if (isUniqueViolation(err)) throw conflict('An admin with this email already exists');
        throw err;
      }
    },
  );

  app.patch(
    '/user/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admins'],
        summary: 'Soft-delete an admin: { isDeleted: true }',
        security: [{ bearer: [] }],
        params: idParam,
        body: softDeleteBody,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req) => {
      const id = req.params.id;
      await db.transaction(async (tx) => {
        // Lock every live admin row (in id order, so two removals cannot deadlock): a parallel removal waits
        // here and then sees this one's result, so two removals of the last two admins leave one.
        const live = await tx
          .select({ id: admins.id, email: admins.email })
          .from(admins)
          .where(eq(admins.isDeleted, false))
          .orderBy(admins.id)
          .for('update');
        const target = live.find((a) => a.id === id);
        if (!target) throw notFound('Admin not found');
        if (live.length < 2) throw conflict('The last admin cannot be removed');
        await tx
          .update(admins)
          .set({ isDeleted: true, deletedAt: new Date(), updatedAt: new Date() })
          .where(eq(admins.id, id));
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.removed',
          target: { type: 'admin', id, label: target.email },
        });
      });
      liveAdmins(app.deps).forget(String(id));
      return { message: 'The Admin has been removed' };
    },
  );
}
