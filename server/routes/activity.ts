// GET /admin/activity (not /activity: that is the back-office screen's address, served as HTML): the audit trail of the back-office, newest first, paged in the database, filtered by admin
// and by kind. Admin only; it holds no secrets (server/audit/record.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { activityQuery, activitySchema, errorSchema } from '../../src/contract';
import { activity } from '../db/schema';
import { cappedCount } from '../db/queries/counts';
import { pageWindow, setTotal } from '../lib/paging';

export default async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/activity',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['activity'],
        summary: 'Changes made in the back-office, newest first; paged (page, perPage), filtered by adminId and kind',
        security: [{ bearer: [] }],
        querystring: activityQuery,
        response: { 200: z.array(activitySchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const where = and(
        q.adminId === undefined ? undefined : eq(activity.adminId, q.adminId),
        q.kind === undefined ? undefined : eq(activity.kind, q.kind),
      );
      const { limit, offset } = pageWindow(q);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(activity)
          .where(where)
          .orderBy(desc(activity.at), desc(activity.id))
          .limit(limit)
          .offset(offset),
        // The trail only grows: counted up to 1,000 rows, a lower bound past that (db/queries/counts.ts).
        cappedCount(db, activity, where),
      ]);
      setTotal(reply, counted.total, counted.exact);
      return rows.map((r) => ({
        ...r,
        at: r.at.toISOString(),
        detail: (r.detail as Record<string, unknown> | null) ?? null,
      }));
    },
  );
}
