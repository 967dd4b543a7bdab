// The funnel's dedupe window: a reload from one browser counts once within FUNNEL_DEDUPE_SECONDS and again
// once the window has passed.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { funnelDaily } from '../../../server/db/schema';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

describe('the funnel dedupe window', () => {
  let t: FoodicsTestApp;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      // The shortest window the product takes, so the test can outlive it.
      FUNNEL_DEDUPE_SECONDS: '1',
      // Marks are HMACs under this secret: parallel runs on one database never meet.
      JWT_SECRET: `funnel-window-${randomBytes(12).toString('hex')}`,
    });
  });
  afterAll(() => t.close());

  const open = (app = t.app, device = DEVICE, ip = '10.0.9.1') =>
    app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${encodeURIComponent(device)}`,
      headers: { 'user-agent': UA },
      remoteAddress: ip,
    });
  const views = async (device: string) =>
    (
      await t.database.db
        .select({ views: funnelDaily.views })
        .from(funnelDaily)
        .where(and(eq(funnelDaily.restaurantId, t.restaurantId), eq(funnelDaily.deviceId, device)))
    ).reduce((n, r) => n + r.views, 0);

  it('a reload within FUNNEL_DEDUPE_SECONDS counts once; a reload after it counts again', async () => {
    const till = FIXTURE.devices[1].id;
    t.foodics.addOrder(till);
    const first = Date.now(); // before the first count's mark is set
    expect((await open(t.app, till)).statusCode).toBe(200);
    await t.app.funnel.settled();
    expect(await views(till)).toBe(1);
    expect((await open(t.app, till)).statusCode).toBe(200);
    await t.app.funnel.settled();
    expect(await views(till)).toBe(1);
    // Reload until the view counts again (a poll with a deadline): never before the window of 1 s has passed.
    const deadline = first + 6000;
    let counted = 1;
    let at = 0;
    while (counted === 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 150));
      await open(t.app, till);
      await t.app.funnel.settled();
      at = Date.now(); // after the reload's mark was claimed
      counted = await views(till);
    }
    expect(counted).toBe(2);
    expect(at - first).toBeGreaterThanOrEqual(1000);
  });
});
