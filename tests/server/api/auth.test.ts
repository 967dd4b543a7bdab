import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, type TestApp } from '../helpers/app';
import { admins } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { eq } from 'drizzle-orm';

describe('POST /admin/login and POST /user/isVerify', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A business day other than the default's, so the answer's time zone is read from the configuration.
    t = await createTestApp({ LOGIN_FAILURES_PER_15M: '5', FUNNEL_TIME_ZONE: 'Africa/Cairo' });
    await t.database.db
      .insert(admins)
      .values({ name: 'Sara', email: 'sara@example.com', passwordHash: await hashPassword('secret-pass') });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/admin/login', payload: { email, password }, remoteAddress: ip });

  it('answers the token in data.token, usable on admin calls', async () => {
    const res = await login('Sara@Example.com', 'secret-pass');
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token;
    expect(typeof token).toBe('string');
    const stats = await t.app.inject({
      method: 'GET',
      url: '/statistics',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stats.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(admins).where(eq(admins.email, 'sara@example.com'));
    expect(row.lastLogin).not.toBeNull();
  });

  it('answers one message for a wrong password and an unknown e-mail', async () => {
    const a = await login('sara@example.com', 'wrong-pass', '10.0.0.2');
    const b = await login('nobody@example.com', 'secret-pass', '10.0.0.3');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual({ message: 'Invalid Email or Password' });
    expect(b.json()).toEqual({ message: 'Invalid Email or Password' });
  });

  it('validates the body and names the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'x@y.z' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^password: /);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/JSON/);
  });

  it('isVerify: true for a live admin token, false otherwise, never 401', async () => {
    const token = await t.adminToken();
    const verify = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/user/isVerify', headers });
    // Issue 26: a good token's answer also says who it is, with the role and restaurants.
    expect((await verify({ authorization: `Bearer ${token}` })).json()).toMatchObject({
      verify: true,
      role: 'admin',
      restaurantIds: [],
      restaurants: [],
      // The business day's zone: the back-office's period pickers take today from it, not from the browser.
      timeZone: 'Africa/Cairo',
    });
    expect((await verify({})).json()).toEqual({ verify: false });
    expect((await verify({ authorization: 'Bearer not.a.jwt' })).json()).toEqual({ verify: false });
    expect((await verify({ authorization: 'Basic abc' })).json()).toEqual({ verify: false });
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setAudience('specter-admin')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-123'));
    expect((await verify({ authorization: `Bearer ${forged}` })).json()).toEqual({ verify: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/isVerify',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.json()).toMatchObject({ verify: true, role: 'admin' });
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setAudience('specter-admin')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET!));
    const res = await t.app.inject({ method: 'GET', url: '/admin', headers: { authorization: `Bearer ${expired}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });
});
