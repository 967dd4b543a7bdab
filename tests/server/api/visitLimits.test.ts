// Issue 30, items 2 and 4, at the product's default limits (server/config.ts): one person's ordinary visit is
// never refused, a send limit says "You asked for several codes" (never "Too many attempts", which follows wrong
// codes only), a save proves the phone (My receipts opens without another code, Delete my data needs no second
// code for a few minutes), and a receipt stays saveable by its customer for its whole claim window whoever else
// asked for codes for it; no wait past that window is promised. Over real HTTP to the Foodics stand-in.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { appUsers } from '../../../server/db/schema';
import { CUSTOMER_COOKIE } from '../../../src/contract';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const e164 = (local: string) => `+966${local.slice(1)}`;
const stamp = (minutesAgo: number) =>
  new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' ');
// The tests run from one address: the address limits are the only ones opened (a lunch crowd on one Wi-Fi is
// another test's subject); every limit on a phone and an order is at its default.
const ONE_ADDRESS = { OTP_IP_SENDS_PER_10M: '1000', OTP_IP_SENDS_PER_DAY: '1000', OTP_SIGNIN_IP_SENDS_PER_10M: '1000' };
// The order's tests ask again at once (Resend code): the resend wait is typoResend.test.ts's subject. They all send
// at one till, over 60 codes in all: the till's and the restaurant's hourly caps (otpLimits.test.ts's subject)
// are opened too, so the cap that answers is the order's.
const NO_RESEND_WAIT = {
  ...ONE_ADDRESS,
  OTP_RESEND_SECONDS: '0',
  OTP_SENDS_PER_TILL_HOUR: '1000',
  OTP_SENDS_PER_RESTAURANT_HOUR: '1000',
};

