// POST /pos/specter/orders: a Specter POS pushes each order here (system_type Specter). Authenticated by
// the shared secret POS_PUSH_SECRET in a bearer header; disabled (404) when no secret is configured.
// The branch and device arrive with the order and are created on first sight.
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceSchema } from '../../src/contract';
import { branches, devices, posOrders, restaurants } from '../db/schema';
import { HttpError, notFound, unauthorized } from '../lib/errors';

const pushBody = z.object({
  restaurantId: z.number().int().positive().max(2_147_483_647),
  order_id: z.string().trim().min(1).max(100),
  branch: z.object({ id: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(200) }),
  device: z.object({ id: z.string().trim().min(1).max(100), name: z.string().trim().min(1).max(200) }),
  invoice: invoiceSchema.omit({ restaurant: true }),
});

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export default async function posPushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secret = app.deps.config.POS_PUSH_SECRET;

  app.post('/pos/specter/orders', {
    schema: { tags: ['pos'], summary: 'A Specter POS pushes an order (Authorization: Bearer POS_PUSH_SECRET)', body: pushBody },
    onRequest: async (req) => {
      if (!secret) throw notFound('Not found');
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!same(given, secret)) throw unauthorized('Invalid POS secret');
    },
  }, async (req) => {
    const { db } = app.deps.database;
    const b = req.body;
    const [r] = await db.select().from(restaurants).where(and(eq(restaurants.id, b.restaurantId), eq(restaurants.isDeleted, false)));
    if (!r) throw notFound('Restaurant not found');
    if (r.systemType !== 'Specter') throw new HttpError(409, 'This restaurant does not use the Specter POS');
    return db.transaction(async (tx) => {
      const [branch] = await tx.insert(branches).values({ restaurantId: r.id, branchId: b.branch.id, name: b.branch.name })
        .onConflictDoUpdate({ target: [branches.restaurantId, branches.branchId], set: { name: b.branch.name, removedAt: null } })
        .returning({ id: branches.id });
      await tx.insert(devices).values({ restaurantId: r.id, branchRef: branch.id, deviceId: b.device.id, name: b.device.name })
        .onConflictDoUpdate({ target: [devices.restaurantId, devices.deviceId], set: { name: b.device.name, branchRef: branch.id, removedAt: null } });
      const [saved] = await tx.insert(posOrders)
        .values({ restaurantId: r.id, deviceId: b.device.id, posOrderId: b.order_id, invoice: { ...b.invoice, restaurant: { name: r.name, logo: r.logo } } })
        .onConflictDoNothing()
        .returning({ id: posOrders.id });
      return { message: saved ? 'Order received' : 'Order already received' };
    });
  });
}
