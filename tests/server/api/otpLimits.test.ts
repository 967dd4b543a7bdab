import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { phoneGuards } from '../../../server/db/schema';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

// The limits of SECURITY.md with their default values (resend wait shortened where it would stall a test).
describe('one-time code limits', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => { t = await createFoodicsTestApp({ OTP_IP_SENDS_PER_10M: '100', OTP_IP_SENDS_PER_DAY: '100', OTP_IP_CHECKS_PER_10M: '1000' }); });
  afterAll(() => t.close());

  const sendCode = (phone: string, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/user', payload: { phone }, remoteAddress: ip });
  const save = (phone: string, otp: string) =>
    t.app.inject({ method: 'POST', url: '/order/foodics/web/add-order', payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp } });

  it('a resend within 60 s is refused with 429 and Retry-After', async () => {
    expect((await sendCode('0511111111')).statusCode).toBe(200);
    const again = await sendCode('0511111111');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json().message).toBeTruthy();
  });

  it('brute force over all 10,000 codes stops at the daily failure limit', async () => {
    await sendCode('0512222222');
    let refused = 0;
    let tried = 0;
    for (let c = 0; c < 10_000 && refused === 0; c++) {
      const res = await save('0512222222', String(c).padStart(4, '0'));
      tried++;
      if (res.statusCode === 200) throw new Error('a guess got through');
      if (res.statusCode === 429) refused++;
    }
    // 3 guesses kill the code; the 10 failures a day then lock the phone out (429) for the rest.
    expect(tried).toBe(11);
    expect(refused).toBe(1);
  });

  it('50 failures in a row lock the phone until an admin clears it', async () => {
    await t.database.db.insert(phoneGuards).values({ phone: '+966513333333', failuresInRow: 50, lockedAt: new Date() });
    expect((await sendCode('0513333333')).statusCode).toBe(429);
    expect((await save('0513333333', '1234')).statusCode).toBe(429);
    await t.database.db.update(phoneGuards).set({ lockedAt: null, failuresInRow: 0 }).where(eq(phoneGuards.phone, '+966513333333'));
    expect((await sendCode('0513333333')).statusCode).toBe(200);
  });
});

describe('sending limits per client address', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => { t = await createFoodicsTestApp(); });
  afterAll(() => t.close());

  it('5 sends per 10 minutes from one address, then 429', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/user', payload: { phone: `05500000${10 + i}` }, remoteAddress: '10.9.9.9' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address is not affected.
    expect((await t.app.inject({ method: 'POST', url: '/user', payload: { phone: '0550000099' }, remoteAddress: '10.9.9.8' })).statusCode).toBe(200);
  });
});
