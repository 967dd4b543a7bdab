// The scan-to-save funnel on a real database: a receipt opened, a code requested and an order saved count
// once each for the till and the day; a retry or a reload from one browser within FUNNEL_DEDUPE_SECONDS
// counts once; a bot never; two instances on one database (and on one Redis) count one browser once; the
// tables hold counts only. Then the dashboard, per-branch, per-till and CSV answers.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { funnelDaily, funnelMarks } from '../../../server/db/schema';
import { dayRange } from '../../../server/funnel/days';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, DEVICE } from '../helpers/foodicsApp';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GENEROUS = {
  OTP_IP_SENDS_PER_10M: '1000',
  OTP_IP_SENDS_PER_DAY: '1000',
  OTP_IP_CHECKS_PER_10M: '1000',
  OTP_RESEND_SECONDS: '0',
  FOODICS_CACHE_MS: '0',
  FOODICS_TIMEOUT_MS: '5000',
};

async function setUp(extra: Record<string, string> = {}) {
  // A secret of its own: the browser marks are HMACs under it, so parallel runs on one Redis never meet.
  const t = await createFoodicsTestApp({
    ...GENEROUS,
    JWT_SECRET: `funnel-${randomBytes(12).toString('hex')}`,
    ...extra,
  });
  const auth = { authorization: `Bearer ${await t.adminToken()}` };
  const DEVICE_2 = FIXTURE.devices[1].id;
  const open = (ua: string, ip = '10.0.0.1', device = DEVICE) =>
    t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(device)}`,
      headers: { 'user-agent': ua },
      remoteAddress: ip,
    });
  const sendCode = (phone: string, ua: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone },
      headers: { 'user-agent': ua },
      remoteAddress: ip,
    });
  const save = (phone: string, ua: string, ip = '10.0.0.1', device = DEVICE) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      headers: { 'user-agent': ua },
      remoteAddress: ip,
      payload: { casherId: device, restaurantId: t.restaurantId, phone, otp: t.lastCode(`+966${phone.slice(1)}`) },
    });
  const settle = () => t.app.funnel.settled();
  const figures = async () => {
    await settle();
    return (await t.app.inject({ method: 'GET', url: '/funnel?days=30', headers: auth })).json().totals;
  };
  return { t, auth, open, sendCode, save, settle, figures, DEVICE_2 };
}

// The tests share one app (one server per file) but none relies on what another left: each moves the figures
// from its own browsers (its own addresses) and phones, and compares them before and after.
type Figures = { views: number; codes: number; saves: number };
const plus = (a: Figures, b: Partial<Figures>): Figures => ({
  views: a.views + (b.views ?? 0),
  codes: a.codes + (b.codes ?? 0),
  saves: a.saves + (b.saves ?? 0),
});

describe('the scan-to-save funnel (database marks)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(() => s.t.close());

  /** Today's figures of each till, from the table. */
  const byTill = async (): Promise<Record<string, Figures>> => {
    await s.settle();
    const rows = await s.t.database.db.select().from(funnelDaily);
    const today = rows.reduce((d, r) => (r.day > d ? r.day : d), '');
    const zero = { views: 0, codes: 0, saves: 0 };
    return {
      [DEVICE]: zero,
      [s.DEVICE_2]: zero,
      ...Object.fromEntries(
        rows
          .filter((r) => r.day === today)
          .map((r) => [r.deviceId, { views: r.views, codes: r.codes, saves: r.saves }]),
      ),
    };
  };

  it('one view, one code, one save move the funnel by one each; retries and reloads from one browser count once', async () => {
    const before = await s.figures();
    s.t.foodics.addOrder(DEVICE);
    expect((await s.open(PHONE_UA, '10.1.0.1')).statusCode).toBe(200);
    expect((await s.open(PHONE_UA, '10.1.0.1')).statusCode).toBe(200); // the page's retry, or a reload
    expect(await s.figures()).toEqual(plus(before, { views: 1 }));
    expect((await s.sendCode('0541111111', PHONE_UA, '10.1.0.1')).statusCode).toBe(200);
    expect((await s.sendCode('0541111111', PHONE_UA, '10.1.0.1')).statusCode).toBe(200); // "send again"
    expect(await s.figures()).toEqual(plus(before, { views: 1, codes: 1 }));
    expect((await s.save('0541111111', PHONE_UA, '10.1.0.1')).statusCode).toBe(200);
    expect(await s.figures()).toEqual(plus(before, { views: 1, codes: 1, saves: 1 }));
  });

  it('another browser counts again; a bot counts never; a failed receipt counts nothing', async () => {
    const before = await s.figures();
    await s.open(PHONE_UA, '10.2.0.1');
    await s.open(ANDROID_UA, '10.2.0.1'); // another browser at the same address
    await s.open(PHONE_UA, '10.2.0.2'); // same phone model, another address: another browser
    await s.open(PHONE_UA, '10.2.0.2');
    await s.open(BOT_UA, '10.2.0.3');
    await s.open(BOT_UA, '10.2.0.4');
    const missing = await s.t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${s.t.restaurantId}&casherId=nope`,
      headers: { 'user-agent': ANDROID_UA },
      remoteAddress: '10.2.0.5',
    });
    expect(missing.statusCode).toBe(404);
    expect(await s.figures()).toEqual(plus(before, { views: 3 }));
  });

  it('a code is counted for the till the browser opened; without an opened receipt it is not attributed', async () => {
    const dayBefore = dayRange('Asia/Riyadh', 1).to;
    const before = await byTill();
    await s.open(ANDROID_UA, '10.3.0.1', s.DEVICE_2);
    await s.sendCode('0542222222', ANDROID_UA, '10.3.0.1');
    await s.sendCode('0543333333', ANDROID_UA, '10.3.0.99'); // never opened a receipt
    const after = await byTill();
    expect(after[DEVICE]).toEqual(before[DEVICE]);
    expect(after[s.DEVICE_2]).toEqual(plus(before[s.DEVICE_2], { views: 1, codes: 1 }));
    // Every row is of one day, the Riyadh day the counts were written in (read around the writes, so a run
    // across Riyadh midnight, 21:00 UTC, takes either side of it).
    const dayAfter = dayRange('Asia/Riyadh', 1).to;
    const days = new Set(
      (await s.t.database.db.select().from(funnelDaily).where(eq(funnelDaily.deviceId, s.DEVICE_2))).map((r) => r.day),
    );
    expect([...days].every((d) => d === dayBefore || d === dayAfter)).toBe(true);
  });

  it('the tables hold counts and hashed marks only: no phone, no address, no user agent', async () => {
    await s.open(PHONE_UA, '10.4.0.1');
    await s.sendCode('0545555555', PHONE_UA, '10.4.0.1');
    await s.settle();
    const dump = JSON.stringify([
      await s.t.database.db.select().from(funnelDaily),
      await s.t.database.db.select().from(funnelMarks),
    ]);
    for (const secret of ['545555555', '10.4.0.', 'Mozilla', 'iPhone']) expect(dump, secret).not.toContain(secret);
    expect((await s.t.database.db.select().from(funnelMarks)).length).toBeGreaterThan(0);
  });

  it('two instances on one database count one browser once', async () => {
    const before = await s.figures();
    const second = await buildApp({ ...s.t.deps }); // its own recorder and marks, the same database
    await second.ready();
    try {
      const url = `/order/foodics/web/last-order?restaurantId=${s.t.restaurantId}&casherId=${encodeURIComponent(DEVICE)}`;
      const headers = { 'user-agent': 'Mozilla/5.0 (two-instance test) Safari/605.1.15' };
      await Promise.all([
        s.t.app.inject({ method: 'GET', url, headers, remoteAddress: '10.5.0.1' }),
        second.inject({ method: 'GET', url, headers, remoteAddress: '10.5.0.1' }),
        second.inject({ method: 'GET', url, headers, remoteAddress: '10.5.0.1' }),
      ]);
      await second.funnel.settled();
      expect(await s.figures()).toEqual(plus(before, { views: 1 }));
    } finally {
      await second.close();
    }
  });

  it('the dashboard has 30 days ending today; branches and tills carry their own figures; the CSV has one row per till and day', async () => {
    const read = async () => {
      await s.settle();
      const get = async (url: string) => (await s.t.app.inject({ method: 'GET', url, headers: s.auth })).json();
      const summary = await get('/funnel');
      const branches: ({ id: number; name: string } & Figures)[] = (await get(`/funnel/branches/${s.t.restaurantId}`))
        .branches;
      const tills: ({ name: string } & Figures)[] = (await get(`/funnel/devices/${branches[0].id}`)).devices;
      const csv = await s.t.app.inject({ method: 'GET', url: '/funnel/export.csv?days=30', headers: s.auth });
      return { summary, branches, tills, csv };
    };
    const figuresOf = (rows: ({ name: string } & Figures)[]) =>
      rows.map((r) => [r.name, r.views, r.codes, r.saves] as [string, number, number, number]);
    const moved = (rows: [string, number, number, number][], by: Record<string, Partial<Figures>>) =>
      rows.map(([name, v, c, sv]) => [
        name,
        v + (by[name]?.views ?? 0),
        c + (by[name]?.codes ?? 0),
        sv + (by[name]?.saves ?? 0),
      ]);
    const before = await read();
    // One view on Cashier 1; one view and one code on Cashier 2 (both tills of the branch Olaya).
    await s.open(PHONE_UA, '10.6.0.1');
    await s.open(ANDROID_UA, '10.6.0.2', s.DEVICE_2);
    await s.sendCode('0546666666', ANDROID_UA, '10.6.0.2');
    const after = await read();

    expect(after.summary.days).toHaveLength(30);
    expect(after.summary.days[0].day).toBe(after.summary.from);
    const lastDay = (r: typeof before) => r.summary.days.at(-1);
    expect(lastDay(after).day).toBe(after.summary.to);
    expect(lastDay(after)).toEqual({ day: after.summary.to, ...plus(lastDay(before), { views: 2, codes: 1 }) });
    expect(figuresOf(before.branches).map((b) => b[0])).toEqual(['Olaya', 'Al Malqa']);
    expect(figuresOf(after.branches)).toEqual(moved(figuresOf(before.branches), { Olaya: { views: 2, codes: 1 } }));
    expect(figuresOf(before.tills).map((d) => d[0])).toEqual(['Cashier 1', 'Cashier 2']);
    expect(figuresOf(after.tills)).toEqual(
      moved(figuresOf(before.tills), { 'Cashier 1': { views: 1 }, 'Cashier 2': { views: 1, codes: 1 } }),
    );
    expect((await s.t.app.inject({ method: 'GET', url: '/funnel/branches/999999', headers: s.auth })).statusCode).toBe(
      404,
    );
    expect((await s.t.app.inject({ method: 'GET', url: '/funnel?days=0', headers: s.auth })).statusCode).toBe(400);

    expect(after.csv.body.charCodeAt(0)).toBe(0xfeff);
    // One row per till and day: today's rows keyed "branch/till", each once, moved by exactly what was done.
    const todayRows = (r: typeof before) => {
      const rows = parse(r.csv.body, { bom: true }) as string[][];
      // The columns as docs/API.md lists them, each one read below.
      expect(rows[0]).toEqual([
        'day',
        'restaurant',
        'branch',
        'device',
        'device id',
        'receipts opened',
        'codes requested',
        'saved',
      ]);
      const keys = rows.slice(1).map((row) => `${row[0]} ${row[2]}/${row[3]}`);
      expect(new Set(keys).size).toBe(keys.length);
      const today = rows.slice(1).filter((row) => row[0] === r.summary.to);
      const tills: Record<string, string> = { 'Olaya/Cashier 1': DEVICE, 'Olaya/Cashier 2': s.DEVICE_2 };
      for (const row of today.filter((row) => tills[`${row[2]}/${row[3]}`])) {
        expect([row[1], row[4]]).toEqual(['Najd Grill', tills[`${row[2]}/${row[3]}`]]);
      }
      return Object.fromEntries(today.map((row) => [`${row[2]}/${row[3]}`, [row[5], row[6], row[7]].map(Number)]));
    };
    const was = { 'Olaya/Cashier 1': [0, 0, 0], 'Olaya/Cashier 2': [0, 0, 0], ...todayRows(before) };
    expect(todayRows(after)).toEqual({
      ...was,
      'Olaya/Cashier 1': [was['Olaya/Cashier 1'][0] + 1, was['Olaya/Cashier 1'][1], was['Olaya/Cashier 1'][2]],
      'Olaya/Cashier 2': [was['Olaya/Cashier 2'][0] + 1, was['Olaya/Cashier 2'][1] + 1, was['Olaya/Cashier 2'][2]],
    });
  });

  it('counts come from one atomic upsert: 50 browsers at once on one till make 50 views', async () => {
    const before = (await s.figures()).views;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => s.open(`Mozilla/5.0 crowd-${i} Safari/605.1.15`, `10.7.0.${i}`)),
    );
    expect((await s.figures()).views).toBe(before + 50);
    // One row per till and day, however many counted at once.
    const rows = await s.t.database.db.select().from(funnelDaily).where(eq(funnelDaily.deviceId, DEVICE));
    expect(new Set(rows.map((r) => r.day)).size).toBe(rows.length);
  });

  it('one address rotating its user agent counts 5 views of a till a day at most, and past that writes nothing', async () => {
    const before = (await s.figures()).views;
    const marks = async () => (await s.t.database.db.select().from(funnelMarks)).length;
    for (let i = 0; i < 5; i++) await s.open(`Mozilla/5.0 rotating-${i} Safari/605.1.15`, '2001:db8:77:1::1');
    expect((await s.figures()).views).toBe(before + 5);
    const written = await marks();
    // Fifteen more user agents, from other addresses of the same IPv6 /64: no view counted, no mark written.
    for (let i = 5; i < 20; i++) await s.open(`Mozilla/5.0 rotating-${i} Safari/605.1.15`, `2001:db8:77:1::${i}`);
    expect((await s.figures()).views).toBe(before + 5);
    expect(await marks()).toBe(written);
    // Another till, or another address, counts on its own.
    await s.open('Mozilla/5.0 rotating-0 Safari/605.1.15', '2001:db8:77:1::1', s.DEVICE_2);
    await s.open('Mozilla/5.0 rotating-0 Safari/605.1.15', '10.77.0.1');
    expect((await s.figures()).views).toBe(before + 7);
  });

  it('a code asked with its till (as the page sends it) counts for that till, even from a browser that opened nothing', async () => {
    s.t.foodics.addOrder(s.DEVICE_2);
    const before = await byTill();
    const total = (await s.figures()).codes;
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/user',
      headers: { 'user-agent': ANDROID_UA },
      remoteAddress: '10.8.0.1',
      payload: { phone: '0544444444', restaurantId: s.t.restaurantId, casherId: s.DEVICE_2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.figures()).codes).toBe(total + 1);
    expect((await byTill())[s.DEVICE_2]).toEqual(plus(before[s.DEVICE_2], { codes: 1 }));
  });
});

