// The app's services, one each per app, decorated on the Fastify instance (registered before the routes):
// `app.limiter` (the one rate limiter, server/lib/rateLimit.ts: codes and sign-in), `app.otp` (one-time codes,
// on that limiter), `app.lastOrders` (a till's order and its short memory) and `app.funnel` (the funnel's
// counting). Routes take them from the instance; a test reaches them the same way (`t.app.funnel`).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLimiter, type RateLimiter } from '../lib/rateLimit';
import { createOtpService, type OtpService } from '../otp/service';
import { createLastOrderService, type LastOrderService } from '../pos/lastOrder';
import { createFunnelRecorder, type FunnelRecorder } from '../funnel/recorder';

declare module 'fastify' {
  interface FastifyInstance {
    limiter: RateLimiter;
    otp: OtpService;
    lastOrders: LastOrderService;
    funnel: FunnelRecorder;
  }
}

export default fp(async function services(app: FastifyInstance) {
  const { deps } = app;
  const limiter = createLimiter(deps.database, deps.redis);
  app.decorate('limiter', limiter);
  app.decorate('otp', createOtpService(deps, limiter));
  app.decorate('lastOrders', createLastOrderService(deps));
  app.decorate('funnel', createFunnelRecorder(deps));
});
