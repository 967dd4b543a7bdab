// Admins: GET /admin (live admins, paged and searched on request), their creation (the admin face of POST /user,
// dispatched from routes/users.ts: docs/DECISIONS.md) and PATCH /user/{id} {isDeleted: true}, which soft-deletes
// an admin (the contract names it under /user: docs/API.md, Admins).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSchema,
  createAdminBody,
  errorSchema,
  idParam,
  listQuery,
  messageSchema,
  softDeleteBody,
} from '../../src/contract';
import { adminsList, insertAdmin, liveAdminByEmail, lockLiveAdmins, softDeleteAdmin } from '../db/repositories/admins';
import { conflict, isUniqueViolation, notFound, unauthorized } from '../lib/errors';
import { hashPassword } from '../lib/passwords';
import { pagedList } from '../db/paging';
import { answerList } from '../lib/rememberedList';
import { parseOr400 } from '../lib/validate';
import { bearerToken } from '../plugins/auth';
import { actorOf, recordActivity } from '../db/audit';

/** The fields that make POST /user the creation of an admin rather than the customer's code request. */
export const ADMIN_FIELDS = ['name', 'email', 'password', 'confirmPassword', 'role'] as const;

/** The admin face of POST /user: never without a live admin's token, whatever else the body carries. */
export async function createAdmin(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  body: Record<string, unknown>,
) {
  const admin = await app.adminFromRequest(req);
  if (!admin)
    throw unauthorized(
      bearerToken(req) ? 'Your session has expired, please sign in again' : 'Missing or malformed Authorization header',
    );
  const input = parseOr400(createAdminBody.strict(), body);
  if (input.password !== input.confirmPassword) {
    return reply.code(400).send({ message: 'confirmPassword: does not match the password' });
  }
  const email = input.email.toLowerCase();
  if (await liveAdminByEmail(app.deps.database.db, email)) throw conflict('An admin with this email already exists');
  const passwordHash = await hashPassword(input.password);
  try {
    return await app.deps.database.db.transaction(async (tx) => {
      const row = await insertAdmin(tx, { name: input.name, email, passwordHash });
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
}

export default async function adminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admins'],
        summary: 'Live admins; paged, sorted and searched (name, email) when page/perPage/sort/order/q is given',
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: z.array(adminSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) =>
      answerList(app, req, reply, z.array(adminSchema), (totals) =>
        pagedList(req.query, totals, adminsList(db, req.query)),
      ),
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
        const live = await lockLiveAdmins(tx);
        const target = live.find((a) => a.id === id);
        if (!target) throw notFound('Admin not found');
        if (live.length < 2) throw conflict('The last admin cannot be removed');
        await softDeleteAdmin(tx, id);
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'admin.removed',
          target: { type: 'admin', id, label: target.email },
        });
      });
      app.answers.liveAdmins.forget(String(id));
      return { message: 'The Admin has been removed' };
    },
  );
}
