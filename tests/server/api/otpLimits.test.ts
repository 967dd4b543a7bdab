// The one-time-code limits of docs/SECURITY.md (what each test proves: docs/RELIABILITY.md), each at its default value unless the test is about
// another one (then the others are raised out of the way). Where a test needs time to pass (a code's
// lifetime, a lock's hours), it moves the stored timestamps back by that much instead of waiting: the
// server compares them with the database's now(), so this is what the passing of time looks like to it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import net from 'node:net';
import { Redis } from 'ioredis';
import { appUsers, otpChallenges, phoneGuards, rateCounters } from '../../../server/db/schema';
import type { Database } from '../../../server/db/client';
import { createTestApp } from '../helpers/app';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { Writable } from 'node:stream';

// Many tests here build an app of their own (a migrated database each); on a busy machine that alone can take
// tens of seconds, so the time limit is a hang guard, not a speed check.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const WRONG_CODE = 'The code is wrong or has expired, please ask for a new one';
/** Every send and check limit out of the way; a test sets back the one it is about. */
const OPEN = {
  OTP_IP_SENDS_PER_10M: '100000',
  OTP_IP_SENDS_PER_DAY: '100000',
  OTP_IP_CHECKS_PER_10M: '100000',
  OTP_SENDS_PER_15M: '100000',
  OTP_SENDS_PER_HOUR: '100000',
  OTP_SENDS_PER_DAY: '100000',
  OTP_RESEND_SECONDS: '0',
  // A till's view and claim limits (issue 29) count every call before a code is sent or checked.
  TILL_VIEWS_PER_ADDRESS_10M: '100000',
  TILL_VIEWS_PER_TILL_MINUTE: '100000',
  TILL_CLAIMS_PER_ADDRESS_10M: '100000',
  TILL_CLAIMS_PER_TILL_MINUTE: '100000',
};
/** OPEN with one limit left at the product's default (server/config.ts): the test that names it checks it. */
const openExcept = (limit: keyof typeof OPEN): Record<string, string> =>
  Object.fromEntries(Object.entries(OPEN).filter(([k]) => k !== limit));

