// One typo does not lock the customer out (docs/API.md, POST /user): a wrong code sends them back to the receipt,
// and asking again for the same order finds the code they already have - 200 with `sent: false`, nothing texted,
// no resend wait to run into - so the right code still saves. Once the resend wait is over, `resend: true`
// texts the same code again. The product's default limits (server/config.ts), real HTTP to the Foodics stand-in.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { otpChallenges } from '../../../server/db/schema';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const e164 = (local: string) => `+966${local.slice(1)}`;
const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('a typo, then Save Invoice again', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CACHE_MS: '0' });
  });
  afterAll(() => t.close());

  const send = (phone: string, orderId: string, extra: Record<string, unknown> = {}, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      headers: { 'accept-language': lang },
      payload: { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId, ...extra },
    });
  const save = (phone: string, otp: string, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp, orderId },
    });
  const textsTo = (phone: string) => t.sms.filter((m) => m.to === e164(phone)).length;

  it('a wrong code says how many tries its code still takes (2, 1, then 0: ask for a new one), in one message', async () => {
    const phone = '0551004599';
    const order = t.foodics.addOrder(DEVICE);
    expect((await send(phone, order.id)).statusCode).toBe(200);
    const code = t.lastCode(e164(phone))!;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await save(phone, wrongOf(code), order.id)).json());
    expect(answers).toEqual(
      [2, 1, 0, 0].map((triesLeft) => ({
        message: 'The code is wrong or has expired, please ask for a new one',
        triesLeft,
      })),
    );
    // Its three tries used up, the right code no longer saves either: asking again sends a new one.
    expect((await save(phone, code, order.id)).json()).toMatchObject({ triesLeft: 0 });
    expect((await send(phone, order.id)).json()).toMatchObject({ sent: true });
  });

  it('a wrong code, then the same phone asks again: 200 sent:false, nothing texted, and the right code saves', async () => {
    const phone = '0551004567';
    const order = t.foodics.addOrder(DEVICE);
    const first = await send(phone, order.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'The code has been sent', sent: true, resendIn: 60 });
    const code = t.lastCode(e164(phone))!;
    expect((await save(phone, wrongOf(code), order.id)).statusCode).toBe(400);

    const again = await send(phone, order.id);
    expect(again.statusCode).toBe(200);
    const body = again.json();
    expect(body.sent).toBe(false);
    expect(body.message).toBe('Your code is still valid: enter the code we sent');
    expect(body.resendIn).toBeGreaterThan(0);
    expect(body.resendIn).toBeLessThanOrEqual(60);
    expect(textsTo(phone)).toBe(1);
    // In Arabic too (the catalogue's sentence).
    const ar = await send(phone, order.id, {}, 'ar');
    expect(ar.json()).toMatchObject({ sent: false, message: 'رمزك ما زال صالحًا: أدخل الرمز الذي أرسلناه' });
    expect(textsTo(phone)).toBe(1);

    expect((await save(phone, code, order.id)).statusCode).toBe(200);
  });

  it('Resend code within the wait is refused (429) and texts nothing; after the wait it texts the same code again', async () => {
    const phone = '0551004568';
    const order = t.foodics.addOrder(DEVICE);
    expect((await send(phone, order.id)).statusCode).toBe(200);
    const code = t.lastCode(e164(phone))!;
    expect((await save(phone, wrongOf(code), order.id)).statusCode).toBe(400);

    const soon = await send(phone, order.id, { resend: true });
    expect(soon.statusCode).toBe(429);
    expect(textsTo(phone)).toBe(1);

    // The wait passes: the code's last text moved back past OTP_RESEND_SECONDS (the server compares with now()).
    await t.database.db
      .update(otpChallenges)
      .set({ lastSentAt: sql`${otpChallenges.lastSentAt} - make_interval(secs => 61)` })
      .where(eq(otpChallenges.phone, e164(phone)));
    expect((await send(phone, order.id)).json()).toMatchObject({ sent: false, resendIn: 0 });
    expect(textsTo(phone)).toBe(1);

    const resent = await send(phone, order.id, { resend: true });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: 'The code has been sent', sent: true, resendIn: 60 });
    expect(textsTo(phone)).toBe(2);
    expect(t.lastCode(e164(phone))).toBe(code);
    const rows = await t.database.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.phone, e164(phone)));
    expect(rows).toHaveLength(1);
    expect(rows[0].sendCount).toBe(2);

    expect((await save(phone, code, order.id)).statusCode).toBe(200);
  });

  it('another order on the same phone is not "the same code": it is a new send (the resend wait applies)', async () => {
    const phone = '0551004569';
    const a = t.foodics.addOrder(DEVICE);
    expect((await send(phone, a.id)).json().sent).toBe(true);
    const b = t.foodics.addOrder(DEVICE);
    expect((await send(phone, b.id)).statusCode).toBe(429);
    expect(textsTo(phone)).toBe(1);
  });
});

describe('My receipts: asking again for a sign-in code', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CACHE_MS: '0' });
  });
  afterAll(() => t.close());

  it('a live sign-in code is not texted again: 200 sent:false, and the code still signs in', async () => {
    const code = (resend?: boolean) =>
      t.app.inject({ method: 'POST', url: '/customer/code', payload: { phone: '0551004570', resend } });
    expect((await code()).json()).toMatchObject({ sent: true, resendIn: 60 });
    const again = await code();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ sent: false });
    expect(t.sms.filter((m) => m.to === '+966551004570')).toHaveLength(1);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/customer/session',
      payload: { phone: '0551004570', otp: t.lastCode('+966551004570')! },
    });
    expect(signIn.statusCode).toBe(200);
  });
});
