// The claim window's edges on a clock the test holds (only Date is faked: timers, HTTP to the Foodics stand-in
// and the database run as usual): an order closed exactly CLAIM_WINDOW_MINUTES ago may still be claimed, a
// millisecond later it may not; a code asked for inside the window does not save the order once it has aged
// out, and stays unused.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { orders, otpChallenges } from '../../../server/db/schema';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';

const WINDOW_MS = 30 * 60_000; // CLAIM_WINDOW_MINUTES, the product's default
const NO_LONGER = { message: 'This order is no longer available to save' };
const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const e164 = (local: string) => `+966${local.slice(1)}`;

describe('the claim window at its edge (default CLAIM_WINDOW_MINUTES)', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...GENEROUS_CODE_LIMITS, FOODICS_CACHE_MS: '0', FOODICS_TIMEOUT_MS: '5000' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  /** An order of the till closed 31 minutes ago (on a whole second, as Foodics writes it). */
  const orderClosedLongAgo = () => {
    const closedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 31 * 60_000);
    const order = t.foodics.addOrder(DEVICE, { closed_at: fmt(closedAt) });
    return { order, closedAt: closedAt.getTime() };
  };
  const at = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  };
  const sendFor = (phone: string, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId },
    });
  const saveFor = (phone: string, otp: string, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp, orderId },
    });
  const savedRows = (posOrderId: string) =>
    t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.restaurantId, t.restaurantId), eq(orders.posOrderId, posOrderId)));

  it('closed exactly CLAIM_WINDOW_MINUTES ago: a code is sent and the order saves; one millisecond later: 409, no code', async () => {
    const { order, closedAt } = orderClosedLongAgo();
    at(closedAt + WINDOW_MS);
    const send = await sendFor('0502000001', order.id);
    expect([send.statusCode, send.body]).toEqual([200, expect.any(String)]);
    const code = t.lastCode(e164('0502000001'))!;
    expect(code).toMatch(/^\d{4}$/);

    at(closedAt + WINDOW_MS + 1);
    const sms = t.sms.length;
    const late = await sendFor('0502000002', order.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(NO_LONGER);
    expect(t.sms.length).toBe(sms);

    at(closedAt + WINDOW_MS);
    const saved = await saveFor('0502000001', code, order.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await savedRows(order.id)).toHaveLength(1);
  });

  it('a code asked for inside the window does not save the order once it has aged out, and stays unused', async () => {
    const { order, closedAt } = orderClosedLongAgo();
    at(closedAt + WINDOW_MS - 60_000);
    expect((await sendFor('0502000003', order.id)).statusCode).toBe(200);
    const code = t.lastCode(e164('0502000003'))!;

    at(closedAt + WINDOW_MS + 1000);
    const res = await saveFor('0502000003', code, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(NO_LONGER);
    expect(await savedRows(order.id)).toHaveLength(0);
    // Refused before the code was touched: it is still live and unused.
    const live = await t.database.db
      .select({ attempts: otpChallenges.attempts })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, e164('0502000003')), isNull(otpChallenges.consumedAt)));
    expect(live).toEqual([{ attempts: 0 }]);
  });
});
