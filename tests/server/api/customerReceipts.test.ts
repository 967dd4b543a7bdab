import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import {
  activity,
  appUsers,
  funnelMarks,
  orderItems,
  orders,
  otpChallenges,
  phoneGuards,
} from '../../../server/db/schema';
import { CUSTOMER_AUDIENCE, sessionKey } from '../../../server/customer/session';
import { ar } from '../../../server/i18n/ar';
import { en } from '../../../server/i18n/en';
import { CUSTOMER_COOKIE } from '../../../src/contract';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';

// My receipts and Delete my data through the real app and database, with the Foodics stand-in over HTTP.
// Each customer is a phone; their receipts are saved the way the invoice page saves them.
const GENEROUS = {
  ...GENEROUS_CODE_LIMITS,
  FOODICS_CACHE_MS: '0',
  FOODICS_TIMEOUT_MS: '5000',
};

describe('My receipts and Delete my data', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp(GENEROUS);
  });
  afterAll(() => t.close());

  const e164 = (local: string) => `+966${local.slice(1)}`;
  const inject = (opts: InjectOptions, cookie?: string, lang = 'en') =>
    t.app.inject({
      ...opts,
      headers: { 'accept-language': lang, ...(opts.headers ?? {}) },
      ...(cookie ? { cookies: { [CUSTOMER_COOKIE]: cookie } } : {}),
    });

  /** Saves the till's next order to a phone as the invoice page does; answers the saved order's id. */
  async function saveReceipt(local: string, reference: number) {
    t.foodics.addOrder(DEVICE, { reference });
    await t.app.inject({ method: 'POST', url: '/user', payload: { phone: local } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone: local, otp: t.lastCode(e164(local))! },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }

  /** Signs a phone in to My receipts; answers the session cookie's value and the Set-Cookie header. */
  async function signIn(local: string, lang = 'en') {
    expect(
      (await inject({ method: 'POST', url: '/customer/code', payload: { phone: local } }, undefined, lang)).statusCode,
    ).toBe(200);
    const res = await inject(
      { method: 'POST', url: '/customer/session', payload: { phone: local, otp: t.lastCode(e164(local))! } },
      undefined,
      lang,
    );
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === CUSTOMER_COOKIE)!;
    return { cookie: cookie.value, setCookie: String(res.headers['set-cookie']), body: res.json() };
  }

  const list = (cookie?: string, query = '', lang = 'en') =>
    inject({ method: 'GET', url: `/customer/receipts${query}` }, cookie, lang);

  it('a code then the session: a cookie HttpOnly, SameSite=Strict, for 30 minutes, not Secure over plain HTTP; the answer masks the phone', async () => {
    const { setCookie, body } = await signIn('0531000001');
    expect(setCookie).toMatch(new RegExp(`^${CUSTOMER_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Max-Age=1800/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(body.phone).toBe('••••••••••001');
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('the cookie is Secure when the page is served over HTTPS (behind a trusted proxy)', async () => {
    const https = await createFoodicsTestApp({ ...GENEROUS, TRUST_PROXY: '127.0.0.1' });
    try {
      await https.app.inject({ method: 'POST', url: '/customer/code', payload: { phone: '0531000002' } });
      const res = await https.app.inject({
        method: 'POST',
        url: '/customer/session',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { phone: '0531000002', otp: https.lastCode('+966531000002')! },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  }, 120_000); // a second app on a shared machine can take a while to start

  it('the saved receipts, newest first and paged, each opening to the full receipt with its lines', async () => {
    const ids = [
      await saveReceipt('0531000003', 7001),
      await saveReceipt('0531000003', 7002),
      await saveReceipt('0531000003', 7003),
    ];
    const { cookie } = await signIn('0531000003');
    const page1 = (await list(cookie, '?page=1&perPage=2')).json();
    expect(page1.total).toBe(3);
    expect(page1.receipts.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.receipts[0]).toMatchObject({ order_number: '7003', restaurant: { name: 'Najd Grill' } });
    const page2 = (await list(cookie, '?page=2&perPage=2')).json();
    expect(page2.receipts.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const full = await inject({ method: 'GET', url: `/customer/receipts/${ids[1]}` }, cookie);
    expect(full.statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, ids[1]));
    expect(full.json()).toMatchObject({
      id: ids[1],
      order_number: '7002',
      total_price: Number(stored.totalPrice),
      payment_method: stored.paymentMethod,
    });
    // The stand-in's order: one Chicken Kabsa (32) and one Karak Tea (6), as the till rang them up.
    expect(full.json().order_items).toEqual([
      { item_name: 'Chicken Kabsa', item_quantity: 1, total_price: 32 },
      { item_name: 'Karak Tea', item_quantity: 1, total_price: 6 },
    ]);
  });

  it('a phone with nothing saved signs in the same way as one with receipts (no account enumeration) and sees an empty list', async () => {
    await saveReceipt('0531000005', 7051); // this phone has an account and a receipt; 0531000004 has neither
    /** What a caller can see of an answer: status, body (the masked phone's digits aside) and headers that are
     * not per-request (date, request id, cookie value, length). */
    const visible = (res: Awaited<ReturnType<typeof inject>>) => ({
      status: res.statusCode,
      body: res.body
        .replace(/\d{3}"/, 'NNN"')
        .replace(/"expiresAt":"[^"]+"/, '"expiresAt":"T"')
        .replace(/"deleteWithoutCodeUntil":"[^"]+"/, '"deleteWithoutCodeUntil":"T"'),
      headers: Object.fromEntries(
        Object.entries(res.headers).filter(
          ([k]) => !['date', 'x-request-id', 'set-cookie', 'content-length'].includes(k),
        ),
      ),
      cookie: String(res.headers['set-cookie'] ?? '').replace(/^[^;]*/, 'VALUE'),
    });
    const seen = [];
    for (const local of ['0531000005', '0531000004']) {
      const code = await inject({ method: 'POST', url: '/customer/code', payload: { phone: local } });
      const sms = t.sms.at(-1)!;
      const good = t.lastCode(e164(local))!;
      const wrong = String((Number(good) + 1) % 10_000).padStart(4, '0');
      const refused = await inject({ method: 'POST', url: '/customer/session', payload: { phone: local, otp: wrong } });
      const session = await inject({ method: 'POST', url: '/customer/session', payload: { phone: local, otp: good } });
      seen.push({
        code: visible(code),
        sms: { to: sms.to === e164(local), body: sms.body.replace(good, 'CODE') },
        refused: visible(refused),
        session: visible(session),
      });
    }
    expect(seen[0].code.status).toBe(200);
    expect(seen[0].refused.status).toBe(400);
    expect(seen[0].session.status).toBe(200);
    expect(seen[1]).toEqual(seen[0]);
    // Only after signing in does the list tell them apart.
    const { cookie } = await signIn('0531000004');
    expect((await list(cookie)).json()).toEqual({ receipts: [], total: 0, page: 1, perPage: 10 });
  });

  describe('as an attacker', () => {
    let victimReceipt: number;
    let attacker: string;
    beforeAll(async () => {
      victimReceipt = await saveReceipt('0531000010', 7101);
      await saveReceipt('0531000011', 7102);
      attacker = (await signIn('0531000011')).cookie;
    });

    it("another customer's receipt id in the address: 404 'Receipt not found', in English and Arabic", async () => {
      const res = await inject({ method: 'GET', url: `/customer/receipts/${victimReceipt}` }, attacker);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(en.receiptNotFound);
      const resAr = await inject({ method: 'GET', url: `/customer/receipts/${victimReceipt}` }, attacker, 'ar');
      expect(resAr.json().message).toBe(ar.receiptNotFound);
    });

    it("another customer's phone in the list's address changes nothing: only the session's receipts", async () => {
      const res = await list(attacker, `?phone=${encodeURIComponent('+966531000010')}&appUserId=1`);
      expect(res.statusCode).toBe(200);
      expect(res.json().receipts.map((r: { order_number: string }) => r.order_number)).toEqual(['7102']);
    });

    const victimUserId = async () =>
      (await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966531000010')))[0].id;
    const forge = async (
      claims: { sub: string; uid: number },
      opts: { exp?: number; key?: Uint8Array; aud?: string } = {},
    ) =>
      new SignJWT({ uid: claims.uid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setAudience(opts.aud ?? CUSTOMER_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
        .sign(opts.key ?? sessionKey(t.config));

    it("forged cookies are refused with 401 'sign in' (English, Arabic): edited payload, another key, an admin token, alg none, garbage", async () => {
      const [head, , sig] = attacker.split('.');
      const edited = `${head}.${Buffer.from(JSON.stringify({ sub: '+966531000010', uid: await victimUserId(), aud: CUSTOMER_AUDIENCE, exp: 9_999_999_999 })).toString('base64url')}.${sig}`;
      const otherKey = await forge(
        { sub: '+966531000010', uid: await victimUserId() },
        { key: new TextEncoder().encode('another-secret-another-secret-00') },
      );
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '+966531000010', uid: 0, aud: CUSTOMER_AUDIENCE, exp: 9_999_999_999 })).toString('base64url')}.`;
      for (const cookie of [edited, otherKey, await t.adminToken(), none, 'garbage']) {
        for (const url of ['/customer/receipts', `/customer/receipts/${victimReceipt}`, '/customer/session']) {
          const res = await inject({ method: 'GET', url }, cookie);
          expect(res.statusCode, `${url} ${cookie.slice(0, 20)}`).toBe(401);
          expect(res.json().message).toBe(en.signInRequired);
        }
      }
      expect((await list('garbage', '', 'ar')).json().message).toBe(ar.signInRequired);
      expect((await list()).statusCode).toBe(401);
    });

    it('an expired cookie is refused with 401, even one rightly signed for the victim', async () => {
      const expired = await forge(
        { sub: '+966531000010', uid: await victimUserId() },
        { exp: Math.floor(Date.now() / 1000) - 5 },
      );
      expect((await list(expired)).statusCode).toBe(401);
      expect((await inject({ method: 'GET', url: `/customer/receipts/${victimReceipt}` }, expired)).statusCode).toBe(
        401,
      );
    });

    it("a code sent to one phone does not sign in another: 400 'wrong code' (English, Arabic), no cookie", async () => {
      await inject({ method: 'POST', url: '/customer/code', payload: { phone: '0531000011' } });
      const code = t.lastCode('+966531000011')!;
      await inject({ method: 'POST', url: '/customer/code', payload: { phone: '0531000010' } });
      const victimCode = t.lastCode('+966531000010')!;
      const wrong = code === victimCode ? String((Number(code) + 1) % 10_000).padStart(4, '0') : code;
      const res = await inject({
        method: 'POST',
        url: '/customer/session',
        payload: { phone: '0531000010', otp: wrong },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(en.wrongCode);
      expect(res.cookies).toHaveLength(0);
      const resAr = await inject(
        { method: 'POST', url: '/customer/session', payload: { phone: '0531000010', otp: wrong } },
        undefined,
        'ar',
      );
      expect(resAr.json().message).toBe(ar.wrongCode);
    });
  });

  it('a code texted for saving a receipt (bound to that order) does not sign in to My receipts', async () => {
    t.foodics.addOrder(DEVICE, { reference: 7050 });
    await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0531000012', restaurantId: t.restaurantId, casherId: DEVICE },
    });
    const res = await inject({
      method: 'POST',
      url: '/customer/session',
      payload: { phone: '0531000012', otp: t.lastCode('+966531000012')! },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(en.wrongCode);
    expect(res.cookies).toHaveLength(0);
  });

  it('codes serve their purpose only: a sign-in code saves no order, a save code asked without a till signs nobody in, neither deletes data', async () => {
    // A My receipts sign-in code, tried on the invoice page (no orderId: the till's newest order).
    t.foodics.addOrder(DEVICE, { reference: 7060 });
    await inject({ method: 'POST', url: '/customer/code', payload: { phone: '0531000013' } });
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: {
        casherId: DEVICE,
        restaurantId: t.restaurantId,
        phone: '0531000013',
        otp: t.lastCode('+966531000013')!,
      },
    });
    expect(save.statusCode).toBe(400);
    expect(save.json().message).toBe(en.wrongCode);
    expect(await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966531000013'))).toHaveLength(0);

    // A save code asked for without a till (POST /user { phone }), tried on My receipts' sign-in.
    await t.app.inject({ method: 'POST', url: '/user', payload: { phone: '0531000014' } });
    const session = await inject({
      method: 'POST',
      url: '/customer/session',
      payload: { phone: '0531000014', otp: t.lastCode('+966531000014')! },
    });
    expect(session.statusCode).toBe(400);
    expect(session.cookies).toHaveLength(0);

    // A fresh sign-in code does not confirm Delete my data.
    await saveReceipt('0531000015', 7061);
    const { cookie } = await signIn('0531000015');
    await inject({ method: 'POST', url: '/customer/code', payload: { phone: '0531000015' } });
    const del = await inject(
      { method: 'POST', url: '/customer/data/delete', payload: { otp: t.lastCode('+966531000015')! } },
      cookie,
    );
    expect(del.statusCode).toBe(400);
    expect(await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966531000015'))).toHaveLength(1);
  });

  it("Sign out clears the cookie and answers 'You have signed out' (English, Arabic)", async () => {
    const { cookie } = await signIn('0531000020');
    const res = await inject({ method: 'DELETE', url: '/customer/session' }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(en.signedOut);
    const cleared = res.cookies.find((c) => c.name === CUSTOMER_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    expect((await inject({ method: 'DELETE', url: '/customer/session' }, cookie, 'ar')).json().message).toBe(
      ar.signedOut,
    );
  });

  it('Sign out ends the session on the server: a copy of the cookie is refused after it, a new sign-in works at once', async () => {
    await saveReceipt('0531000021', 7301);
    const first = await signIn('0531000021');
    const copy = first.cookie; // as an attacker who copied it, or a second tab, would keep it
    expect((await inject({ method: 'GET', url: '/customer/receipts' }, copy)).statusCode).toBe(200);
    expect((await inject({ method: 'DELETE', url: '/customer/session' }, first.cookie)).statusCode).toBe(200);
    for (const url of ['/customer/session', '/customer/receipts']) {
      const res = await inject({ method: 'GET', url }, copy);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(en.signInRequired);
    }
    // The customer signs in again straight away: the new session is theirs, the old copy stays refused.
    const again = await signIn('0531000021');
    expect((await inject({ method: 'GET', url: '/customer/receipts' }, again.cookie)).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/customer/receipts' }, copy)).statusCode).toBe(401);
  });

  it('Delete my data: a fresh code, then the app user, saved receipts and their lines are gone, an SMS confirms it, every session of the phone is over and the dashboard counts drop', async () => {
    // The customer's browser opens the till's receipt: the funnel marks the browser (never the phone).
    await inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(DEVICE)}`,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
    });
    await t.app.funnel.settled();
    const saved = [await saveReceipt('0531000030', 7201), await saveReceipt('0531000030', 7202)];
    const lines = () => t.database.db.select().from(orderItems).where(inArray(orderItems.orderId, saved));
    expect(await lines()).toHaveLength(4);
    const { cookie: otherDevice } = await signIn('0531000030'); // the same phone signed in on another device
    const { cookie } = await signIn('0531000030');
    const auth = { authorization: `Bearer ${await t.adminToken()}` };
    const before = (await t.app.inject({ method: 'GET', url: '/statistics', headers: auth })).json();

    // Without a fresh code nothing happens: the sign-in code was used up.
    const stale = await inject(
      { method: 'POST', url: '/customer/data/delete', payload: { otp: t.lastCode('+966531000030')! } },
      cookie,
    );
    expect(stale.statusCode).toBe(400);
    expect(await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966531000030'))).toHaveLength(1);

    expect((await inject({ method: 'POST', url: '/customer/data/code' }, cookie)).statusCode).toBe(200);
    const res = await inject(
      { method: 'POST', url: '/customer/data/delete', payload: { otp: t.lastCode('+966531000030')! } },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your data has been deleted: your account and 2 saved receipts',
      receipts: 2,
    });
    expect(res.cookies.find((c) => c.name === CUSTOMER_COOKIE)?.value).toBe('');
    expect(t.sms.at(-1)).toEqual({
      to: '+966531000030',
      body: 'Specter: as you asked, your account and 2 saved receipts have been deleted.',
    });

    expect(await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966531000030'))).toHaveLength(0);
    expect(
      await t.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, '+966531000030')),
    ).toHaveLength(0);
    const orderNumbers = (await t.database.db.select({ n: orders.orderNumber }).from(orders)).map((o) => o.n);
    expect(orderNumbers).not.toContain('7201');
    expect(orderNumbers).not.toContain('7202');
    const after = (await t.app.inject({ method: 'GET', url: '/statistics', headers: auth })).json();
    expect(after.users).toBe(before.users - 1);
    expect(after.orders).toBe(before.orders - 2);

    // The Activity screen records it, without the phone (or any id that leads back to it).
    // The newest such record: the other deletions of this file may have come first.
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'customer.dataDeleted'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(entry).toMatchObject({
      adminId: null,
      adminEmail: null,
      targetType: 'customer',
      targetId: null,
      targetLabel: null,
      detail: { receipts: 2 },
      ip: null,
    });
    const listed = await t.app.inject({ method: 'GET', url: '/admin/activity', headers: auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain('customer.dataDeleted');
    expect(listed.body).not.toMatch(/531000030|0030/);

    // The receipts' lines went with them; no funnel mark names the phone. The phone's guard row stays with only
    // the time its sessions ended (so no signed-out copy of a cookie comes back): no run of wrong codes, no lock.
    expect(await lines()).toEqual([]);
    const marks = await t.database.db.select().from(funnelMarks);
    expect(marks.length).toBeGreaterThan(0); // the saves were counted (marks keyed by browser, not by phone)
    expect(JSON.stringify(marks)).not.toMatch(/531000030/);
    const guards = await t.database.db.select().from(phoneGuards).where(eq(phoneGuards.phone, '+966531000030'));
    expect(guards).toEqual([
      expect.objectContaining({ failuresInRow: 0, lockedAt: null, sessionsEndedAt: expect.any(Date) }),
    ]);

    // Both sessions of the phone are over, and a new sign-in finds no receipt.
    expect((await list(cookie)).statusCode).toBe(401);
    expect((await list(otherDevice)).statusCode).toBe(401);
    const again = await signIn('0531000030');
    expect((await list(again.cookie)).json().total).toBe(0);
  });

  it('Delete my data ends every session of the phone, and a sign-out stays in force after it (nothing saved before)', async () => {
    // S1 signs in and out, S2 signs in; the phone had nothing saved, so both sessions name no app user.
    const s1 = await signIn('0531000032');
    expect((await inject({ method: 'DELETE', url: '/customer/session' }, s1.cookie)).statusCode).toBe(200);
    const s2 = await signIn('0531000032');
    expect((await list(s2.cookie)).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: '/customer/data/code' }, s2.cookie)).statusCode).toBe(200);
    const res = await inject(
      { method: 'POST', url: '/customer/data/delete', payload: { otp: t.lastCode('+966531000032')! } },
      s2.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const refused = async () => {
      for (const cookie of [s1.cookie, s2.cookie])
        for (const url of ['/customer/session', '/customer/receipts'])
          expect((await inject({ method: 'GET', url }, cookie)).statusCode, url).toBe(401);
    };
    await refused();
    // The phone saves a new receipt: an app user under that phone again, and still no old session comes back.
    await saveReceipt('0531000032', 7401);
    await refused();
    const again = await signIn('0531000032');
    expect((await list(again.cookie)).json().total).toBe(1);
  });

  it('Delete my data in Arabic: deleted as in English (200, the account and receipt gone), confirmed in Arabic on screen and by SMS', async () => {
    const id = await saveReceipt('0531000031', 7301);
    const { cookie } = await signIn('0531000031', 'ar');
    expect((await inject({ method: 'POST', url: '/customer/data/code' }, cookie, 'ar')).json().message).toBe(
      ar.codeSent,
    );
    const res = await inject(
      { method: 'POST', url: '/customer/data/delete', payload: { otp: t.lastCode('+966531000031')! } },
      cookie,
      'ar',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'تم حذف بياناتك: حسابك وفاتورة محفوظة واحدة', receipts: 1 });
    expect(t.sms.at(-1)).toEqual({
      to: '+966531000031',
      body: 'Specter: بناءً على طلبك، تم حذف حسابك وفاتورة محفوظة واحدة.',
    });
    expect(await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966531000031'))).toEqual([]);
    expect(await t.database.db.select().from(orders).where(eq(orders.id, id))).toEqual([]);
    expect((await list(cookie, '', 'ar')).statusCode).toBe(401);
  });

  it('Delete my data needs a session (401) and a right code (400, nothing deleted)', async () => {
    expect((await inject({ method: 'POST', url: '/customer/data/code' })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: '/customer/data/delete', payload: { otp: '1234' } })).statusCode).toBe(
      401,
    );
    await saveReceipt('0531000032', 7401);
    const { cookie } = await signIn('0531000032');
    await inject({ method: 'POST', url: '/customer/data/code' }, cookie);
    const code = t.lastCode('+966531000032')!;
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const res = await inject({ method: 'POST', url: '/customer/data/delete', payload: { otp: wrong } }, cookie, 'ar');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ar.wrongCode);
    expect(await t.database.db.select().from(appUsers).where(eq(appUsers.phone, '+966531000032'))).toHaveLength(1);
  });
});
