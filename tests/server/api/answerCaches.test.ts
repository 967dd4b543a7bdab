import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { restaurants } from '../../../server/db/schema';
import { addFoodicsRestaurant, createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';
import { EGYPT_TOKEN_SUFFIX, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';

// What an instance remembers for ANSWER_CACHE_MS (the hot till's encoded receipt, the dashboard, live admins)
// is dropped by the writes made through it: a saved order shows at once on the till's page and on the
// dashboard, a deleted restaurant's till and a removed admin's token stop answering at once.
const GENEROUS = {
  ...GENEROUS_CODE_LIMITS,
  FOODICS_TIMEOUT_MS: '5000',
};

describe('answers remembered per instance, dropped by its own writes', () => {
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    // Cache periods long enough that nothing expires during a test (ANSWER_CACHE_MS at its 10 s maximum).
    t = await createFoodicsTestApp({ ...GENEROUS, FOODICS_CACHE_MS: '60000', ANSWER_CACHE_MS: '10000' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  const lastOrder = (restaurantId = t.restaurantId, till = DEVICE) =>
    t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${till}`,
    });
  const dashboard = async () => ({
    stats: (await t.app.inject({ method: 'GET', url: '/statistics', headers: auth })).json(),
    latest: (await t.app.inject({ method: 'GET', url: '/order/last-orders', headers: auth })).json().orders,
  });

  it('the hot till answers the same JSON from memory with one Foodics call; a save drops it and the dashboard shows the order at once', async () => {
    const placed = t.foodics.addOrder(DEVICE);
    const callsBefore = t.foodics.calls('/orders');
    const first = await lastOrder();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toMatchObject({ order_id: placed.id, saved: false });
    const again = await Promise.all([lastOrder(), lastOrder(), lastOrder()]);
    for (const r of again) expect(r.body).toBe(first.body);
    expect(t.foodics.calls('/orders') - callsBefore).toBe(1);

    const before = await dashboard();
    const phone = '+966507777777';
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/user',
          payload: { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId: placed.id },
        })
      ).statusCode,
    ).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp: t.lastCode(phone)!, orderId: placed.id },
    });
    expect(saved.statusCode).toBe(200);

    expect((await lastOrder()).json()).not.toMatchObject({ order_id: placed.id, saved: false });
    const after = await dashboard();
    expect(after.stats.orders).toBe(before.stats.orders + 1);
    expect(after.stats.users).toBe(before.stats.users + 1);
    expect(after.latest[0].id).toBe(saved.json().id);
  });

  it("a deleted restaurant's till answers 404 at once, though its receipt was remembered", async () => {
    // A restaurant of its own, on the stand-in's other business (a Foodics business is one restaurant's): the
    // file's stays for the other tests.
    const doomed = await addFoodicsRestaurant(t.deps, `${t.foodics.token}${EGYPT_TOKEN_SUFFIX}`, 'Doomed Grill');
    const till = FIXTURE_EG.devices[0].id;
    t.foodics.addOrder(till);
    expect((await lastOrder(doomed, till)).statusCode).toBe(200);
    // Added past the app: its dashboard memory is dropped as a write through it would, then remembers both.
    t.app.answers.dashboard.forget();
    expect((await dashboard()).stats.restaurants).toBe(2);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/restaurant/delete/${doomed}`,
          headers: auth,
          payload: { isDeleted: true },
        })
      ).statusCode,
    ).toBe(200);
    expect((await lastOrder(doomed, till)).statusCode).toBe(404);
    // The dashboard counts it gone at once: the live restaurants of the database, the file's own one.
    const live = await t.database.db.select().from(restaurants).where(eq(restaurants.isDeleted, false));
    expect(live.map((r) => r.id)).toEqual([t.restaurantId]);
    expect((await dashboard()).stats.restaurants).toBe(1);
  });

  it("a removed admin's token answers 401 at once, though the admin was remembered as live", async () => {
    const other = `Bearer ${await t.adminToken()}`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/statistics', headers: { authorization: other } })).statusCode,
    ).toBe(200);
    const id = JSON.parse(Buffer.from(other.split('.')[1], 'base64url').toString()).sub;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/user/${id}`, headers: auth, payload: { isDeleted: true } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/statistics', headers: { authorization: other } })).statusCode,
    ).toBe(401);
  });
});
