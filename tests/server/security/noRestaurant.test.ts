// A manager or staff account tied to no restaurant (its last restaurant withdrawn, or none granted yet) sees no
// restaurant's data: its scope is "none", never "every restaurant" like an admin's (server/db/scope.ts,
// docs/SECURITY.md "Roles"). Each call is made by an admin first, so a shared answer memory would hand the admin's
// answer to the account if the two views were confused (the memories are on here, as in production).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  adminRestaurants,
  admins,
  appUsers,
  branches,
  devices,
  guests,
  orders,
  restaurants,
} from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import type { Role } from '../../../src/contract';
import { createTestApp, type TestApp } from '../helpers/app';

describe('an account tied to no restaurant', () => {
  let t: TestApp;
  const id = { rest: 0, branch: 0, order: 0 };
  const bearer: Partial<Record<Role, Record<string, string>>> = {};

  const account = async (role: Role, restaurantIds: number[]) => {
    const [a] = await t.database.db
      .insert(admins)
      .values({
        name: `${role} of none`,
        email: `${role}-${restaurantIds.length}-none@example.com`,
        passwordHash: await hashPassword('password-123'),
        role,
      })
      .returning({ id: admins.id });
    if (restaurantIds.length)
      await t.database.db
        .insert(adminRestaurants)
        .values(restaurantIds.map((restaurantId) => ({ adminId: a.id, restaurantId })));
    return { authorization: `Bearer ${await t.deps.tokens.issue(a.id)}` };
  };

  beforeAll(async () => {
    t = await createTestApp({ ANSWER_CACHE_MS: '10000' });
    const [r] = await t.database.db
      .insert(restaurants)
      .values({
        name: 'Somebody Grill',
        logo: 'https://example.com/l.png',
        token: 'somebody-token-0123456789',
        branchsToken: 'somebody-btoken-0123456789',
        systemType: 'Specter',
      })
      .returning({ id: restaurants.id });
    id.rest = r.id;
    const [b] = await t.database.db
      .insert(branches)
      .values({ restaurantId: r.id, branchId: 'b-pos', name: 'Olaya' })
      .returning({ id: branches.id });
    id.branch = b.id;
    await t.database.db.insert(devices).values({ branchRef: b.id, restaurantId: r.id, deviceId: 'TILL', name: 'Till' });
    const [u] = await t.database.db
      .insert(appUsers)
      .values({ phone: '+966533000001', firstName: 'Huda' })
      .returning({ id: appUsers.id });
    const [o] = await t.database.db
      .insert(orders)
      .values({
        restaurantId: r.id,
        appUserId: u.id,
        posOrderId: 'pos-1',
        deviceId: 'TILL',
        branchName: 'Olaya',
        orderNumber: '1001',
        orderDate: '2026-11-20',
        orderTime: '12:00',
        paymentMethod: 'Cash',
        subTotalPrice: '10',
        discountAmount: '0',
        totalPrice: '11.5',
        currency: 'SAR',
      })
      .returning({ id: orders.id });
    id.order = o.id;
    const visit = new Date();
    await t.database.db
      .insert(guests)
      .values({
        restaurantId: r.id,
        appUserId: u.id,
        consented: true,
        firstVisitAt: visit,
        lastVisitAt: visit,
        firstVisitOn: '2026-11-20',
        visits: 1,
      })
      .onConflictDoUpdate({ target: [guests.restaurantId, guests.appUserId], set: { consented: true } });
    await t.database.db
      .insert(activity)
      .values({ kind: 'restaurant.edited', targetType: 'restaurant', targetId: String(r.id), targetLabel: 'Somebody' });
    bearer.admin = await account('admin', []);
    bearer.manager = await account('manager', []);
    bearer.staff = await account('staff', []);
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  /** A list's rows: the bare array, or the bare restaurants list's `{ restaurants }` (docs/API.md). */
  const rowsOf = (body: unknown[] | { restaurants: unknown[] }) => (Array.isArray(body) ? body : body.restaurants);

  // Each list: what the admin reads first (not empty), then the same call of the account tied to none.
  const LISTS: { url: string; roles: Role[] }[] = [
    { url: '/restaurant', roles: ['manager', 'staff'] },
    { url: '/restaurant?page=1&perPage=25', roles: ['manager', 'staff'] },
    { url: '/order?page=1&perPage=25', roles: ['manager', 'staff'] },
    { url: '/guest?page=1&perPage=25', roles: ['manager', 'staff'] },
    { url: '/api/tills?page=1&perPage=25', roles: ['manager', 'staff'] },
    { url: '/user?page=1&perPage=25', roles: ['manager'] },
    { url: '/admin/activity?page=1&perPage=25', roles: ['manager'] },
  ];

  for (const role of ['manager', 'staff'] as const)
    it(`${role}: every list is empty, where an admin's holds the rows`, async () => {
      for (const { url } of LISTS.filter((l) => l.roles.includes(role))) {
        const everything = await get(url, bearer.admin!);
        expect(everything.statusCode, url).toBe(200);
        expect(rowsOf(everything.json()).length, url).toBeGreaterThan(0);
        const none = await get(url, bearer[role]!);
        expect([url, none.statusCode, rowsOf(none.json())]).toEqual([url, 200, []]);
        if (url.includes('page=')) expect(none.headers['x-total-count'], url).toBe('0');
      }
    });

  for (const role of ['manager', 'staff'] as const)
    it(`${role}: the dashboard's tiles are zeros and the restaurant's records are not there (404)`, async () => {
      expect((await get('/statistics', bearer.admin!)).json()).toEqual({ users: 1, restaurants: 1, orders: 1 });
      expect((await get('/statistics', bearer[role]!)).json()).toEqual({ users: 0, restaurants: 0, orders: 0 });
      for (const url of [
        `/restaurant/${id.rest}`,
        `/restaurant/branches/${id.rest}`,
        `/restaurant/devices/${id.branch}`,
        `/order/${id.order}`,
        `/guest/insights?restaurantId=${id.rest}`,
      ]) {
        expect((await get(url, bearer.admin!)).statusCode, url).toBe(200);
        const none = await get(url, bearer[role]!);
        expect([url, none.statusCode]).toEqual([url, 404]);
      }
    });
});
