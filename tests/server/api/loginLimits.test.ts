// Admin sign-in limits on the shared limiter (server/db/rateLimit): per (address, e-mail), a looser cap per
// e-mail and per address, counted before the password atomically, a right password taking its count back.
// Counted in the database here (no REDIS_URL), so a second instance on the same database shares them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { createTestApp, type TestApp } from '../helpers/app';
import { buildInstance, type Instance } from '../reliability/helpers';

const LIMITS = { LOGIN_FAILURES_PER_15M: '5', LOGIN_EMAIL_FAILURES_PER_15M: '8', LOGIN_IP_FAILURES_PER_15M: '12' };

describe('admin sign-in limits', () => {
  let t: TestApp;
  let second: Instance;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(LIMITS);
    second = await buildInstance(t.database, LIMITS);
  });
  afterAll(async () => {
    await second?.app.close();
    await t.close();
  });

  /** A new admin with its own e-mail, so each test counts from zero. */
  async function newAdmin(password = 'right-pass-1') {
    const email = `admin-${++n}@example.com`;
    await t.database.db
      .insert(admins)
      .values({ name: `Admin ${n}`, email, passwordHash: await hashPassword(password) });
    return { email, password };
  }
  const login = (email: string, password: string, ip: string, app = t.app) =>
    app.inject({ method: 'POST', url: '/admin/login', payload: { email, password }, remoteAddress: ip });

  it('after 5 failures from one address for one e-mail, that pair gets 429 with Retry-After, even with the right password', async () => {
    const a = await newAdmin();
    for (let i = 0; i < 5; i++) expect((await login(a.email, 'wrong', '10.2.0.1')).statusCode).toBe(401);
    const res = await login(a.email, a.password, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(res.json().message).toMatch(/Too many/);
  });

  it('the rightful admin signs in from their own address while another address hammers their e-mail', async () => {
    const a = await newAdmin();
    const hammer = Array.from({ length: 30 }, () => login(a.email, 'guess', '10.2.0.66'));
    const statuses = (await Promise.all(hammer)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    expect((await login(a.email, a.password, '10.2.0.7')).statusCode).toBe(200);
  });

  it('failures from many addresses meet the looser cap per e-mail (8): then even the right password from a new address is 429', async () => {
    const a = await newAdmin();
    for (let i = 0; i < 8; i++) expect((await login(a.email, 'wrong', `10.2.1.${i}`)).statusCode).toBe(401);
    expect((await login(a.email, a.password, '10.2.1.200')).statusCode).toBe(429);
  });

  it('one address spraying many e-mails meets the cap per address (12)', async () => {
    for (let i = 0; i < 12; i++)
      expect((await login(`spray-${i}@example.com`, 'wrong', '10.2.2.1')).statusCode).toBe(401);
    expect((await login('spray-99@example.com', 'wrong', '10.2.2.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login('spray-99@example.com', 'wrong', '10.2.2.2')).statusCode).toBe(401);
  });

  it('a right password is not counted as a failure: 4 failures, a success, then one more failure is still 401', async () => {
    const a = await newAdmin();
    for (let i = 0; i < 4; i++) expect((await login(a.email, 'wrong', '10.2.3.1')).statusCode).toBe(401);
    expect((await login(a.email, a.password, '10.2.3.1')).statusCode).toBe(200);
    expect((await login(a.email, 'wrong', '10.2.3.1')).statusCode).toBe(401);
    expect((await login(a.email, 'wrong', '10.2.3.1')).statusCode).toBe(429);
  });

  it('20 parallel wrong passwords from one pair: exactly 5 are checked (401), the other 15 are 429', async () => {
    const a = await newAdmin();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(a.email, 'wrong', '10.2.4.1')));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('the counts are shared, not per instance: failures on one instance refuse the pair on a second instance', async () => {
    const a = await newAdmin();
    for (let i = 0; i < 3; i++) expect((await login(a.email, 'wrong', '10.2.5.1')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await login(a.email, 'wrong', '10.2.5.1', second.app)).statusCode).toBe(401);
    expect((await login(a.email, a.password, '10.2.5.1', second.app)).statusCode).toBe(429);
    expect((await login(a.email, a.password, '10.2.5.1')).statusCode).toBe(429);
  });
});
