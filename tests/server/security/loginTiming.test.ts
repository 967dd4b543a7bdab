// Login (docs/SECURITY.md): one answer and similar timing for an unknown e-mail and a wrong password; failures
// throttled per (address, e-mail), per e-mail (only the addresses that failed wait) and per client address, with
// 429 and Retry-After.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { createTestApp, type TestApp } from '../helpers/app';

const N = 10;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

describe('login: same answer, similar timing, throttled', () => {
  let t: TestApp;
  let ip = 0;
  // A fresh client address per attempt unless a test asks for one, so the per-address limit stays out of the way.
  const nextIp = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`;
  const login = (email: string, password: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/admin/login', payload: { email, password }, remoteAddress });

  beforeAll(async () => {
    // Every sign-in cap at 3: per (address, e-mail), per e-mail from all addresses, per address over e-mails.
    t = await createTestApp({
      LOGIN_FAILURES_PER_15M: '3',
      LOGIN_EMAIL_FAILURES_PER_15M: '3',
      LOGIN_IP_FAILURES_PER_15M: '3',
    });
    // One account per timed attempt, so the per-e-mail limit (3) never throttles the measurement.
    const hash = await hashPassword('right-password-1');
    await t.database.db.insert(admins).values([
      ...Array.from({ length: N + 2 }, (_, i) => ({
        name: `Timed ${i}`,
        email: `timed-${i}@example.com`,
        passwordHash: hash,
      })),
      { name: 'Victim', email: 'victim@example.com', passwordHash: hash },
      { name: 'Bystander', email: 'bystander@example.com', passwordHash: hash },
      { name: 'Neighbour', email: 'neighbour@example.com', passwordHash: hash },
    ]);
  });
  afterAll(() => t.close());

  it('an unknown e-mail and a wrong password get the same status and body', async () => {
    const unknown = await login('nobody-here@example.com', 'right-password-1');
    const wrong = await login(`timed-${N}@example.com`, 'wrong-password-1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ message: 'Invalid Email or Password' });
    expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
  });

  it(`the median times of ${N} unknown e-mails and ${N} wrong passwords are within a factor of 3`, async () => {
    // Warm up both paths (the dummy hash is made on first use).
    await login('warm-up-unknown@example.com', 'x');
    await login(`timed-${N + 1}@example.com`, 'x');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < N; i++) {
      // Interleaved, so a slow moment of the machine hits both sides alike.
      let t0 = performance.now();
      const a = await login(`unknown-${i}@example.com`, 'wrong-password-1');
      unknown.push(performance.now() - t0);
      t0 = performance.now();
      const b = await login(`timed-${i}@example.com`, 'wrong-password-1');
      wrong.push(performance.now() - t0);
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(401);
      expect(a.body).toBe(b.body);
    }
    const mu = median(unknown);
    const mw = median(wrong);
    const ratio = Math.max(mu, mw) / Math.min(mu, mw);
    expect(ratio, `median unknown ${mu.toFixed(1)} ms, wrong password ${mw.toFixed(1)} ms`).toBeLessThan(3);
    // And the password check really ran on the unknown path (argon2id takes milliseconds, a miss alone does not).
    expect(mu).toBeGreaterThan(2);
  });

  it('after 3 failures for one e-mail (from different addresses) an address that failed gets 429 with Retry-After, even with the right password; the owner from an address without failures signs in (issue 48)', async () => {
    const failed = ['10.30.0.1', '10.30.0.2', '10.30.0.3'];
    for (const [i, addr] of failed.entries())
      expect((await login('victim@example.com', `wrong-${i}`, addr)).statusCode).toBe(401);
    const bodies = new Set<string>();
    for (const password of ['right-password-1', 'wrong-again']) {
      const res = await login('victim@example.com', password, failed[0]);
      bodies.add(res.body);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(res.json()).not.toHaveProperty('data');
    }
    // While throttled, the right and a wrong password get one answer: no oracle.
    expect(bodies.size).toBe(1);
    // The e-mail is matched without regard to case: changing it does not reset the count.
    expect((await login('VICTIM@Example.com', 'right-password-1', failed[1])).statusCode).toBe(429);
    // The e-mail-wide count never keeps the owner out: an address without failures has its password checked.
    const owner = await login('victim@example.com', 'right-password-1', '10.30.9.9');
    expect(owner.statusCode).toBe(200);
    // Another e-mail from another address is unaffected.
    const other = await login('bystander@example.com', 'right-password-1', '10.99.0.1');
    expect(other.statusCode).toBe(200);
    expect(typeof other.json().data.token).toBe('string');
  });

  it('after 3 failures from one address (different e-mails) that address gets 429; another address is unaffected', async () => {
    const addr = '10.66.6.6';
    for (let i = 0; i < 3; i++) expect((await login(`spray-${i}@example.com`, 'x', addr)).statusCode).toBe(401);
    const res = await login('neighbour@example.com', 'right-password-1', addr);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('neighbour@example.com', 'right-password-1', '10.66.6.7')).statusCode).toBe(200);
  });
});