describe.skipIf(!process.env.REDIS_URL)('the scan-to-save funnel with Redis (several instances)', () => {
  it('two apps on one Redis and one database count one browser once, and another browser again', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    const s = await setUp();
    try {
      const deps = { ...s.t.deps, redis };
      const a = await buildApp(deps);
      const b = await buildApp({ ...deps });
      await Promise.all([a.ready(), b.ready()]);
      s.t.foodics.addOrder(DEVICE);
      const url = `/order/foodics/web/last-order?restaurantId=${s.t.restaurantId}&casherId=${encodeURIComponent(DEVICE)}`;
      // An address of this run only: Redis outlives the run, and its marks (a browser seen, an address's views of the
      // day) would make an earlier run's visitor this one's (the test secret and the first restaurant's id are the same).
      const address = `10.2.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const hit = (app: typeof a, ua: string) =>
        app.inject({ method: 'GET', url, headers: { 'user-agent': ua }, remoteAddress: address });
      await Promise.all([hit(a, PHONE_UA), hit(b, PHONE_UA), hit(b, PHONE_UA), hit(a, ANDROID_UA)]);
      await Promise.all([a.funnel.settled(), b.funnel.settled()]);
      expect(await s.figures()).toEqual({ views: 2, codes: 0, saves: 0 });
      expect(await s.t.database.db.select().from(funnelMarks)).toEqual([]); // the marks lived in Redis
      await Promise.all([a.close(), b.close()]);
    } finally {
      await s.t.close();
      redis.disconnect();
    }
  });
});
