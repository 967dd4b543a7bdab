// Roles' authorisation matrix (issue 26, docs/SECURITY.md "Roles"): every endpoint the server describes (its
// OpenAPI document, made from the route table of server/routes/index.ts) x each role (admin, manager, staff) x a
// record of the account's own restaurant, of another restaurant, or of none, with the expected status of each
// cell. A new endpoint without its line here fails "every endpoint has a line". Beyond the status, no answer to a
// manager or staff may hold anything of restaurant B (its name, its order, its customer, its till all carry BRAVO).
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (server-pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Role } from '../../../src/contract';
import {
  activity,
  adminRestaurants,
  admins,
  appUsers,
  branches,
  devices,
  funnelDaily,
  guests,
  loyaltyLedger,
  loyaltyMembers,
  loyaltyPrograms,
  orders,
  phoneGuards,
  restaurants,
} from '../../../server/db/schema';
import { ledgerResource, membersResource, rewardsResource } from '../../../src/contract/resources';
import { declaredLines } from '../helpers/declared';
import { hashPassword } from '../../../server/lib/passwords';
import { totpCode } from '../../../server/lib/totp';
import { createTestApp, type TestApp } from '../helpers/app';

const ROLES: Role[] = ['admin', 'manager', 'staff'];
/** Within the funnel's last 366 days in any time zone. */
const today = new Date().toISOString().slice(0, 10);
type Target = 'own' | 'other' | 'none';
const TARGETS: Target[] = ['own', 'other', 'none'];
/** A cell that does not apply (the endpoint names no restaurant's record, or only one kind). */
const NA = null;
type Cells = [number | null, number | null, number | null];

interface Line {
  /** Builds the request for a role and a target (may insert the record it acts on, so cells stay independent). */
  req: (role: Role, target: Target) => InjectOptions | Promise<InjectOptions>;
  /** Expected status per role: [own, other, none]. */
  admin: Cells;
  manager: Cells;
  staff: Cells;
}

/** Public calls (no back-office token) and calls with their own credentials: the token's role changes nothing. */
const NOT_BACK_OFFICE = new Set([
  'POST /admin/login',
  'GET /order/foodics/web/last-order',
  'POST /order/foodics/web/add-order',
  'GET /api/public-config',
  'GET /healthz',
  'GET /readyz',
  'POST /pos/specter/orders',
  'POST /pos/foodics/webhook/{secret}',
  'POST /customer/code',
  'POST /customer/session',
  'GET /customer/session',
  'DELETE /customer/session',
  'GET /customer/receipts',
  'GET /customer/receipts/{id}',
  'POST /customer/data/code',
  'POST /customer/data/delete',
  'POST /customer/session/from-save',
  'POST /customer/receipts/{id}/share',
  'DELETE /customer/receipts/{id}/share',
  'GET /customer/consents',
  'DELETE /customer/consents/{restaurantId}',
  'GET /r/{token}',
  // Foodics' OAuth return to the browser: its single-use state and the browser's cookie, no bearer token.
  'GET /pos/foodics/connected',
  // Loyalty (issue 47): the customer's own calls, and Foodics' loyalty adapter (its own token).
  'GET /customer/loyalty',
  'POST /customer/loyalty/join',
  'POST /pos/foodics/loyalty/reward',
  'POST /pos/foodics/loyalty/redeem',
]);