describe('one visit within the default limits', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...ONE_ADDRESS, FOODICS_CACHE_MS: '0', FOODICS_TIMEOUT_MS: '5000' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie?: string, lang = 'en') =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { 'accept-language': lang },
      ...(cookie ? { cookies: { [CUSTOMER_COOKIE]: cookie } } : {}),
    });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === CUSTOMER_COOKIE)?.value ?? '';
  const sendFor = (phone: string, orderId: string, resend = false, lang = 'en') =>
    call('POST', '/user', { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId, resend }, undefined, lang);
  const saveFor = (phone: string, otp: string, orderId: string) =>
    call('POST', '/order/foodics/web/add-order', {
      phone,
      otp,
      orderId,
      restaurantId: t.restaurantId,
      casherId: DEVICE,
    });
  const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  it('save with one typo, See my receipts, sign out, sign in, delete my data: every step answers 200', async () => {
    const phone = '0551000001';
    const order = t.foodics.addOrder(DEVICE);
    expect((await sendFor(phone, order.id)).statusCode).toBe(200);
    const code = t.lastCode(e164(phone))!;
    // One typo: the wrong-code message, then Save Invoice again finds the live code (nothing texted) and saves.
    const typo = await saveFor(phone, wrong(code), order.id);
    expect(typo.statusCode).toBe(400);
    expect((await sendFor(phone, order.id)).json()).toMatchObject({ sent: false });
    const saved = await saveFor(phone, code, order.id);
    expect(saved.statusCode, saved.body).toBe(200);
    const { proof } = saved.json() as { proof: string };
    expect(proof).toEqual(expect.any(String));

    // "See my receipts": the save's proof signs the phone in, no code texted.
    const texts = t.sms.length;
    const opened = await call('POST', '/customer/session/from-save', { proof });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().phone).toMatch(/001$/);
    expect(opened.json().deleteWithoutCodeUntil).toEqual(expect.any(String));
    const list = await call('GET', '/customer/receipts', undefined, cookieOf(opened));
    expect(list.json().total).toBe(1);
    expect(t.sms.length).toBe(texts);

    // Sign out; the proof is spent with it (a copy of it opens nothing after the sign-out).
    expect((await call('DELETE', '/customer/session', undefined, cookieOf(opened))).statusCode).toBe(200);
    expect((await call('POST', '/customer/session/from-save', { proof })).statusCode).toBe(401);

    // Sign in with a code: the visit's second text.
    expect((await call('POST', '/customer/code', { phone })).statusCode).toBe(200);
    const session = await call('POST', '/customer/session', { phone, otp: t.lastCode(e164(phone))! });
    expect(session.statusCode, session.body).toBe(200);
    expect(t.sms.length).toBe(texts + 1);

    // Delete my data a moment after signing in: no second code (in Arabic, as the issue saw it refused).
    const gone = await call('POST', '/customer/data/delete', {}, cookieOf(session), 'ar');
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().receipts).toBe(1);
    expect(
      await t.database.db
        .select()
        .from(appUsers)
        .where(eq(appUsers.phone, e164(phone))),
    ).toEqual([]);
  });

  it('an older session still confirms Delete my data by code: without one, 400 and nothing deleted', async () => {
    const phone = '0551000002';
    const order = t.foodics.addOrder(DEVICE);
    await sendFor(phone, order.id);
    expect((await saveFor(phone, t.lastCode(e164(phone))!, order.id)).statusCode).toBe(200);
    await call('POST', '/customer/code', { phone });
    const session = await call('POST', '/customer/session', { phone, otp: t.lastCode(e164(phone))! });
    const cookie = cookieOf(session);
    // Six minutes later (CUSTOMER_RECENT_PROOF_MINUTES is 5): the session lives (30 minutes), the proof is old.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect((await call('GET', '/customer/session', undefined, cookie)).json().deleteWithoutCodeUntil).toBeNull();
    const refused = await call('POST', '/customer/data/delete', {}, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Enter the 4-digit code we sent you');
    expect(
      await t.database.db
        .select()
        .from(appUsers)
        .where(eq(appUsers.phone, e164(phone))),
    ).toHaveLength(1);
    // With a fresh code it goes.
    expect((await call('POST', '/customer/data/code', undefined, cookie)).statusCode).toBe(200);
    const gone = await call('POST', '/customer/data/delete', { otp: t.lastCode(e164(phone))! }, cookie);
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('a proof is no session and a session is no proof; a forged or stale one opens nothing', async () => {
    const phone = '0551000003';
    const order = t.foodics.addOrder(DEVICE);
    await sendFor(phone, order.id);
    const { proof } = (await saveFor(phone, t.lastCode(e164(phone))!, order.id)).json() as { proof: string };
    // The proof as a session cookie: refused.
    expect((await call('GET', '/customer/session', undefined, proof)).statusCode).toBe(401);
    // A session cookie as a proof: refused.
    await call('POST', '/customer/code', { phone });
    const session = await call('POST', '/customer/session', { phone, otp: t.lastCode(e164(phone))! });
    expect((await call('POST', '/customer/session/from-save', { proof: cookieOf(session) })).statusCode).toBe(401);
    expect((await call('POST', '/customer/session/from-save', { proof: `${proof}x` })).statusCode).toBe(401);
    // Past CUSTOMER_RECENT_PROOF_MINUTES the proof has expired: the page asks for a code as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    const stale = await call('POST', '/customer/session/from-save', { proof }, undefined, 'ar');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('a receipt stays saveable for its whole claim window', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...NO_RESEND_WAIT, FOODICS_CACHE_MS: '0', FOODICS_TIMEOUT_MS: '5000' });
  });
  afterAll(() => t.close());

  const sendFor = (phone: string, orderId: string, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      headers: { 'accept-language': lang },
      payload: { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId, resend: true },
    });
  const saveFor = (phone: string, otp: string, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { phone, otp, orderId, restaurantId: t.restaurantId, casherId: DEVICE },
    });

  it('three phones use up their own sends for one order; a fourth phone gets a code and saves it', async () => {
    const order = t.foodics.addOrder(DEVICE);
    for (const phone of ['0552000001', '0552000002', '0552000003']) {
      // A phone's three codes for the order (OTP_SENDS_PER_ORDER), then its fourth is refused: that phone only.
      for (let i = 0; i < 3; i++) expect((await sendFor(phone, order.id)).statusCode, phone).toBe(200);
      const fourth = await sendFor(phone, order.id);
      expect([409, 429]).toContain(fourth.statusCode);
      expect(fourth.json().message).not.toMatch(/24 hours|Too many attempts/);
    }
    const asked = await sendFor('0552000004', order.id);
    expect(asked.statusCode, asked.body).toBe(200);
    const saved = await saveFor('0552000004', t.lastCode(e164('0552000004'))!, order.id);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("a wait that would outlast the receipt's window is not promised: it says the receipt can no longer be saved", async () => {
    // Closed 28 minutes ago: two minutes of its 30-minute window are left, and a phone's order sends wait 30.
    const order = t.foodics.addOrder(DEVICE, { closed_at: stamp(28) });
    for (let i = 0; i < 3; i++) expect((await sendFor('0552000005', order.id)).statusCode).toBe(200);
    const en = await sendFor('0552000005', order.id);
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      'This receipt can no longer be saved: its time ends before another code could be sent',
    );
    expect(en.headers['retry-after']).toBeUndefined();
    const ar = await sendFor('0552000005', order.id, 'ar');
    expect(ar.json().message).toBe('لم يعد بالإمكان حفظ هذه الفاتورة: ينتهي وقت حفظها قبل أن نتمكن من إرسال رمز آخر');
    // Its own last code still saves it while the window lasts.
    expect((await saveFor('0552000005', t.lastCode(e164('0552000005'))!, order.id)).statusCode).toBe(200);
  });

  it("the order's total cap (OTP_SENDS_PER_ORDER_TOTAL, 30) needs ten strangers' phones to reach, and each is held by its own limits", async () => {
    const order = t.foodics.addOrder(DEVICE);
    let sent = 0;
    for (let p = 0; p < 10; p++)
      for (let i = 0; i < 3; i++)
        if ((await sendFor(`05530000${String(p).padStart(2, '0')}`, order.id)).statusCode === 200) sent++;
    expect(sent).toBe(30);
    const next = await sendFor('0553000099', order.id);
    // Its counter runs for the claim window from the first send, which ends after the order's window: so the
    // answer says the receipt can no longer be saved rather than promise a wait.
    expect(next.statusCode).toBe(409);
  });

  it('a send limit says "You asked for several codes; try again in N minutes", in English and Arabic; never "Too many attempts"', async () => {
    const phone = '0551000004';
    // Five codes in an hour (OTP_SENDS_PER_HOUR), for five receipts, every purpose counting together.
    for (let i = 0; i < 4; i++) expect((await sendFor(phone, t.foodics.addOrder(DEVICE).id)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/customer/code', payload: { phone } })).statusCode).toBe(200);
    const order = t.foodics.addOrder(DEVICE);
    const en = await sendFor(phone, order.id);
    expect(en.statusCode).toBe(429);
    expect(en.json().message).toMatch(/^You asked for several codes; try again in \d+ minutes$/);
    const ar = await t.app.inject({
      method: 'POST',
      url: '/customer/code',
      payload: { phone, resend: true },
      headers: { 'accept-language': 'ar' },
    });
    expect(ar.statusCode).toBe(429);
    expect(ar.json().message).toMatch(/^طلبت عدة رموز؛ حاول مرة أخرى بعد \d+ (دقيقة|دقائق|دقيقتين)$/);
    expect(`${en.body}${ar.body}`).not.toMatch(/Too many attempts|محاولات كثيرة/);
    expect(Number(en.headers['retry-after'])).toBeGreaterThan(0);
  });
});
