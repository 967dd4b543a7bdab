// A restaurant's loyalty program (issue 47): GET / PUT /api/loyalty/programs/{restaurantId}. Admins any restaurant,
// a manager their own (another's answers 404, as if there were none), staff read only (PUT: 403). Every change is
// in the activity trail. The queries: db/repositories/loyaltyProgram.ts. And the program's figures for a period
// beside the one before it, GET /api/loyalty/insights (db/repositories/loyaltyInsights.ts). Their roles are the
// declaration's (src/contract/resources/loyalty.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, loyaltyProgramBody, loyaltyProgramSchema, restaurantIdParam } from '../../src/contract';
import { loyaltyInsightsQuery, loyaltyInsightsSchema } from '../../src/contract/resources';
import { insightRestaurants, loyaltyInsights } from '../db/repositories/loyaltyInsights';
import { dayIn } from '../funnel/days';
import { checkPeriod } from './guests';
import { getProgram, putProgram, toProgramAnswer } from '../db/repositories/loyaltyProgram';
import { actorOf } from '../db/audit';
import { notFound } from '../lib/errors';
import { scopeOfRequest } from '../plugins/auth';
import { loyaltyResource } from '../../src/contract/resources';
import { allow } from './resourceRoutes';

const NO_RESTAURANT = 'Restaurant not found';

export default async function loyaltyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  // Under the house's admin prefix (ADMIN_API_PREFIX of ./index.ts).
  const url = '/api/loyalty/programs/:restaurantId';

  app.get(
    url,
    {
      onRequest: app.requireAdmin,
      config: allow(loyaltyResource, 'show'),
      schema: {
        tags: ['loyalty'],
        summary:
          "A restaurant's loyalty program: on or off, points per unit of currency paid, the least spend that earns, days until an idle balance expires",
        params: restaurantIdParam,
        response: { 200: loyaltyProgramSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const program = await getProgram(db, scopeOfRequest(req), req.params.restaurantId);
      if (!program) throw notFound(NO_RESTAURANT);
      reply.header('Cache-Control', 'no-store');
      return toProgramAnswer(program);
    },
  );

  app.put(
    url,
    {
      onRequest: app.requireAdmin,
      config: { changes: ['loyalty', 'activity'], ...allow(loyaltyResource, 'edit') },
      schema: {
        tags: ['loyalty'],
        summary:
          "Changes a restaurant's loyalty program (the fields given; the others stay); recorded in the activity trail",
        description:
          'points_per_unit more than 0 and at most 100; min_spend 0 or more; expiry_days a whole number from 0 (never) to 3650. A manager changes their own restaurants only; staff read only.',
        params: restaurantIdParam,
        body: loyaltyProgramBody,
        response: { 200: loyaltyProgramSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const program = await putProgram(db, scopeOfRequest(req), req.params.restaurantId, req.body, actorOf(req));
      if (!program) throw notFound(NO_RESTAURANT);
      return toProgramAnswer(program);
    },
  );

  app.get(
    '/api/loyalty/insights',
    {
      onRequest: app.requireAdmin,
      config: allow(loyaltyResource, 'list'),
      schema: {
        tags: ['loyalty'],
        summary:
          "The loyalty program's figures for a period (business dates, both default today) beside the period before it, over the caller's restaurants or one of them: members, new and active members; points issued, redeemed, expired, forfeited; the redemption rate; the points outstanding and their worth at the rewards' value per currency; members' receipts, visits per guest and average ticket beside everyone else's",
        security: [{ bearer: [] }],
        querystring: loyaltyInsightsQuery,
        response: { 200: loyaltyInsightsSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const { restaurantId, from, to } = req.query;
      const scoped = await insightRestaurants(db, scopeOfRequest(req), restaurantId);
      // Another's restaurant (or one not live) is not there.
      if (restaurantId !== undefined && !scoped.length) throw notFound(NO_RESTAURANT);
      checkPeriod(from, to);
      reply.header('Cache-Control', 'no-store');
      return loyaltyInsights(db, scoped, req.query, dayIn(app.deps.config.FUNNEL_TIME_ZONE));
    },
  );
}
