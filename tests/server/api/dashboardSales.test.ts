// The owner reads money right (issue 49): the dashboard's period (GET /api/dashboard/sales) and the insights
// (GET /api/guest/insights) sum money per currency - riyals and pounds never added together - and their sums
// equal the Orders screen's (GET /order with the same restaurant and dates); a branch is named with its
// restaurant; each role reads its own restaurants only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminRestaurants, admins, appUsers, orders, restaurants } from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';

interface CurrencySum {
  currency: string;
  receipts: number;
  spend: number;
  average_ticket: number;
}

describe('money per currency: the dashboard period and the insights', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let najd: number;
  let nile: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = { authorization: `Bearer ${await t.adminToken()}` };
    const { db } = t.database;
    [{ id: najd }, { id: nile }] = await db
      .insert(restaurants)
      .values(
        ['Najd Grill', 'Nile Kitchen'].map((name) => ({
          name,
          logo: 'https://x/l.png',
          token: 't',
          branchsToken: 'b',
          systemType: 'Foodics' as const,
        })),
      )
      .returning({ id: restaurants.id });
    const [m] = await db
      .insert(admins)
      .values({
        name: 'Nile manager',
        email: `nile-${Date.now()}@example.com`,
        passwordHash: await hashPassword('password-123'),
        role: 'manager',
      })
      .returning({ id: admins.id });
    await db.insert(adminRestaurants).values({ adminId: m.id, restaurantId: nile });
    manager = { authorization: `Bearer ${await t.deps.tokens.issue(m.id)}` };
    const [u1, u2] = await db
      .insert(appUsers)
      .values([{ phone: '+966511111111' }, { phone: '+201011111111' }])
      .returning();
    let n = 0;
    const order = (
      restaurantId: number,
      userId: number,
      branch: string,
      day: string,
      total: string,
      currency: string,
    ) => ({
      appUserId: userId,
      restaurantId,
      posOrderId: `o-${++n}`,
      deviceId: 'd',
      branchName: branch,
      orderNumber: String(2000 + n),
      orderDate: day,
      orderTime: '12:30',
      paymentMethod: 'Cash',
      subTotalPrice: total,
      discountAmount: '0',
      totalPrice: total,
      currency,
    });
    // The figures: SAR 456.55 at Najd Grill and EGP 552.90 at Nile Kitchen, both branches called Olaya
    // on purpose (a branch is named with its restaurant); one older SAR order in the period before.
    await db
      .insert(orders)
      .values([
        order(najd, u1.id, 'Olaya', '2026-11-10', '200.05', 'SAR'),
        order(najd, u1.id, 'Olaya', '2026-11-11', '256.50', 'SAR'),
        order(nile, u2.id, 'Olaya', '2026-11-11', '300.40', 'EGY'),
        order(nile, u2.id, 'Zamalek', '2026-11-12', '252.50', 'EGY'),
        order(najd, u1.id, 'Olaya', '2026-11-05', '99.99', 'SAR'),
      ]);
  });
  afterAll(() => t.close());

  const get = async (url: string, headers = admin) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };

  /** The Orders screen's rows for the same restaurant and dates, summed per currency as an accountant would. */
  async function ordersScreen(query: string, headers = admin): Promise<CurrencySum[]> {
    const { body } = await get(`/order?page=1&perPage=100&${query}`, headers);
    const by = new Map<string, { receipts: number; cents: number }>();
    for (const o of body as { total_price: number; currency: string }[]) {
      const s = by.get(o.currency) ?? { receipts: 0, cents: 0 };
      s.receipts += 1;
      s.cents += Math.round(o.total_price * 100);
      by.set(o.currency, s);
    }
    return [...by]
      .map(([currency, s]) => ({
        currency,
        receipts: s.receipts,
        spend: s.cents / 100,
        average_ticket: Math.round(s.cents / s.receipts) / 100,
      }))
      .sort((a, b) => b.receipts - a.receipts || a.currency.localeCompare(b.currency));
  }

  it("an admin's period: one line per currency (never riyals and pounds together), equal to the Orders screen's", async () => {
    const { status, body } = await get('/api/dashboard/sales?from=2026-11-10&to=2026-11-12');
    expect(status).toBe(200);
    expect(body.current.by_currency).toEqual([
      { currency: 'EGY', receipts: 2, spend: 552.9, average_ticket: 276.45 },
      { currency: 'SAR', receipts: 2, spend: 456.55, average_ticket: 228.28 },
    ]);
    expect(body.current.receipts).toBe(4);
    expect(body.current.by_currency).toEqual(await ordersScreen('from=2026-11-10&to=2026-11-12'));
    // The period before (three days up to the 9th) holds the older riyal order only.
    expect(body.previous).toMatchObject({ from: '2026-11-07', to: '2026-11-09', receipts: 0, by_currency: [] });
    const week = await get('/api/dashboard/sales?from=2026-11-06&to=2026-11-12');
    expect(week.body.previous.by_currency).toEqual([
      { currency: 'SAR', receipts: 1, spend: 99.99, average_ticket: 99.99 },
    ]);
    // One restaurant's figures equal its Orders screen's too.
    for (const id of [najd, nile])
      expect(
        (await get(`/api/dashboard/sales?restaurantId=${id}&from=2026-11-10&to=2026-11-12`)).body.current.by_currency,
      ).toEqual(await ordersScreen(`restaurantId=${id}&from=2026-11-10&to=2026-11-12`));
  });

  it('by branch: each branch named with its restaurant, in its currency; by day: every day, per currency', async () => {
    const { body } = await get('/api/dashboard/sales?from=2026-11-10&to=2026-11-12');
    expect(body.by_branch).toEqual([
      {
        restaurant_id: najd,
        restaurant: 'Najd Grill',
        branch: 'Olaya',
        currency: 'SAR',
        receipts: 2,
        spend: 456.55,
        average_ticket: 228.28,
      },
      {
        restaurant_id: nile,
        restaurant: 'Nile Kitchen',
        branch: 'Olaya',
        currency: 'EGY',
        receipts: 1,
        spend: 300.4,
        average_ticket: 300.4,
      },
      {
        restaurant_id: nile,
        restaurant: 'Nile Kitchen',
        branch: 'Zamalek',
        currency: 'EGY',
        receipts: 1,
        spend: 252.5,
        average_ticket: 252.5,
      },
    ]);
    expect(body.by_day.map((d: { day: string }) => d.day)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    expect(body.by_day[1]).toEqual({
      day: '2026-11-11',
      receipts: 2,
      by_currency: [
        { currency: 'EGY', receipts: 1, spend: 300.4, average_ticket: 300.4 },
        { currency: 'SAR', receipts: 1, spend: 256.5, average_ticket: 256.5 },
      ],
    });
  });

  it("a manager reads their restaurants only: all of them without restaurantId, another's is 404", async () => {
    const mine = await get('/api/dashboard/sales?from=2026-11-10&to=2026-11-12', manager);
    expect(mine.status).toBe(200);
    expect(mine.body.current.by_currency).toEqual([
      { currency: 'EGY', receipts: 2, spend: 552.9, average_ticket: 276.45 },
    ]);
    expect(mine.body.current.by_currency).toEqual(await ordersScreen('from=2026-11-10&to=2026-11-12', manager));
    expect(mine.body.by_branch.every((b: { restaurant_id: number }) => b.restaurant_id === nile)).toBe(true);
    expect((await get(`/api/dashboard/sales?restaurantId=${najd}`, manager)).status).toBe(404);
    // Insights open for a manager without choosing (issue 49: "choose one of your restaurants" broke the page).
    const insights = await get('/api/guest/insights?from=2026-11-10&to=2026-11-12', manager);
    expect(insights.status).toBe(200);
    expect(insights.body.current).toMatchObject({ receipts: 2, guests: 1 });
    expect((await get(`/api/guest/insights?restaurantId=${najd}`, manager)).status).toBe(404);
  });

  it("the insights over every restaurant: spend per currency, branches named with their restaurant, equal to the Orders screen's", async () => {
    const { body } = await get('/api/guest/insights?from=2026-11-10&to=2026-11-12');
    expect(body.current.by_currency).toEqual(await ordersScreen('from=2026-11-10&to=2026-11-12'));
    expect(body.current).toMatchObject({ receipts: 4, guests: 2 });
    expect(body.current).not.toHaveProperty('spend');
    expect(
      body.by_branch.map((b: { restaurant: string; branch: string; currency: string; guests: number }) => [
        b.restaurant,
        b.branch,
        b.currency,
        b.guests,
      ]),
    ).toEqual([
      ['Najd Grill', 'Olaya', 'SAR', 1],
      ['Nile Kitchen', 'Olaya', 'EGY', 1],
      ['Nile Kitchen', 'Zamalek', 'EGY', 1],
    ]);
  });

  it('a bad period is a 400 naming the field', async () => {
    const r = await get('/api/dashboard/sales?from=2026-11-12&to=2026-11-10');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('from: must not be after to');
    expect((await get('/api/dashboard/sales?from=12/11/2026')).status).toBe(400);
  });
});
