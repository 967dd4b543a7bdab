// GET /admin/activity (not /activity: that is the back-office screen's address, served as HTML): the audit trail of the back-office, newest first, paged in the database, filtered by admin
// and by kind. Admin only; it holds no secrets (server/db/audit.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityQuery, activitySchema, errorSchema } from '../../src/contract';
import { activityList } from '../db/repositories/activity';
import { pagedList } from '../db/paging';
import { answerList } from '../lib/rememberedList';

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
    async (req, reply) =>
      answerList(app, req, reply, z.array(activitySchema), async (totals) => {
        const rows = await pagedList(req.query, totals, activityList(db, req.query));
        return rows.map((r) => ({
          ...r,
          at: r.at.toISOString(),
          detail: (r.detail as Record<string, unknown> | null) ?? null,
        }));
      }),
  );
}
