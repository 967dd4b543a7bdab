// Sharing a saved receipt (docs/CUSTOMER.md, Sharing a receipt): POST /customer/receipts/{id}/share makes the link
// (the same one while it lives), GET /r/{token} opens it without any cookie - no phone anywhere in the HTML, the
// VAT lines and QR of the receipt - DELETE stops it at once, an expired link and Delete my data end it, and opens
// are limited per address; the till's funnel counts each browser's opens once. Through the real app and database, with the Foodics stand-in over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { receiptShares, restaurants } from '../../../server/db/schema';
import { createSealer } from '../../../server/lib/sealing';
import { customerCookieName } from '../../../server/customer/session';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';

const VAT_NUMBER = '310122393500003';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const SHARE_TOKEN_KEY = 'share-test-token-key-0123456789-abcdef';

describe('Share a saved receipt', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      ...GENEROUS_CODE_LIMITS,
      FOODICS_CACHE_MS: '0',
      FOODICS_TIMEOUT_MS: '5000',
      PUBLIC_URL: 'https://receipts.example.com',
      RECEIPT_SHARE_OPENS_PER_10M: '8',
      // The links' sealed copies are keyed from TOKEN_KEY, never from JWT_SECRET (issue 48).
      TOKEN_KEY: SHARE_TOKEN_KEY,
    });
    await t.deps.database.db
      .update(restaurants)
      .set({ vatNumber: VAT_NUMBER, zatcaPhase: 1 })
      .where(eq(restaurants.id, t.restaurantId));
    t.app.lastOrders.forget();
  });
  afterAll(() => t.close());
  // PUBLIC_URL is https: the cookie is __Host- prefixed.
  const CUSTOMER_COOKIE = customerCookieName({ PUBLIC_URL: 'https://receipts.example.com' });

  const e164 = (local: string) => `+966${local.slice(1)}`;
  let addressN = 0;
  /** Each call from its own address unless one is given (the open limit is per address). */
  const inject = (opts: InjectOptions, cookie?: string, ip?: string) =>
    t.app.inject({
      ...opts,
      remoteAddress: ip ?? `10.9.0.${++addressN % 250}`,
      ...(cookie ? { cookies: { [CUSTOMER_COOKIE]: cookie } } : {}),
    });

  async function saveAndSignIn(local: string) {
    t.foodics.addOrder(DEVICE);
    await t.app.inject({ method: 'POST', url: '/user', payload: { phone: local } });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone: local, otp: t.lastCode(e164(local))! },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.inject({ method: 'POST', url: '/customer/code', payload: { phone: local } });
    const session = await t.app.inject({
      method: 'POST',
      url: '/customer/session',
      payload: { phone: local, otp: t.lastCode(e164(local))! },
    });
    return { id: saved.json().id as number, cookie: session.cookies.find((c) => c.name === CUSTOMER_COOKIE)!.value };
  }

  const share = (id: number, cookie?: string) =>
    inject({ method: 'POST', url: `/customer/receipts/${id}/share` }, cookie);
  const open = (url: string, lang = 'en', ip?: string) =>
    inject(
      { method: 'GET', url: new URL(url).pathname + new URL(url).search, headers: { 'accept-language': lang } },
      undefined,
      ip,
    );

  it('creates a link (201, the same while it lives) that a stranger opens without cookies: the receipt and its VAT, never the phone', async () => {
    const { id, cookie } = await saveAndSignIn('0532000001');
    expect((await share(id)).statusCode).toBe(401);
    const first = await share(id, cookie);
    expect(first.statusCode, first.body).toBe(201);
    const { url, expires_at } = first.json();
    expect(url).toMatch(/^https:\/\/receipts\.example\.com\/r\/[A-Za-z0-9_-]{22}$/);
    const days = (Date.parse(expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await share(id, cookie)).json()).toEqual({ url, expires_at });
    // Stored hashed: the token is nowhere in the table.
    const token = url.split('/r/')[1];
    const rows = await t.deps.database.db.select().from(receiptShares).where(eq(receiptShares.orderId, id));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Its copy (to answer the same link again) is sealed under TOKEN_KEY, with no hint; JWT_SECRET does not open it.
    expect(rows[0].tokenSealed).toMatch(/^sealed:v1:[0-9a-f]{8}::/);
    expect(createSealer(SHARE_TOKEN_KEY).open(rows[0].tokenSealed)).toBe(token);
    expect(() => createSealer(t.config.JWT_SECRET!).open(rows[0].tokenSealed)).toThrow();
    // Another customer cannot share it.
    const other = await saveAndSignIn('0532000002');
    expect((await share(id, other.cookie)).statusCode).toBe(404);

    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.headers['cache-control']).toMatch(/private/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toMatch(/<meta name="robots" content="noindex/);
    expect(res.body).toContain('Najd Grill');
    expect(res.body).toContain(VAT_NUMBER);
    expect(res.body).toContain('E-invoice QR code');
    expect(res.body).not.toMatch(/532000001|0532|\+966/);
    expect(res.body).not.toMatch(/Save Invoice|<script|<button|onclick/i);
    // Printing without a script: how to, and the two layouts as plain links.
    expect(res.body).toContain('use your browser&#39;s Print');
    expect(res.body).toMatch(
      /<a href="\?paper=a4" aria-current="page">A4<\/a><a href="\?paper=80mm">Till width \(80 mm\)<\/a>/,
    );
    const till = await open(`${url}?paper=80mm`);
    expect(till.body).toContain('@page{size:80mm 297mm');
    expect(till.body).toMatch(/<a href="\?paper=80mm" aria-current="page">/);
    const ar = await open(url, 'ar');
    expect(ar.body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.body).toContain('الرقم الضريبي');
    // The list marks it, with when it ends.
    const list = await inject({ method: 'GET', url: '/customer/receipts' }, cookie);
    expect(list.json().receipts.find((r: { id: number }) => r.id === id).share_expires_at).toBe(expires_at);
  });

  it('stopped (204): dead at once, a calm 404 page; a new share is a new link', async () => {
    const { id, cookie } = await saveAndSignIn('0532000003');
    const { url } = (await share(id, cookie)).json();
    expect((await inject({ method: 'DELETE', url: `/customer/receipts/${id}/share` })).statusCode).toBe(401);
    const stop = await inject({ method: 'DELETE', url: `/customer/receipts/${id}/share` }, cookie);
    expect(stop.statusCode).toBe(204);
    // A stopped link's copy is no longer kept.
    const [row] = await t.deps.database.db.select().from(receiptShares).where(eq(receiptShares.orderId, id));
    expect(row.tokenSealed).toBe('');
    const gone = await open(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('This link is no longer available');
    expect((await open(url, 'ar')).body).toContain('هذا الرابط لم يعد متاحًا');
    expect((await open('https://x/r/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await open('https://x/r/nonsense')).statusCode).toBe(404);
    const again = (await share(id, cookie)).json();
    expect(again.url).not.toBe(url);
    expect((await open(again.url)).statusCode).toBe(200);
  });

  it('an expired link is a 404', async () => {
    const { id, cookie } = await saveAndSignIn('0532000004');
    const { url } = (await share(id, cookie)).json();
    await t.deps.database.db
      .update(receiptShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(receiptShares.orderId, id));
    expect((await open(url)).statusCode).toBe(404);
  });

  it('Delete my data kills every link of the phone', async () => {
    const local = '0532000005';
    const { id, cookie } = await saveAndSignIn(local);
    const { url } = (await share(id, cookie)).json();
    expect((await open(url)).statusCode).toBe(200);
    await inject({ method: 'POST', url: '/customer/data/code' }, cookie);
    const del = await inject(
      { method: 'POST', url: '/customer/data/delete', payload: { otp: t.lastCode(e164(local))! } },
      cookie,
    );
    expect(del.statusCode, del.body).toBe(200);
    expect((await open(url)).statusCode).toBe(404);
    expect(await t.deps.database.db.select().from(receiptShares).where(eq(receiptShares.orderId, id))).toEqual([]);
  });

  it("the funnel counts each browser's opens of a link once, for the till the receipt was saved from (the till's funnel answer)", async () => {
    const auth = { authorization: `Bearer ${await t.adminToken()}` };
    /** The till's shared-link opens as the back-office reads them (GET /funnel/devices/{branchId}). */
    const sharedOpens = async () => {
      await t.app.funnel.settled();
      const { branches } = (
        await t.app.inject({ method: 'GET', url: `/funnel/branches/${t.restaurantId}`, headers: auth })
      ).json() as { branches: { id: number }[] };
      for (const b of branches) {
        const res = await t.app.inject({ method: 'GET', url: `/funnel/devices/${b.id}`, headers: auth });
        expect(res.statusCode, res.body).toBe(200);
        const till = (res.json().devices as { device_id: string; shared_opens: number }[]).find(
          (d) => d.device_id === DEVICE,
        );
        if (till) return till.shared_opens;
      }
      throw new Error('the till is in no branch');
    };
    const { id, cookie } = await saveAndSignIn('0532000007');
    const { url } = (await share(id, cookie)).json();
    const before = await sharedOpens();
    const path = new URL(url).pathname;
    const openAs = (ip: string, ua: string, to = path) =>
      t.app.inject({ method: 'GET', url: to, remoteAddress: ip, headers: { 'user-agent': ua } });
    // Three browsers open it; the first opens it twice (a reload); a bot and a dead link count nothing.
    expect((await openAs('10.66.0.1', PHONE_UA)).statusCode).toBe(200);
    expect((await openAs('10.66.0.1', PHONE_UA)).statusCode).toBe(200);
    expect((await openAs('10.66.0.2', PHONE_UA)).statusCode).toBe(200);
    expect((await openAs('10.66.0.3', ANDROID_UA)).statusCode).toBe(200);
    expect((await openAs('10.66.0.4', BOT_UA)).statusCode).toBe(200);
    expect((await openAs('10.66.0.5', PHONE_UA, '/r/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect(await sharedOpens()).toBe(before + 3);
  });

  it('opens are limited per client address (429 with Retry-After), another address still opens it', async () => {
    const { id, cookie } = await saveAndSignIn('0532000006');
    const { url } = (await share(id, cookie)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await open(url, 'en', '10.77.0.1')).statusCode);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    const over = await open(url, 'en', '10.77.0.1');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await open(url, 'en', '10.77.0.2')).statusCode).toBe(200);
  });
});
