// Issue 29, medium 1 and 3 (docs/SECURITY.md, "Till links" and "The POS call budget"): one 404 text for every
// unknown or foreign restaurant/device combination; a per-till link key in every printed link, rotated by a
// reprint and required when TILL_KEY_REQUIRED is on; per-address and per-till limits before any POS call; an
// orderId looked up at Foodics only when the till's known recent orders hold it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, devices, restaurants } from '../../../server/db/schema';
import { EGYPT_TOKEN_SUFFIX, FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { capFor } from '../../../server/pos/callBudget';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';
import { addFoodicsRestaurant, createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

const view = (t: FoodicsTestApp, restId: number | string, deviceId: string, key?: string, ip = '198.51.100.7') =>
  t.app.inject({
    method: 'GET',
    url:
      `/order/foodics/web/last-order?restaurantId=${restId}&casherId=${encodeURIComponent(deviceId)}` +
      (key === undefined ? '' : `&key=${encodeURIComponent(key)}`),
    remoteAddress: ip,
  });

const ordersById = (t: FoodicsTestApp) => t.foodics.callLog().filter((c) => c.path.startsWith('/orders/')).length;
const allCalls = (t: FoodicsTestApp) => t.foodics.callLog().length;

async function keyOf(t: FoodicsTestApp, restaurantId: number, deviceId: string) {
  const [row] = await t.database.db
    .select({ id: devices.id, key: devices.linkKey })
    .from(devices)
    .where(and(eq(devices.restaurantId, restaurantId), eq(devices.deviceId, deviceId)));
  expect(row.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return row;
}

describe('till links: one 404, link keys, a reprint', () => {
  let t: FoodicsTestApp;
  let other: number;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createFoodicsTestApp();
    // A second restaurant with a till of its own; its device is foreign to the first restaurant.
    // (Another Foodics business - the stand-in's Egyptian one: a business and its tills are one restaurant's.)
    other = await addFoodicsRestaurant(t.deps, `${t.foodics.token}${EGYPT_TOKEN_SUFFIX}`, 'Other Grill');
    await t.database.db
      .update(devices)
      .set({ deviceId: 'foreign-till' })
      .where(and(eq(devices.restaurantId, other), eq(devices.deviceId, FIXTURE_EG.devices[0].id)));
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    t.foodics.addOrder(DEVICE);
  });
  afterAll(() => t.close());

  it('answers one 404 text for an unknown restaurant, a foreign or unknown device and a wrong key', async () => {
    const { key } = await keyOf(t, t.restaurantId, DEVICE);
    const answers = [
      await view(t, 999_999, DEVICE),
      await view(t, t.restaurantId, 'foreign-till'),
      await view(t, t.restaurantId, 'no-such-till'),
      await view(t, t.restaurantId, DEVICE, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    expect(new Set(answers.map((a) => a.json().message)).size).toBe(1);
    expect(answers[0].json()).toEqual({ message: 'Restaurant not found' });
    // The save calls answer the same for a foreign till.
    const code = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0501111111', restaurantId: t.restaurantId, casherId: 'foreign-till' },
    });
    expect([code.statusCode, code.json().message]).toEqual([404, 'Restaurant not found']);
  });

  it('prints the key in every link: the devices carry it, the right key opens the receipt, no key still does (off by default)', async () => {
    const branches = await t.app.inject({ url: `/restaurant/branches/${t.restaurantId}`, headers: auth });
    const listed = branches
      .json()
      .branches.flatMap((b: { Devices: { device_id: string; link_key: string }[] }) => b.Devices)
      .find((d: { device_id: string }) => d.device_id === DEVICE);
    const { key } = await keyOf(t, t.restaurantId, DEVICE);
    expect(listed.link_key).toBe(key);
    expect((await view(t, t.restaurantId, DEVICE, key)).statusCode).toBe(200);
    expect((await view(t, t.restaurantId, DEVICE)).statusCode).toBe(200);
  });

  it('a reprint rotates the key: the old link answers the one 404, the new one opens; it is in the activity trail', async () => {
    const before = await keyOf(t, t.restaurantId, DEVICE);
    const res = await t.app.inject({
      method: 'POST',
      url: `/restaurant/device/${before.id}/link-key`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().link_key as string;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fresh).not.toBe(before.key);
    const old = await view(t, t.restaurantId, DEVICE, before.key);
    expect([old.statusCode, old.json().message]).toEqual([404, 'Restaurant not found']);
    expect((await view(t, t.restaurantId, DEVICE, fresh)).statusCode).toBe(200);
    const trail = await t.database.db.select().from(activity).where(eq(activity.kind, 'device.linkKeyRotated'));
    expect(trail).toHaveLength(1);
    // A removed restaurant's device cannot be reprinted.
    await t.database.db.update(restaurants).set({ isDeleted: true }).where(eq(restaurants.id, other));
    const [foreign] = await t.database.db
      .select()
      .from(devices)
      .where(and(eq(devices.restaurantId, other), eq(devices.deviceId, 'foreign-till')));
    const gone = await t.app.inject({
      method: 'POST',
      url: `/restaurant/device/${foreign.id}/link-key`,
      headers: auth,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('TILL_KEY_REQUIRED', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ TILL_KEY_REQUIRED: 'true' });
    t.foodics.addOrder(DEVICE);
  });
  afterAll(() => t.close());

  it('refuses the app-style link without a key with the one 404, and opens the printed link', async () => {
    const { key } = await keyOf(t, t.restaurantId, DEVICE);
    const bare = await view(t, t.restaurantId, DEVICE);
    expect([bare.statusCode, bare.json().message]).toEqual([404, 'Restaurant not found']);
    expect((await view(t, t.restaurantId, DEVICE, key)).statusCode).toBe(200);
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { phone: '0501111112', restaurantId: t.restaurantId, casherId: DEVICE, otp: '1234' },
    });
    expect(save.statusCode).toBe(404);
  });
});

describe('limits before any POS call', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      ...GENEROUS_CODE_LIMITS,
      TILL_VIEWS_PER_ADDRESS_10M: '3',
      TILL_VIEWS_PER_TILL_MINUTE: '4',
      TILL_CLAIMS_PER_ADDRESS_10M: '4',
      TILL_CLAIMS_PER_TILL_MINUTE: '6',
      // Every view goes past the instance memory and to the POS: the limits, not the caches, hold the calls back.
      ANSWER_CACHE_MS: '0',
      FOODICS_CACHE_MS: '0',
      // About limits, not timeouts: a busy machine's slow stand-in is not a 504 here.
      FOODICS_TIMEOUT_MS: '5000',
    });
    t.foodics.addOrder(DEVICE);
  });
  afterAll(() => t.close());

  it('an address past its view limit gets 429 and the POS is not asked', async () => {
    for (let i = 0; i < 3; i++)
      expect((await view(t, t.restaurantId, DEVICE, undefined, '203.0.113.1')).statusCode).toBe(200);
    const calls = allCalls(t);
    const over = await view(t, t.restaurantId, DEVICE, undefined, '203.0.113.1');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Guessed links count too, and never reach the POS.
    expect((await view(t, 999_999, DEVICE, undefined, '203.0.113.1')).statusCode).toBe(429);
    expect(allCalls(t)).toBe(calls);
  });

  // Each test below counts on a till of its own (the limits per till are the test's alone).
  it('a till past its view limit gets 429 whatever the address, and the POS is not asked', async () => {
    const till = FIXTURE.devices[1].id;
    // Its 4 views a minute, each from a new address, then one more from another.
    for (const ip of ['203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'])
      expect((await view(t, t.restaurantId, till, undefined, ip)).statusCode).toBe(200);
    const calls = allCalls(t);
    const over = await view(t, t.restaurantId, till, undefined, '203.0.113.6');
    expect(over.statusCode).toBe(429);
    expect(allCalls(t)).toBe(calls);
  });

  it('random orderIds on POST /user and add-order never reach Foodics, and the address limit stops them', async () => {
    const till = FIXTURE.devices[2].id;
    const before = ordersById(t);
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user',
        remoteAddress: ip,
        payload: { phone: '0502222222', restaurantId: t.restaurantId, casherId: till, orderId: `random-${i}` },
      });
      statuses.push(res.statusCode);
    }
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      remoteAddress: ip,
      payload: {
        phone: '0502222222',
        restaurantId: t.restaurantId,
        casherId: till,
        otp: '1234',
        orderId: 'random-0',
      },
    });
    statuses.push(save.statusCode);
    expect(statuses).toEqual([409, 409, 409, 409]);
    const over = await t.app.inject({
      method: 'POST',
      url: '/user',
      remoteAddress: ip,
      payload: { phone: '0502222222', restaurantId: t.restaurantId, casherId: till, orderId: 'random-4' },
    });
    expect(over.statusCode).toBe(429);
    expect(ordersById(t)).toBe(before);
  });

  it('a till past its claim limit gets 429 whatever the address', async () => {
    const ask = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/user',
        remoteAddress: ip,
        payload: { phone: '0503333333', restaurantId: t.restaurantId, casherId: DEVICE, orderId: 'random-x' },
      });
    // The till's 6 claims a minute, each from a new address, then the next is refused.
    for (let i = 20; i < 26; i++) expect((await ask(`203.0.113.${i}`)).statusCode).toBe(409);
    expect((await ask('203.0.113.26')).statusCode).toBe(429);
  });

  it("named orders' lookups get a bounded share of the call budget", () => {
    expect(capFor({ perWindow: 30, windowMs: 60_000 }, 'named')).toBe(20);
    expect(capFor({ perWindow: 30, windowMs: 60_000 }, 'customer')).toBe(30);
  });
});

describe('a named order the till knows', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...GENEROUS_CODE_LIMITS });
  });
  afterAll(() => t.close());

  it('is sent a code for and saved without a lookup by id when the POS listed it', async () => {
    const order = t.foodics.addOrder(DEVICE);
    expect((await view(t, t.restaurantId, DEVICE)).json().order_id).toBe(order.id);
    const before = ordersById(t);
    const code = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0504444444', restaurantId: t.restaurantId, casherId: DEVICE, orderId: order.id },
    });
    expect(code.statusCode).toBe(200);
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: {
        phone: '0504444444',
        restaurantId: t.restaurantId,
        casherId: DEVICE,
        orderId: order.id,
        otp: t.lastCode('+966504444444'),
      },
    });
    expect(save.statusCode).toBe(200);
    expect(ordersById(t)).toBe(before);
    void FIXTURE;
  });
});
