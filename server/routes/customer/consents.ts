// The guestbook's consents (issue 34, docs/CUSTOMER.md): the restaurants the signed-in customer said yes to, and
// Withdraw, which takes the phone out of the restaurant's guestbook and out of its rewards at once.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consentsSchema, errorSchema, messageSchema, restaurantIdParam } from '../../../src/contract';
import { notFound } from '../../lib/errors';
import { say } from '../../i18n';
import { consentsOf, withdrawConsent } from '../../db/repositories/guests';
import { leaveProgram } from '../../db/repositories/loyalty';
import { customer, type CustomerSessions } from './signedIn';

export function consentRoutes(fastify: FastifyInstance, { signedIn }: CustomerSessions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/customer/consents',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary: 'The restaurants the signed-in customer let know them as a guest, with when and the wording version.',
        response: { 200: consentsSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      reply.header('Cache-Control', 'no-store');
      return { consents: await consentsOf(db, s.phone) };
    },
  );

  app.delete(
    '/customer/consents/:restaurantId',
    {
      config: { ...customer, changes: ['guests', 'loyalty'] },
      schema: {
        tags: ['customer'],
        summary:
          "Withdraws the signed-in customer's consent to a restaurant: at once out of its guestbook (list, search, export, guest page).",
        params: restaurantIdParam,
        response: { 200: messageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const s = await signedIn(req);
      const which = (await consentsOf(db, s.phone)).find((c) => c.restaurant_id === req.params.restaurantId);
      // One yes, one withdrawal: out of the guestbook and out of the rewards (the points forfeited, as the page
      // warned before confirming; the ledger says so), in one transaction.
      const gone = await withdrawConsent(db, s.phone, req.params.restaurantId, (tx) =>
        leaveProgram(tx, s.phone, req.params.restaurantId),
      );
      if (!gone.withdrawn) throw notFound(say(req.lang, 'consentNotFound'));
      const restaurant = which?.restaurant.name ?? '';
      return {
        message: (gone.extra
          ? say(req.lang, 'leftRewards', { restaurant, points: gone.extra })
          : say(req.lang, 'consentWithdrawn', { restaurant })
        ).trim(),
      };
    },
  );
}
