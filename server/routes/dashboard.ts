// GET /api/dashboard/sales (issue 49, docs/API.md "The dashboard's period"): what an owner asks first - saved
// receipts, revenue and average ticket per currency for a period beside the one before it, by branch (named with
// its restaurant) and by day, over the caller's restaurants (an admin's: every one; a manager's or staff's: theirs,
// or one of them). Read from the per-day rows the database keeps (insight_days, migrations 0017 and 0024), never
// from the period's orders; the sums equal the Orders screen's for the same restaurant and dates.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, salesQuery, salesSchema } from '../../src/contract';
import { insightsFromKeptRows, salesOf } from '../db/repositories/guests';
import { notFound } from '../lib/errors';
import { dayIn } from '../funnel/days';
import { seesRestaurant } from '../db/scope';
import { scopeOfRequest } from '../plugins/auth';
import { checkPeriod } from './guests';
import { dashboardResource } from '../../src/contract/resources';
import { allow } from './resourceRoutes';

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/api/dashboard/sales',
    {
      onRequest: app.requireAdmin,
      config: allow(dashboardResource, 'list'),
      schema: {
        tags: ['dashboard'],
        summary:
          "The dashboard's period: saved receipts, revenue and average ticket per currency (business dates, both default today) beside the period before it, by branch (named with its restaurant) and by day, over the caller's restaurants or one of them",
        security: [{ bearer: [] }],
        querystring: salesQuery,
        response: { 200: salesSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const { restaurantId, from, to } = req.query;
      const scope = scopeOfRequest(req);
      if (restaurantId !== undefined && !seesRestaurant(scope, restaurantId)) throw notFound('Restaurant not found');
      checkPeriod(from, to);
      const rids = restaurantId !== undefined ? [restaurantId] : (scope.restaurantIds ?? undefined);
      const { length: _, ...sales } = await salesOf(
        rids,
        req.query,
        dayIn(app.deps.config.FUNNEL_TIME_ZONE),
        insightsFromKeptRows(db),
      );
      reply.header('Cache-Control', 'no-store');
      return sales;
    },
  );
}
