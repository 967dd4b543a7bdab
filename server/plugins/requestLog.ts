// The access log: one line per answered request, with what Fastify's own two lines ("incoming request",
// "request completed") carried between them - the call, its status and how long it took. Phones in the address
// are masked like every line (server/lib/logging.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(async function requestLog(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        req: { method: req.method, url: req.url, host: req.host, remoteAddress: req.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
});
