// The app's services, one each per app, decorated on the Fastify instance (registered before the routes):
// `app.answers` (the short memories of answers), `app.receipts` (the tills' known receipts),
// `app.limiter` (the one rate limiter, server/db/rateLimit.ts: codes and sign-in), `app.otp` (one-time codes,
// on that limiter), `app.lastOrders` (a till's order and its short memory) and `app.funnel` (the funnel's
// counting). Routes take them from the instance; a test reaches them the same way (`t.app.funnel`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLimiter, type RateLimiter } from '../db/rateLimit';
import { createOtpService, type OtpService } from '../otp/service';
import { createLastOrderService, type LastOrderService } from '../pos/lastOrder';
import { createFunnelRecorder, type FunnelRecorder } from '../funnel/recorder';
import { createAnswerCaches, type AnswerCaches } from '../lib/answerCaches';
import { createReceiptStore, type ReceiptStore } from '../pos/receiptStore';

declare module 'fastify' {
  interface FastifyInstance {
    limiter: RateLimiter;
    otp: OtpService;
    lastOrders: LastOrderService;
    funnel: FunnelRecorder;
    /** The short memories of answers (server/lib/answerCaches.ts). */
    answers: AnswerCaches;
    /** The tills' known receipts, shared by instances (server/pos/receiptStore.ts). */
    receipts: ReceiptStore;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async function services(app: FastifyInstance) {
  const { deps } = app;
  const limiter = createLimiter(deps.database, deps.redis);
  app.decorate('limiter', limiter);
  app.decorate('otp', createOtpService(deps, limiter));
  const receipts = createReceiptStore(deps.database, deps.redis);
  app.decorate('receipts', receipts);
  app.decorate('lastOrders', createLastOrderService(deps, receipts));
  const answers = createAnswerCaches(deps.config);
  app.decorate('answers', answers);
  // Any call that may write (a sign-in, a code, a save, an admin's change) drops the remembered lists and their
  // pages' marks before its answer leaves: what a list shows may have changed, and which of them is not worth
  // knowing for a 1 s memory.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (!SAFE_METHODS.has(req.method)) answers.forgetLists();
    done(null, payload);
  });
  const funnel = createFunnelRecorder(deps);
  app.decorate('funnel', funnel);
  // A clean shutdown: the counts already started are written before the app closes (and the database after it).
  app.addHook('onClose', () => funnel.settled());
});
