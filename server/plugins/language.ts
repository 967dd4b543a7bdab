// The customer's language on every request (Accept-Language -> req.lang), and the flag a public route sets
// (`config: { customer: true }`) so the error handler answers its failures from the catalogue in that
// language (server/i18n). Answers of those routes name their language and vary by it, so no cache mixes them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLanguage, type Lang } from '../i18n';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A call of the public pages: its messages are the customer's, in their language. */
    customer?: boolean;
  }
  interface FastifyRequest {
    lang: Lang;
  }
}

export const isCustomerCall = (req: FastifyRequest) => req.routeOptions?.config?.customer === true;

export default fp(async function language(app: FastifyInstance) {
  app.decorateRequest('lang', 'en');
  // Callback hooks, not async ones: they run on every request, and a promise per hook is measurable on the
  // busiest calls (docs/PERFORMANCE.md).
  app.addHook('onRequest', (req, _reply, done) => {
    req.lang = pickLanguage(req.headers['accept-language']);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (isCustomerCall(req)) {
      reply.header('Content-Language', req.lang);
      reply.header('Vary', 'Accept-Language');
    }
    done(null, payload);
  });
});
