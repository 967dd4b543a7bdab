// The access line is built by hand (server/lib/logging.ts AccessLog, docs/PERFORMANCE.md "The hot till as it ships"):
// it must be the line pino itself writes for the same fields, key for key and in the same order, with phones masked.
import { Writable } from 'node:stream';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLog, loggerOptions } from '../../../server/lib/logging';

const raw: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    raw.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

/** pino's own line for the access line's fields, written from the same request's logger. */
function pinoLine(request: FastifyRequest, reply: FastifyReply) {
  reply.log.info(
    { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
    'pino: request completed',
  );
}

const app = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'info' }, stream), logController: new AccessLog() });
app.get('/till/:id', async () => ({ ok: true }));
app.addHook('onResponse', (req, reply, done) => {
  pinoLine(req, reply);
  done();
});

beforeAll(() => app.ready());
afterAll(() => app.close());

/** A line with its time and response time set aside (they differ by microseconds) and its message named. */
const comparable = (line: string) => {
  const parsed = JSON.parse(line) as Record<string, unknown>;
  return JSON.stringify({ ...parsed, time: 0, responseTime: 0, msg: String(parsed.msg).replace('pino: ', '') });
};

describe('the access line', () => {
  it.each([
    [
      'a route, an address and a host',
      { url: '/till/7?key=secret', remoteAddress: '10.1.2.3', host: 'specter.example' },
    ],
    ['no route (404), a path with a phone', { url: '/no/such/+966501234567', remoteAddress: '::1', host: 'a"b' }],
  ])('%s: the same line pino writes', async (_name, { url, remoteAddress, host }) => {
    raw.length = 0;
    await app.inject({ method: 'GET', url, remoteAddress, headers: { host } });
    const ours = raw.find((l) => l.includes('"msg":"request completed"'));
    const theirs = raw.find((l) => l.includes('"msg":"pino: request completed"'));
    expect(ours).toBeDefined();
    expect(comparable(ours!)).toBe(comparable(theirs!));
    expect(ours).not.toContain('secret');
    expect(ours).not.toContain('966501234');
    expect(JSON.parse(ours!).responseTime).toBeTypeOf('number');
  });

  it('is not written when the level is above info', async () => {
    const quiet = Fastify({ logger: loggerOptions({ LOG_LEVEL: 'warn' }, stream), logController: new AccessLog() });
    quiet.get('/x', async () => 'x');
    raw.length = 0;
    await quiet.inject({ method: 'GET', url: '/x' });
    await quiet.close();
    expect(raw).toEqual([]);
  });
});
