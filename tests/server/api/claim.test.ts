import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appUsers, orderItems, orders, restaurants } from '../../../server/db/schema';
import { configSchema } from '../../../server/config';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { createTestApp, type TestApp } from '../helpers/app';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';

// The receipt a customer saves is the one they saw, and only while it is theirs to claim: the order shown
// (order_id) travels on both save calls, the code is bound to it, and only closed, recent, unsaved orders of
// that till are saved. A till shows its newest closed recent order (saved: true once saved), and a save that
// names no order takes that one or nothing. Over real HTTP to the Foodics stand-in, and through the Specter push.
const GENEROUS = {
  ...GENEROUS_CODE_LIMITS,
  FOODICS_CACHE_MS: '0',
  FOODICS_TIMEOUT_MS: '5000',
  // An order id missing from the till's recent orders is not remembered as unknown here (issue 29 keeps it for a
  // minute): the voided-then-restored order below is read again at once.
  POS_UNKNOWN_ORDER_MS: '0',
};
const stamp = (minutesAgo: number) =>
  new Date(Date.now() - minutesAgo * 60_000).toISOString().slice(0, 19).replace('T', ' ');
const e164 = (local: string) => `+966${local.slice(1)}`;

function calls(t: FoodicsTestApp) {
  const lastOrder = (deviceId = DEVICE) =>
    t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(deviceId)}`,
    });
  const sendFor = (phone: string, orderId?: string, casherId = DEVICE, resend = false) =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone, restaurantId: t.restaurantId, casherId, ...(orderId ? { orderId } : {}), resend },
    });
  const saveFor = (phone: string, otp: string, orderId?: string, casherId = DEVICE) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId, restaurantId: t.restaurantId, phone, otp, ...(orderId ? { orderId } : {}) },
    });
  const savedTo = async (posOrderId: string) => {
    const [row] = await t.database.db
      .select({ phone: appUsers.phone })
      .from(orders)
      .leftJoin(appUsers, eq(appUsers.id, orders.appUserId))
      .where(and(eq(orders.restaurantId, t.restaurantId), eq(orders.posOrderId, posOrderId)));
    return row?.phone ?? null;
  };
  return { lastOrder, sendFor, saveFor, savedTo };
}

describe('bound to the order shown (Foodics)', () => {
  let t: FoodicsTestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    t = await createFoodicsTestApp(GENEROUS);
    c = calls(t);
  });
  afterAll(() => t.close());

  it('last-order answers order_id (the Foodics id, a string) and saved: false for an unsaved order', async () => {
    const placed = t.foodics.addOrder(DEVICE);
    const res = await c.lastOrder();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order_id: placed.id, saved: false, order_number: String(placed.reference) });
  });

  it('the race: a code asked for order A, order B closes on the till, the code is entered -> A is saved to that phone, B stays claimable', async () => {
    const a = t.foodics.addOrder(DEVICE, { total_price: 11.5 });
    expect((await c.lastOrder()).json().order_id).toBe(a.id);
    expect((await c.sendFor('0501000001', a.id)).statusCode).toBe(200);
    const b = t.foodics.addOrder(DEVICE, { total_price: 99 });
    const res = await c.saveFor('0501000001', t.lastCode(e164('0501000001'))!, a.id);
    expect(res.statusCode).toBe(200);
    const [saved] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().id));
    expect(saved.posOrderId).toBe(a.id);
    expect(saved.totalPrice).toBe('11.50000');
    expect(await c.savedTo(a.id)).toBe(e164('0501000001'));
    expect(await c.savedTo(b.id)).toBeNull();
    expect((await c.lastOrder()).json()).toMatchObject({ order_id: b.id, saved: false });
  });

  it('a code asked for order A saves A even when the save call does not name it (an older page), while B closed meanwhile', async () => {
    const a = t.foodics.addOrder(DEVICE);
    await c.sendFor('0501000002', a.id);
    const b = t.foodics.addOrder(DEVICE);
    const res = await c.saveFor('0501000002', t.lastCode(e164('0501000002'))!);
    expect(res.statusCode).toBe(200);
    expect(await c.savedTo(a.id)).toBe(e164('0501000002'));
    expect(await c.savedTo(b.id)).toBeNull();
  });

  it('a code asked for order A cannot save order B: the one wrong-code message, and neither is saved', async () => {
    const a = t.foodics.addOrder(DEVICE);
    await c.sendFor('0501000003', a.id);
    const b = t.foodics.addOrder(DEVICE);
    const res = await c.saveFor('0501000003', t.lastCode(e164('0501000003'))!, b.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The code is wrong or has expired, please ask for a new one');
    expect(await c.savedTo(a.id)).toBeNull();
    expect(await c.savedTo(b.id)).toBeNull();
  });

  it("two phones racing for one order: exactly one wins, the other gets 409, and the order is the winner's", async () => {
    const a = t.foodics.addOrder(FIXTURE.devices[2].id);
    await c.sendFor('0501000004', a.id, FIXTURE.devices[2].id);
    await c.sendFor('0501000005', a.id, FIXTURE.devices[2].id);
    const [x, y] = await Promise.all([
      c.saveFor('0501000004', t.lastCode(e164('0501000004'))!, a.id, FIXTURE.devices[2].id),
      c.saveFor('0501000005', t.lastCode(e164('0501000005'))!, a.id, FIXTURE.devices[2].id),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const loser = x.statusCode === 409 ? x : y;
    expect(loser.json().message).toBe('This invoice has already been saved');
    const winner = x.statusCode === 200 ? '0501000004' : '0501000005';
    expect(await c.savedTo(a.id)).toBe(e164(winner));
    expect(await t.database.db.select().from(orders).where(eq(orders.posOrderId, a.id))).toHaveLength(1);
  });

  it('last-order skips newer orders that are not closed (pending, active, declined, returned, joined, void, draft)', async () => {
    const closed = t.foodics.addOrder(DEVICE);
    const newer = [1, 2, 3, 5, 6, 7, 8].map((status) => t.foodics.addOrder(DEVICE, { status }));
    const res = await c.lastOrder();
    expect(res.json().order_id).toBe(closed.id);
    for (const o of newer) {
      const send = await c.sendFor('0501000006', o.id);
      expect(send.statusCode, `status ${o.status}`).toBe(409);
      expect(send.json().message).toBe('This order is no longer available to save');
    }
  });

  it('an order closed before the claim window is not shown, and naming it answers 409 no longer available', async () => {
    const inWindow = t.foodics.addOrder(DEVICE, { closed_at: stamp(29) });
    const old = t.foodics.addOrder(DEVICE, { closed_at: stamp(31) });
    expect((await c.lastOrder()).json().order_id).toBe(inWindow.id);
    const sms = t.sms.length;
    const send = await c.sendFor('0501000007', old.id);
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({ message: 'This order is no longer available to save' });
    expect(t.sms.length).toBe(sms);
  });

  it('an order voided after its code was sent is not saved: 409 no longer available, and the code is not spent', async () => {
    const a = t.foodics.addOrder(DEVICE);
    await c.sendFor('0501000008', a.id);
    a.status = 7;
    const code = t.lastCode(e164('0501000008'))!;
    const res = await c.saveFor('0501000008', code, a.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order is no longer available to save');
    expect(await c.savedTo(a.id)).toBeNull();
    a.status = 4;
    expect((await c.saveFor('0501000008', code, a.id)).statusCode).toBe(200);
  });

  it('an unknown order id, or an order of another till, answers 409 no longer available (never the POS asked)', async () => {
    const unknown = await c.sendFor('0501000009', 'no-such-order');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe('This order is no longer available to save');
    const elsewhere = t.foodics.addOrder(FIXTURE.devices[2].id);
    const foreign = await c.sendFor('0501000009', elsewhere.id, DEVICE);
    expect(foreign.statusCode).toBe(409);
    // Issue 29: an id this till's recent orders do not hold is "no longer available", whoever's it is.
    expect(foreign.json().message).toBe('This order is no longer available to save');
  });

  it('orderId without restaurantId and casherId is refused with 400 and the plain sentence a customer reads', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user', payload: { phone: '0501000010', orderId: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This receipt link is not complete, please scan the QR code on the till again');
  });

  it("lines as paid: returned quantities come off, fully returned and void lines are dropped, the totals stay the POS's", async () => {
    t.foodics.addOrder(DEVICE, {
      subtotal_price: 100,
      discount_amount: 0,
      total_price: 115,
      products: [
        { product_id: 'p-1', quantity: 3, returned_quantity: 1, total_price: 96, status: 6 },
        { product_id: 'p-2', quantity: 1, total_price: 58, status: 6 },
        { product_id: 'p-3', quantity: 2, returned_quantity: 2, total_price: 12, status: 3 },
        { product_id: 'p-4', quantity: 1, total_price: 18, status: 5 },
        { product_id: 'p-3', quantity: 1, total_price: 6, status: 3 },
      ],
    });
    const inv = (await c.lastOrder()).json();
    expect(inv.order_items).toEqual([
      { item_name: 'Chicken Kabsa', item_quantity: 2, total_price: 64 },
      { item_name: 'Karak Tea', item_quantity: 1, total_price: 6 },
    ]);
    expect([inv.sub_total_price, inv.total_price]).toEqual([100, 115]);
    await c.sendFor('0501000011', inv.order_id);
    const res = await c.saveFor('0501000011', t.lastCode(e164('0501000011'))!, inv.order_id);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, res.json().id));
    expect(items.map((i) => [i.itemName, Number(i.itemQuantity), Number(i.totalPrice)])).toEqual([
      ['Chicken Kabsa', 2, 64],
      ['Karak Tea', 1, 6],
    ]);
  });

  it('a saved newest order shows saved: true and gets no code; a newer order saved later shows saved too, never the older unsaved one', async () => {
    const till = FIXTURE.devices[1].id;
    const only = (await c.lastOrder(till)).json();
    expect(only.saved).toBe(false);
    await c.sendFor('0501000012', only.order_id, till);
    expect((await c.saveFor('0501000012', t.lastCode(e164('0501000012'))!, only.order_id, till)).statusCode).toBe(200);
    const after = await c.lastOrder(till);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ order_id: only.order_id, saved: true });
    const sms = t.sms.length;
    const refused = await c.sendFor('0501000013', only.order_id, till);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This invoice has already been saved');
    const unnamed = await c.sendFor('0501000013', undefined, till);
    expect(unnamed.statusCode).toBe(409);
    expect(t.sms.length).toBe(sms);
    const next = t.foodics.addOrder(till);
    t.foodics.addOrder(till, { status: 7 });
    expect((await c.lastOrder(till)).json()).toMatchObject({ order_id: next.id, saved: false });
    // A newer order saved: the page shows it as saved, not the older unsaved one (another customer's).
    const newest = t.foodics.addOrder(till);
    await c.sendFor('0501000014', newest.id, till);
    expect((await c.saveFor('0501000014', t.lastCode(e164('0501000014'))!, newest.id, till)).statusCode).toBe(200);
    expect((await c.lastOrder(till)).json()).toMatchObject({ order_id: newest.id, saved: true });
    expect(await c.savedTo(next.id)).toBeNull();
  });
});

describe("one receipt rule: the till's newest order, or nothing (the answer memories on)", () => {
  let t: FoodicsTestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    // The product's own memories: the answer memory at its default, the POS cache at its default (the orders
    // are on the till before the first read), so a save must make the next read of the till fresh by itself.
    t = await createFoodicsTestApp({
      ...GENEROUS_CODE_LIMITS,
      ANSWER_CACHE_MS: String(configSchema.shape.ANSWER_CACHE_MS.parse(undefined)),
      FOODICS_TIMEOUT_MS: '5000',
    });
    c = calls(t);
  });
  afterAll(() => t.close());

  // The Specter app's calls: a code from a bare POST /user { phone } (bound to no order), a save naming none.
  const bareCode = async (phone: string) => {
    expect((await t.app.inject({ method: 'POST', url: '/user', payload: { phone } })).statusCode).toBe(200);
    return t.lastCode(e164(phone))!;
  };
  const savedCount = async () =>
    (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.restaurantId, t.restaurantId))).length;

  it("two phones, two closed orders: the second phone's save without orderId answers 409 once the newest is saved, and saves nothing; naming the older order saves it", async () => {
    const till = FIXTURE.devices[1].id;
    const older = t.foodics.addOrder(till, { total_price: 11 });
    const newest = t.foodics.addOrder(till, { total_price: 22 });
    expect((await c.lastOrder(till)).json()).toMatchObject({ order_id: newest.id, saved: false });
    const before = await savedCount();

    const first = await c.saveFor('0505000001', await bareCode('0505000001'), undefined, till);
    expect(first.statusCode).toBe(200);
    expect(await c.savedTo(newest.id)).toBe(e164('0505000001'));

    const secondCode = await bareCode('0505000002');
    const second = await c.saveFor('0505000002', secondCode, undefined, till);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'This invoice has already been saved' });
    expect(await savedCount()).toBe(before + 1);
    expect(await c.savedTo(older.id)).toBeNull();
    expect(await c.savedTo(newest.id)).toBe(e164('0505000001'));

    // Today's rule for a named order: the older one, still in its window, saves with the same (unspent) code.
    const named = await c.saveFor('0505000002', secondCode, older.id, till);
    expect(named.statusCode).toBe(200);
    expect(await c.savedTo(older.id)).toBe(e164('0505000002'));
    expect(await savedCount()).toBe(before + 2);
  });

  it('last-order after a save shows the same order with saved: true at once (memory on), never the older unsaved one', async () => {
    const till = FIXTURE.devices[2].id;
    const older = t.foodics.addOrder(till);
    const newest = t.foodics.addOrder(till);
    // Read twice: the second answer comes from this instance's memory of the till.
    expect((await c.lastOrder(till)).json()).toMatchObject({ order_id: newest.id, saved: false });
    expect((await c.lastOrder(till)).json()).toMatchObject({ order_id: newest.id, saved: false });
    const saved = await c.saveFor('0505000003', await bareCode('0505000003'), undefined, till);
    expect(saved.statusCode).toBe(200);
    const after = await c.lastOrder(till);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ order_id: newest.id, saved: true });
    expect(after.json().order_id).not.toBe(older.id);
    // A code for the till without an order named is refused as well: nothing is sent for an older order.
    const sms = t.sms.length;
    const unnamed = await c.sendFor('0505000004', undefined, till);
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json().message).toBe('This invoice has already been saved');
    expect(t.sms.length).toBe(sms);
  });
});

describe('sends per order', () => {
  let t: FoodicsTestApp;
  let c: ReturnType<typeof calls>;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...GENEROUS, OTP_SENDS_PER_ORDER: '3' });
    c = calls(t);
  });
  afterAll(() => t.close());

  it("3 codes per order and phone, then that phone gets no more for it; other phones still get codes for it (the order's total is 30)", async () => {
    const a = t.foodics.addOrder(DEVICE);
    for (let i = 0; i < 3; i++) expect((await c.sendFor('0502000001', a.id, DEVICE, true)).statusCode).toBe(200);
    const sms = t.sms.length;
    const fourth = await c.sendFor('0502000001', a.id, DEVICE, true);
    // The phone's order count runs for the claim window from its first send, so its wait would end after the
    // order's own window: no wait is promised, the receipt is said to be no longer saveable (issue 30).
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(
      'This receipt can no longer be saved: its time ends before another code could be sent',
    );
    expect(fourth.headers['retry-after']).toBeUndefined();
    expect(t.sms.length).toBe(sms);
    for (const phone of ['0502000002', '0502000003', '0502000004'])
      expect((await c.sendFor(phone, a.id)).statusCode).toBe(200);
  });
});

describe('the claim window', () => {
  // Each test its own app with its own window: none closes or reuses the one another opened.
  let t: FoodicsTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("CLAIM_WINDOW_MINUTES=1: a till whose orders all closed earlier answers 404 'No recent order on this till'", async () => {
    const app = (t = await createFoodicsTestApp({ ...GENEROUS, CLAIM_WINDOW_MINUTES: '1' }));
    const c = calls(app);
    const res = await c.lastOrder(FIXTURE.devices[1].id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No recent order on this till' });
    const fresh = app.foodics.addOrder(FIXTURE.devices[1].id);
    expect((await c.lastOrder(FIXTURE.devices[1].id)).json().order_id).toBe(fresh.id);
  });

  it('CLAIM_WINDOW_MINUTES=0 (back-filling): an order of last year is shown and saved', async () => {
    const app = (t = await createFoodicsTestApp({ ...GENEROUS, CLAIM_WINDOW_MINUTES: '0' }));
    const c = calls(app);
    const old = app.foodics.addOrder(DEVICE, { closed_at: '2025-11-01 10:00:00' });
    expect((await c.lastOrder()).json().order_id).toBe(old.id);
    await c.sendFor('0503000001', old.id);
    expect((await c.saveFor('0503000001', app.lastCode(e164('0503000001'))!, old.id)).statusCode).toBe(200);
  });
});

describe('the Specter POS push follows the same rules', () => {
  let t: TestApp;
  let restaurantId: number;
  const sms: { to: string; body: string }[] = [];
  const SECRET = 'push-secret-0123456789-0123456789';
  beforeAll(async () => {
    t = await createTestApp(
      { ...GENEROUS, POS_PUSH_SECRET: SECRET },
      {
        sms: {
          name: 'test',
          send: async (to, body) => {
            sms.push({ to, body });
          },
        },
      },
    );
    [{ id: restaurantId }] = await t.database.db
      .insert(restaurants)
      .values({ name: 'Specter Cafe', logo: '/x.png', token: '-', branchsToken: '-', systemType: 'Specter' })
      .returning({ id: restaurants.id });
  });
  afterAll(() => t.close());

  // Each test pushes to a till of its own (the till arrives with its first push), so none reads another's orders.
  const push = (till: string, orderId: string, extra: Record<string, unknown> = {}, items?: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/pos/specter/orders',
      headers: { authorization: `Bearer ${SECRET}` },
      payload: {
        restaurantId,
        order_id: orderId,
        branch: { id: 'b1', name: 'Downtown' },
        device: { id: till, name: `Till ${till}` },
        invoice: {
          order_number: orderId,
          check_number: null,
          branch_name: 'Downtown',
          order_date: '2026-11-23',
          order_time: '12:00',
          payment_method: 'Cash',
          sub_total_price: 20,
          discount_amount: 0,
          total_price: 23,
          currency: 'SAR',
          order_items: items ?? [{ item_name: 'Latte', item_quantity: 1, total_price: 20 }],
        },
        ...extra,
      },
    });
  const lastOrder = (till: string) =>
    t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${till}`,
    });
  const sendFor = (till: string, phone: string, orderId?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone, ...(orderId ? { restaurantId, casherId: till, orderId } : {}) },
    });
  const saveFor = (till: string, phone: string, otp: string | undefined, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { restaurantId, casherId: till, phone, otp, orderId },
    });
  const code = (to: string) =>
    [...sms]
      .reverse()
      .find((m) => m.to === to)
      ?.body.match(/\b(\d{4})\b/)?.[1];
  const savedRows = (posOrderId: string) =>
    t.database.db
      .select({ id: orders.id, deviceId: orders.deviceId })
      .from(orders)
      .where(and(eq(orders.restaurantId, restaurantId), eq(orders.posOrderId, posOrderId)));

  it('not closed, or closed before the window -> not shown; a closed recent one is, with lines as paid', async () => {
    const till = 'till-lines';
    expect((await push(till, 'L-1', { closed_at: new Date(Date.now() - 45 * 60_000).toISOString() })).statusCode).toBe(
      200,
    );
    expect((await lastOrder(till)).json()).toEqual({ message: 'No recent order on this till' });
    await push(till, 'L-2', {}, [
      { item_name: 'Latte', item_quantity: 2, total_price: 20, returned_quantity: 1, status: 6 },
      { item_name: 'Cookie', item_quantity: 1, total_price: 5, status: 5 },
      { item_name: 'Water', item_quantity: 1, total_price: 2, status: 6 },
    ]);
    await push(till, 'L-3', { status: 2 });
    const res = await lastOrder(till);
    expect(res.json()).toMatchObject({
      order_id: 'L-2',
      saved: false,
      total_price: 23,
      order_items: [{ item_name: 'Latte', item_quantity: 1, total_price: 10 }],
    });
  });

  it('pushed again as void, the order is no longer shown nor saved: its code saves nothing, no new code is sent', async () => {
    const till = 'till-void';
    await push(till, 'V-1');
    await push(till, 'V-2');
    expect((await lastOrder(till)).json().order_id).toBe('V-2');
    // A code asked while it was closed: the customer has it in hand when the POS voids the order.
    expect((await sendFor(till, '0504000001', 'V-2')).statusCode).toBe(200);
    const otp = code('+966504000001');
    expect(otp).toBeDefined();
    const again = await push(till, 'V-2', { status: 7 });
    expect(again.json().message).toBe('Order updated');
    expect((await lastOrder(till)).json().order_id).toBe('V-1');

    const sent = sms.length;
    const send = await sendFor(till, '0504000001', 'V-2');
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({ message: 'This order is no longer available to save' });
    expect(sms.length).toBe(sent);
    const save = await saveFor(till, '0504000001', otp, 'V-2');
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual({ message: 'This order is no longer available to save' });
    expect(await savedRows('V-2')).toEqual([]);
  });

  it('saved with its bound code, it shows saved: true and gets no more codes', async () => {
    const till = 'till-saved';
    await push(till, 'B-1');
    expect((await sendFor(till, '0504000002', 'B-1')).statusCode).toBe(200);
    const saved = await saveFor(till, '0504000002', code('+966504000002'), 'B-1');
    expect(saved.statusCode).toBe(200);
    expect((await lastOrder(till)).json()).toMatchObject({ order_id: 'B-1', saved: true });
    const again = await sendFor(till, '0504000003', 'B-1');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invoice has already been saved');
  });

  it("an order taken on another till of the restaurant: no code is sent and nothing is saved through this till's link", async () => {
    // The orders of a pushing POS are read by their id from our database, whatever the till: only the claim rule's
    // till check (server/core/claim.ts) keeps a till's link from sending codes for, and saving, another till's order.
    await push('till-front', 'F-1');
    await push('till-terrace', 'T-1');
    expect((await lastOrder('till-terrace')).json().order_id).toBe('T-1');
    const sent = sms.length;
    const send = await sendFor('till-terrace', '0504000004', 'F-1');
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({ message: 'This order was not taken on this till' });
    expect(sms.length).toBe(sent);
    // Nor with a code asked without an order (the Specter app's bare code).
    expect((await sendFor('till-terrace', '0504000004')).statusCode).toBe(200);
    const save = await saveFor('till-terrace', '0504000004', code('+966504000004'), 'F-1');
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual({ message: 'This order was not taken on this till' });
    expect(await savedRows('F-1')).toEqual([]);
    // Through its own till the same order saves, to the till it was taken on.
    expect((await sendFor('till-front', '0504000005', 'F-1')).statusCode).toBe(200);
    expect((await saveFor('till-front', '0504000005', code('+966504000005'), 'F-1')).statusCode).toBe(200);
    expect((await savedRows('F-1')).map((r) => r.deviceId)).toEqual(['till-front']);
  });
});
