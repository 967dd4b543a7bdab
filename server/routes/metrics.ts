// GET /metrics: the process's metrics in Prometheus' text format (server/lib/metrics.ts, docs/DEPLOYMENT.md
// "Metrics"). Served here only with METRICS_TOKEN set and no METRICS_PORT, and then only to
// `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). With METRICS_PORT it is served on that port instead
// (server/main.ts), and without either it is not served at all: 404, as for a path that does not exist.
import type { FastifyInstance } from 'fastify';
import { metricsAuthorised, metricsText } from '../lib/metrics';

export default async function metricsRoutes(app: FastifyInstance) {
  const { METRICS_TOKEN: token, METRICS_PORT: port } = app.deps.config;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token || port !== undefined)
      return reply.code(404).send({ message: `Route ${req.method} /metrics not found` });
    if (!metricsAuthorised(req.headers.authorization, token))
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ message: 'A metrics token is required' });
    const { body, contentType } = await metricsText();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}
