// POST /pos/foodics/webhook/{secret}: Foodics' order.created / order.updated events (docs/DEPLOYMENT.md,
// "Foodics webhooks"). Foodics documents no signature, so the secret (FOODICS_WEBHOOK_SECRET) is part of the
// URL: unset, or a wrong secret, answers 404 before the body is even read, and changes nothing.
// Foodics wants an answer within 5 s: the event is applied in the request when that is quick, and answered
// 202 (and finished in the background) when it is not.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, notFound } from '../lib/errors';
import { PosError } from '../core/posPort';
import { applyFoodicsEvent, foodicsEvent, type WebhookOutcome } from '../pos/foodicsEvents';

/** Well inside Foodics' 5 s. */
const ANSWER_WITHIN_MS = 3000;

const digest = (s: string) => createHash('sha256').update(s).digest();

const MESSAGES: Record<WebhookOutcome, string> = {
  applied: 'Event applied',
  duplicate: 'Event already applied',
  'unknown business': 'No restaurant has this business reference; event ignored',
  'unknown till': 'The order is not from a till of a restaurant here; event ignored',
  'not an order event': 'Only order events are used; event ignored',
};

export default async function foodicsWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const secret = app.deps.config.FOODICS_WEBHOOK_SECRET;

  app.post(
    '/pos/foodics/webhook/:secret',
    {
      schema: {
        tags: ['pos'],
        summary: "Foodics' order webhooks (order.created, order.updated); the URL carries FOODICS_WEBHOOK_SECRET",
        params: z.object({ secret: z.string().max(200) }),
        body: foodicsEvent,
        response: { 200: z.object({ message: z.string() }), 202: z.object({ message: z.string() }) },
      },
      onRequest: async (req) => {
        const given = (req.params as { secret?: string }).secret ?? '';
        // Digests have one length, so the comparison takes the same time whatever was sent.
        if (!secret || !timingSafeEqual(digest(given), digest(secret))) throw notFound('Not found');
      },
    },
    async (req, reply) => {
      // A Foodics call the event needed failed (budget spent, Foodics down): 503, so Foodics sends it again.
      const work = applyFoodicsEvent(app.deps, app.receipts, req.body).catch((err: unknown) => {
        if (err instanceof PosError)
          throw new HttpError(503, `The event could not be applied now: ${err.message}`, {
            'Retry-After': String(err.retryAfterSeconds ?? 30),
          });
        throw err;
      });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), ANSWER_WITHIN_MS);
      });
      try {
        const outcome = await Promise.race([work, late]);
        if (outcome === 'late') {
          work.catch((err) => req.log.warn({ err }, 'Foodics webhook event failed after the answer'));
          return reply.code(202).send({ message: 'Event accepted' });
        }
        return { message: MESSAGES[outcome] };
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
