// The invoice page's calls (public): the order a till's customer sees, and saving it to their account with a
// one-time code bound to that order. POST /user { phone } (the code) lives in users.ts and otp/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addOrderBody,
  codeErrorSchema,
  lastOrderAnswer,
  lastOrderQuery,
  messageSchema,
  saveLoyaltySchema,
} from '../../src/contract';
import { saveOrderAndEarn } from '../db/repositories/savedOrders';
import { encode, sendEncoded } from '../lib/encoded';
import { conflict } from '../lib/errors';
import { say } from '../i18n';
import { CLAIM_MESSAGES } from '../core/claim';
import { createSessionService } from '../customer/session';
import { LAST_ORDER_ROUTE } from '../plugins/tillFrontDoor';

export default async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { lastOrders, otp, funnel } = app;
  const sessions = createSessionService(app.deps.config);

  app.get(
    LAST_ORDER_ROUTE,
    {
      config: { customer: true },
      // An address answered here may be answered from memory before Fastify next time (plugins/tillFrontDoor.ts).
      onResponse: (req, reply, done) => {
        app.tillFrontDoor.learn(req, reply);
        done();
      },
      schema: {
        tags: ['invoice'],
        summary:
          "The order a till's customer sees (restaurantId = restId, casherId = the device's POS id), as an Invoice with its POS id and whether it is saved. Public.",
        description:
          'The newest order of the till that is closed at the POS and closed within CLAIM_WINDOW_MINUTES, with `saved: true` once it is saved (never an older order in its place); 404 "No recent order on this till" when there is none.',
        querystring: lastOrderQuery,
        response: {
          200: lastOrderAnswer,
          404: messageSchema,
          429: messageSchema,
          502: messageSchema,
          504: messageSchema,
        },
      },
    },
    async (req, reply) => {
      const { restaurantId, casherId, key } = req.query;
      // The address's limit, the till and its link key, before anything else (docs/SECURITY.md, "Till links").
      await lastOrders.admit({ ip: req.ip, key }, restaurantId, casherId, 'view');
      // A crowd at one till gets one encoded answer per ANSWER_CACHE_MS on this instance (a save drops it):
      // checked against the contract and encoded once, then sent as it is (docs/PERFORMANCE.md).
      const encoded = await app.answers.tills.get(`${restaurantId}:${casherId}`, async () => {
        await lastOrders.tillViewed(restaurantId, casherId);
        const { order, saved } = await lastOrders.get(restaurantId, casherId);
        return encode(lastOrderAnswer, { ...order.invoice, order_id: order.posOrderId, saved });
      });
      funnel.view(req, restaurantId, casherId);
      return sendEncoded(reply.header('Cache-Control', 'no-store'), encoded);
    },
  );

  app.post(
    '/order/foodics/web/add-order',
    {
      // The order saved (and its app user); a wrong code counts towards the phone's lock.
      config: { customer: true, changes: ['savedOrders', 'appUsers', 'phoneLocks', 'guests', 'loyalty'] },
      schema: {
        tags: ['invoice'],
        summary: 'Saves an order of a till to the account of a phone, with the one-time code sent to it. Public.',
        description:
          "With `orderId`: exactly that order (fetched from the POS by its id), if it still qualifies; otherwise 409 saying why. Without it: the order the code was asked for, else the till's newest closed order within CLAIM_WINDOW_MINUTES (the one last-order shows); when that one is saved already, 409 \"This invoice has already been saved\" and nothing is saved (never an older order). A code asked for one order never saves another. `consent: true` (optional) records the phone's yes to the restaurant's guestbook with the save (docs/CUSTOMER.md).",
        body: addOrderBody,
        response: {
          200: z.object({
            message: z.string(),
            id: z.number(),
            /** The save proved the phone: "See my receipts" signs in with it (POST /customer/session/from-save). */
            proof: z.string().optional(),
            /** What the receipt earned at the restaurant's rewards, or what joining would give (issue 47); absent
             * when the restaurant runs no program. */
            loyalty: saveLoyaltySchema.optional(),
          }),
          400: codeErrorSchema,
          404: messageSchema,
          409: messageSchema,
          429: messageSchema,
          502: messageSchema,
          504: messageSchema,
        },
      },
    },
    async (req) => {
      const { casherId, restaurantId, otp: code, key } = req.body;
      await lastOrders.admit({ ip: req.ip, key }, restaurantId, casherId, 'claim');
      const phone = otp.normalize(req.body.phone);
      // The order the customer saw: named by the page, or the one their code was asked for; neither (the app's
      // call, a code from a bare POST /user { phone }): the till's newest, 409 when it is saved (pos/claim.ts).
      const bound = req.body.orderId === undefined ? await otp.boundOrder(phone) : null;
      const named =
        req.body.orderId ??
        (bound?.restaurantId === restaurantId && bound.deviceId === casherId ? bound.posOrderId : undefined);
      // Read the order before touching the code: a POS failure or a saved order must not cost the customer their code.
      const { order } = await lastOrders.claimable(restaurantId, casherId, named);
      const saved = await otp.verifyAndConsume(
        phone,
        code,
        req.ip,
        { restaurantId, deviceId: casherId, posOrderId: order.posOrderId },
        async (tx) => {
          // "Join {restaurant}'s rewards" (the guestbook's yes, issue 34 and 47) is recorded with the save, and the
          // receipt earns in the same transaction: all of it, or none.
          const done = await saveOrderAndEarn(tx, {
            phone,
            restaurantId,
            deviceId: casherId,
            order,
            consent: req.body.consent === true,
          });
          // One order, one account, once: the transaction rolls back and the code stays usable.
          if (done === null) throw conflict(CLAIM_MESSAGES.alreadySaved);
          return done;
        },
      );
      funnel.save(req, restaurantId, casherId);
      const proof = await sessions.proof(phone);
      return {
        message: say(req.lang, 'invoiceSaved'),
        id: saved.id,
        ...(proof ? { proof } : {}),
        ...(saved.loyalty ? { loyalty: saved.loyalty } : {}),
      };
    },
  );
}
