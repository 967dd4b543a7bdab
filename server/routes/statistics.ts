// GET /statistics: the dashboard's counts of app users, live restaurants and saved orders.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, statisticsAnswer } from '../../src/contract';
import { encode, sendEncoded } from '../lib/encoded';
import { countsIn } from '../db/repositories/counts';
import { dashboardResource } from '../../src/contract/resources';
import { allow } from './resourceRoutes';
import { scopeOfRequest } from '../plugins/auth';

export default async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/statistics',
    {
      onRequest: app.requireAdmin,
      config: allow(dashboardResource, 'list'),
      schema: {
        tags: ['dashboard'],
        summary: "The dashboard's tiles: app downloads, users, restaurants, saved orders and their totals",
        security: [{ bearer: [] }],
        response: { 200: statisticsAnswer, 401: errorSchema },
      },
    },
    async (req, reply) =>
      // Exact counts kept by triggers as rows change (db/repositories/counts.ts): one primary-key read, never a
      // count(*); remembered encoded for ANSWER_CACHE_MS on this instance and dropped by its own writes.
      sendEncoded(
        reply,
        // A manager's or staff's tiles count their restaurants only (issue 26), remembered per view.
        await app.answers.dashboard.get(`${req.answersFor ?? ''}statistics`, async () =>
          encode(statisticsAnswer, await countsIn(db, scopeOfRequest(req))),
        ),
      ),
  );
}
