import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { appUsers, orders, restaurants } from '../../../server/db/schema';

describe('GET /statistics and GET /order/last-orders', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  it('counts start at zero and Latest Orders is empty', async () => {
    // A database of its own: the test below fills this file's.
    const empty = await createTestApp();
    try {
      const headers = { authorization: `Bearer ${await empty.adminToken()}` };
      expect((await empty.app.inject({ method: 'GET', url: '/statistics', headers })).json()).toEqual({
        users: 0,
        restaurants: 0,
        orders: 0,
      });
      expect((await empty.app.inject({ method: 'GET', url: '/order/last-orders', headers })).json()).toEqual({
        orders: [],
      });
    } finally {
      await empty.close();
    }
  });

  it('counts app users, live restaurants and saved orders; lists the newest orders first', async () => {
    const { db } = t.database;
    const [r1, r2] = await db
      .insert(restaurants)
      .values([
        { name: 'Kudu', logo: 'https://x/l.png', token: 't', branchsToken: 'b', systemType: 'Foodics' },
        {
          name: 'Gone',
          logo: 'https://x/l.png',
          token: 't',
          branchsToken: 'b',
          systemType: 'Foodics',
          isDeleted: true,
        },
      ])
      .returning();
    const [u1, u2] = await db
      .insert(appUsers)
      .values([{ firstName: 'Huda', lastName: 'Ali', phone: '+966511111111' }, { phone: '+966522222222' }])
      .returning();
    const order = (n: number, userId: number | null, restaurantId: number, currency: string) => ({
      appUserId: userId,
      restaurantId,
      posOrderId: `o-${n}`,
      deviceId: 'd',
      branchName: 'Olaya',
      orderNumber: String(n),
      orderDate: '2026-11-01',
      orderTime: '12:30',
      paymentMethod: 'Cash',
      subTotalPrice: '10',
      discountAmount: '0',
      totalPrice: `${n}.5`,
      currency,
      createdAt: new Date(Date.UTC(2026, 10, n)),
    });
    await db
      .insert(orders)
      .values([order(1, u1.id, r1.id, 'SAR'), order(2, u2.id, r1.id, 'EGY'), order(3, u1.id, r2.id, 'USD')]);
    // Written straight into the database, past the app's routes: the app is told what changed, as a write route
    // tells it (server/lib/answerCaches.ts), else it would answer from its memory of the first test.
    t.app.answers.changed(['appUsers', 'savedOrders', 'restaurants']);
    expect((await t.app.inject({ method: 'GET', url: '/statistics', headers: auth })).json()).toEqual({
      users: 2,
      restaurants: 1,
      orders: 3,
    });
    const latest = (await t.app.inject({ method: 'GET', url: '/order/last-orders', headers: auth })).json().orders;
    expect(latest.map((o: { total_price: number }) => o.total_price)).toEqual([3.5, 2.5, 1.5]);
    expect(latest[2]).toEqual({
      id: expect.any(Number),
      restaurant: { name: 'Kudu' },
      branch_name: 'Olaya',
      user: { name: 'Huda Ali' },
      order_date: '2026-11-01',
      order_time: '12:30',
      payment_method: 'Cash',
      total_price: 1.5,
      currency: 'SAR',
    });
    expect(latest[1].user.name).toBe('•••222');
    const limited = (await t.app.inject({ method: 'GET', url: '/order/last-orders?limit=1', headers: auth })).json()
      .orders;
    expect(limited).toHaveLength(1);
  });

  it('needs an admin token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/statistics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/order/last-orders' })).json()).toEqual({
      message: expect.any(String),
    });
  });
});
