// The setup checklist after connecting a restaurant (docs/POS.md, "After connecting: the setup checklist"):
// - GET /api/restaurants/{id}/setup (admin, manager): each step's done flag, derived from what the restaurant has;
// - POST /api/restaurants/{id}/setup/qr-sheet-printed (every role that sees the sheet): the sheet was printed.
// The last step, a test scan that shows the receipt, is marked by the receipt call itself (routes/invoice.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParam, setupSchema } from '../../src/contract';
import { findLiveRestaurant } from '../db/repositories/restaurants';
import { markQrSheetPrinted, setupOf } from '../db/repositories/setup';
import { notFound } from '../lib/errors';
import { scopeOfRequest } from '../plugins/auth';
import { restaurantsResource, sheetResource } from '../../src/contract/resources';
import { allow } from './resourceRoutes';

const secured = { security: [{ bearer: [] }] };

export default async function restaurantSetupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  app.get(
    '/api/restaurants/:id/setup',
    {
      onRequest: app.requireAdmin,
      // Who may edit the restaurant reads how far its setup is.
      config: allow(restaurantsResource, 'edit'),
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary:
          "The restaurant's setup checklist: tills found, its own logo, a VAT number (and ZATCA phase), the QR sheet printed, a receipt shown on a till; each step's done flag from the server",
        params: idParam,
        response: { 200: setupSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const r = await findLiveRestaurant(database, req.params.id, scopeOfRequest(req));
      if (!r) throw notFound('Restaurant not found');
      reply.header('Cache-Control', 'no-store');
      return setupOf(database.db, r);
    },
  );

  app.post(
    '/api/restaurants/:id/setup/qr-sheet-printed',
    {
      onRequest: app.requireAdmin,
      // Whoever may print the QR sheet marks it printed.
      config: { changes: [], ...allow(sheetResource, 'print') },
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary: "The restaurant's printable QR sheet was printed (its setup checklist's step; the first time is kept)",
        params: idParam,
        response: { 200: z.object({ message: z.string() }), 404: errorSchema },
      },
    },
    async (req) => {
      const r = await findLiveRestaurant(database, req.params.id, scopeOfRequest(req));
      if (!r) throw notFound('Restaurant not found');
      await markQrSheetPrinted(database.db, r.id);
      return { message: 'Noted' };
    },
  );
}