describe('roles: authorisation matrix', () => {
  let t: TestApp;
  const token: Partial<Record<Role, string>> = {};
  const id = { managerA: 0, restA: 0, restB: 0, branchA: 0, branchB: 0, orderA: 0, orderB: 0, memberA: 0, memberB: 0 };
  let n = 0;

  const restaurant = async (name: string) => {
    const [r] = await t.database.db
      .insert(restaurants)
      .values({
        name,
        logo: 'https://example.com/l.png',
        token: `${name}-token-0123456789`,
        branchsToken: `${name}-btoken-0123456789`,
        systemType: 'Specter',
      })
      .returning({ id: restaurants.id });
    return r.id;
  };
  const account = async (role: Role, restaurantIds: number[], name = `${role} ${++n}`) => {
    const [a] = await t.database.db
      .insert(admins)
      .values({ name, email: `${role}-${++n}@example.com`, passwordHash: await hashPassword('password-123'), role })
      .returning({ id: admins.id });
    if (restaurantIds.length)
      await t.database.db
        .insert(adminRestaurants)
        .values(restaurantIds.map((r) => ({ adminId: a.id, restaurantId: r })));
    return a.id;
  };
  /** The bearer header of a new account of the role (its own restaurant A for a manager or staff). */
  const freshBearer = async (role: Role) => ({
    authorization: `Bearer ${await t.deps.tokens.issue(await account(role, role === 'admin' ? [] : [id.restA]))}`,
  });
  const appUser = async (restaurantId: number | null, firstName: string | null = null, locked = false) => {
    const phone = `+9665${String(10_000_000 + ++n * 7).slice(-8)}`;
    const [u] = await t.database.db.insert(appUsers).values({ phone, firstName }).returning({ id: appUsers.id });
    if (restaurantId) await order(restaurantId, u.id, `o-${n}`);
    if (locked) await t.database.db.insert(phoneGuards).values({ phone, failuresInRow: 50, lockedAt: new Date() });
    return u.id;
  };
  const order = async (restaurantId: number, appUserId: number, number: string) => {
    const [o] = await t.database.db
      .insert(orders)
      .values({
        restaurantId,
        appUserId,
        posOrderId: `pos-${number}`,
        deviceId: restaurantId === id.restB ? 'BRAVO-TILL' : 'ALPHA-TILL',
        branchName: restaurantId === id.restB ? 'BRAVO Branch' : 'Alpha Branch',
        orderNumber: number,
        orderDate: '2026-11-20',
        orderTime: '12:00',
        paymentMethod: 'Cash',
        subTotalPrice: '10',
        discountAmount: '0',
        totalPrice: '11.5',
        currency: 'SAR',
      })
      .returning({ id: orders.id });
    return o.id;
  };
  const branchOf = async (restaurantId: number, name: string, till: string) => {
    const [b] = await t.database.db
      .insert(branches)
      .values({ restaurantId, branchId: `${name}-pos`, name })
      .returning({ id: branches.id });
    await t.database.db.insert(devices).values({ branchRef: b.id, restaurantId, deviceId: till, name: `${name} till` });
    return b.id;
  };

  beforeAll(async () => {
    // Foodics' app configured, so "Connect Foodics" answers (its authorize page) rather than 503.
    t = await createTestApp({ FOODICS_CLIENT_ID: 'client-id', FOODICS_CLIENT_SECRET: 'client-secret' });
    id.restA = await restaurant('Alpha Grill');
    id.restB = await restaurant('BRAVO Burgers');
    id.branchA = await branchOf(id.restA, 'Alpha Branch', 'ALPHA-TILL');
    id.branchB = await branchOf(id.restB, 'BRAVO Branch', 'BRAVO-TILL');
    const customerA = await appUser(null, 'Alia');
    const customerB = await appUser(null, 'BRAVO');
    id.orderA = await order(id.restA, customerA, 'A-1001');
    id.orderB = await order(id.restB, customerB, 'BRAVO-777');
    // Each restaurant's customer in its guestbook, consented (the guestbook shows consented guests only).
    const visit = new Date();
    await t.database.db
      .insert(guests)
      .values(
        [
          [id.restA, customerA],
          [id.restB, customerB],
        ].map(([restaurantId, appUserId]) => ({
          restaurantId,
          appUserId,
          consented: true,
          firstVisitAt: visit,
          lastVisitAt: visit,
          firstVisitOn: '2026-11-20',
          visits: 1,
        })),
      )
      .onConflictDoUpdate({ target: [guests.restaurantId, guests.appUserId], set: { consented: true } });
    // Each restaurant's customer a loyalty member with a balance and an entry (issue 47).
    await t.database.db.insert(loyaltyPrograms).values([id.restA, id.restB].map((restaurantId) => ({ restaurantId })));
    [id.memberA, id.memberB] = (
      await t.database.db
        .insert(loyaltyMembers)
        .values([
          { restaurantId: id.restA, appUserId: customerA, balance: 500 },
          { restaurantId: id.restB, appUserId: customerB, balance: 500 },
        ])
        .returning({ id: loyaltyMembers.id })
    ).map((m) => m.id);
    await t.database.db.insert(loyaltyLedger).values([
      { memberId: id.memberA, restaurantId: id.restA, kind: 'adjust', points: 500, balanceAfter: 500, reason: 'A' },
      { memberId: id.memberB, restaurantId: id.restB, kind: 'adjust', points: 500, balanceAfter: 500, reason: 'BRAVO' },
    ]);
    await t.database.db.insert(funnelDaily).values([
      { restaurantId: id.restA, deviceId: 'ALPHA-TILL', day: today, views: 3, codes: 2, saves: 1 },
      { restaurantId: id.restB, deviceId: 'BRAVO-TILL', day: today, views: 9, codes: 9, saves: 9 },
    ]);
    // What an admin did to B is in the trail; a manager of A must not see it.
    await t.database.db.insert(activity).values({
      kind: 'restaurant.edited',
      targetType: 'restaurant',
      targetId: String(id.restB),
      targetLabel: 'BRAVO',
    });
    const issue = (adminId: number) => t.deps.tokens.issue(adminId);
    token.admin = await issue(await account('admin', []));
    id.managerA = await account('manager', [id.restA]);
    token.manager = await issue(id.managerA);
    token.staff = await issue(await account('staff', [id.restA]));
  });
  afterAll(() => t?.close());

  const restOf = (target: Target) => (target === 'other' ? id.restB : id.restA);
  const branchOfTarget = (target: Target) => (target === 'other' ? id.branchB : id.branchA);
  const get = (url: string): InjectOptions => ({ method: 'GET', url });
  const list = (path: string) => (_role: Role, target: Target) =>
    get(target === 'none' ? path : `${path}${path.includes('?') ? '&' : '?'}restaurantId=${restOf(target)}`);

  const LINES: Record<string, Line> = {
    'GET /statistics': {
      req: () => get('/statistics'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'GET /order/last-orders': {
      req: () => get('/order/last-orders'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'GET /user': {
      req: () => get('/user?page=1&perPage=50'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 403],
    },
    'DELETE /user/{id}': {
      req: async (_r, target) => ({
        method: 'DELETE',
        url: `/user/${await appUser(target === 'none' ? null : restOf(target))}`,
      }),
      admin: [200, 200, 200],
      manager: [403, 403, 403],
      staff: [403, 403, 403],
    },
    'DELETE /user/{id}/lock': {
      req: async (_r, target) => ({
        method: 'DELETE',
        url: `/user/${await appUser(target === 'none' ? null : restOf(target), null, true)}/lock`,
      }),
      admin: [200, 200, 200],
      manager: [403, 403, 403],
      staff: [403, 403, 403],
    },
    'POST /user': {
      // own: staff of A; other: staff of B; none: an admin.
      req: (_r, target) => ({
        method: 'POST',
        url: '/user',
        payload: {
          name: 'New account',
          email: `new-${++n}@example.com`,
          password: 'password-123',
          confirmPassword: 'password-123',
          role: target === 'none' ? 'admin' : 'staff',
          ...(target === 'none' ? {} : { restaurantIds: [restOf(target)] }),
        },
      }),
      admin: [200, 200, 200],
      manager: [200, 403, 403],
      staff: [403, 403, 403],
    },
    'GET /admin': { req: () => get('/admin'), admin: [NA, NA, 200], manager: [NA, NA, 200], staff: [NA, NA, 403] },
    'GET /admin/{id}': {
      // own: a staff member of A; other: one of B; none: an admin. A manager sees its own staff only (404 otherwise).
      req: async (_r, target) =>
        get(`/admin/${target === 'none' ? await account('admin', []) : await account('staff', [restOf(target)])}`),
      admin: [200, 200, 200],
      manager: [200, 404, 404],
      staff: [403, 403, 403],
    },
    'PATCH /user/{id}': {
      // own: a staff member of A; other: one of B; none: an admin. Removed.
      req: async (_r, target) => ({
        method: 'PATCH',
        url: `/user/${target === 'none' ? await account('admin', []) : await account('staff', [restOf(target)])}`,
        payload: { isDeleted: true },
      }),
      admin: [200, 200, 200],
      manager: [200, 404, 404],
      staff: [403, 403, 403],
    },
    'GET /restaurant': {
      req: () => get('/restaurant'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /restaurant': {
      req: () => ({
        method: 'POST',
        url: '/restaurant',
        payload: {
          name: 'Made',
          logo: 'https://example.com/m.png',
          token: 't',
          branchs_token: 't',
          system_type: 'Specter',
        },
      }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 403],
      staff: [NA, NA, 403],
    },
    'GET /restaurant/{id}': {
      req: (_r, target) => get(`/restaurant/${restOf(target)}`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
    },
    'PATCH /restaurant/{id}': {
      req: (_r, target) => ({ method: 'PATCH', url: `/restaurant/${restOf(target)}`, payload: { name_api: 'x' } }),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    'PATCH /restaurant/delete/{id}': {
      // An admin removes a fresh restaurant (A and B stay for the other cells); the others are refused first.
      req: async (role, target) => ({
        method: 'PATCH',
        url: `/restaurant/delete/${role === 'admin' ? await restaurant(`Removed ${++n}`) : restOf(target)}`,
        payload: { isDeleted: true },
      }),
      admin: [200, 200, NA],
      manager: [403, 403, NA],
      staff: [403, 403, NA],
    },
    'POST /restaurant/{id}/sync': {
      req: (_r, target) => ({ method: 'POST', url: `/restaurant/${restOf(target)}/sync` }),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    'POST /restaurant/{id}/push-key': {
      req: (_r, target) => ({ method: 'POST', url: `/restaurant/${restOf(target)}/push-key` }),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    'GET /restaurant/branches/{restId}': {
      req: (_r, target) => get(`/restaurant/branches/${restOf(target)}`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
    },
    'GET /restaurant/devices/{branchId}': {
      req: (_r, target) => get(`/restaurant/devices/${branchOfTarget(target)}`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
    },
    'GET /order': {
      req: list('/order?page=1&perPage=50'),
      admin: [200, 200, 200],
      manager: [200, 200, 200],
      staff: [200, 200, 200],
    },
    'GET /order/{id}': {
      req: (_r, target) => get(`/order/${target === 'other' ? id.orderB : id.orderA}`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
    },
    'GET /order/export.csv': {
      req: list('/order/export.csv'),
      admin: [200, 200, 200],
      manager: [200, 200, 200],
      staff: [403, 403, 403],
    },
    'GET /user/export.csv': {
      req: () => get('/user/export.csv'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 403],
    },
    'POST /export/ticket': {
      req: () => ({ method: 'POST', url: '/export/ticket' }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 403],
    },
    // Only the account that asked for the ticket reads its progress: an id nobody of these started is a 404.
    'GET /export/progress/{id}': {
      req: () => get('/export/progress/unknown'),
      admin: [NA, NA, 404],
      manager: [NA, NA, 404],
      staff: [NA, NA, 403],
    },
    'GET /funnel': {
      req: () => get('/funnel?days=366'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'GET /funnel/branches/{restId}': {
      req: (_r, target) => get(`/funnel/branches/${restOf(target)}`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
    },
    'GET /funnel/devices/{branchId}': {
      req: (_r, target) => get(`/funnel/devices/${branchOfTarget(target)}`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
    },
    'GET /funnel/export.csv': {
      req: () => get('/funnel/export.csv?days=366'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 403],
    },
    'GET /admin/activity': {
      req: () => get('/admin/activity?page=1&perPage=100'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 403],
    },
    'GET /api/tills': {
      req: list('/api/tills?page=1&perPage=50'),
      admin: [200, 200, 200],
      manager: [200, 200, 200],
      staff: [200, 200, 200],
    },
    // Calls that end the token they come with (sign-out, a password change ends every other session): each on a
    // fresh account of the role, so the other cells keep theirs. Every role does it for itself.
    'POST /admin/logout': {
      req: async (role) => ({
        method: 'POST',
        url: '/admin/logout',
        headers: {
          authorization: `Bearer ${await t.deps.tokens.issue(await account(role, role === 'admin' ? [] : [id.restA]))}`,
        },
      }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /api/admins/{id}/password': {
      // Issue 49: only an admin resets another account's forgotten password (own: staff of A; other: of B; none:
      // an admin).
      req: async (_r, target) => ({
        method: 'POST',
        url: `/api/admins/${target === 'none' ? await account('admin', []) : await account('staff', [restOf(target)])}/password`,
        payload: { newPassword: 'password-789' },
      }),
      admin: [200, 200, 200],
      manager: [403, 403, 403],
      staff: [403, 403, 403],
    },
    'POST /admin/password': {
      req: async (role) => ({
        method: 'POST',
        url: '/admin/password',
        headers: {
          authorization: `Bearer ${await t.deps.tokens.issue(await account(role, role === 'admin' ? [] : [id.restA]))}`,
        },
        payload: { oldPassword: 'password-123', newPassword: 'password-456' },
      }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    // Your own two-step sign-in: every role, each on a fresh account of the role (the flow itself:
    // tests/server/security/adminTotp.test.ts).
    'GET /admin/totp': {
      req: async (role) => ({ method: 'GET', url: '/admin/totp', headers: await freshBearer(role) }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /admin/totp/enrol': {
      req: async (role) => ({ method: 'POST', url: '/admin/totp/enrol', headers: await freshBearer(role) }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /admin/totp/confirm': {
      req: async (role) => {
        const headers = await freshBearer(role);
        const { secret } = (await t.app.inject({ method: 'POST', url: '/admin/totp/enrol', headers })).json();
        return { method: 'POST', url: '/admin/totp/confirm', headers, payload: { code: totpCode(secret) } };
      },
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /admin/totp/disable': {
      req: async (role) => {
        const headers = await freshBearer(role);
        const { secret } = (await t.app.inject({ method: 'POST', url: '/admin/totp/enrol', headers })).json();
        await t.app.inject({
          method: 'POST',
          url: '/admin/totp/confirm',
          headers,
          payload: { code: totpCode(secret) },
        });
        return { method: 'POST', url: '/admin/totp/disable', headers, payload: { password: 'password-123' } };
      },
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /restaurant/device/{id}/link-key': {
      // A reprint of a till's QR code: a manager for their own restaurants' tills only (another's device is 404).
      req: async (_r, target) => {
        const [d] = await t.database.db
          .select({ id: devices.id })
          .from(devices)
          .where(eq(devices.restaurantId, restOf(target)))
          .limit(1);
        return { method: 'POST', url: `/restaurant/device/${d.id}/link-key` };
      },
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    'POST /api/restaurants/foodics/connect': {
      // own/other: reconnect that restaurant; none: connect a new one (adding a restaurant is an admin's).
      req: (_r, target) => ({
        method: 'POST',
        url: '/api/restaurants/foodics/connect',
        payload: target === 'none' ? {} : { restaurantId: restOf(target) },
      }),
      admin: [200, 200, 200],
      manager: [200, 404, 403],
      staff: [403, 403, 403],
    },
    'GET /api/restaurants/{id}/connection': {
      req: (_r, target) => get(`/api/restaurants/${restOf(target)}/connection`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    'GET /pos/foodics/webhook-secret': {
      req: () => get('/pos/foodics/webhook-secret'),
      admin: [NA, NA, 200],
      manager: [NA, NA, 403],
      staff: [NA, NA, 403],
    },
    'POST /pos/foodics/webhook-secret': {
      req: () => ({ method: 'POST', url: '/pos/foodics/webhook-secret' }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 403],
      staff: [NA, NA, 403],
    },
    'GET /api/dashboard/sales': {
      // The dashboard's period (issue 49): the caller's restaurants, or one of them.
      req: list('/api/dashboard/sales'),
      admin: [200, 200, 200],
      manager: [200, 404, 200],
      staff: [200, 404, 200],
    },
    ...Object.fromEntries(
      ['/guest', '/api/guest'].flatMap((base): [string, Line][] => [
        [
          `GET ${base}/insights`,
          {
            // A manager or staff member reads one of their own restaurants, or all of them (issue 49).
            req: list(`${base}/insights`),
            admin: [200, 200, 200],
            manager: [200, 404, 200],
            staff: [200, 404, 200],
          },
        ],
        [
          `GET ${base}/export.csv`,
          { req: list(`${base}/export.csv`), admin: [200, 200, 200], manager: [200, 200, 200], staff: [403, 403, 403] },
        ],
        [
          `GET ${base}`,
          {
            req: list(`${base}?page=1&perPage=50`),
            admin: [200, 200, 200],
            manager: [200, 200, 200],
            staff: [200, 200, 200],
          },
        ],
        [
          `GET ${base}/{id}`,
          {
            req: async (_r, target) => {
              const [g] = await t.database.db
                .select({ id: guests.id })
                .from(guests)
                .where(eq(guests.restaurantId, restOf(target)))
                .limit(1);
              return get(`${base}/${g.id}`);
            },
            admin: [200, 200, NA],
            manager: [200, 404, NA],
            staff: [200, 404, NA],
          },
        ],
      ]),
    ),
    // Loyalty (issue 47): admins any restaurant's program, a manager their own (another's is 404), staff read only.
    'GET /api/loyalty/programs/{restaurantId}': {
      req: (_r, target) => get(`/api/loyalty/programs/${restOf(target)}`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
    },
    'PUT /api/loyalty/programs/{restaurantId}': {
      req: (_r, target) => ({
        method: 'PUT',
        url: `/api/loyalty/programs/${restOf(target)}`,
        payload: { enabled: true, points_per_unit: 2 },
      }),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    // Loyalty's back-office resources (issue 47): their CRUD lines derived from their declarations
    // (tests/server/helpers/declared.ts); their own actions below.
    ...declaredLines(
      {
        app: () => t.app,
        admin: () => ({ authorization: `Bearer ${token.admin}` }),
        restA: () => id.restA,
        restB: () => id.restB,
      },
      [rewardsResource, membersResource, ledgerResource],
    ),
    'GET /api/loyalty/members/export.csv': {
      req: list('/api/loyalty/members/export.csv'),
      admin: [200, 200, 200],
      manager: [200, 200, 200],
      staff: [403, 403, 403],
    },
    'POST /api/loyalty/members/{id}/adjust': {
      req: (_r, target) => ({
        method: 'POST',
        url: `/api/loyalty/members/${target === 'other' ? id.memberB : id.memberA}/adjust`,
        payload: { points: -1, reason: 'role matrix' },
      }),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    'GET /api/loyalty/insights': {
      // The program's figures: the caller's restaurants, or one of them (another's is not there).
      req: list('/api/loyalty/insights'),
      admin: [200, 200, 200],
      manager: [200, 404, 200],
      staff: [200, 404, 200],
    },
    'GET /api/loyalty/ledger/export.csv': {
      req: list('/api/loyalty/ledger/export.csv'),
      admin: [200, 200, 200],
      manager: [200, 200, 200],
      staff: [403, 403, 403],
    },
    'POST /user/isVerify': {
      req: () => ({ method: 'POST', url: '/user/isVerify' }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
  };

  const call = async (line: Line, role: Role, target: Target) => {
    const r = await line.req(role, target);
    return t.app.inject({
      ...r,
      // A line that brings its own token (a call that ends it) keeps it.
      headers: { authorization: `Bearer ${token[role]}`, ...(r.headers as Record<string, string>) },
    } as InjectOptions);
  };

  it('every endpoint of the route table has a line (or is not a back-office call)', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const normalise = (s: string) => s.replace(/\{[^}]+\}/g, '{}');
    const known = new Set([...Object.keys(LINES), ...NOT_BACK_OFFICE].map(normalise));
    expect(described.filter((d) => !known.has(normalise(d)))).toEqual([]);
    // And no line for an endpoint that is gone.
    const there = new Set(described.map(normalise));
    expect(Object.keys(LINES).filter((l) => !there.has(normalise(l)))).toEqual([]);
  });

  for (const [name, line] of Object.entries(LINES)) {
    describe(name, () => {
      for (const role of ROLES) {
        TARGETS.forEach((target, i) => {
          const expected = line[role][i];
          if (expected === NA) return;
          it(`${role}, ${target} restaurant: ${expected}`, async () => {
            const res = await call(line, role, target);
            expect(res.statusCode, res.body).toBe(expected);
            if (expected >= 400) expect(res.json()).toEqual({ message: expect.any(String) });
            // Nothing of restaurant B ever reaches a manager or staff member.
            if (role !== 'admin') expect(res.body).not.toMatch(/BRAVO/);
          });
        });
      }
    });
  }

  describe('what a manager and staff see', () => {
    const as = (role: Role, r: InjectOptions) =>
      t.app.inject({ ...r, headers: { authorization: `Bearer ${token[role]}` } } as InjectOptions);

    it("a manager's restaurants, orders, customers, funnel and tiles are A's only; tokens masked", async () => {
      const rs = (await as('manager', get('/restaurant'))).json().restaurants;
      expect(rs.map((r: { id: number }) => r.id)).toEqual([id.restA]);
      expect(rs[0].token).not.toContain('Alpha Grill-token');
      expect(rs[0].token).toBe('****6789');
      // Issue 25: a token is never sent in full again, not even to an admin: the mask and its last 4.
      const admin = (await as('admin', get(`/restaurant/${id.restA}`))).json();
      expect(admin.token).toBe('****6789');
      expect(JSON.stringify(admin)).not.toContain('Alpha Grill-token');
      const os = (await as('manager', get('/order?page=1&perPage=50'))).json();
      expect(os.length).toBeGreaterThan(0);
      expect(os.every((o: { restaurant: { id: number } }) => o.restaurant.id === id.restA)).toBe(true);
      const users = (await as('manager', get('/user?page=1&perPage=50'))).json();
      expect(users.map((u: { firstName: string }) => u.firstName)).toContain('Alia');
      const funnel = (await as('staff', get('/funnel?days=366'))).json();
      expect(funnel.totals).toEqual({ views: 3, codes: 2, saves: 1 });
      const stats = (await as('staff', get('/statistics'))).json();
      const aOrders = await t.database.db.$count(orders, eq(orders.restaurantId, id.restA));
      expect(stats).toMatchObject({ restaurants: 1, orders: aOrders });
    });

    it("a manager's CSV of orders holds A's orders only", async () => {
      const csv = (await as('manager', get('/order/export.csv'))).body;
      expect(csv).toContain('A-1001');
      expect(csv).not.toContain('BRAVO');
    });

    it('a manager adds staff of its own restaurants only; nobody raises its own role or widens its restaurants', async () => {
      const post = (role: Role, payload: Record<string, unknown>) =>
        as(role, {
          method: 'POST',
          url: '/user',
          payload: {
            password: 'password-123',
            confirmPassword: 'password-123',
            name: 'S',
            email: `s-${++n}@example.com`,
            ...payload,
          },
        });
      const made = await post('manager', { role: 'staff', restaurantIds: [id.restA] });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json()).toMatchObject({ role: 'staff', restaurantIds: [id.restA] });
      expect((await post('manager', { role: 'manager', restaurantIds: [id.restA] })).statusCode).toBe(403);
      expect((await post('manager', { role: 'staff', restaurantIds: [id.restA, id.restB] })).statusCode).toBe(403);
      expect((await post('admin', { role: 'manager' })).statusCode).toBe(400); // a manager needs a restaurant
      const patchSelf = (payload: Record<string, unknown>) =>
        as('manager', { method: 'PATCH', url: `/user/${id.managerA}`, payload });
      expect((await patchSelf({ role: 'admin' })).statusCode).toBe(403);
      expect((await patchSelf({ restaurantIds: [id.restA, id.restB] })).statusCode).toBe(403);
      // The audit trail records the grant.
      const trail = await t.database.db.select().from(activity).where(eq(activity.kind, 'admin.restaurantsChanged'));
      expect(trail.some((a) => a.targetId === String(made.json().id))).toBe(true);
    });

    it("GET /admin/{id}: the account as the list shows it, with role and restaurants; a manager reads its staff's", async () => {
      const staff = await account('staff', [id.restA]);
      const read = await as('manager', { method: 'GET', url: `/admin/${staff}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ id: staff, role: 'staff', restaurantIds: [id.restA] });
      expect(Object.keys(read.json()).sort()).toEqual(['email', 'id', 'name', 'restaurantIds', 'role']);
      const self = await as('manager', { method: 'GET', url: `/admin/${id.managerA}` });
      expect(self.json()).toMatchObject({ id: id.managerA, role: 'manager', restaurantIds: [id.restA] });
      // A removed account is gone for everyone.
      await as('admin', { method: 'PATCH', url: `/user/${staff}`, payload: { isDeleted: true } });
      expect((await as('admin', { method: 'GET', url: `/admin/${staff}` })).statusCode).toBe(404);
    });

    it('a change of role or restaurants takes effect at once (the token carries only the id)', async () => {
      const who = await account('manager', [id.restA]);
      const tok = await t.deps.tokens.issue(who);
      const see = () =>
        t.app.inject({ method: 'GET', url: `/restaurant/${id.restB}`, headers: { authorization: `Bearer ${tok}` } });
      expect((await see()).statusCode).toBe(404);
      const grant = await as('admin', {
        method: 'PATCH',
        url: `/user/${who}`,
        payload: { restaurantIds: [id.restA, id.restB] },
      });
      expect(grant.statusCode, grant.body).toBe(200);
      expect((await see()).statusCode).toBe(200);
      const demote = await as('admin', { method: 'PATCH', url: `/user/${who}`, payload: { role: 'staff' } });
      expect(demote.json()).toMatchObject({ role: 'staff', restaurantIds: [id.restA, id.restB] });
      const sync = await t.app.inject({
        method: 'POST',
        url: `/restaurant/${id.restA}/sync`,
        headers: { authorization: `Bearer ${tok}` },
      });
      expect(sync.statusCode).toBe(403);
      const roleTrail = await t.database.db.select().from(activity).where(eq(activity.kind, 'admin.roleChanged'));
      expect(roleTrail.find((a) => a.targetId === String(who))?.detail).toEqual({ from: 'manager', to: 'staff' });
    });

    it('the last admin cannot be demoted (409), as it cannot be removed', async () => {
      const db = t.database.db;
      const self = Number(JSON.parse(Buffer.from(token.admin!.split('.')[1], 'base64url').toString()).sub);
      await db
        .update(admins)
        .set({ isDeleted: true })
        .where(and(eq(admins.role, 'admin'), ne(admins.id, self)));
      t.app.answers.changed(['admins']);
      const res = await as('admin', {
        method: 'PATCH',
        url: `/user/${self}`,
        payload: { role: 'manager', restaurantIds: [id.restA] },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: expect.any(String) });
      const [still] = await db.select({ role: admins.role }).from(admins).where(eq(admins.id, self));
      expect(still.role).toBe('admin');
    });
  });
});
