// GET /r/{token}: a shared receipt link (docs/CUSTOMER.md, Sharing a receipt), drawn on the server in the opener's
// language, read-only. No shared cache keeps it, no search engine lists it, no Referer leaves it; opens are limited
// per client address and per link; an unknown, revoked or expired link is a calm 404 page. Each open counts for
// the till the receipt was saved from (the funnel's shared-link opens), never who opened it.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { enforce } from '../db/rateLimit';
import { limitAddress } from '../lib/clientAddress';
import { HttpError } from '../lib/errors';
import { say } from '../i18n';
import { pageLanguage } from '../plugins/invoicePage';
import { sharedReceipt, SHARE_TOKEN } from '../customer/shares';
import { goneSharePage, sharedReceiptPage } from '../customer/sharedPage';

export default async function sharedReceiptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps, funnel, limiter } = app;
  const { db } = deps.database;
  const { config } = deps;

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-store')
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .send(body);

  app.get(
    '/r/:token',
    {
      config: { customer: true },
      schema: {
        tags: ['customer'],
        summary: "A shared receipt link: the read-only receipt as an HTML page in the opener's language. Public.",
        description:
          '404 (a calm page) for an unknown, revoked or expired link; 429 past RECEIPT_SHARE_OPENS_PER_10M opens per ' +
          'client address or RECEIPT_SHARE_LINK_OPENS_PER_HOUR opens of one link. `?paper=80mm` prints at till width.',
        security: [],
        params: z.object({ token: z.string().max(100) }),
        querystring: z.object({ paper: z.enum(['a4', '80mm']).optional() }),
        produces: ['text/html'],
      },
    },
    async (req, reply) => {
      const lang = pageLanguage(req);
      const { token } = req.params;
      try {
        await enforce(
          limiter,
          { key: `share:open:${limitAddress(req.ip)}`, max: config.RECEIPT_SHARE_OPENS_PER_10M, windowSeconds: 600 },
          say(lang, 'tooManyAttempts'),
        );
        if (SHARE_TOKEN.test(token)) {
          const link = createHash('sha256').update(token).digest('base64url').slice(0, 22);
          await enforce(
            limiter,
            { key: `share:link:${link}`, max: config.RECEIPT_SHARE_LINK_OPENS_PER_HOUR, windowSeconds: 3600 },
            say(lang, 'tooManyAttempts'),
          );
        }
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 429) {
          reply.header('Retry-After', err.headers['Retry-After'] ?? '60');
          return html(reply, 429, goneSharePage(lang, err.message));
        }
        throw err;
      }
      const found = await sharedReceipt(db, token);
      if (!found) return html(reply, 404, goneSharePage(lang));
      const { till, id: _, ...invoice } = found;
      funnel.sharedOpen(req, till.restaurantId, till.deviceId);
      return html(reply, 200, sharedReceiptPage(invoice, lang, req.query.paper));
    },
  );
}
