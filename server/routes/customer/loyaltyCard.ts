// Loyalty (issue 47, docs/CUSTOMER.md): the customer's cards, one per restaurant they are a member of, and joining
// a restaurant's rewards right after a save - on the save's proof, or the My receipts session.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerLoyaltySchema, errorSchema, loyaltyJoinBody, loyaltyJoinSchema } from '../../../src/contract';
import { sessionsEndedAt } from '../../db/repositories/customerSessions';
import { HttpError, notFound } from '../../lib/errors';
import { en } from '../../i18n/en';
import { say } from '../../i18n';
import { consentsOf, recordConsent } from '../../db/repositories/guests';
import { customerLoyalty, earnForReceipt, receiptOfPhone } from '../../db/repositories/loyalty';
import { customer, type CustomerSessions } from './signedIn';

export function loyaltyCardRoutes(fastify: FastifyInstance, { sessions, signedIn }: CustomerSessions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/customer/loyalty',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary:
          "The signed-in customer's rewards: a card per restaurant they are a member of (balance, next reward, rewards, expiry, the QR for the cashier, history).",
        response: { 200: customerLoyaltySchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      reply.header('Cache-Control', 'no-store');
      return customerLoyalty(db, s.phone, req.lang);
    },
  );

  app.post(
    '/customer/loyalty/join',
    {
      config: { ...customer, changes: ['guests', 'loyalty'] },
      schema: {
        tags: ['customer'],
        summary:
          "Joins the rewards of a receipt's restaurant right after saving it without the yes: the yes is recorded and the receipt earns. Public: the save's proof, or the My receipts session.",
        description:
          "`receipt_id` is add-order's `id`; `proof` its proof (CUSTOMER_RECENT_PROOF_MINUTES), else the session cookie names the phone. The receipt earns once; 404 when it is not the phone's or the restaurant runs no program.",
        security: [],
        body: loyaltyJoinBody,
        response: { 200: loyaltyJoinSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      let phone: string;
      if (req.body.proof) {
        const proof = await sessions.readProof(req.body.proof);
        const ended = proof && (await sessionsEndedAt(db, proof.phone));
        if (!proof || (ended && proof.at <= ended)) throw new HttpError(401, en.signInRequired);
        phone = proof.phone;
      } else phone = (await signedIn(req)).phone;
      const joined = await db.transaction(async (tx) => {
        const receipt = await receiptOfPhone(tx, phone, req.body.receipt_id);
        if (!receipt) throw notFound(en.receiptNotFound);
        await recordConsent(tx, phone, receipt.restaurantId);
        const earned = await earnForReceipt(tx, {
          restaurantId: receipt.restaurantId,
          appUserId: receipt.appUserId,
          phone,
          orderId: receipt.id,
          posOrderId: receipt.posOrderId,
          total: Number(receipt.total),
        });
        // No program: nothing is recorded either (the yes would be to rewards that do not exist).
        if (!earned) throw notFound(en.noRewardsProgram);
        return { ...earned, restaurantId: receipt.restaurantId };
      });
      const restaurant = (await consentsOf(db, phone)).find((c) => c.restaurant_id === joined.restaurantId);
      return {
        message: say(req.lang, 'rewardsJoined', {
          restaurant: restaurant?.restaurant.name ?? '',
          points: joined.points,
          balance: joined.balance ?? 0,
        }),
        points: joined.points,
        balance: joined.balance ?? 0,
      };
    },
  );
}
