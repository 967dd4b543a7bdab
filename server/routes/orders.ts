// GET /order/last-orders: the dashboard's Latest Orders, newest saved orders first.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, latestOrderSchema } from '../../src/contract';
import { latestOrders } from '../db/repositories/savedOrders';
import { encode, sendEncoded } from '../lib/encoded';
import type { Scope } from '../db/scope';
import { dashboardResource } from '../../src/contract/resources';
import { allow } from './resourceRoutes';
import { scopeOfRequest } from '../plugins/auth';

const lastOrdersAnswer = z.object({ orders: z.array(latestOrderSchema) });

export default async function ordersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/order/last-orders',
    {
      onRequest: app.requireAdmin,
      config: allow(dashboardResource, 'list'),
      schema: {
        tags: ['dashboard'],
        summary: "The dashboard's Latest Orders: the newest saved orders (limit, 10 by default)",
        security: [{ bearer: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
        response: { 200: lastOrdersAnswer, 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) =>
      // The newest rows of the (created_at, id) index; remembered encoded for ANSWER_CACHE_MS on this instance and
      // dropped by a save on it, so a saved order shows at once.
      sendEncoded(
        reply,
        // Remembered per view: an admin's, or a manager's or staff's restaurants (req.answersFor).
        await app.answers.dashboard.get(`${req.answersFor ?? ''}last-orders:${req.query.limit}`, async () =>
          encode(lastOrdersAnswer, await latest(scopeOfRequest(req), req.query.limit)),
        ),
      ),
  );

  async function latest(scope: Scope, limit: number) {
    const rows = await latestOrders(db, scope, limit);
    return {
      orders: rows.map((r) => ({
        id: r.id,
        restaurant: { name: r.restaurantName },
        branch_name: r.branchName,
        user: { name: customerName(r) },
        order_date: r.orderDate,
        order_time: r.orderTime,
        payment_method: r.paymentMethod,
        total_price: Number(r.totalPrice),
        currency: r.currency,
      })),
    };
  }
}

/** First and last name; an app user who never gave a name shows their masked phone; a removed one '-'. */
export function displayName(r: { firstName: string | null; lastName: string | null; phone: string | null }): string {
  const name = [r.firstName, r.lastName].filter(Boolean).join(' ').trim();
  if (name) return name;
  if (r.phone) return `•••${r.phone.slice(-3)}`;
  return '-';
}

/**
 * A saved order's customer as the caller may see them (issue 48, docs/SECURITY.md "Roles"): displayName when the
 * scope knows them (an admin; a manager or staff when the customer said yes to the order's restaurant), otherwise
 * only the masked phone (its last 3 digits), never the name: without the yes the restaurant does not know them.
 */
export function customerName(r: {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  customerKnown: boolean;
}): string {
  return r.customerKnown ? displayName(r) : displayName({ firstName: null, lastName: null, phone: r.phone });
}
