// GET /statistics: the dashboard's counts of app users, live restaurants and saved orders.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, statisticsAnswer } from '../../src/contract';
import { encode, sendEncoded } from '../lib/encoded';
import { rowCountsOf } from '../db/repositories/counts';

export default async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/statistics',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary: "The dashboard's tiles: app downloads, users, restaurants, saved orders and their totals",
        security: [{ bearer: [] }],
        response: { 200: statisticsAnswer, 401: errorSchema },
      },
    },
    async (_req, reply) =>
      // Exact counts kept by triggers as rows change (db/repositories/counts.ts): one primary-key read, never a
      // count(*); remembered encoded for ANSWER_CACHE_MS on this instance and dropped by its own writes.
      sendEncoded(
        reply,
        await app.answers.dashboard.get('statistics', async () => {
          const c = await rowCountsOf(db, ['app_users', 'live_restaurants', 'orders']);
          return encode(statisticsAnswer, { users: c.app_users, restaurants: c.live_restaurants, orders: c.orders });
        }),
      ),
  );
}
