// The invoice page's calls (public): the newest order of a till, and saving it to the customer's account
// with a one-time code. POST /user { phone } (the code) lives in users.ts and otp/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOrderBody, invoiceSchema, lastOrderQuery } from '../../src/contract';
import { appUsers, orderItems, orders } from '../db/schema';
import { conflict } from '../lib/errors';
import { lastOrderService } from '../pos/lastOrder';
import { otpService } from '../otp/service';

const message = z.object({ message: z.string() });

export default async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const lastOrders = lastOrderService(app.deps);
  const otp = otpService(app.deps);

  app.get('/order/foodics/web/last-order', {
    schema: {
      tags: ['invoice'],
      summary: "The newest order of a till (restaurantId = restId, casherId = the device's POS id), as an Invoice. Public.",
      querystring: lastOrderQuery,
      response: { 200: invoiceSchema, 404: message, 429: message, 502: message, 504: message },
    },
  }, async (req, reply) => {
    const { order } = await lastOrders.get(req.query.restaurantId, req.query.casherId);
    reply.header('Cache-Control', 'no-store');
    return order.invoice;
  });

  app.post('/order/foodics/web/add-order', {
    schema: {
      tags: ['invoice'],
      summary: 'Saves the newest order of a till to the account of a phone, with the one-time code sent to it. Public.',
      body: addOrderBody,
      response: { 200: z.object({ message: z.string(), id: z.number() }), 400: message, 404: message, 409: message, 429: message, 502: message },
    },
  }, async (req) => {
    const { casherId, restaurantId, otp: code } = req.body;
    const phone = otp.normalize(req.body.phone);
    // Read the order before touching the code: a POS failure must not cost the customer their code.
    const { order } = await lastOrders.get(restaurantId, casherId);
    const inv = order.invoice;
    const id = await otp.verifyAndConsume(phone, code, req.ip, async (tx) => {
      const [user] = await tx
        .insert(appUsers)
        .values({ phone, lastLogin: new Date() })
        .onConflictDoUpdate({ target: appUsers.phone, set: { lastLogin: new Date(), updatedAt: new Date() } })
        .returning({ id: appUsers.id });
      const [saved] = await tx
        .insert(orders)
        .values({
          appUserId: user.id,
          restaurantId,
          posOrderId: order.posOrderId,
          deviceId: casherId,
          branchName: inv.branch_name,
          orderNumber: inv.order_number,
          checkNumber: inv.check_number,
          orderDate: inv.order_date,
          orderTime: inv.order_time,
          paymentMethod: inv.payment_method,
          subTotalPrice: String(inv.sub_total_price),
          discountAmount: String(inv.discount_amount),
          totalPrice: String(inv.total_price),
          currency: inv.currency,
        })
        .onConflictDoNothing()
        .returning({ id: orders.id });
      // One order, one account, once: the transaction rolls back and the code stays usable.
      if (!saved) throw conflict('This invoice has already been saved');
      if (inv.order_items.length) {
        await tx.insert(orderItems).values(inv.order_items.map((l) => ({
          orderId: saved.id, itemName: l.item_name, itemQuantity: String(l.item_quantity), totalPrice: String(l.total_price),
        })));
      }
      return saved.id;
    });
    return { message: 'Your invoice has been saved', id };
  });
}
