import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { branches, devices, restaurants } from '../../../server/db/schema';
import { syncRestaurant } from '../../../server/pos/sync';
import { localDateTime } from '../../../server/pos/foodics/mapping';
import { EGYPT_TOKEN_SUFFIX, FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

// The Foodics adapter over real HTTP against the stand-in: sync of branches and devices, the newest order
// of a till mapped to the Invoice, and every fault the stand-in can play.
describe('Foodics: sync and the newest order of a till', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CACHE_MS: '0' });
  });
  afterAll(() => t.close());
  beforeEach(() => t.foodics.reset());

  const lastOrder = (deviceId = DEVICE, restaurantId = t.restaurantId) =>
    t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${encodeURIComponent(deviceId)}`,
    });

  it('sync stores the branches and devices with their Foodics ids', async () => {
    const rows = await t.database.db.select().from(branches).where(eq(branches.restaurantId, t.restaurantId));
    expect(rows.map((b) => b.branchId).sort()).toEqual(FIXTURE.branches.map((b) => b.id).sort());
    const devs = await t.database.db.select().from(devices).where(eq(devices.restaurantId, t.restaurantId));
    expect(devs.map((d) => d.name).sort()).toEqual(['Cashier 1', 'Cashier 2', 'Drive Thru']);
  });

  it('a second sync keeps our ids stable', async () => {
    const before = await t.database.db.select().from(devices).where(eq(devices.restaurantId, t.restaurantId));
    expect(await syncRestaurant(t.deps, t.restaurantId)).toEqual({ ok: true });
    const after = await t.database.db.select().from(devices).where(eq(devices.restaurantId, t.restaurantId));
    expect(after.map((d) => [d.id, d.deviceId]).sort()).toEqual(before.map((d) => [d.id, d.deviceId]).sort());
  });

  it('a failing sync is stored in sync_error, never thrown, and the data stays', async () => {
    t.foodics.setMode('unauthorized');
    const res = await syncRestaurant(t.deps, t.restaurantId);
    expect(res.ok).toBe(false);
    expect(res.error).toMatch(/not authorised/);
    const [r] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, t.restaurantId));
    expect(r.syncError).toMatch(/not authorised/);
    const live = await t.database.db
      .select()
      .from(devices)
      .where(and(eq(devices.restaurantId, t.restaurantId), isNull(devices.removedAt)));
    expect(live).toHaveLength(3);
    t.foodics.setMode('ok');
    expect(await syncRestaurant(t.deps, t.restaurantId)).toEqual({ ok: true });
  });

  it('answers the newest order of the till as the Invoice with its Foodics id and saved: false, void lines left out', async () => {
    const closed = new Date(Date.now() - 60_000);
    const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
    // The business's +03:00, as the stand-in's /settings says.
    const local = new Date(closed.getTime() + 3 * 3_600_000).toISOString();
    const placed = t.foodics.addOrder(DEVICE, {
      reference: '00777',
      check_number: 42,
      closed_at: stamp(closed),
      subtotal_price: 70,
      discount_amount: 5,
      total_price: 74.75,
      products: [
        { product_id: 'p-2', quantity: 1, total_price: 58, status: 3 },
        { product_id: 'p-3', quantity: 2, total_price: 12, status: 3 },
        { product_id: 'p-4', quantity: 1, total_price: 18, status: 5 },
      ],
      payments: [
        { method_id: 'pm-1', amount: 40 },
        { method_id: 'pm-2', amount: 34.75 },
      ],
    });
    const res = await lastOrder();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      order_id: placed.id,
      saved: false,
      order_number: '00777',
      check_number: '42',
      restaurant: { name: 'Najd Grill', logo: 'https://example.com/najd.png' },
      branch_name: 'Olaya',
      order_date: local.slice(0, 10),
      order_time: local.slice(11, 16),
      payment_method: 'Cash, Mada',
      sub_total_price: 70,
      discount_amount: 5,
      total_price: 74.75,
      currency: 'SAR',
      order_items: [
        { item_name: 'Mandi Lamb', item_quantity: 1, total_price: 58 },
        { item_name: 'Karak Tea', item_quantity: 2, total_price: 12 },
      ],
      // The lines' 15% taxes (the void line's left out); no VAT number known, so no QR.
      // Issue 33: the e-invoice QR only where it is one (qr_kind, zatca_phase); this order has no QR.
      vat: {
        amount: 10.5,
        by_rate: [{ rate: 15, amount: 10.5 }],
        number: null,
        qr_svg: null,
        qr_kind: null,
        zatca_phase: 2,
      },
    });
  });

  it("order date and time are the closing time in the business's time zone, across midnight", () => {
    expect(localDateTime('2026-11-22 21:45:00', '+03:00')).toEqual({ date: '2026-11-23', time: '00:45' });
    expect(localDateTime('2026-11-22 21:45:00', 'Asia/Riyadh')).toEqual({ date: '2026-11-23', time: '00:45' });
  });

  it('numeric references and a null check number come through as strings and null', async () => {
    t.foodics.addOrder(DEVICE, { reference: 9001, check_number: null });
    const inv = (await lastOrder()).json();
    expect(inv.order_number).toBe('9001');
    expect(inv.check_number).toBeNull();
  });

  it('404 with a message for an unknown restaurant, a device of another restaurant, a device with no order', async () => {
    expect((await lastOrder(DEVICE, 999_999)).json()).toEqual({ message: 'Restaurant not found' });
    expect((await lastOrder(DEVICE, 999_999)).statusCode).toBe(404);
    const foreign = await lastOrder('not-a-device');
    expect(foreign.statusCode).toBe(404);
    // Issue 29: one text for every unknown or foreign till (a guess learns nothing from it).
    expect(foreign.json()).toEqual({ message: 'Restaurant not found' });
  });

  it('400 with a plain sentence (no field name, no validator wording) for bad query parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/order/foodics/web/last-order?restaurantId=abc&casherId=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This receipt link is not complete, please scan the QR code on the till again');
    const missing = await t.app.inject({ method: 'GET', url: '/order/foodics/web/last-order' });
    expect(missing.statusCode).toBe(400);
  });

  it.each([
    ['down', 502, /cannot be reached/],
    ['garbage', 502, /could not read/],
    ['server-error', 502, /error/],
    ['unauthorized', 502, /not authorised/],
    ['forbidden', 502, /not authorised/],
  ] as const)('Foodics %s -> %i with a clear message', async (mode, status, text) => {
    t.foodics.setMode(mode);
    const res = await lastOrder();
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(text);
  });

  it('a slow Foodics -> 504 after FOODICS_TIMEOUT_MS, not a hang', async () => {
    t.foodics.setMode('slow', { delayMs: 3000 });
    const started = Date.now();
    const res = await lastOrder();
    expect(res.statusCode).toBe(504);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('429 from Foodics -> 429 with Retry-After, and no further calls until then', async () => {
    t.foodics.setMode('rate-limited', { retryAfter: 2 });
    const paused = Date.now();
    const first = await lastOrder(FIXTURE.devices[2].id);
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('2');
    const calls = t.foodics.calls('/orders');
    t.foodics.setMode('ok');
    const second = await lastOrder(FIXTURE.devices[2].id);
    expect(second.statusCode).toBe(429);
    expect(t.foodics.calls('/orders')).toBe(calls);
    // Asked again and again: 429 and no call to Foodics until the Retry-After has passed, then the receipt.
    const answers: { status: number; calls: number }[] = [];
    await vi.waitFor(
      async () => {
        const res = await lastOrder(FIXTURE.devices[2].id);
        answers.push({ status: res.statusCode, calls: t.foodics.calls('/orders') });
        expect(res.statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(answers.slice(0, -1)).toEqual(answers.slice(0, -1).map(() => ({ status: 429, calls })));
    expect(Date.now() - paused).toBeGreaterThanOrEqual(2000);
  });

  it('a restaurant deleted through the API stops answering at once', async () => {
    // Another business (the stand-in's Egyptian one): a Foodics business is one restaurant's (migration 0023).
    const token = `${t.foodics.token}${EGYPT_TOKEN_SUFFIX}`;
    const till = FIXTURE_EG.devices[0].id;
    const [r] = await t.database.db
      .insert(restaurants)
      .values({ name: 'Gone', logo: '/x.png', token, branchsToken: token, systemType: 'Foodics' })
      .returning();
    await syncRestaurant(t.deps, r.id);
    expect((await lastOrder(till, r.id)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/delete/${r.id}`,
      payload: { isDeleted: true },
      headers: { authorization: `Bearer ${await t.adminToken()}` },
    });
    expect(del.statusCode).toBe(200);
    expect((await lastOrder(till, r.id)).statusCode).toBe(404);
  });
});

describe('Foodics: cache and coalescing', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CACHE_MS: '60000', FOODICS_TIMEOUT_MS: '5000' });
  });
  afterAll(() => t.close());

  it('50 parallel requests for one till cost one Foodics call', async () => {
    t.foodics.reset();
    const url = `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${DEVICE}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(t.foodics.calls('/orders')).toBe(1);
    await t.app.inject({ method: 'GET', url });
    expect(t.foodics.calls('/orders')).toBe(1);
  });
});
