// Issue 29, medium 2 (docs/SECURITY.md, "Foodics webhooks"): the webhook secret is shown only to those who
// configure the Foodics app and can be rotated; an event counts only for the restaurant whose connected business
// it names; an event's order is read back from Foodics by its id before a code or a save, so a forged order is
// never saved and is replaced by the real one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activity, admins, orders } from '../../../server/db/schema';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

const SECRET = 'webhook-secret-0123456789';
const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

describe('the webhook secret', () => {
  let t: FoodicsTestApp;
  let admin: Record<string, string>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_WEBHOOK_SECRET: SECRET });
    admin = { authorization: `Bearer ${await t.adminToken()}` };
    const staffToken = await t.adminToken();
    // An admin of another role (issue 26's staff): not one who configures the Foodics app.
    const id = Number(JSON.parse(Buffer.from(staffToken.split('.')[1], 'base64url').toString()).sub);
    await t.database.db.update(admins).set({ role: 'staff' }).where(eq(admins.id, id));
    staff = { authorization: `Bearer ${staffToken}` };
  });
  afterAll(() => t.close());

  it('is in no restaurant answer, is shown to the configuring admin only, and rotates', async () => {
    const edit = await t.app.inject({ url: `/restaurant/${t.restaurantId}`, headers: admin });
    expect(edit.statusCode).toBe(200);
    expect(edit.body).not.toContain(SECRET);
    const list = await t.app.inject({ url: '/restaurant', headers: admin });
    expect(list.body).not.toContain(SECRET);

    expect((await t.app.inject({ url: '/pos/foodics/webhook-secret' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/pos/foodics/webhook-secret', headers: staff })).statusCode).toBe(403);
    const shown = await t.app.inject({ url: '/pos/foodics/webhook-secret', headers: { ...admin, host: 'h.example' } });
    expect(shown.json()).toEqual({ webhook_url: `http://h.example/pos/foodics/webhook/${SECRET}`, rotated_at: null });

    expect(
      (await t.app.inject({ method: 'POST', url: '/pos/foodics/webhook-secret', headers: staff })).statusCode,
    ).toBe(403);
    const rotated = await t.app.inject({ method: 'POST', url: '/pos/foodics/webhook-secret', headers: admin });
    expect(rotated.statusCode).toBe(200);
    const fresh = (rotated.json().webhook_url as string).split('/').pop()!;
    expect(fresh).not.toBe(SECRET);
    expect(fresh.length).toBeGreaterThanOrEqual(32);
    const event = {
      event: 'order.created',
      business: { reference: FIXTURE.business.reference },
      order: { id: 'x', device_id: 'elsewhere' },
    };
    // The old address is gone at once on this instance; the new one answers.
    const old = await t.app.inject({ method: 'POST', url: `/pos/foodics/webhook/${SECRET}`, payload: event });
    expect(old.statusCode).toBe(404);
    const now = await t.app.inject({ method: 'POST', url: `/pos/foodics/webhook/${fresh}`, payload: event });
    expect(now.statusCode).toBe(200);
    const trail = await t.database.db.select().from(activity).where(eq(activity.kind, 'foodics.webhookSecretRotated'));
    expect(trail).toHaveLength(1);
    expect(JSON.stringify(trail)).not.toContain(fresh);
  });
});

describe("a webhook's order is read back before it is saved", () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      ...GENEROUS_CODE_LIMITS,
      FOODICS_WEBHOOK_SECRET: SECRET,
      // After one read, only webhooks change the till's receipts.
      FOODICS_CACHE_MS: '600000',
    });
    t.foodics.addOrder(DEVICE);
    expect((await view()).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const view = () =>
    t.app.inject({
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(DEVICE)}`,
    });
  const send = (order: Record<string, unknown>, reference: string | number = FIXTURE.business.reference) =>
    t.app.inject({
      method: 'POST',
      url: `/pos/foodics/webhook/${SECRET}`,
      payload: { timestamp: Date.now(), event: 'order.created', business: { reference }, order },
    });
  const forged = (id: string, total: number) => ({
    id,
    reference: 9999,
    status: 4,
    created_at: fmt(new Date()),
    closed_at: fmt(new Date()),
    updated_at: fmt(new Date()),
    device_id: DEVICE,
    total_price: total,
    subtotal_price: total,
  });

  it('an event naming another business changes nothing for this restaurant', async () => {
    const res = await send(forged('other-business-order', 5), 'B-not-ours');
    expect(res.json()).toEqual({ message: 'No restaurant has this business reference; event ignored' });
    expect((await view()).json().order_id).not.toBe('other-business-order');
  });

  it('a forged order (unknown to Foodics) gets no code and is never saved, and is hidden once read back', async () => {
    expect((await send(forged('forged-order-1', 9999))).statusCode).toBe(200);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0505555555', restaurantId: t.restaurantId, casherId: DEVICE, orderId: 'forged-order-1' },
    });
    expect(ask.statusCode).toBe(409);
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { phone: '0505555555', restaurantId: t.restaurantId, casherId: DEVICE, otp: '1234' },
    });
    expect(save.statusCode).not.toBe(200);
    expect(await t.database.db.select().from(orders).where(eq(orders.posOrderId, 'forged-order-1'))).toHaveLength(0);
    expect((await view()).json().order_id).not.toBe('forged-order-1');
  });

  it("a real order's event with forged totals is saved as Foodics has it", async () => {
    const real = t.foodics.addOrder(DEVICE);
    expect((await send({ ...forged(real.id, 9999), reference: real.reference })).statusCode).toBe(200);
    const phone = '0506666666';
    const ask = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId: real.id },
    });
    expect(ask.statusCode).toBe(200);
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: {
        phone,
        restaurantId: t.restaurantId,
        casherId: DEVICE,
        orderId: real.id,
        otp: t.lastCode('+966506666666'),
      },
    });
    expect(save.statusCode).toBe(200);
    const [saved] = await t.database.db.select().from(orders).where(eq(orders.posOrderId, real.id));
    expect(Number(saved.totalPrice)).toBe(real.total_price);
    expect(Number(saved.totalPrice)).not.toBe(9999);
  });
});

describe("a webhook's order is read back in the background, as the call budget allows", () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      FOODICS_WEBHOOK_SECRET: SECRET,
      // After one read, only webhooks change the till's receipts: nothing but the read-back can replace them.
      FOODICS_CACHE_MS: '600000',
      // Foodics is made slow below, not down.
      FOODICS_TIMEOUT_MS: '10000',
    });
    t.foodics.addOrder(DEVICE);
    expect((await view()).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const view = () =>
    t.app.inject({
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(DEVICE)}`,
    });
  const send = (order: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/pos/foodics/webhook/${SECRET}`,
      payload: {
        timestamp: Date.now(),
        event: 'order.created',
        business: { reference: FIXTURE.business.reference },
        order,
      },
    });
  const forged = (id: string, total: number) => ({
    id,
    reference: 9999,
    status: 4,
    created_at: fmt(new Date()),
    closed_at: fmt(new Date()),
    updated_at: fmt(new Date()),
    device_id: DEVICE,
    total_price: total,
    subtotal_price: total,
  });

  /** What the till's known receipts hold for an order (the shared store every instance reads). */
  const held = async (id: string) =>
    (await t.app.receipts.get(t.restaurantId, DEVICE))?.orders.find((o) => o.posOrderId === id);

  it('a forged order never shows on the till: the last confirmed order is served before and after the read-back (issue 48, item 7)', async () => {
    const shown = (await view()).json().order_id as string;
    const before = t.foodics.calls('/orders/forged-bg-1');
    // Foodics answers slowly: the webhook's answer does not wait for the read-back (the event itself needs no call).
    t.foodics.setMode('slow', { delayMs: 2500 });
    try {
      expect((await send(forged('forged-bg-1', 9999))).json()).toEqual({ message: 'Event applied' });
      expect((await held('forged-bg-1'))?.unconfirmed).toBe(true);
      // Held, unconfirmed: the till keeps showing its last confirmed order while Foodics is asked.
      expect((await view()).json().order_id).toBe(shown);
      // Nobody asks for a code or saves: the read-back happens on its own, and the forged order is hidden for good.
      await expect.poll(() => t.foodics.calls('/orders/forged-bg-1'), { timeout: 10_000 }).toBe(before + 1);
      await expect.poll(async () => (await held('forged-bg-1'))?.status, { timeout: 15_000, interval: 250 }).toBe(7);
      expect((await view()).json().order_id).toBe(shown);
    } finally {
      t.foodics.setMode('ok');
    }
  });

  it("a real order's event shows once Foodics confirmed it, as Foodics has it (forged totals replaced)", async () => {
    const shown = (await view()).json().order_id as string;
    const real = t.foodics.addOrder(DEVICE);
    t.foodics.setMode('slow', { delayMs: 1500 });
    try {
      expect((await send({ ...forged(real.id, 9999), reference: real.reference })).statusCode).toBe(200);
      // Not before it is read back: the forged total never reaches a customer's screen.
      expect((await view()).json().order_id).toBe(shown);
    } finally {
      t.foodics.setMode('ok');
    }
    await expect
      .poll(async () => (await view()).json(), { timeout: 10_000 })
      .toMatchObject({ order_id: real.id, total_price: real.total_price });
    // Read back with the business's newest closed orders (one list call), not by its id; a view after it costs no
    // further call for that order.
    expect(t.foodics.calls(`/orders/${real.id}`)).toBe(0);
  });

  it("a chain's orders are read back together: three tills' orders at once cost one or two calls, none by id", async () => {
    const tills = FIXTURE.devices.map((d) => d.id);
    const real = tills.map((till) => t.foodics.addOrder(till));
    const listCalls = t.foodics.calls('/orders');
    // Foodics answers slowly: the events that arrive while one read-back runs wait for the next one.
    t.foodics.setMode('slow', { delayMs: 800 });
    try {
      for (const [i, o] of real.entries())
        expect((await send({ ...forged(o.id, 9999), reference: o.reference, device_id: tills[i] })).statusCode).toBe(
          200,
        );
      await expect
        .poll(
          async () =>
            (
              await Promise.all(
                real.map(async (o, i) => {
                  const held = (await t.app.receipts.get(t.restaurantId, tills[i]))?.orders.find(
                    (x) => x.posOrderId === o.id,
                  );
                  return !!held && !held.unconfirmed && held.invoice.total_price === o.total_price;
                }),
              )
            ).every(Boolean),
          { timeout: 15_000, interval: 250 },
        )
        .toBe(true);
    } finally {
      t.foodics.setMode('ok');
    }
    expect(t.foodics.calls('/orders') - listCalls).toBeGreaterThanOrEqual(1);
    expect(t.foodics.calls('/orders') - listCalls).toBeLessThanOrEqual(2);
    for (const o of real) expect(t.foodics.calls(`/orders/${o.id}`)).toBe(0);
  });
});
