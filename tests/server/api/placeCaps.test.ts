// A till's and a restaurant's hourly caps of one-time codes, counted per client address within the place (issue 48,
// item 9; docs/SECURITY.md "Limits"): a stranger's addresses use up their own way in, not the place's - once a
// place's cap is reached, an address it already sent codes for waits, a customer from a new address still gets
// their code (up to twice the cap: the place's fuse); an IPv6 client counts by its /64; and the restaurant is told
// once: its activity trail (which its manager reads) and the metric specter_sms_caps_reached_total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activity, adminRestaurants, admins } from '../../../server/db/schema';
import { metrics } from '../../../server/lib/metrics';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, type FoodicsTestApp } from '../helpers/foodicsApp';

/** Every other send limit out of the way. */
const OPEN = {
  OTP_IP_SENDS_PER_10M: '100000',
  OTP_IP_SENDS_PER_DAY: '100000',
  OTP_SENDS_PER_15M: '100000',
  OTP_SENDS_PER_HOUR: '100000',
  OTP_SENDS_PER_DAY: '100000',
  OTP_SENDS_PER_ORDER: '100000',
  OTP_SENDS_PER_ORDER_TOTAL: '100000',
  OTP_RESEND_SECONDS: '0',
  TILL_VIEWS_PER_ADDRESS_10M: '100000',
  TILL_VIEWS_PER_TILL_MINUTE: '100000',
  TILL_CLAIMS_PER_ADDRESS_10M: '100000',
  TILL_CLAIMS_PER_TILL_MINUTE: '100000',
  // A claim window longer than the caps' hour: a refusal is a promised wait (429).
  CLAIM_WINDOW_MINUTES: '120',
  ANSWER_CACHE_MS: '0',
};

const [TILL_A, TILL_B] = [FIXTURE.devices[0].id, FIXTURE.devices[1].id];
let phone = 0;
/** A code for the till's order to a new mobile, asked from this client address. */
const ask = (t: FoodicsTestApp, till: string, ip: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/user',
      payload: { phone: `0538${String(++phone).padStart(6, '0')}`, restaurantId: t.restaurantId, casherId: till },
      remoteAddress: ip,
    })
    .then((r) => r.statusCode);

const capsReached = async (restaurantId: number, cap: 'till' | 'restaurant') =>
  (await metrics.smsCapsReached.get()).values.find(
    (v) => v.labels.cap === cap && v.labels.restaurant === String(restaurantId),
  )?.value ?? 0;
const trail = (t: FoodicsTestApp) =>
  t.database.db.select().from(activity).where(eq(activity.kind, 'otp.sendCapReached'));

describe("a till's cap, per client address", () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...OPEN, OTP_SENDS_PER_TILL_HOUR: '3', OTP_SENDS_PER_RESTAURANT_HOUR: '1000' });
    t.foodics.addOrder(TILL_A);
    t.foodics.addOrder(TILL_B);
  });
  afterAll(() => t.close());

  it('a stranger from two addresses cannot silence the till: customers from new addresses still get their code', async () => {
    // The metric is the process's (other apps of this worker count too): this test's share is the difference.
    const reachedBefore = await capsReached(t.restaurantId, 'till');
    // The stranger's first address: the till's cap of 3, then it waits.
    expect([
      await ask(t, TILL_A, '10.1.0.1'),
      await ask(t, TILL_A, '10.1.0.1'),
      await ask(t, TILL_A, '10.1.0.1'),
    ]).toEqual([200, 200, 200]);
    expect(await ask(t, TILL_A, '10.1.0.1')).toBe(429);
    // Their second address: its first request goes out (it cannot be told from a customer's), its second waits.
    expect(await ask(t, TILL_A, '10.1.0.2')).toBe(200);
    expect(await ask(t, TILL_A, '10.1.0.2')).toBe(429);
    // Refusals used up nothing: a customer at the till, from their own address, gets their code.
    expect(await ask(t, TILL_A, '10.2.0.1')).toBe(200);
    // The place's fuse: twice the cap sent, then every address waits.
    expect(await ask(t, TILL_A, '10.2.0.2')).toBe(200);
    expect(await ask(t, TILL_A, '10.2.0.3')).toBe(429);
    // Another till of the restaurant is not held by this one's cap.
    expect(await ask(t, TILL_B, '10.1.0.1')).toBe(200);
    // Reached once in the hour, said once.
    await expect.poll(() => capsReached(t.restaurantId, 'till')).toBe(reachedBefore + 1);

    // The restaurant is told once: its trail, which its manager reads.
    await expect.poll(async () => (await trail(t)).length).toBe(1);
    const [row] = await trail(t);
    expect(row).toMatchObject({ adminId: null, targetType: 'restaurant', targetId: String(t.restaurantId) });
    expect(row.detail).toMatchObject({ cap: 'till', limit: 3, till: TILL_A });

    const token = await t.adminToken();
    const id = Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);
    await t.database.db.update(admins).set({ role: 'manager' }).where(eq(admins.id, id));
    await t.database.db.insert(adminRestaurants).values({ adminId: id, restaurantId: t.restaurantId });
    const seen = await t.app.inject({
      url: '/admin/activity?kind=otp.sendCapReached',
      headers: { authorization: `Bearer ${token}` },
    });

    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain('otp.sendCapReached');
  });

  it('an IPv6 client counts by its /64: a new address in the same /64 is not a new client', async () => {
    const local = await createFoodicsTestApp({
      ...OPEN,
      OTP_SENDS_PER_TILL_HOUR: '1',
      OTP_SENDS_PER_RESTAURANT_HOUR: '1000',
    });
    try {
      local.foodics.addOrder(TILL_A);
      expect(await ask(local, TILL_A, '2001:db8:1:1::1')).toBe(200);
      expect(await ask(local, TILL_A, '2001:db8:1:1::2')).toBe(429);
      expect(await ask(local, TILL_A, '2001:db8:1:2::1')).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe("a restaurant's cap, per client address", () => {
  it('one address past the restaurant’s cap waits; a new address still gets its code; the trail says so', async () => {
    const t = await createFoodicsTestApp({
      ...OPEN,
      OTP_SENDS_PER_TILL_HOUR: '1000',
      OTP_SENDS_PER_RESTAURANT_HOUR: '2',
    });
    try {
      t.foodics.addOrder(TILL_A);
      t.foodics.addOrder(TILL_B);
      const reachedBefore = await capsReached(t.restaurantId, 'restaurant');
      expect(await ask(t, TILL_A, '10.3.0.1')).toBe(200);
      expect(await ask(t, TILL_B, '10.3.0.1')).toBe(200);
      expect(await ask(t, TILL_B, '10.3.0.1')).toBe(429);
      expect(await ask(t, TILL_A, '10.4.0.1')).toBe(200);
      await expect
        .poll(async () => (await trail(t)).map((r) => (r.detail as { cap: string }).cap))
        .toEqual(['restaurant']);
      expect(await capsReached(t.restaurantId, 'restaurant')).toBe(reachedBefore + 1);
    } finally {
      await t.close();
    }
  });
});
