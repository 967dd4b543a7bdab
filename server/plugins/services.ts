// The app's services, one each per app, decorated on the Fastify instance (registered before the routes):
// `app.answers` (the short memories of answers), `app.receipts` (the tills' known receipts),
// `app.limiter` (the one rate limiter, server/db/rateLimit.ts: codes and sign-in), `app.otp` (one-time codes,
// on that limiter), `app.lastOrders` (a till's order and its short memory) and `app.funnel` (the funnel's
// counting), `app.exportProgress` (how far CSV downloads have got), `app.logoCopies` (the restaurants' logos copied
// to this site after a save or sync: server/pos/logoCopy.ts). Routes take them from the instance; a test reaches them the same way (`t.app.funnel`).
import type { FastifyInstance, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createLimiter, type RateLimiter } from '../db/rateLimit';
import { createOtpService, type OtpService } from '../otp/service';
import { createLastOrderService, type LastOrderService } from '../pos/lastOrder';
import { createFunnelRecorder, type FunnelRecorder } from '../funnel/recorder';
import { CHANGES, createAnswerCaches, type AnswerCaches, type Change } from '../lib/answerCaches';
import { createReceiptStore, type ReceiptStore } from '../pos/receiptStore';
import { createExportProgressBoard, type ExportProgressBoard } from '../export/progress';
import { createLogoCopies, type LogoCopies } from '../pos/logoCopy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a write endpoint changes (server/lib/answerCaches.ts): required on every route that is not GET, HEAD or
     * OPTIONS; `[]` for a write that changes nothing an answer memory holds (a code sent, a session ended). */
    changes?: readonly Change[];
  }
  interface FastifyRequest {
    /** The route's handler has run (server/plugins/services.ts: a write's changes are forgotten only then). */
    handled: boolean;
  }
  interface FastifyInstance {
    limiter: RateLimiter;
    otp: OtpService;
    lastOrders: LastOrderService;
    funnel: FunnelRecorder;
    /** The short memories of answers (server/lib/answerCaches.ts). */
    answers: AnswerCaches;
    /** The tills' known receipts, shared by instances (server/pos/receiptStore.ts). */
    receipts: ReceiptStore;
    /** How far each CSV download opened by a ticket has got (server/export/progress.ts). */
    exportProgress: ExportProgressBoard;
    /** The restaurants' logos copied to this site (server/pos/logoCopy.ts). */
    logoCopies: LogoCopies;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async function services(app: FastifyInstance) {
  const { deps } = app;
  const limiter = createLimiter(deps.database, deps.redis, deps.config.REDIS_PREFIX);
  app.decorate('limiter', limiter);
  app.decorate('otp', createOtpService(deps, limiter));
  const receipts = createReceiptStore(deps.database, deps.redis, deps.config.REDIS_PREFIX);
  app.decorate('receipts', receipts);
  const lastOrders = createLastOrderService(deps, receipts, limiter);
  app.decorate('lastOrders', lastOrders);
  const answers = createAnswerCaches(deps.config, { tillOrders: lastOrders });
  app.decorate('answers', answers);
  // A restaurant saved or synced (a write that changes 'restaurants'), and the start: the logos without a copy are
  // fetched in the background, after the answer (never holding it), one at a time; a copy made drops this instance's
  // memories of the receipts, which name it from then on.
  const logoCopies = createLogoCopies(deps.config, deps.database, app.log, () => answers.changed(['restaurants']));
  app.decorate('logoCopies', logoCopies);
  app.addHook('onReady', async () => logoCopies.refresh());
  // One forget after every write: each write route says what it changes (`config.changes`), checked as the route
  // is added so a new write cannot leave it out. Once its handler has run (a call refused before it - no token, a
  // wrong webhook secret, a malformed body - changed nothing), its answer leaves after the memories that depend on
  // those changes are dropped, whatever its status: a refused code still counts towards the phone's lock.
  app.decorateRequest('handled', false);
  const markHandled: preHandlerHookHandler = (req, _reply, done) => {
    req.handled = true;
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const changes = route.config?.changes;
    // A GET that records something (an export in the audit trail) may say so as well.
    if (changes === undefined && methods.every((m) => SAFE_METHODS.has(m))) return;
    if (!Array.isArray(changes) || changes.some((c) => !CHANGES.includes(c)))
      throw new Error(
        `${methods.join(',')} ${route.url}: a write route says what it changes in config.changes (server/lib/answerCaches.ts)`,
      );
    if (!changes.length) return;
    const copiesLogos = changes.includes('restaurants');
    const forgetChanged: onSendHookHandler = (req, _reply, payload, done) => {
      if (req.handled) answers.changed(changes);
      if (req.handled && copiesLogos) logoCopies.refresh();
      done(null, payload);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), markHandled];
    route.onSend = [...[route.onSend ?? []].flat(), forgetChanged];
  });
  app.decorate('exportProgress', createExportProgressBoard());
  const funnel = createFunnelRecorder(deps);
  app.decorate('funnel', funnel);
  // A clean shutdown: the counts already started are written before the app closes (and the database after it).
  app.addHook('onClose', () => funnel.settled());
  app.addHook('onClose', () => logoCopies.close());
});
