// Issue 29, retention (docs/SECURITY.md, "Retention"): pushed POS orders and the tills' stored receipts go after
// POS_RETENTION_DAYS, the activity trail after ACTIVITY_RETENTION_DAYS; a deleted app user's orders go with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { activity, appUsers, orders, posOrders, restaurants } from '../../../server/db/schema';
import { purgeRetained } from '../../../server/db/purge';
import { createTestApp, type TestApp } from '../helpers/app';

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

describe('retention', () => {
  let t: TestApp;
  let restaurantId: number;
  beforeAll(async () => {
    t = await createTestApp({ PURGE_INTERVAL_SECONDS: '0' });
    const [r] = await t.database.db
      .insert(restaurants)
      .values({ name: 'Kept', logo: 'https://example.com/k.png', token: 't', branchsToken: 't', systemType: 'Specter' })
      .returning({ id: restaurants.id });
    restaurantId = r.id;
  });
  afterAll(() => t.close());

  it('purges POS orders, stored receipts and the activity trail past their days, and keeps the rest', async () => {
    const { db } = t.database;
    expect(t.config.POS_RETENTION_DAYS).toBe(30);
    expect(t.config.ACTIVITY_RETENTION_DAYS).toBe(365);
    const pushed = (id: string, closedAt: Date) => ({
      restaurantId,
      deviceId: 'till-1',
      posOrderId: id,
      invoice: {},
      closedAt,
    });
    await db.insert(posOrders).values([pushed('old', daysAgo(31)), pushed('recent', daysAgo(29))]);
    await db.execute(sql`insert into pos_receipts (restaurant_id, device_id, orders, checked_at) values
      (${restaurantId}, 'old-till', '[]'::jsonb, ${daysAgo(31).toISOString()}::timestamptz),
      (${restaurantId}, 'recent-till', '[]'::jsonb, now())`);
    const [past, kept] = await db
      .insert(activity)
      .values([
        { kind: 'admin.signedIn', targetType: 'admin', at: daysAgo(366) },
        { kind: 'admin.signedIn', targetType: 'admin', at: daysAgo(364) },
      ])
      .returning({ id: activity.id });
    const result = await purgeRetained(t.database, {
      posDays: t.config.POS_RETENTION_DAYS,
      activityDays: t.config.ACTIVITY_RETENTION_DAYS,
    });
    expect(result).toMatchObject({ posOrders: 1, posReceipts: 1, activity: 1 });
    expect((await db.select({ id: posOrders.posOrderId }).from(posOrders)).map((r) => r.id)).toEqual(['recent']);
    const tills = await db.execute(sql`select device_id from pos_receipts`);
    expect((tills as unknown as { rows: { device_id: string }[] }).rows.map((r) => r.device_id)).toEqual([
      'recent-till',
    ]);
    // The trail's other rows (another test's) are recent: only the one past its days went.
    expect(
      (
        await db
          .select({ id: activity.id })
          .from(activity)
          .where(inArray(activity.id, [past.id, kept.id]))
      ).map((r) => r.id),
    ).toEqual([kept.id]);
  });

  it("a deleted app user's saved orders go with them", async () => {
    const { db } = t.database;
    const [user] = await db.insert(appUsers).values({ phone: '+966500000777' }).returning({ id: appUsers.id });
    await db.insert(orders).values({
      appUserId: user.id,
      restaurantId,
      posOrderId: 'saved-1',
      deviceId: 'till-1',
      branchName: 'B',
      orderNumber: '1',
      orderDate: '2026-11-20',
      orderTime: '12:00',
      paymentMethod: 'Cash',
      subTotalPrice: '10',
      discountAmount: '0',
      totalPrice: '11.5',
      currency: 'SAR',
    });
    const token = await t.adminToken();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/user/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await db.select().from(orders).where(eq(orders.posOrderId, 'saved-1'))).toHaveLength(0);
  });
});

describe("the Privacy page's retention promise", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PURGE_INTERVAL_SECONDS: '0', POS_RETENTION_DAYS: '45', ACTIVITY_RETENTION_DAYS: '400' });
  });
  afterAll(() => t.close());

  it('is the configured retention: GET /api/public-config answers the days the purge uses', async () => {
    const res = await t.app.inject({ url: '/api/public-config' });
    expect(res.json()).toMatchObject({ posRetentionDays: 45, activityRetentionDays: 400 });
  });
});
