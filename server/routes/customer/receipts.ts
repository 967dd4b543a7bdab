// The signed-in customer's saved receipts (docs/CUSTOMER.md): the list, newest first and paged, one in full, and
// sharing one by a link to a read-only copy (docs/CUSTOMER.md) or stopping it. Another customer's receipt is not
// found. Answers are never cached: they are one customer's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  idParam,
  receiptPageSchema,
  receiptShareSchema,
  receiptsQuery,
  savedReceiptSchema,
} from '../../../src/contract';
import { sealerOf } from '../../lib/sealing';
import { notFound } from '../../lib/errors';
import { en } from '../../i18n/en';
import { findReceipt, listReceipts } from '../../customer/receipts';
import { liveShares, shareReceipt, stopSharing } from '../../customer/shares';
import { customer, type CustomerSessions } from './signedIn';

export function receiptRoutes(fastify: FastifyInstance, { signedIn }: CustomerSessions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps.database;

  app.get(
    '/customer/receipts',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary: "The signed-in customer's saved receipts, newest first, paged.",
        querystring: receiptsQuery,
        response: { 200: receiptPageSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      reply.header('Cache-Control', 'no-store');
      const page = await listReceipts(db, s, req.query.page, req.query.perPage);
      const shared = await liveShares(
        db,
        page.receipts.map((r) => r.id),
      );
      return {
        ...page,
        receipts: page.receipts.map((r) => ({ ...r, share_expires_at: shared.get(r.id)?.toISOString() ?? null })),
      };
    },
  );

  app.get(
    '/customer/receipts/:id',
    {
      config: customer,
      schema: {
        tags: ['customer'],
        summary: "One of the signed-in customer's saved receipts in full; another customer's is not found.",
        params: idParam,
        response: { 200: savedReceiptSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      const found = await findReceipt(db, s, req.params.id);
      if (!found) throw notFound(en.receiptNotFound);
      const { till: _, ...receipt } = found;
      const shared = await liveShares(db, [receipt.id]);
      reply.header('Cache-Control', 'no-store');
      return { ...receipt, share_expires_at: shared.get(receipt.id)?.toISOString() ?? null };
    },
  );

  app.post(
    '/customer/receipts/:id/share',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary:
          "Makes a link to a read-only copy of one of the signed-in customer's saved receipts (201), or answers the live one.",
        description:
          'The link (`PUBLIC_URL/r/{token}`, 128 random bits, stored hashed) lives RECEIPT_SHARE_DAYS days; asking again ' +
          'while it lives answers the same link. It never shows the phone or a name (docs/CUSTOMER.md).',
        params: idParam,
        response: { 201: receiptShareSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      const share = await shareReceipt(db, sealerOf(deps.config), s, req.params.id, deps.config.RECEIPT_SHARE_DAYS);
      if (!share) throw notFound(en.receiptNotFound);
      const origin = deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
      reply.code(201).header('Cache-Control', 'no-store');
      return { url: `${origin}/r/${share.token}`, expires_at: share.expiresAt.toISOString() };
    },
  );

  app.delete(
    '/customer/receipts/:id/share',
    {
      config: { ...customer, changes: [] },
      schema: {
        tags: ['customer'],
        summary: "Stops sharing one of the signed-in customer's saved receipts: its link is dead at once (204).",
        params: idParam,
        response: { 204: z.null().describe('Stopped: no body'), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const s = await signedIn(req);
      if (!(await stopSharing(db, s, req.params.id))) throw notFound(en.receiptNotFound);
      return reply.code(204).send(null);
    },
  );
}
