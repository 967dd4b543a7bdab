import type { FastifyInstance } from 'fastify';

const CHECK_TIMEOUT_MS = 3000;

/** A check that answers within CHECK_TIMEOUT_MS or counts as down: a probe must never hang. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz: liveness - 200 `{ status: 'ok' }` when the database answers, 503 otherwise; it says nothing else
 * to anyone (issue 48: not which database this is).
 * GET /readyz: readiness for a load balancer - 200 only when every part this instance serves with answers (the
 * database, and Redis when REDIS_URL is set), else 503 naming the part that is down (docs/DEPLOYMENT.md).
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    if (await answers(() => app.deps.database.ping())) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable', message: 'The database does not answer' });
  });

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const { redis } = app.deps;
    const [database, cache] = await Promise.all([
      answers(() => app.deps.database.ping()),
      redis ? answers(() => redis.ping()) : Promise.resolve(null),
    ]);
    const parts = {
      database: database ? 'ok' : 'down',
      redis: cache === null ? 'not configured' : cache ? 'ok' : 'down',
    } as const;
    if (database && cache !== false) return { status: 'ready', ...parts };
    const down = [!database && 'the database', cache === false && 'Redis'].filter(Boolean);
    const message = `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'do' : 'does'} not answer`;
    return reply.code(503).send({ status: 'unavailable', message, ...parts });
  });
}
