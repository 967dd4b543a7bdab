// GET /statistics: the dashboard's counts of app users, live restaurants and saved orders.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { errorSchema, statisticsAnswer } from '../../src/contract';
import { appUsers, orders, restaurants } from '../db/schema';
import { fastCount } from '../db/queries/counts';

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
    // Exact for small tables; the planner's estimate past 50,000 rows (see db/queries/counts.ts).
    const exact = async (q: Promise<{ n: number }[]>) => (await q)[0].n;
    const [users, restaurantCount, orderCount] = await Promise.all([
      fastCount(db, 'app_users', () => exact(db.select({ n: sql<number>`count(*)::int` }).from(appUsers))),
      exact(db.select({ n: sql<number>`count(*)::int` }).from(restaurants).where(eq(restaurants.isDeleted, false))),
      fastCount(db, 'orders', () => exact(db.select({ n: sql<number>`count(*)::int` }).from(orders))),
    ]);
    return { users, restaurants: restaurantCount, orders: orderCount };
  });
}
