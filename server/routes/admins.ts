// GET /admin: live admins (id, name, email); paged and searched (name, email) on request.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { adminSchema, errorSchema, listQuery } from '../../src/contract';
import { admins } from '../db/schema';
import { cappedCount } from '../db/queries/counts';
import { orderBy, pageWindow, searchWhere, setTotal, wantsPaging } from '../lib/paging';

export default async function adminsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const columns = { id: admins.id, name: admins.name, email: admins.email };
  const sortable = { ...columns, createdAt: admins.createdAt };

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
    async (req, reply) => {
      const q = req.query;
      const order = orderBy(q, sortable, { field: 'id', order: 'ASC' }, admins.id);
      const live = eq(admins.isDeleted, false);
      if (!wantsPaging(q))
        return db
          .select(columns)
          .from(admins)
          .where(live)
          .orderBy(...order);
      const where = and(live, searchWhere(q.q, [admins.name, admins.email]));
      const { limit, offset } = pageWindow(q);
      const [rows, counted] = await Promise.all([
        db
          .select(columns)
          .from(admins)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        cappedCount(db, admins, where),
      ]);
      setTotal(reply, counted.total, counted.exact);
      return rows;
    },
  );
}
