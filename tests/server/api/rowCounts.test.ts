import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';
import { appUsers, orders, restaurants } from '../../../server/db/schema';

// The dashboard's counts come from counter rows kept by triggers (no count(*) per request): after every kind of
// write - single and bulk inserts, deletes, soft deletes and undeletes, cascades - they equal count(*).
describe('trigger-kept counts behind GET /statistics', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    // No answer memory: every kind of write here goes straight into the database, past the routes that would drop it.
    t = await createTestApp({ ANSWER_CACHE_MS: '0' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  const stats = async () => (await t.app.inject({ method: 'GET', url: '/statistics', headers: auth })).json();
  const counted = async () => {
    const one = async (q: string) =>
      Number(((await t.database.db.execute(sql.raw(q))) as unknown as { rows: { n: string | number }[] }).rows[0].n);
    return {
      users: await one('select count(*) as n from app_users'),
      restaurants: await one('select count(*) as n from restaurants where not is_deleted'),
      orders: await one('select count(*) as n from orders'),
    };
  };
  const order = (n: number, restaurantId: number, appUserId: number | null) => ({
    appUserId,
    restaurantId,
    posOrderId: `c-${n}`,
    deviceId: 'd',
    branchName: 'Olaya',
    orderNumber: String(n),
    orderDate: '2026-11-01',
    orderTime: '12:30',
    paymentMethod: 'Cash',
    subTotalPrice: '10',
    discountAmount: '0',
    totalPrice: '11.5',
    currency: 'SAR',
  });

  it('equal count(*) after single and bulk inserts, deletes, soft deletes, undeletes and cascades', async () => {
    const { db } = t.database;
    expect(await stats()).toEqual({ users: 0, restaurants: 0, orders: 0 });

    const [r1, r2, r3] = await db
      .insert(restaurants)
      .values(
        ['A', 'B', 'C'].map((name) => ({
          name,
          logo: 'https://x/l.png',
          token: 't',
          branchsToken: 'b',
          systemType: 'Foodics',
        })),
      )
      .returning();
    await db.execute(
      sql`insert into app_users (phone) select '+96650' || lpad(i::text, 7, '0') from generate_series(1, 250) as i`,
    );
    const [solo] = await db.insert(appUsers).values({ phone: '+966599999999' }).returning();
    const users = await db.select({ id: appUsers.id }).from(appUsers).limit(3);
    await db.insert(orders).values([...Array(40).keys()].map((i) => order(i, i % 2 ? r1.id : r2.id, users[i % 3].id)));
    expect(await stats()).toEqual({ users: 251, restaurants: 3, orders: 40 });

    // Inserts that insert nothing, soft delete, a second soft delete, undelete, an edit that keeps it live.
    await db.execute(sql`insert into app_users (phone) values ('+966599999999') on conflict (phone) do nothing`);
    await db.update(restaurants).set({ isDeleted: true }).where(eq(restaurants.id, r3.id));
    await db.update(restaurants).set({ isDeleted: true }).where(eq(restaurants.id, r3.id));
    await db.update(restaurants).set({ name: 'A2' }).where(eq(restaurants.id, r1.id));
    expect(await stats()).toEqual({ users: 251, restaurants: 2, orders: 40 });
    await db.update(restaurants).set({ isDeleted: false }).where(eq(restaurants.id, r3.id));
    expect(await stats()).toEqual({ users: 251, restaurants: 3, orders: 40 });

    // A deleted app user takes their saved orders with them (migration 0012's cascade, docs/SECURITY.md); a
    // hard-deleted restaurant takes its orders with it. Left: r1's orders (odd i) not of users[0] (i % 3 = 0), but c-1.
    await db.delete(appUsers).where(inArray(appUsers.id, [users[0].id, solo.id]));
    await db.delete(restaurants).where(eq(restaurants.id, r2.id));
    await db.delete(orders).where(eq(orders.posOrderId, 'c-1'));
    expect(await stats()).toEqual(await counted());
    expect(await stats()).toEqual({ users: 249, restaurants: 2, orders: 12 });
  });

  it('DELETE /user/{id} through the API is counted at once', async () => {
    const before = await stats();
    const [u] = await t.database.db.insert(appUsers).values({ phone: '+966588888888' }).returning();
    expect((await stats()).users).toBe(before.users + 1);
    expect((await t.app.inject({ method: 'DELETE', url: `/user/${u.id}`, headers: auth })).statusCode).toBe(200);
    expect(await stats()).toEqual(before);
  });
});
