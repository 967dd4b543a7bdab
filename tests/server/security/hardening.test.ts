// Hardening from configuration (docs/SECURITY.md "Hardening"): HSTS and a `__Host-` Secure customer cookie
// whenever PUBLIC_URL is https (whatever NODE_ENV), /api/docs off with API_DOCS=false, a POS_PUSH_SECRET shorter
// than 32 characters refused at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { CUSTOMER_COOKIE } from '../../../src/contract';
import { createTestApp, type TestApp } from '../helpers/app';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';

describe('hardening from configuration', () => {
  let https: TestApp;
  let plain: TestApp;
  const texts: { to: string; body: string }[] = [];
  beforeAll(async () => {
    const sms = {
      name: 'test',
      send: async (to: string, body: string) => {
        texts.push({ to, body });
      },
    };
    https = await createTestApp(
      { ...GENEROUS_CODE_LIMITS, PUBLIC_URL: 'https://receipts.example.com', API_DOCS: 'false' },
      { sms },
    );
    plain = await createTestApp({ ...GENEROUS_CODE_LIMITS }, { sms });
  });
  afterAll(async () => {
    await https.close();
    await plain.close();
  });

  it('HSTS whenever PUBLIC_URL is https, even outside production; none on plain HTTP outside production', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await plain.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBe(
      undefined,
    );
  });

  it("the customer's cookie is __Host- prefixed and Secure whenever PUBLIC_URL is https, and the session reads it", async () => {
    const code = await https.app.inject({ method: 'POST', url: '/customer/code', payload: { phone: '0531000901' } });
    expect(code.statusCode).toBe(200);
    const otp = /\d{4}/.exec(texts.at(-1)!.body)![0];
    const res = await https.app.inject({
      method: 'POST',
      url: '/customer/session',
      payload: { phone: '0531000901', otp },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === `__Host-${CUSTOMER_COOKIE}`);
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true, sameSite: 'Strict' });
    expect(cookie).not.toHaveProperty('domain');
    expect(res.cookies.find((c) => c.name === CUSTOMER_COOKIE)).toBeUndefined();
    const session = await https.app.inject({
      method: 'GET',
      url: '/customer/session',
      cookies: { [`__Host-${CUSTOMER_COOKIE}`]: cookie!.value },
    });
    expect(session.statusCode).toBe(200);
    // The unprefixed name is not read on an https deployment (a subdomain could have set it).
    const unprefixed = await https.app.inject({
      method: 'GET',
      url: '/customer/session',
      cookies: { [CUSTOMER_COOKIE]: cookie!.value },
    });
    expect(unprefixed.statusCode).toBe(401);
  });

  it('API_DOCS=false turns /api/docs off; it is on by default', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      expect((await https.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(404);
    }
  });

  it('a POS_PUSH_SECRET shorter than 32 characters is refused at start', () => {
    expect(() => loadConfig({ POS_PUSH_SECRET: 'push-secret-0123456789' })).toThrow(
      /POS_PUSH_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({ POS_PUSH_SECRET: 'x'.repeat(32) }).POS_PUSH_SECRET).toBe('x'.repeat(32));
  });
});
