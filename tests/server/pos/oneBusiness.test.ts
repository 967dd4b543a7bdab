// One Foodics business, one till, one POS order belong to one restaurant only, and the database says so (issue 49,
// "Connecting Foodics, for real"; migration 0023; docs/POS.md "One business, one restaurant"): the unique indexes
// refuse a second restaurant's copy whoever writes it (a Specter POS's own tills and orders stay per restaurant);
// a sync with a token of a business another restaurant holds writes nothing and says so; a deleted restaurant's
// tills are freed with it; a saved order is saved once whichever restaurant asks. And a pasted orders' token
// Foodics refuses is said by the save itself, even while the branches' token works (the form shows it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { branches, devices, orders, restaurants } from '../../../server/db/schema';
import { BUSINESS_ELSEWHERE } from '../../../server/db/repositories/foodicsConnect';
import { saveOrderToAccount } from '../../../server/db/repositories/savedOrders';
import { NOT_AUTHORISED } from '../../../server/pos/foodics/client';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import type { PosOrder } from '../../../server/core/posPort';
import { isUniqueViolation } from '../../../server/lib/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import { addFoodicsRestaurant, createFoodicsTestApp, type FoodicsTestApp } from '../helpers/foodicsApp';

describe('the unique indexes of migration 0023', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const restaurant = async (systemType: 'Foodics' | 'Specter', posBusinessRef: string | null = null) => {
    const [r] = await t.database.db
      .insert(restaurants)
      .values({ name: `R ${Math.random()}`, logo: '/l.svg', token: 't', branchsToken: 't', systemType, posBusinessRef })
      .returning({ id: restaurants.id });
    const [b] = await t.database.db
      .insert(branches)
      .values({ restaurantId: r.id, branchId: `b-${r.id}`, name: 'Olaya' })
      .returning({ id: branches.id });
    return { id: r.id, branch: b.id };
  };
  const till = (r: { id: number; branch: number }, deviceId: string) =>
    t.database.db.insert(devices).values({ restaurantId: r.id, branchRef: r.branch, deviceId, name: 'Cashier' });
  const refused = async (write: Promise<unknown>) => {
    const err = await write.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err), String(err)).toBe(true);
  };
  const order = (posOrderId: string): PosOrder =>
    ({
      posOrderId,
      deviceId: 'till',
      status: 4,
      closedAt: new Date(),
      invoice: {
        restaurant: { name: 'R', logo: '/l.svg' },
        branch_name: 'Olaya',
        order_number: '00042',
        check_number: null,
        order_date: '2026-11-20',
        order_time: '12:00',
        payment_method: 'Cash',
        sub_total_price: 10,
        discount_amount: 0,
        total_price: 11.5,
        currency: 'SAR',
        order_items: [],
      },
    }) as unknown as PosOrder;

  it('a live Foodics till is one restaurant’s: a second copy is refused, a removed one is free; Specter tills are per restaurant', async () => {
    const a = await restaurant('Foodics');
    const b = await restaurant('Foodics');
    await till(a, 'foodics-till-1');
    await refused(till(b, 'foodics-till-1'));
    await t.database.db.update(devices).set({ removedAt: new Date() }).where(eq(devices.deviceId, 'foodics-till-1'));
    await till(b, 'foodics-till-1');
    // A Specter POS names its tills itself: "till-1" at two restaurants is two tills.
    const s1 = await restaurant('Specter');
    const s2 = await restaurant('Specter');
    await till(s1, 'till-1');
    await till(s2, 'till-1');
    const rows = await t.database.db.select().from(devices).where(eq(devices.deviceId, 'till-1'));
    expect(rows.map((d) => d.posSystem)).toEqual(['Specter', 'Specter']);
  });

  it('a Foodics order is saved once, at one restaurant; a Specter order id is per restaurant', async () => {
    const a = await restaurant('Foodics');
    const b = await restaurant('Foodics');
    const db = t.database.db;
    const first = await saveOrderToAccount(db, {
      phone: '+966500000001',
      restaurantId: a.id,
      deviceId: 'till',
      order: order('f-1'),
    });
    expect(first).not.toBeNull();
    // The same Foodics order at another restaurant (one business connected twice): "already saved".
    expect(
      await saveOrderToAccount(db, {
        phone: '+966500000002',
        restaurantId: b.id,
        deviceId: 'till',
        order: order('f-1'),
      }),
    ).toBeNull();
    expect(await db.select().from(orders).where(eq(orders.posOrderId, 'f-1'))).toHaveLength(1);
    const s1 = await restaurant('Specter');
    const s2 = await restaurant('Specter');
    for (const r of [s1, s2])
      expect(
        await saveOrderToAccount(db, {
          phone: '+966500000003',
          restaurantId: r.id,
          deviceId: 'till',
          order: order('1001'),
        }),
      ).not.toBeNull();
  });

  it('a Foodics business is one live restaurant’s; a deleted one frees it', async () => {
    const a = await restaurant('Foodics', 'biz-1');
    await refused(restaurant('Foodics', 'biz-1'));
    await t.database.db.update(restaurants).set({ isDeleted: true }).where(eq(restaurants.id, a.id));
    await restaurant('Foodics', 'biz-1');
  });
});

describe('syncing and deleting with one business per restaurant', () => {
  let t: FoodicsTestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ANSWER_CACHE_MS: '0' });
    admin = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  const liveTills = (restaurantId: number) =>
    t.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.restaurantId, restaurantId), isNull(devices.removedAt)));

  it('a token of a business another restaurant holds syncs nothing and says so; once that one is deleted (its tills with it), it syncs', async () => {
    const copy = await addFoodicsRestaurant(t.deps, t.foodics.token, 'Najd Copy', { mustSync: false });
    const [row] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, copy));
    expect(row.syncError).toBe(BUSINESS_ELSEWHERE);
    expect(row.posBusinessRef).toBeNull();
    expect(await liveTills(copy)).toHaveLength(0);
    // The restaurant that holds it keeps its tills and webhooks.
    expect(await liveTills(t.restaurantId)).toHaveLength(FIXTURE.devices.length);

    const del = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/delete/${t.restaurantId}`,
      headers: admin,
      payload: { isDeleted: true },
    });
    expect(del.statusCode).toBe(200);
    expect(await liveTills(t.restaurantId)).toHaveLength(0);
    const synced = await t.app.inject({ method: 'POST', url: `/restaurant/${copy}/sync`, headers: admin });
    expect(synced.json().sync_error).toBeNull();
    expect(await liveTills(copy)).toHaveLength(FIXTURE.devices.length);
    const [after] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, copy));
    expect(after.posBusinessRef).toBe(String(FIXTURE.business.reference));
  });
});

describe('a pasted token Foodics refuses is said on save', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ANSWER_CACHE_MS: '0' });
  });
  afterAll(() => t.close());

  it("a new orders' token Foodics refuses is the save's sync_error, though the branches' token still reads the branches", async () => {
    const admin = { authorization: `Bearer ${await t.adminToken()}` };
    const shown = (await t.app.inject({ url: `/restaurant/${t.restaurantId}`, headers: admin })).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${t.restaurantId}`,
      headers: admin,
      // The form sends the branches' token back masked (kept) and a new, refused orders' token.
      payload: { token: 'refused-by-foodics-0001', branchs_token: shown.branchs_token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sync_error).toBe(NOT_AUTHORISED);
    // Put right, the save says nothing more.
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${t.restaurantId}`,
      headers: admin,
      payload: { token: t.foodics.token, branchs_token: shown.branchs_token },
    });
    expect(fixed.json().sync_error).toBeNull();
  });
});
