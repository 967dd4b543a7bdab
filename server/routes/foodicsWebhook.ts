// POST /pos/foodics/webhook/{secret}: Foodics' order.created / order.updated events (docs/DEPLOYMENT.md,
// "Foodics webhooks"). Foodics documents no signature, so the secret (FOODICS_WEBHOOK_SECRET) is part of the
// URL: unset, or a wrong secret, answers 404 before the body is even read, and changes nothing.
// Foodics wants an answer within 5 s: the event is applied in the request when that is quick, and answered
// 202 (and finished in the background) when it is not.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { HttpError, notFound } from '../lib/errors';
import { admins } from '../db/schema';
import { foodicsWebhookSecret, rotateFoodicsWebhookSecret } from '../db/secrets';
import { actorOf, recordActivity } from '../db/audit';
import { PosError } from '../core/posPort';
import { applyFoodicsEvent, foodicsEvent, type WebhookOutcome } from '../pos/foodicsEvents';
import { undoIfReturned } from '../pos/loyaltyUndo';

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

/** How many times a webhook's order is tried again in the background when the call budget had no room. */
const READ_BACK_RETRIES = 2;

/** How long an instance trusts the secret it read: a replaced secret works everywhere within this time. */
const SECRET_TTL_MS = 1000;

export default async function foodicsWebhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, config } = app.deps;

  // A webhook's order is read back from Foodics in the background, after the answer, within the call budget's
  // background share (docs/SECURITY.md, "Foodics webhooks"); when the budget has no room, again after the wait it
  // gives, at most READ_BACK_RETRIES times (a code or a save reads it back first all the same).
  const pending = new Set<NodeJS.Timeout>();
  const readBackLater = (restaurantId: number, deviceId: string, posOrderId: string, delayMs = 0, tries = 0) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      app.lastOrders.confirmInBackground(restaurantId, deviceId, posOrderId).then(
        (done) => {
          if (done.outcome === 'confirmed' || done.outcome === 'hidden') app.answers.changed(['receipts']);
          else if (done.outcome === 'later' && tries < READ_BACK_RETRIES)
            readBackLater(restaurantId, deviceId, posOrderId, done.retryAfterMs, tries + 1);
        },
        (err: unknown) => app.log.warn({ err }, 'A webhook order could not be read back'),
      );
    }, delayMs);
    timer.unref();
    pending.add(timer);
  };
  // A returned or void order's loyalty points (issue 47): read back from Foodics in the background and undone when
  // Foodics confirms (pos/loyaltyUndo.ts), again after the budget's wait when it had no room.
  const undoLater = (restaurantId: number, posOrderId: string, delayMs = 0, tries = 0) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      undoIfReturned(app.deps, restaurantId, posOrderId).then(
        (done) => {
          if (done.outcome === 'undone') app.answers.changed(['loyalty']);
          else if (done.outcome === 'later' && tries < READ_BACK_RETRIES)
            undoLater(restaurantId, posOrderId, done.retryAfterMs, tries + 1);
        },
        (err: unknown) => app.log.warn({ err }, "A returned order's loyalty points could not be undone"),
      );
    }, delayMs);
    timer.unref();
    pending.add(timer);
  };
  app.addHook('onClose', async () => {
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
  });
  let known: { until: number; secret: Promise<string | null> } | null = null;
  const currentSecret = () => {
    if (!known || known.until <= Date.now()) {
      const secret = foodicsWebhookSecret(database, config.FOODICS_WEBHOOK_SECRET).then((s) => s?.secret ?? null);
      known = { until: Date.now() + SECRET_TTL_MS, secret };
      secret.catch(() => (known = null));
    }
    return known.secret;
  };
  /** The address and the secret are for those who configure the Foodics app: admins of the role `admin`
   * (docs/SECURITY.md, "Foodics webhooks"); anyone else gets 403. */
  const configurer = async (req: import('fastify').FastifyRequest) => {
    await app.requireAdmin(req);
    const [row] = await database.db.select({ role: admins.role }).from(admins).where(eq(admins.id, req.admin!.id));
    if (row?.role !== 'admin')
      throw new HttpError(403, 'Only those who configure the Foodics app see its webhook secret');
  };
  const addressOf = (req: import('fastify').FastifyRequest, secret: string) =>
    `${config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`}/pos/foodics/webhook/${secret}`;
  const webhookAnswer = z.object({ webhook_url: z.string().nullable(), rotated_at: z.string().nullable() });

  app.get(
    '/pos/foodics/webhook-secret',
    {
      onRequest: configurer,
      schema: {
        tags: ['pos'],
        security: [{ bearer: [] }],
        summary:
          'The address to give Foodics for its order webhooks (it carries the secret); only for admins who configure the Foodics app',
        response: {
          200: webhookAnswer,
          401: z.object({ message: z.string() }),
          403: z.object({ message: z.string() }),
        },
      },
    },
    async (req, reply) => {
      const s = await foodicsWebhookSecret(database, config.FOODICS_WEBHOOK_SECRET);
      reply.header('Cache-Control', 'no-store');
      return { webhook_url: s ? addressOf(req, s.secret) : null, rotated_at: s?.rotatedAt?.toISOString() ?? null };
    },
  );

  app.post(
    '/pos/foodics/webhook-secret',
    {
      onRequest: configurer,
      config: { changes: ['activity'] },
      schema: {
        tags: ['pos'],
        security: [{ bearer: [] }],
        summary:
          'A new Foodics webhook secret (turns webhooks on when they were off): the old address answers 404 from now on; give Foodics the new one',
        response: {
          200: webhookAnswer,
          401: z.object({ message: z.string() }),
          403: z.object({ message: z.string() }),
        },
      },
    },
    async (req, reply) => {
      const s = await rotateFoodicsWebhookSecret(database);
      known = null;
      await recordActivity(database.db, {
        ...actorOf(req),
        kind: 'foodics.webhookSecretRotated',
        target: { type: 'foodics', id: null, label: 'webhook secret' },
      });
      reply.header('Cache-Control', 'no-store');
      return { webhook_url: addressOf(req, s.secret), rotated_at: s.rotatedAt.toISOString() };
    },
  );

  app.post(
    '/pos/foodics/webhook/:secret',
    {
      // The till's recent orders; the restaurant's webhook_at (the restaurants list).
      config: { changes: ['receipts', 'restaurants'] },
      schema: {
        tags: ['pos'],
        summary:
          "Foodics' order webhooks (order.created, order.updated); the URL carries the webhook secret (FOODICS_WEBHOOK_SECRET, or the one made in the back-office)",
        params: z.object({ secret: z.string().max(200) }),
        body: foodicsEvent,
        response: {
          200: z.object({ message: z.string() }),
          202: z.object({ message: z.string() }),
          // Webhooks off, or a wrong secret: 404, as for a path that does not exist.
          404: z.object({ message: z.string() }),
        },
      },
      onRequest: async (req) => {
        const given = (req.params as { secret?: string }).secret ?? '';
        const secret = await currentSecret();
        // Digests have one length, so the comparison takes the same time whatever was sent.
        if (!secret || !timingSafeEqual(digest(given), digest(secret))) throw notFound('Not found');
      },
    },
    async (req, reply) => {
      // A Foodics call the event needed failed (budget spent, Foodics down): 503, so Foodics sends it again.
      const work = applyFoodicsEvent(app.deps, app.receipts, req.body, readBackLater, undoLater).catch(
        (err: unknown) => {
          if (err instanceof PosError)
            throw new HttpError(503, `The event could not be applied now: ${err.message}`, {
              'Retry-After': String(err.retryAfterSeconds ?? 30),
            });
          throw err;
        },
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), ANSWER_WITHIN_MS);
      });
      try {
        const outcome = await Promise.race([work, late]);
        if (outcome === 'late') {
          // Finished after the answer (and its forget, server/plugins/services.ts): forgotten again when applied.
          work.then(
            () => app.answers.changed(['receipts', 'restaurants']),
            (err) => req.log.warn({ err }, 'Foodics webhook event failed after the answer'),
          );
          return reply.code(202).send({ message: 'Event accepted' });
        }
        return { message: MESSAGES[outcome] };
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
