// One place that turns every failure into JSON { message } with a fitting status:
// schema failures -> 400 naming the field, HttpError -> its status, database gone -> 503,
// anything else -> 500 without a stack trace. Unknown API paths -> 404 JSON. On the public pages' calls
// (`config: { customer: true }`) every message is the customer's: plain sentences from the catalogue
// (server/i18n) in the language of Accept-Language, a limit's wait said in words. A NUL character anywhere in the
// params, query or body -> 400 naming the field (PostgreSQL cannot store it; it used to surface as a 500).
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorChain, HttpError } from '../lib/errors';
import { fieldMessageKey, localise, say } from '../i18n';
import { isCustomerCall } from './language';

const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

// PostgreSQL cannot store U+0000 in text (SQLSTATE 22021 / 22P05): refuse it as bad input before a handler runs.
const NUL_CODES = new Set(['22021', '22P05']);

/** The path of the first string holding U+0000 in a parsed body, query or params, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path ? `${path}.${k.replaceAll('\u0000', '\\0')}` : k.replaceAll('\u0000', '\\0');
    const found = nulPath(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function isNulInDatabase(err: unknown): boolean {
  return errorChain(err).some((e) => typeof e.code === 'string' && NUL_CODES.has(e.code));
}

function isDatabaseDown(err: unknown): boolean {
  return errorChain(err).some(
    (e) =>
      (typeof e.code === 'string' && DB_DOWN_CODES.has(e.code)) ||
      (typeof e.message === 'string' &&
        /Connection terminated|connection timeout|timeout exceeded when trying to connect|PGlite is closed/i.test(
          e.message,
        )),
  );
}

/** A fixed English sentence, in the customer's language on the public pages' calls. */
const localiseFor = (req: FastifyRequest, english: string) =>
  isCustomerCall(req) ? localise(english, req.lang) : english;

export default fp(async function errors(app: FastifyInstance) {
  // A callback hook (no promise per request on the busiest calls); answering ends the request without done().
  app.addHook('preValidation', (req, reply, done) => {
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const at = nulPath(value, '');
      if (at === null) continue;
      if (isCustomerCall(req)) reply.code(400).send({ message: say(req.lang, fieldMessageKey(at)) });
      else reply.code(400).send({ message: `${at || where}: must not contain a NUL character` });
      return;
    }
    done();
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'body';
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
      const params = first?.params as { issue?: { path?: PropertyKey[] } } | undefined;
      const path = field || params?.issue?.path?.join('.') || where;
      if (isCustomerCall(req)) return reply.code(400).send({ message: say(req.lang, fieldMessageKey(path)) });
      return reply.code(400).send({ message: `${path}: ${first?.message ?? 'is invalid'}` });
    }
    if (err instanceof HttpError) {
      if (isCustomerCall(req)) {
        const wait = err.headers['Retry-After'];
        return reply
          .code(err.statusCode)
          .headers(err.headers)
          .send({ ...err.extra, message: localise(err.message, req.lang, wait ? Number(wait) : undefined) });
      }
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send({ ...err.extra, message: err.message });
    }
    if (isNulInDatabase(err)) {
      return reply.code(400).send({ message: localiseFor(req, 'The request holds a character that cannot be stored') });
    }
    if (isDatabaseDown(err)) {
      req.log.error({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ message: localiseFor(req, 'The service is temporarily unavailable, please try again shortly') });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type...
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'body: is not valid JSON'
          : err.message;
      return reply.code(status).send({ message: isCustomerCall(req) ? say(req.lang, 'badInput') : message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: localiseFor(req, 'Something went wrong on our side') });
  });
});
