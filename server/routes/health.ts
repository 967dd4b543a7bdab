import type { FastifyInstance } from 'fastify';

/** GET /healthz: 200 when the database answers, 503 otherwise (for load balancers and probes). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await Promise.race([
        app.deps.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
      ]);
      return { status: 'ok', database: app.deps.database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database does not answer' });
    }
  });
}
