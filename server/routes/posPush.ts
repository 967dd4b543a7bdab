// POST /pos/specter/orders: a Specter POS pushes each order here (system_type Specter). Authenticated by the
// restaurant's own push key (rotated by an admin: POST /restaurant/{id}/push-key) in a bearer header; the
// global POS_PUSH_SECRET is accepted only while it is configured (a fallback: unset it to switch it off).
// The branch and device arrive with the order and are created on first sight. An order pushed again (its
// status changed, a line was returned) replaces what we had: the same rules as Foodics then decide whether a
// customer sees it (closed, recent, unsaved: server/core/claim.ts), and its lines are stored as paid.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, invoiceSchema, messageSchema } from '../../src/contract';
import { findLiveRestaurant } from '../db/repositories/restaurants';
import { EVERY_RESTAURANT } from '../db/scope';
import { storePushedOrder } from '../db/repositories/pushedOrders';
import { badRequest, HttpError, notFound, unauthorized } from '../lib/errors';
import { hashPushKey, sameSecret } from '../pos';
import { CLOSED } from '../core/claim';
import { paidLines } from '../pos/lines';
import { undoPushedOrder } from '../pos/loyaltyUndo';

const pushedLine = invoiceSchema.shape.order_items.element.extend({
  /** How many of item_quantity were given back. */
  returned_quantity: z.number().min(0).optional(),
  /** 5 = void, 6 = returned (Foodics' numbering). */
  status: z.number().int().optional(),
});

const pushBody = z.object({
  restaurantId: z.number().int().positive().max(2_147_483_647),
  order_id: z.string().trim().min(1).max(100),
  branch: z.object({ id: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(200) }),
  device: z.object({ id: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(200) }),
  /** Foodics' numbering: 4 = closed (the default), 1 pending, 2 active, 3 declined, 5 returned, 6 joined, 7 void, 8 draft. */
  status: z.number().int().min(1).max(8).default(CLOSED),
  /** When the order closed (ISO 8601); the claim window counts from here. Missing = when it is received. */
  closed_at: z.iso.datetime({ offset: true }).optional(),
  invoice: invoiceSchema.omit({ restaurant: true }).extend({ order_items: z.array(pushedLine) }),
});

/** How far ahead of our clock a POS's closed_at may be (the two clocks differ a little). */
const FUTURE_SKEW_MS = 60_000;

export default async function posPushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const globalSecret = app.deps.config.POS_PUSH_SECRET;

  app.post(
    '/pos/specter/orders',
    {
      // The till's recent orders; a till or branch seen for the first time (the restaurants list).
      config: { changes: ['receipts', 'restaurants', 'loyalty'] },
      schema: {
        tags: ['pos'],
        summary: "A Specter POS pushes an order (Authorization: Bearer <the restaurant's push key>)",
        body: pushBody,
        response: {
          200: messageSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req) => {
      const b = req.body;
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const r = await findLiveRestaurant(app.deps.database, b.restaurantId, EVERY_RESTAURANT);
      const ownKey = !!r?.pushKeyHash && given !== '' && sameSecret(hashPushKey(given), r.pushKeyHash);
      const fallback = !!globalSecret && given !== '' && sameSecret(given, globalSecret);
      if (!ownKey && !fallback) throw unauthorized('Invalid POS key');
      if (!r) throw notFound('Restaurant not found');
      if (r.systemType !== 'Specter') throw new HttpError(409, 'This restaurant does not use the Specter POS');
      // An order closing in the future would stay claimable past its window: refused (a minute of clock skew allowed).
      if (b.closed_at && Date.parse(b.closed_at) > Date.now() + FUTURE_SKEW_MS)
        throw badRequest('closed_at: must not be in the future');
      const invoice = {
        ...b.invoice,
        restaurant: { name: r.name, logo: r.logo },
        order_items: paidLines(
          b.invoice.order_items.map((l) => ({
            name: l.item_name,
            quantity: l.item_quantity,
            returnedQuantity: l.returned_quantity,
            totalPrice: l.total_price,
            status: l.status,
          })),
        ),
      };
      const firstSeen = await app.deps.database.db.transaction((tx) =>
        storePushedOrder(tx, {
          restaurantId: r.id,
          branch: b.branch,
          device: b.device,
          posOrderId: b.order_id,
          invoice,
          status: b.status,
          closedAt: b.closed_at ? new Date(b.closed_at) : new Date(),
          keepClosedAt: !b.closed_at,
        }),
      );
      // Returned (5) or void (7): the order's loyalty points are undone (issue 47); the push key is the POS's word.
      await undoPushedOrder(app.deps, r.id, b.order_id, b.status);
      return { message: firstSeen ? 'Order received' : 'Order updated' };
    },
  );
}
