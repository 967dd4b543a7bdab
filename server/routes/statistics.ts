// GET /statistics: the dashboard's counts of app users, live restaurants and saved orders.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { errorSchema, statisticsAnswer } from '../../src/contract';
import { appUsers, orders, restaurants } from '../db/schema';

export default async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/statistics', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['dashboard'],
      security: [{ bearer: [] }],
      response: { 200: statisticsAnswer, 401: errorSchema },
    },
  }, async () => {
    const [[u], [r], [o]] = await Promise.all([
      db.select({ n: sql<number>`count(*)::int` }).from(appUsers),
      db.select({ n: sql<number>`count(*)::int` }).from(restaurants).where(eq(restaurants.isDeleted, false)),
      db.select({ n: sql<number>`count(*)::int` }).from(orders),
    ]);
    return { users: u.n, restaurants: r.n, orders: o.n };
  });
}
