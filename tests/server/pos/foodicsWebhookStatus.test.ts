// A Foodics webhook for an order that is not closed (pending, then closed, then void): the event is applied,
// but the claim rules decide what a customer sees (server/pos/claim.ts): only a closed order is shown or saved.
// Events go to the real route; the receipt is read through the real last-order call, the order named by id is
// read from the Foodics stand-in over HTTP. After one first read, the 10-minute POS cache means only the events
// change the receipt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, type FoodicsTestApp } from '../helpers/foodicsApp';

const SECRET = 'webhook-secret-0123456789';
const TILL = FIXTURE.devices[1].id;
const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

describe('Foodics webhook for a void or not-yet-closed order', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      FOODICS_WEBHOOK_SECRET: SECRET,
      FOODICS_CACHE_MS: '600000',
      FOODICS_TIMEOUT_MS: '5000',
    });
    // The till's receipts are read from Foodics once; from now on only the events change them.
    await shown();
  });
  afterAll(() => t.close());

  let seq = 0;
  /** The event Foodics sends for the order as it is now (a new updated_at each time, as Foodics does). */
  const send = async (
    o: { id: string; reference: number | string; status: number; created_at: string; closed_at: string | null },
    event = 'order.updated',
  ) => {
    seq++;
    const res = await t.app.inject({
      method: 'POST',
      url: `/pos/foodics/webhook/${SECRET}`,
      payload: {
        timestamp: 1_763_800_000 + seq,
        event,
        business: { name: FIXTURE.business.name, reference: FIXTURE.business.reference },
        order: {
          id: o.id,
          reference: o.reference,
          status: o.status,
          created_at: o.created_at,
          closed_at: o.closed_at,
          updated_at: fmt(new Date(Date.now() + seq * 1000)),
          device_id: TILL,
        },
      },
    });
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Event applied' }]);
  };
  /** The order the till's page shows now: the events came through this instance, which dropped its memories of
   * the tills when each was applied (server/lib/answerCaches.ts), so the read shows the receipts they wrote. */
  const shown = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(TILL)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().order_id as string;
  };
  const askCode = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0504000001', restaurantId: t.restaurantId, casherId: TILL, orderId },
    });

  it('a pending order is not shown; closed, it is; voided, it is gone again and naming it is refused', async () => {
    const closed = t.foodics.addOrder(TILL);
    await send(closed, 'order.created');
    // Shown once Foodics confirmed it (read back in the background: issue 48, item 7).
    await expect.poll(shown).toBe(closed.id);

    // Newer, still open at the till (status 1, pending): applied, not shown, not claimable.
    const open = t.foodics.addOrder(TILL, { status: 1, closed_at: null });
    await send(open, 'order.created');
    expect(await shown()).toBe(closed.id);
    const early = await askCode(open.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'This order is no longer available to save' });

    // It closes at the till: order.updated with status 4 makes it the receipt.
    open.status = 4;
    open.closed_at = fmt(new Date(Date.parse(`${open.created_at}Z`) + 1000)); // after the older order's closing
    await send(open);
    await expect.poll(shown).toBe(open.id);
    expect((await askCode(open.id)).statusCode).toBe(200);

    // It is voided (status 7): order.updated takes it off the receipt, and its code no longer saves it.
    const code = t.lastCode('+966504000001')!;
    open.status = 7;
    await send(open);
    expect(await shown()).toBe(closed.id);
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: TILL, restaurantId: t.restaurantId, phone: '0504000001', otp: code, orderId: open.id },
    });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual({ message: 'This order is no longer available to save' });
  });

  it('an order created already void is never shown', async () => {
    const before = await shown();
    const voided = t.foodics.addOrder(TILL, { status: 7 });
    await send(voided, 'order.created');
    expect(await shown()).toBe(before);
    expect(before).not.toBe(voided.id);
  });
});
