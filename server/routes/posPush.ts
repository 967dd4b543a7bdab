// POST /pos/specter/orders: a Specter POS pushes each order here (system_type Specter). Authenticated by the
// restaurant's own push key (rotated by an admin: POST /restaurant/{id}/push-key) in a bearer header; the
// global POS_PUSH_SECRET is accepted only while it is configured (a fallback: unset it to switch it off).
// The branch and device arrive with the order and are created on first sight. An order pushed again (its
// status changed, a line was returned) replaces what we had: the same rules as Foodics then decide whether a
// customer sees it (closed, recent, unsaved: server/pos/claim.ts), and its lines are stored as paid.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceSchema } from '../../src/contract';
import { branches, devices, posOrders, restaurants } from '../db/schema';
import { HttpError, notFound, unauthorized } from '../lib/errors';
import { hashPushKey, sameSecret } from '../pos';
import { CLOSED } from '../pos/claim';
import { paidLines } from '../pos/lines';

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

export default async function posPushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const globalSecret = app.deps.config.POS_PUSH_SECRET;

  app.post(
    '/pos/specter/orders',
    {
      schema: {
        tags: ['pos'],
        summary: "A Specter POS pushes an order (Authorization: Bearer <the restaurant's push key>)",
        body: pushBody,
        response: {
          200: z.object({ message: z.string() }),
          400: z.object({ message: z.string() }),
          401: z.object({ message: z.string() }),
          404: z.object({ message: z.string() }),
          409: z.object({ message: z.string() }),
        },
      },
    },
    async (req) => {
      const { db } = app.deps.database;
      const b = req.body;
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const [r] = await db
        .select()
        .from(restaurants)
        .where(and(eq(restaurants.id, b.restaurantId), eq(restaurants.isDeleted, false)));
      const ownKey = !!r?.pushKeyHash && given !== '' && sameSecret(hashPushKey(given), r.pushKeyHash);
      const fallback = !!globalSecret && given !== '' && sameSecret(given, globalSecret);
      if (!ownKey && !fallback) throw unauthorized('Invalid POS key');
      if (!r) throw notFound('Restaurant not found');
      if (r.systemType !== 'Specter') throw new HttpError(409, 'This restaurant does not use the Specter POS');
      return db.transaction(async (tx) => {
        const [branch] = await tx
          .insert(branches)
          .values({ restaurantId: r.id, branchId: b.branch.id, name: b.branch.name })
          .onConflictDoUpdate({
            target: [branches.restaurantId, branches.branchId],
            set: { name: b.branch.name, removedAt: null },
          })
          .returning({ id: branches.id });
        await tx
          .insert(devices)
          .values({ restaurantId: r.id, branchRef: branch.id, deviceId: b.device.id, name: b.device.name })
          .onConflictDoUpdate({
            target: [devices.restaurantId, devices.deviceId],
            set: { name: b.device.name, branchRef: branch.id, removedAt: null },
          });
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
        const closedAt = b.closed_at ? new Date(b.closed_at) : new Date();
        const [row] = await tx
          .insert(posOrders)
          .values({
            restaurantId: r.id,
            deviceId: b.device.id,
            posOrderId: b.order_id,
            invoice,
            status: b.status,
            closedAt,
          })
          .onConflictDoUpdate({
            target: [posOrders.restaurantId, posOrders.posOrderId],
            // A re-push without closed_at keeps the closing time we have.
            set: { invoice, status: b.status, closedAt: b.closed_at ? closedAt : sql`${posOrders.closedAt}` },
          })
          .returning({ firstSeen: sql<boolean>`(xmax = 0)` });
        return { message: row.firstSeen ? 'Order received' : 'Order updated' };
      });
    },
  );
}
