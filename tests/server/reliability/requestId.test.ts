// Request ids (docs/DEPLOYMENT.md "Request ids"): every answer carries X-Request-Id, every log line of the request
// carries it as reqId, and it is the load balancer's only when TRUST_PROXY says one stands in front.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { createTestApp, type TestApp } from '../helpers/app';

const OURS = /^[0-9A-HJKMNP-TV-Z]{8}$/;

const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(async () => {
  await t?.close();
});

describe('X-Request-Id', () => {
  it('every answer has one of its own: 200, 400, 404, the health checks', async () => {
    const seen = new Set<string>();
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['GET', '/api/public-config'],
      ['GET', '/no/such/path'],
      ['POST', '/user'],
      ['GET', '/healthz'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      const id = String(res.headers['x-request-id']);
      expect(id, `${method} ${url}`).toMatch(OURS);
      seen.add(id);
    }
    expect(seen.size).toBe(5);
  });

  it("a client's own X-Request-Id is not taken without TRUST_PROXY", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-chosen-id' } });
    expect(res.headers['x-request-id']).toMatch(OURS);
  });

  it("every log line of a request carries its id, the access line and the failure's line alike", async () => {
    lines.length = 0;
    // A body that is not JSON: Fastify's own error line and the access line.
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    const id = res.headers['x-request-id'];
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.some((l) => l.msg === 'request completed')).toBe(true);
    // No line of that time names another request.
    expect(lines.filter((l) => l.req && l.reqId !== id)).toEqual([]);
  });
});

describe('behind a trusted load balancer (TRUST_PROXY)', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({ ...t.deps, config: testConfig({ TRUST_PROXY: '127.0.0.1' }) });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the balancer's id is kept end to end; one that does not look like an id is replaced", async () => {
    const given = '3f2a9c1e-77aa-4b0e-9d1c-0123456789ab';
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toBe(given);
    for (const bad of ['has spaces in it', 'x'.repeat(65), '<script>']) {
      const r = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(r.headers['x-request-id']).toMatch(OURS);
    }
    const none = await app.inject({ method: 'GET', url: '/healthz' });
    expect(none.headers['x-request-id']).toMatch(OURS);
  });
});
