// Hardening from configuration (docs/SECURITY.md "Hardening"): HSTS and a `__Host-` Secure customer cookie
// whenever PUBLIC_URL is https (whatever NODE_ENV), /api/docs off with API_DOCS=false, a POS_PUSH_SECRET shorter
// than 32 characters refused at start. Issue 48: /api/docs off and the till's key required by default in production;
// My receipts' cookie signed with a key from TOKEN_KEY, never one anyone holding JWT_SECRET could make.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { loadConfig } from '../../../server/config';
import { CUSTOMER_AUDIENCE } from '../../../server/customer/session';
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

  it('/api/docs is off by default with NODE_ENV=production, on when asked (API_DOCS=on); on by default elsewhere (issue 48)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' }).API_DOCS).toBe(false);
  });

  it("a new deployment requires every till's link key (NODE_ENV=production); TILL_KEY_REQUIRED=false keeps older prints working (issue 48)", () => {
    expect(loadConfig({ NODE_ENV: 'production' }).TILL_KEY_REQUIRED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', TILL_KEY_REQUIRED: 'false' }).TILL_KEY_REQUIRED).toBe(false);
    // The demo, its tools and the journeys (development) name tills by their ids, as the Specter app's JSON QR does.
    expect(loadConfig({ NODE_ENV: 'development' }).TILL_KEY_REQUIRED).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', TILL_KEY_REQUIRED: 'on' }).TILL_KEY_REQUIRED).toBe(true);
  });

  it("My receipts' cookie is signed with a key from TOKEN_KEY: one made from JWT_SECRET (as before issue 48) is refused; TOKEN_KEY_PREVIOUS's still reads", async () => {
    const TOKEN_KEY = 'hardening-token-key-0123456789-abcdef';
    const keyed = await createTestApp(
      { ...GENEROUS_CODE_LIMITS, TOKEN_KEY },
      { sms: { name: 'test', send: async (to, body) => void texts.push({ to, body }) } },
    );
    const rotated = await createTestApp(
      { ...GENEROUS_CODE_LIMITS, TOKEN_KEY: 'the-next-token-key-0123456789-abcdef', TOKEN_KEY_PREVIOUS: TOKEN_KEY },
      { sms: { name: 'test', send: async (to, body) => void texts.push({ to, body }) } },
    );
    try {
      await keyed.app.inject({ method: 'POST', url: '/customer/code', payload: { phone: '0531000902' } });
      const otp = /\d{4}/.exec(texts.at(-1)!.body)![0];
      const res = await keyed.app.inject({
        method: 'POST',
        url: '/customer/session',
        payload: { phone: '0531000902', otp },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = res.cookies.find((c) => c.name === CUSTOMER_COOKIE)!.value;
      const read = (app: TestApp, value: string) =>
        app.app.inject({ method: 'GET', url: '/customer/session', cookies: { [CUSTOMER_COOKIE]: value } });
      expect((await read(keyed, cookie)).statusCode).toBe(200);
      // Signed as the cookie was before issue 48 (JWT_SECRET and a suffix): whoever holds JWT_SECRET alone (on
      // PostgreSQL it may be kept in the database) cannot make a session any more.
      const forged = await new SignJWT({ uid: 0, at: Date.now(), pv: Date.now() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('+966531000902')
        .setAudience(CUSTOMER_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(`${keyed.config.JWT_SECRET}:customer-session`));
      expect((await read(keyed, forged)).statusCode).toBe(401);
      // A key rotation: the cookies of the previous key are read until they end.
      expect((await read(rotated, cookie)).statusCode).toBe(200);
    } finally {
      await keyed.close();
      await rotated.close();
    }
  });

  it('a POS_PUSH_SECRET shorter than 32 characters is refused at start', () => {
    expect(() => loadConfig({ POS_PUSH_SECRET: 'push-secret-0123456789' })).toThrow(
      /POS_PUSH_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({ POS_PUSH_SECRET: 'x'.repeat(32) }).POS_PUSH_SECRET).toBe('x'.repeat(32));
  });
});
