// Every answer carries its request id (X-Request-Id, server/lib/requestId.ts; the log lines of the request carry
// it as reqId) and is counted in /metrics by its route pattern, method and status (server/lib/metrics.ts). Two
// callback hooks and no promise per request: the hot till's answer is benchmarked (docs/PERFORMANCE.md).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { metrics, observeRequest, watch } from '../lib/metrics';

/** The route label of a request that matched no route: never its path (one series per scanned URL). */
const UNMATCHED = 'unmatched';

/** Calls whose answer is itself a count of /metrics: Foodics' webhooks and the invoice page's save. */
const OUTCOMES: Record<string, (status: number) => void> = {
  '/pos/foodics/webhook/:secret': (status) => {
    metrics.webhooksReceived.inc();
    if (status === 200 || status === 202) metrics.webhooksAccepted.inc();
    else metrics.webhooksRefused.inc({ status: String(status) });
  },
  '/order/foodics/web/add-order': (status) => {
    if (status === 200) metrics.saves.inc();
    else if (status === 409) metrics.saveConflicts.inc();
  },
};

export default fp(async function observability(app: FastifyInstance) {
  const { database, redis } = app.deps;
  watch({ pool: database.poolStats, redis });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('X-Request-Id', req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    observeRequest(req.method, route, reply.statusCode, reply.elapsedTime);
    if (req.method === 'POST') OUTCOMES[route]?.(reply.statusCode);
    done();
  });
});