/** An app without a POS (sending codes needs none) whose SMS sender keeps the messages. */
async function smsApp(overrides: Record<string, string>, extra: Parameters<typeof createTestApp>[1] = {}) {
  const sms: { to: string; body: string }[] = [];
  const t = await createTestApp(overrides, {
    sms: {
      name: 'test',
      send: async (to, body) => {
        sms.push({ to, body });
      },
    },
    ...extra,
  });
  // Every send here is Resend code (resend: true): asked again, a live code is texted again, as the limits count.
  const send = (phone: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/user', payload: { phone, resend: true }, remoteAddress: ip });
  return { ...t, sms, send };
}

/** The stored times of a phone's codes moved back by seconds (the code ages). */
const ageCodes = (database: Database, phone: string, seconds: number) =>
  database.db
    .update(otpChallenges)
    .set({
      createdAt: sql`${otpChallenges.createdAt} - make_interval(secs => ${seconds})`,
      lastSentAt: sql`${otpChallenges.lastSentAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${otpChallenges.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(otpChallenges.phone, phone));

const liveChallenges = (database: Database, phone: string) =>
  database.db
    .select()
    .from(otpChallenges)
    .where(
      and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, sql`now()`)),
    );

/** Ten wrong guesses, each at a live code (a new code asked before the first and after every third, as a
 * customer pressing "send again" would); answers the statuses. */
async function tenWrongCodes(local: FoodicsTestApp, phone: string, ip = '127.0.0.1'): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    if (i % 3 === 0) await local.app.inject({ method: 'POST', url: '/user', payload: { phone }, remoteAddress: ip });
    const code = local.lastCode(`+966${phone.slice(1)}`)!;
    const answer = await local.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      remoteAddress: ip,
      payload: {
        casherId: DEVICE,
        restaurantId: local.restaurantId,
        phone,
        otp: String((Number(code) + 1) % 10_000).padStart(4, '0'),
      },
    });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

describe('a code: its lifetime, resends and replacement', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...OPEN, FOODICS_CACHE_MS: '0' });
  });
  afterAll(() => t.close());

  // Resend code (resend: true): without it, a live code is not texted again (typoResend.test.ts).
  const send = (phone: string) => t.app.inject({ method: 'POST', url: '/user', payload: { phone, resend: true } });
  const save = (phone: string, otp: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp },
    });

  it('a code lives OTP_TTL_SECONDS (300): once that has passed, the right code answers the one wrong-code message', async () => {
    expect((await send('0531000001')).statusCode).toBe(200);
    const code = t.lastCode('+966531000001')!;
    const [row] = await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, '+966531000001'));
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 1000).toBeCloseTo(300, 0);
    await ageCodes(t.database, '+966531000001', 300);
    t.foodics.addOrder(DEVICE);
    const res = await save('0531000001', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WRONG_CODE);
    const [after] = await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, '+966531000001'));
    expect(after.consumedAt).toBeNull();
  });

  it('a resend within the lifetime texts the same code and keeps its attempts', async () => {
    await send('0531000002');
    const first = t.lastCode('+966531000002')!;
    const wrong = String((Number(first) + 1) % 10_000).padStart(4, '0');
    t.foodics.addOrder(DEVICE);
    expect((await save('0531000002', wrong)).statusCode).toBe(400);
    expect((await send('0531000002')).statusCode).toBe(200);
    expect(t.lastCode('+966531000002')).toBe(first);
    const rows = await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, '+966531000002'));
    expect(rows).toHaveLength(1);
    expect(rows[0].attempts).toBe(1);
    expect(rows[0].sendCount).toBe(2);
    expect(t.sms.filter((m) => m.to === '+966531000002')).toHaveLength(2);
  });

  it('a new code retires the old: after 3 wrong guesses a resend texts a new code, the spent one is closed and the new one saves', async () => {
    await send('0531000003');
    const first = t.lastCode('+966531000003')!;
    const [old] = await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, '+966531000003'));
    const wrong = String((Number(first) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < 3; i++) expect((await save('0531000003', wrong)).statusCode).toBe(400);
    expect((await send('0531000003')).statusCode).toBe(200);
    const live = await liveChallenges(t.database, '+966531000003');
    expect(live).toHaveLength(1);
    expect(live[0].id).not.toBe(old.id);
    const [retired] = await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.id, old.id));
    expect(retired.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    t.foodics.addOrder(DEVICE);
    expect((await save('0531000003', t.lastCode('+966531000003')!)).statusCode).toBe(200);
  });
});

describe("a code's guesses per client address (issue 48 item 5)", () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...OPEN, FOODICS_CACHE_MS: '0' });
  });
  afterAll(() => t.close());
  const saveFrom = (ip: string, phone: string, otp: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      remoteAddress: ip,
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp },
    });
  const off = (code: string, by = 1) => String((Number(code) + by) % 10_000).padStart(4, '0');
  const e164 = (local: string) => `+966${local.slice(1)}`;

  it("a stranger's three wrong guesses leave the customer's live code whole: it is dead for the stranger's address only", async () => {
    const phone = '0531004801';
    t.foodics.addOrder(DEVICE);
    await t.app.inject({ method: 'POST', url: '/user', payload: { phone }, remoteAddress: '10.48.0.1' });
    const code = t.lastCode(e164(phone))!;
    for (let i = 1; i <= 3; i++) expect((await saveFrom('10.48.0.2', phone, off(code, i))).statusCode).toBe(400);
    // The stranger's budget of this code is spent: even the right code is the one wrong-code message there.
    const spent = await saveFrom('10.48.0.2', phone, code);
    expect([spent.statusCode, spent.json().message]).toEqual([400, WRONG_CODE]);
    // Filed by a keyed hash of the address, never the address itself.
    const [row] = await liveChallenges(t.database, e164(phone));
    expect(row.attempts).toBe(3);
    expect(Object.values(row.attemptsByAddress)).toEqual([3]);
    expect(JSON.stringify(row.attemptsByAddress)).not.toContain('10.48');
    // The customer, from their own address, saves with the code they were texted.
    expect((await saveFrom('10.48.0.1', phone, code)).statusCode).toBe(200);
  });

  it('the same address still has its three guesses (a typo, then the right code); a code dies for everyone after OTP_CODE_MAX_ATTEMPTS (10) from all addresses', async () => {
    const phone = '0531004802';
    t.foodics.addOrder(DEVICE);
    await t.app.inject({ method: 'POST', url: '/user', payload: { phone }, remoteAddress: '10.48.1.1' });
    const code = t.lastCode(e164(phone))!;
    // Ten wrong guesses from four addresses (three, three, three, one).
    for (const [ip, n] of [
      ['10.48.1.2', 3],
      ['10.48.1.3', 3],
      ['10.48.1.4', 3],
      ['10.48.1.5', 1],
    ] as const)
      for (let i = 1; i <= n; i++) expect((await saveFrom(ip, phone, off(code, i))).statusCode).toBe(400);
    expect((await saveFrom('10.48.1.1', phone, code)).json().message).toBe(WRONG_CODE);
    // Asked again, the customer gets a new code, which saves.
    await t.app.inject({ method: 'POST', url: '/user', payload: { phone }, remoteAddress: '10.48.1.1' });
    const fresh = t.lastCode(e164(phone))!;
    expect((await saveFrom('10.48.1.1', phone, off(fresh))).statusCode).toBe(400);
    expect((await saveFrom('10.48.1.1', phone, fresh)).statusCode).toBe(200);
  });
});

describe('send limits per phone', () => {
  const cases = [
    { name: '5 sends per 15 minutes', limit: 'OTP_SENDS_PER_15M', allowed: 5, window: [600, 900] },
    { name: '5 sends per hour', limit: 'OTP_SENDS_PER_HOUR', allowed: 5, window: [900, 3600] },
    { name: '10 sends per 24 hours', limit: 'OTP_SENDS_PER_DAY', allowed: 10, window: [3600, 86_400] },
  ] as const;
  for (const c of cases) {
    it(`${c.name} (the default), then 429 with a Retry-After inside that window`, async () => {
      const t = await smsApp(openExcept(c.limit));
      try {
        for (let i = 0; i < c.allowed; i++) expect((await t.send('0532000001')).statusCode, `send ${i + 1}`).toBe(200);
        const refused = await t.send('0532000001');
        expect(refused.statusCode).toBe(429);
        // A send limit says so (issue 30): "Too many attempts" is said after wrong codes only.
        expect(refused.json().message).toMatch(/^You asked for several codes; try again in \d+ (minutes|hours)$/);
        const wait = Number(refused.headers['retry-after']);
        expect(wait).toBeGreaterThan(c.window[0]);
        expect(wait).toBeLessThanOrEqual(c.window[1]);
        expect(t.sms).toHaveLength(c.allowed);
        // Another phone is not affected.
        expect((await t.send('0532000002')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  }

  it('a resend sooner than OTP_RESEND_SECONDS (60) is refused with 429 and Retry-After, and nothing is texted', async () => {
    const t = await smsApp({ ...OPEN, OTP_RESEND_SECONDS: '60' });
    try {
      expect((await t.send('0532000003')).statusCode).toBe(200);
      const again = await t.send('0532000003');
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
      expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(t.sms).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('limits per client address', () => {
  it('30 sends per 10 minutes from one address (the default), then 429; another address is not affected', async () => {
    const t = await smsApp(openExcept('OTP_IP_SENDS_PER_10M'));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await t.send(`05330000${String(i).padStart(2, '0')}`, '10.3.0.1')).statusCode);
      expect(statuses).toEqual([...Array(30).fill(200), 429]);
      const refused = await t.send('0533000099', '10.3.0.1');
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect((await t.send('0533000099', '10.3.0.2')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('200 sends per day from one address (the default), then 429 with a Retry-After beyond 10 minutes', async () => {
    const t = await smsApp(openExcept('OTP_IP_SENDS_PER_DAY'));
    try {
      for (let i = 0; i < 200; i++)
        expect((await t.send(`0534000${String(i).padStart(3, '0')}`, '10.3.1.1')).statusCode).toBe(200);
      const refused = await t.send('0534000999', '10.3.1.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(600);
      expect(t.sms).toHaveLength(200);
    } finally {
      await t.close();
    }
  });

  it('an IPv6 client counts by its /64: 3 sends from 3 addresses of one /64 use up a limit of 3, another /64 is not affected', async () => {
    const t = await smsApp({ ...OPEN, OTP_IP_SENDS_PER_10M: '3' });
    try {
      const statuses = [];
      for (const [i, ip] of [
        '2001:db8:5:1::1',
        '2001:db8:5:1:ffff::2',
        '2001:0db8:0005:0001::3',
        '2001:db8:5:1::4',
      ].entries())
        statuses.push((await t.send(`053300010${i}`, ip)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await t.send('0533000109', '2001:db8:5:2::1')).statusCode).toBe(200);
      // IPv4 written as IPv6 is the IPv4 address.
      for (let i = 0; i < 3; i++) expect((await t.send(`053300011${i}`, '10.5.0.1')).statusCode).toBe(200);
      expect((await t.send('0533000119', '::ffff:10.5.0.1')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('100 code checks per 10 minutes from one address (the default), then 429', async () => {
    const t = await createFoodicsTestApp(openExcept('OTP_IP_CHECKS_PER_10M'));
    try {
      const check = (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/order/foodics/web/add-order',
          remoteAddress: ip,
          payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone: '0535000001', otp: '1234' },
        });
      for (let i = 0; i < 100; i++) expect((await check('10.3.2.1')).statusCode).toBe(400);
      const refused = await check('10.3.2.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect((await check('10.3.2.2')).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});

describe('the whole-service SMS caps', () => {
  for (const cap of ['SMS_GLOBAL_PER_HOUR', 'SMS_GLOBAL_PER_DAY']) {
    it(`${cap} reached: sending stops with 503 and Retry-After, for every phone and address`, async () => {
      const t = await smsApp({ ...OPEN, [cap]: '3' });
      try {
        for (let i = 0; i < 3; i++) expect((await t.send(`053600000${i}`, `10.3.3.${i}`)).statusCode).toBe(200);
        const stopped = await t.send('0536000009', '10.3.3.9');
        expect(stopped.statusCode).toBe(503);
        expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
        expect(stopped.json().message).toBeTruthy();
        expect(t.sms).toHaveLength(3);
      } finally {
        await t.close();
      }
    });
  }
});

describe('caps before the whole-service cap, and My receipts on its own', () => {
  it("a till's and a restaurant's sends per hour stop one place's flood; codes asked without a till still go out", async () => {
    const t = await createFoodicsTestApp({
      ...OPEN,
      OTP_SENDS_PER_ORDER: '100000',
      // A claim window longer than the caps' hour: the wait is promised (429), not "can no longer be saved".
      CLAIM_WINDOW_MINUTES: '120',
      OTP_SENDS_PER_TILL_HOUR: '2',
      OTP_SENDS_PER_RESTAURANT_HOUR: '3',
    });
    try {
      const [tillA, tillB] = [FIXTURE.devices[0].id, FIXTURE.devices[1].id];
      t.foodics.addOrder(tillA);
      t.foodics.addOrder(tillB);
      const send = (phone: string, casherId?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/user',
          payload: casherId ? { phone, restaurantId: t.restaurantId, casherId } : { phone },
        });
      const statuses = [];
      for (const [i, till] of [tillA, tillA, tillA, tillB, tillB].entries())
        statuses.push((await send(`053800000${i}`, till)).statusCode);
      // Till A's third is over its till cap; till B's second is over the restaurant's (A1, A2, B1 went out).
      expect(statuses).toEqual([200, 200, 429, 200, 429]);
      expect(t.sms).toHaveLength(3);
      expect((await send('0538000009')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('the log says when the whole-service cap nears (80 %), once, before sending stops', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await smsApp({ ...OPEN, SMS_GLOBAL_PER_HOUR: '5', LOG_LEVEL: 'warn' }, { logStream });
    try {
      const nearing = () => lines.filter((l) => l.includes('global SMS cap nearing'));
      for (let i = 0; i < 3; i++) expect((await t.send(`053900000${i}`, `10.9.0.${i}`)).statusCode).toBe(200);
      expect(nearing()).toHaveLength(0);
      expect((await t.send('0539000003', '10.9.0.3')).statusCode).toBe(200);
      expect(nearing()).toHaveLength(1);
      expect(JSON.parse(nearing()[0])).toMatchObject({ sms: { window: 'hour', sent: 4, cap: 5 } });
      expect((await t.send('0539000004', '10.9.0.4')).statusCode).toBe(200);
      expect(nearing()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it("My receipts' sign-in codes are limited per address on their own; the invoice page's codes are not held by it", async () => {
    const t = await smsApp({ ...OPEN, OTP_SIGNIN_IP_SENDS_PER_10M: '2' });
    try {
      const signInCode = (phone: string) =>
        t.app.inject({ method: 'POST', url: '/customer/code', payload: { phone }, remoteAddress: '10.8.0.1' });
      expect((await signInCode('0539100001')).statusCode).toBe(200);
      expect((await signInCode('0539100002')).statusCode).toBe(200);
      const refused = await signInCode('0539100003');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect((await t.send('0539100004', '10.8.0.1')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('wrong codes, the daily limit and the phone lock', () => {
  let t: FoodicsTestApp;
  let admin: string;
  // The lock after 5 in a row instead of 50, so a test reaches it without 5 days of the daily limit.
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...OPEN, FOODICS_CACHE_MS: '0', OTP_PHONE_LOCK_AFTER: '5' });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  // Resend code (resend: true): without it, a live code is not texted again (typoResend.test.ts).
  const send = (phone: string) => t.app.inject({ method: 'POST', url: '/user', payload: { phone, resend: true } });
  const save = (phone: string, otp: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp },
    });
  const e164 = (local: string) => `+966${local.slice(1)}`;
  /** Sends a code when the phone has none left, then guesses wrong once; answers the status. A cashier closes an
   * order first: a save naming no order takes the till's newest, and once a test saved that one the call would
   * be refused (409) before any code is checked. */
  async function wrongGuess(phone: string) {
    t.foodics.addOrder(DEVICE);
    if (!(await liveChallenges(t.database, e164(phone))).some((c) => c.attempts < 3)) await send(phone);
    const code = t.lastCode(e164(phone))!;
    return (await save(phone, String((Number(code) + 1) % 10_000).padStart(4, '0'))).statusCode;
  }
  const guard = async (phone: string) =>
    (
      await t.database.db
        .select()
        .from(phoneGuards)
        .where(eq(phoneGuards.phone, e164(phone)))
    )[0];
  const unlock = (id: number, token = admin) =>
    t.app.inject({
      method: 'DELETE',
      url: `/user/${id}/lock`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const listed = async (phone: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/user?page=1&perPage=5&q=${phone.slice(1)}`,
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()[0];

  it('guesses at a number with no live code count for nothing: 60 of them neither lock it nor use up its day', async () => {
    // A new order on the till: its newest one may be saved already by an earlier test (a 409 before any code).
    t.foodics.addOrder(DEVICE);
    for (let i = 0; i < 60; i++) expect((await save('0537000001', String(i).padStart(4, '0'))).statusCode).toBe(400);
    expect(await guard('0537000001')).toBeUndefined();
    expect((await send('0537000001')).statusCode).toBe(200);
    t.foodics.addOrder(DEVICE);
    expect((await save('0537000001', t.lastCode('+966537000001')!)).statusCode).toBe(200);
  });

  it('10 wrong codes against live codes in 24 hours (the default), then 429 even for the right code', async () => {
    const local = await createFoodicsTestApp({ ...OPEN, FOODICS_CACHE_MS: '0' });
    try {
      const phone = '0537000002';
      expect(await tenWrongCodes(local, phone)).toEqual(Array(10).fill(400));
      await local.app.inject({ method: 'POST', url: '/user', payload: { phone } });
      local.foodics.addOrder(DEVICE);
      const right = await local.app.inject({
        method: 'POST',
        url: '/order/foodics/web/add-order',
        payload: { casherId: DEVICE, restaurantId: local.restaurantId, phone, otp: local.lastCode(e164(phone))! },
      });
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(3600);
    } finally {
      await local.close();
    }
  });

  it("a stranger's wrong codes count against their own address: the phone's owner still saves, and an admin clears the phone's counts without a lock", async () => {
    const local = await createFoodicsTestApp({ ...OPEN, FOODICS_CACHE_MS: '0' });
    try {
      const phone = '0537000012';
      const saveFrom = (ip: string, otp: string) =>
        local.app.inject({
          method: 'POST',
          url: '/order/foodics/web/add-order',
          remoteAddress: ip,
          payload: { casherId: DEVICE, restaurantId: local.restaurantId, phone, otp },
        });
      // A stranger uses up the day from their address (and their whole /64 on IPv6)...
      expect(await tenWrongCodes(local, phone, '2001:db8:7:1::a')).toEqual(Array(10).fill(400));
      await local.app.inject({ method: 'POST', url: '/user', payload: { phone }, remoteAddress: '10.7.0.2' });
      expect((await saveFrom('2001:db8:7:1::b', local.lastCode(e164(phone))!)).statusCode).toBe(429);
      // ...the owner, from their own address, is not blocked: the right code saves.
      local.foodics.addOrder(DEVICE);
      expect((await saveFrom('10.7.0.2', local.lastCode(e164(phone))!)).statusCode).toBe(200);

      // The owner's own day used up (at a fresh order: the saved one answers 409 before any code is checked), and
      // no lock (50 in a row): the admin's Lift lock clears the counts (no 409).
      local.foodics.addOrder(DEVICE);
      expect(await tenWrongCodes(local, phone, '10.7.0.2')).toEqual(Array(10).fill(400));
      const [user] = await local.database.db
        .select()
        .from(appUsers)
        .where(eq(appUsers.phone, e164(phone)));
      const token = await local.adminToken();
      const clear = () =>
        local.app.inject({
          method: 'DELETE',
          url: `/user/${user.id}/lock`,
          headers: { authorization: `Bearer ${token}` },
        });
      const cleared = await clear();
      expect(cleared.statusCode, cleared.body).toBe(200);
      await local.app.inject({ method: 'POST', url: '/user', payload: { phone }, remoteAddress: '10.7.0.2' });
      local.foodics.addOrder(DEVICE);
      expect((await saveFrom('10.7.0.2', local.lastCode(e164(phone))!)).statusCode).toBe(200);
      // Nothing left to clear: 409.
      expect((await clear()).statusCode).toBe(409);
    } finally {
      await local.close();
    }
  });

  it('20 parallel wrong guesses at live codes of one phone never count past the daily limit', async () => {
    // The POS answer of 20 parallel saves may queue behind one embedded database connection: this test is about
    // the daily count, so the POS timeout is not what it measures.
    const local = await createFoodicsTestApp({
      ...OPEN,
      OTP_MAX_ATTEMPTS: '100',
      OTP_CODE_MAX_ATTEMPTS: '100',
      FOODICS_TIMEOUT_MS: '60000',
    });
    try {
      await local.app.inject({ method: 'POST', url: '/user', payload: { phone: '0537000009' } });
      const code = local.lastCode('+966537000009')!;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          local.app.inject({
            method: 'POST',
            url: '/order/foodics/web/add-order',
            payload: {
              casherId: DEVICE,
              restaurantId: local.restaurantId,
              phone: '0537000009',
              otp: String((Number(code) + 1 + k) % 10_000).padStart(4, '0'),
            },
          }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      await local.close();
    }
  });

  it('5 wrong codes in a row (OTP_PHONE_LOCK_AFTER) lock the phone: sends and checks answer 429 for about OTP_LOCK_HOURS', async () => {
    for (let i = 0; i < 5; i++) expect(await wrongGuess('0537000003')).toBe(400);
    const g = await guard('0537000003');
    expect(g.lockedAt).not.toBeNull();
    const refusedSend = await send('0537000003');
    expect(refusedSend.statusCode).toBe(429);
    const wait = Number(refusedSend.headers['retry-after']);
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect((await save('0537000003', '1234')).statusCode).toBe(429);
  });

  it('a right code resets the run: 4 wrong, the right one, 4 wrong again leave the phone unlocked', async () => {
    for (let i = 0; i < 4; i++) expect(await wrongGuess('0537000004')).toBe(400);
    await send('0537000004');
    t.foodics.addOrder(DEVICE);
    expect((await save('0537000004', t.lastCode('+966537000004')!)).statusCode).toBe(200);
    expect((await guard('0537000004')).failuresInRow).toBe(0);
    for (let i = 0; i < 4; i++) expect(await wrongGuess('0537000004')).toBe(400);
    expect((await guard('0537000004')).lockedAt).toBeNull();
    expect((await send('0537000004')).statusCode).toBe(200);
  });

  it('the lock ends by itself after OTP_LOCK_HOURS (24): the phone gets codes again and its run starts over', async () => {
    for (let i = 0; i < 5; i++) await wrongGuess('0537000005');
    expect((await send('0537000005')).statusCode).toBe(429);
    await t.database.db
      .update(phoneGuards)
      .set({ lockedAt: sql`${phoneGuards.lockedAt} - interval '24 hours'` })
      .where(eq(phoneGuards.phone, '+966537000005'));
    expect((await send('0537000005')).statusCode).toBe(200);
    expect(await wrongGuess('0537000005')).toBe(400);
    expect((await guard('0537000005')).failuresInRow).toBe(1);
    expect((await send('0537000005')).statusCode).toBe(200);
  });

  it('an admin lifts the lock with DELETE /user/{id}/lock: the App Users list shows it before and not after, and the phone gets codes at once', async () => {
    // A returning customer (an app user exists once an order was saved): the one the App Users screen can list.
    await t.database.db.insert(appUsers).values({ phone: '+966537000006' });
    for (let i = 0; i < 5; i++) await wrongGuess('0537000006');
    const [user] = await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966537000006'));
    const before = await listed('0537000006');
    expect(before.phone).toBe('+966537000006');
    expect(Date.parse(before.lockedUntil)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await send('0537000006')).statusCode).toBe(429);

    expect((await unlock(user.id, '')).statusCode).toBe(401);
    const lifted = await unlock(user.id);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ message: 'The lock has been lifted' });
    expect((await listed('0537000006')).lockedUntil).toBeNull();
    expect((await send('0537000006')).statusCode).toBe(200);
    t.foodics.addOrder(DEVICE);
    expect((await save('0537000006', t.lastCode('+966537000006')!)).statusCode).toBe(200);

    const again = await unlock(user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This number is not locked');
    expect((await unlock(2_000_000_000)).statusCode).toBe(404);
  });

  it('lifting the lock also gives the phone its day back: after 10 wrong codes and a lift, a new code is checked', async () => {
    const local = await createFoodicsTestApp({ ...OPEN, FOODICS_CACHE_MS: '0', OTP_PHONE_LOCK_AFTER: '10' });
    try {
      const token = await local.adminToken();
      const phone = '0537000007';
      // A returning customer: App Users lists app users, made when an order is saved with a good code.
      await local.database.db.insert(appUsers).values({ phone: e164(phone) });
      await tenWrongCodes(local, phone);
      const [user] = await local.database.db
        .select()
        .from(appUsers)
        .where(eq(appUsers.phone, e164(phone)));
      expect(
        (
          await local.app.inject({
            method: 'DELETE',
            url: `/user/${user.id}/lock`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(200);
      expect((await local.app.inject({ method: 'POST', url: '/user', payload: { phone } })).statusCode).toBe(200);
      local.foodics.addOrder(DEVICE);
      const right = await local.app.inject({
        method: 'POST',
        url: '/order/foodics/web/add-order',
        payload: { casherId: DEVICE, restaurantId: local.restaurantId, phone, otp: local.lastCode(e164(phone))! },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('a Redis that fails: the limits fall back to the database, never to "allow"', () => {
  let t: Awaited<ReturnType<typeof smsApp>>;
  let redis: Redis;
  beforeAll(async () => {
    // A port nobody listens on: every Redis command fails at once.
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    redis = new Redis({
      host: '127.0.0.1',
      port,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    t = await smsApp({ ...OPEN, OTP_IP_SENDS_PER_10M: '30' }, { redis });
  });
  afterAll(async () => {
    await t.close();
    redis.disconnect();
  });

  it('the per-address send limit still refuses the 31st send, counted in rate_counters', async () => {
    for (let i = 0; i < 30; i++)
      expect((await t.send(`05380000${String(i).padStart(2, '0')}`, '10.3.9.1')).statusCode).toBe(200);
    expect((await t.send('0538000099', '10.3.9.1')).statusCode).toBe(429);
    const [row] = await t.database.db
      .select()
      .from(rateCounters)
      .where(eq(rateCounters.key, 'otp:ip-send-10m:10.3.9.1'));
    expect(row.count).toBe(31);
  });

  it('sign-in failures are counted in the database too: the 11th attempt of a pair is 429', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/admin/login',
        remoteAddress: '10.3.9.2',
        payload: { email: 'x@example.com', password: 'wrong-pass' },
      });
      expect(r.statusCode).toBe(401);
    }
    const r = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      remoteAddress: '10.3.9.2',
      payload: { email: 'x@example.com', password: 'wrong-pass' },
    });
    expect(r.statusCode).toBe(429);
  });
});
