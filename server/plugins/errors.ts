// One place that turns every failure into JSON { message } with a fitting status:
// schema failures -> 400 naming the field, HttpError -> its status, database gone -> 503,
// anything else -> 500 without a stack trace. Unknown API paths -> 404 JSON.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003']);

function isDatabaseDown(err: unknown): boolean {
  let e: any = err;
  for (let i = 0; e && i < 4; i++, e = e.cause) {
    if (DB_DOWN_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|PGlite is closed/i.test(e.message)) return true;
  }
  return false;
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'body';
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
      const params = first?.params as { issue?: { path?: PropertyKey[] } } | undefined;
      const path = field || params?.issue?.path?.join('.') || where;
      return reply.code(400).send({ message: `${path}: ${first?.message ?? 'is invalid'}` });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send({ message: err.message });
    }
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ message: 'The service is temporarily unavailable, please try again shortly' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type...
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'body: is not valid JSON'
        : err.message;
      return reply.code(status).send({ message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong on our side' });
  });
});
