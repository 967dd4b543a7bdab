// Roles' authorisation matrix (issue 26, docs/SECURITY.md "Roles"): every endpoint the server describes (its
// OpenAPI document, made from the route table of server/routes/index.ts) x each role (admin, manager, staff) x a
// record of the account's own restaurant, of another restaurant, or of none, with the expected status of each
// cell. The rows of the declared resources' list, show, create, edit and delete are derived from their
// declarations (issue 46, tests/server/helpers/declared.ts: every action x role x own / other restaurant, the rows
// seeded from the declaration's `example`); the rest are written here. A new endpoint without a row fails "every
// endpoint has a line". Beyond the status, no answer to a manager or staff may hold anything of restaurant B (its
// name, its order, its customer, its till all carry BRAVO). Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Role } from '../../../src/contract';
import type { Line, Target } from '../helpers/declared';
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
import { keepGuest, recordConsent, withdrawConsent } from '../../../server/db/repositories/guests';
import { declaredLines } from '../helpers/declared';
import { hashPassword } from '../../../server/lib/passwords';
import { totpCode } from '../../../server/lib/totp';
import { createTestApp, type TestApp } from '../helpers/app';
import { DECLARATIONS } from '../../../src/contract/resources';

const ROLES: Role[] = ['admin', 'manager', 'staff'];
/** Within the funnel's last 366 days in any time zone. */
const today = new Date().toISOString().slice(0, 10);
const TARGETS: Target[] = ['own', 'other', 'none'];
/** A cell that does not apply (the endpoint names no restaurant's record, or only one kind). */
const NA = null;

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

  /** The rows written by hand: the calls that are no declared resource's list/show/create/edit/delete, and the
   * declared ones HAND_OVER_DERIVED names. */
  const HAND: Record<string, Line> = {
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
    'GET /admin/{id}': {
      // own: a staff member of A; other: one of B; none: an admin. A manager sees its own staff only (404 otherwise).
      req: async (_r, target) =>
        get(`/admin/${target === 'none' ? await account('admin', []) : await account('staff', [restOf(target)])}`),
      admin: [200, 200, 200],
      manager: [200, 404, 404],
      staff: [403, 403, 403],
    },
    'DELETE /admin/{id}/totp': {
      // An admin resets another account's two-step sign-in (issue 48); own: a staff member of A, other: one of B,
      // none: an admin - each with it on (a pending secret is enough). Nobody else may.
      req: async (_r, target) => {
        const target_ = target === 'none' ? await account('admin', []) : await account('staff', [restOf(target)]);
        await t.database.db.update(admins).set({ totpSecret: 'sealed-secret-stand-in' }).where(eq(admins.id, target_));
        return { method: 'DELETE', url: `/admin/${target_}/totp` };
      },
      admin: [200, 200, 200],
      manager: [403, 403, 403],
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
      req: async (role) => ({
        method: 'POST',
        url: '/admin/totp/enrol',
        headers: await freshBearer(role),
        payload: { password: 'password-123' },
      }),
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /admin/totp/confirm': {
      req: async (role) => {
        const headers = await freshBearer(role);
        const enrol = {
          method: 'POST',
          url: '/admin/totp/enrol',
          headers,
          payload: { password: 'password-123' },
        } as const;
        const { secret } = (await t.app.inject(enrol)).json();
        return { method: 'POST', url: '/admin/totp/confirm', headers, payload: { code: totpCode(secret) } };
      },
      admin: [NA, NA, 200],
      manager: [NA, NA, 200],
      staff: [NA, NA, 200],
    },
    'POST /admin/totp/disable': {
      req: async (role) => {
        const first = await freshBearer(role);
        const enrol = {
          method: 'POST',
          url: '/admin/totp/enrol',
          headers: first,
          payload: { password: 'password-123' },
        } as const;
        const { secret } = (await t.app.inject(enrol)).json();
        const on = await t.app.inject({
          method: 'POST',
          url: '/admin/totp/confirm',
          headers: first,
          payload: { code: totpCode(secret) },
        });
        // Turning it on ended the session's token: it goes on with the new one.
        const headers = { authorization: `Bearer ${on.json().data.token}` };
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
    // A Foodics approval is its own admin's: any other id (here a made-up one) is 404 past the role's check.
    ...Object.fromEntries(
      (['GET', 'POST', 'DELETE'] as const).map((method): [string, Line] => [
        `${method} /api/restaurants/foodics/pending/{id}`,
        {
          req: () => ({ method, url: `/api/restaurants/foodics/pending/${'p'.repeat(32)}` }),
          admin: [NA, NA, 404],
          manager: [NA, NA, 404],
          staff: [NA, NA, 403],
        },
      ]),
    ),
    'GET /api/restaurants/{id}/setup': {
      req: (_r, target) => get(`/api/restaurants/${restOf(target)}/setup`),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [403, 403, NA],
    },
    'POST /api/restaurants/{id}/setup/qr-sheet-printed': {
      // Printing the sheet is open to every role that sees it; another restaurant's is 404.
      req: (_r, target) => ({ method: 'POST', url: `/api/restaurants/${restOf(target)}/setup/qr-sheet-printed` }),
      admin: [200, 200, NA],
      manager: [200, 404, NA],
      staff: [200, 404, NA],
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
    // Loyalty's back-office resources (issue 47): their CRUD lines are derived from their declarations (DERIVED
    // below); their own actions here.
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

  /** The declared resources' rows (tests/server/helpers/declared.ts), made from their declarations. */
  const DERIVED = declaredLines(
    {
      app: () => t.app,
      admin: () => ({ authorization: `Bearer ${token.admin}` }),
      restA: () => id.restA,
      restB: () => id.restB,
    },
    DECLARATIONS,
  );
  /** A declared route whose row is written by hand rather than derived, and why (none today). */
  const HAND_OVER_DERIVED: Record<string, string> = {};
  const LINES: Record<string, Line> = { ...DERIVED, ...HAND };

  const call = async (line: Line, role: Role, target: Target) => {
    const r = await line.req(role, target);
    return t.app.inject({
      ...r,
      // A line that brings its own token (a call that ends it) keeps it.
      headers: { authorization: `Bearer ${token[role]}`, ...(r.headers as Record<string, string>) },
    } as InjectOptions);
  };
  /** The rows that apply to this app: a derived one only when resourceRoutes registered its route. */
  const applying = () => Object.keys(LINES).filter((k) => LINES[k].applies?.() ?? true);

  it('every endpoint of the route table has a line (or is not a back-office call)', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const normalise = (s: string) => s.replace(/\{[^}]+\}/g, '{}');
    const known = new Set([...applying(), ...NOT_BACK_OFFICE].map(normalise));
    expect(described.filter((d) => !known.has(normalise(d)))).toEqual([]);
    // And no line for an endpoint that is gone.
    const there = new Set(described.map(normalise));
    expect(applying().filter((l) => !there.has(normalise(l)))).toEqual([]);
  });

  it("derives the declared resources' rows; a row written by hand for one says why", () => {
    const derived = Object.keys(DERIVED).filter((k) => DERIVED[k].applies!());
    expect(derived).toEqual(expect.arrayContaining(['GET /restaurant', 'PATCH /restaurant/{id}', 'GET /order/{id}']));
    expect(derived.filter((k) => k in HAND).sort()).toEqual(Object.keys(HAND_OVER_DERIVED).sort());
  });

  for (const [name, line] of Object.entries(LINES)) {
    describe(name, () => {
      for (const role of ROLES) {
        TARGETS.forEach((target, i) => {
          const expected = line[role][i];
          if (expected === NA) return;
          it(`${role}, ${target} restaurant: ${expected}`, async (ctx) => {
            // A declared row whose route the resource writes by hand (it has its own row here) does not apply.
            if (line.applies && !line.applies()) return ctx.skip();
            const res = await call(line, role, target);
            expect(res.statusCode, res.body).toBe(expected);
            if (expected >= 400) expect(res.json()).toEqual({ message: expect.any(String) });
            else line.check?.(res, role, target);
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

    it("GET /admin/{id}: the account as the list shows it, with role and restaurants (and whether its two-step sign-in is on); a manager reads its staff's", async () => {
      const staff = await account('staff', [id.restA]);
      const read = await as('manager', { method: 'GET', url: `/admin/${staff}` });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ id: staff, role: 'staff', restaurantIds: [id.restA], totpOn: false });
      expect(Object.keys(read.json()).sort()).toEqual(['email', 'id', 'name', 'restaurantIds', 'role', 'totpOn']);
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
  // Issue 48: a customer's yes to a restaurant ("Join {restaurant}'s rewards") is what lets that restaurant's
  // managers and staff know them. For every role but admin, a phone without the yes of the order's restaurant is
  // masked (its last 3 digits, never the name) on Orders, their CSV and the dashboard, and finds nothing when searched;
  // a manager's App users and their CSV hold only the customers who said yes to one of its restaurants.
  describe('consent keeps a phone from managers and staff (issue 48)', () => {
    /** Yes to A; orders at A and at C (no yes to C). */
    const YES = { phone: '+966581234567', first: 'Yasmin', last: 'Yes' };
    /** Saved at A, never said yes. */
    const SILENT = { phone: '+966587654329', first: 'Sami', last: 'Silent' };
    /** Saved at A and C, yes to C only. */
    const ELSEWHERE = { phone: '+966583692581', first: 'Cara', last: 'Elsewhere' };
    const o = { yesA: '', yesC: '', silentA: '', elsewhereA: '', elsewhereC: '' };
    const ids = { yesA: 0, silentA: 0, restC: 0 };
    /** A manager of A and C (a yes to one restaurant of theirs tells nothing of the other's orders). */
    let managerAC = '';

    type OrderRow = { id: number; order_number: string; customer: { name: string } };
    const as = (role: Role | string, url: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${role in token ? token[role as Role] : role}` },
      });
    const orderRows = async (role: Role | string, q = '') => {
      const res = await as(role, `/order?page=1&perPage=200${q ? `&q=${encodeURIComponent(q)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json() as OrderRow[], total: Number(res.headers['x-total-count']) };
    };
    const nameOf = (rows: OrderRow[], number: string) => rows.find((r) => r.order_number === number)?.customer.name;
    const numbers = (rows: OrderRow[]) => rows.map((r) => r.order_number);

    beforeAll(async () => {
      const db = t.database.db;
      ids.restC = await restaurant('Charlie Cafe');
      const person = async (p: typeof YES) => {
        const [u] = await db
          .insert(appUsers)
          .values({ phone: p.phone, firstName: p.first, lastName: p.last })
          .returning({ id: appUsers.id });
        return u.id;
      };
      const [yes, silent, elsewhere] = [await person(YES), await person(SILENT), await person(ELSEWHERE)];
      // Order numbers with none of the phones' digits searched below.
      o.yesA = 'YA-1';
      o.yesC = 'YC-1';
      o.silentA = 'SA-1';
      o.elsewhereA = 'EA-1';
      o.elsewhereC = 'EC-1';
      ids.yesA = await order(id.restA, yes, o.yesA);
      await order(ids.restC, yes, o.yesC);
      ids.silentA = await order(id.restA, silent, o.silentA);
      await order(id.restA, elsewhere, o.elsewhereA);
      await order(ids.restC, elsewhere, o.elsewhereC);
      // The guest rows as a save keeps them, and the yes as a save with the box ticked records it.
      for (const [r, u] of [
        [id.restA, yes],
        [ids.restC, yes],
        [id.restA, silent],
        [id.restA, elsewhere],
        [ids.restC, elsewhere],
      ])
        await keepGuest(db, r, u);
      await recordConsent(db, YES.phone, id.restA);
      await recordConsent(db, ELSEWHERE.phone, ids.restC);
      managerAC = await t.deps.tokens.issue(await account('manager', [id.restA, ids.restC]));
    });

    it('App users: an admin sees every phone in full; a manager only those who said yes to its restaurants', async () => {
      const phones = async (who: Role | string, q = '') => {
        const res = await as(who, `/user?page=1&perPage=200${q ? `&q=${q}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { phone: string }[]).map((u) => u.phone);
      };
      const admin = await phones('admin');
      expect(admin).toEqual(expect.arrayContaining([YES.phone, SILENT.phone, ELSEWHERE.phone]));
      const manager = await phones('manager');
      expect(manager).toContain(YES.phone);
      // Hidden, not masked: no row at all of a customer who never said yes to A, nor of one who said it to C only.
      expect(manager).not.toContain(SILENT.phone);
      expect(manager).not.toContain(ELSEWHERE.phone);
      const body = (await as('manager', '/user?page=1&perPage=200')).body;
      expect(body).not.toMatch(/Silent|Elsewhere|654329|692581/);
      // The yes to C counts for a manager of C.
      expect(await phones(managerAC)).toEqual(expect.arrayContaining([YES.phone, ELSEWHERE.phone]));
      expect(await phones(managerAC)).not.toContain(SILENT.phone);
      // Searched by number: the admin finds it; the manager does not.
      expect(await phones('admin', '87654329')).toEqual([SILENT.phone]);
      expect(await phones('manager', '87654329')).toEqual([]);
      expect(await phones('manager', '0587654329')).toEqual([]);
      expect(await phones('manager', '81234567')).toEqual([YES.phone]);
      // And by name: the list holds no such person.
      expect(await phones('manager', 'Silent')).toEqual([]);
    });

    it("App users' CSV: an admin's holds every phone; a manager's only the customers who said yes", async () => {
      const admin = (await as('admin', '/user/export.csv')).body;
      expect(admin).toContain(SILENT.phone);
      const res = await as('manager', '/user/export.csv');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(YES.phone);
      expect(res.body).not.toMatch(/Silent|Elsewhere|654329|692581/);
      expect((await as('manager', '/user/export.csv?q=87654329')).body).not.toContain('654329');
    });

    it("Orders: a customer without the yes of the order's restaurant is their masked phone for a manager and staff", async () => {
      const admin = await orderRows('admin');
      expect(nameOf(admin.rows, o.silentA)).toBe('Sami Silent');
      expect(nameOf(admin.rows, o.yesA)).toBe('Yasmin Yes');
      for (const role of ['manager', 'staff'] as const) {
        const { rows } = await orderRows(role);
        expect(nameOf(rows, o.silentA), role).toBe('•••329');
        expect(nameOf(rows, o.elsewhereA), role).toBe('•••581');
        expect(nameOf(rows, o.yesA), role).toBe('Yasmin Yes');
        const one = (await as(role, `/order/${ids.silentA}`)).json();
        expect(one.customer.name, role).toBe('•••329');
        const latest = (await as(role, '/order/last-orders?limit=100')).json().orders as { user: { name: string } }[];
        expect(latest.length, role).toBeGreaterThan(0);
        expect(JSON.stringify(latest), role).not.toMatch(/Sami|Silent|Cara|Elsewhere/);
        expect(JSON.stringify(latest), role).toContain('•••329');
      }
      // A manager of A and C: Yasmin said yes to A, not to C.
      const ac = await orderRows(managerAC);
      expect(nameOf(ac.rows, o.yesA)).toBe('Yasmin Yes');
      expect(nameOf(ac.rows, o.yesC)).toBe('•••567');
      expect(nameOf(ac.rows, o.elsewhereC)).toBe('Cara Elsewhere');
      expect(nameOf(ac.rows, o.elsewhereA)).toBe('•••581');
    });

    it("Orders searched by a phone: a manager and staff find only the customers who said yes to the order's restaurant", async () => {
      // Three digits and more: the customers named by the phone's trigram index.
      expect(numbers((await orderRows('admin', '87654329')).rows)).toEqual([o.silentA]);
      expect(numbers((await orderRows('admin', '0587654329')).rows)).toEqual([o.silentA]);
      for (const role of ['manager', 'staff'] as const) {
        for (const q of ['87654329', '0587654329', '+966587654329', '92581']) {
          const found = await orderRows(role, q);
          expect(found.rows, `${role} ${q}`).toEqual([]);
          expect(found.total, `${role} ${q}`).toBe(0);
        }
        expect(numbers((await orderRows(role, '81234567')).rows), role).toEqual([o.yesA]);
        // The order number is searched as before.
        expect(numbers((await orderRows(role, 'SA-1')).rows), role).toEqual([o.silentA]);
      }
      // A manager of A and C: Yasmin's order at A, not the one at C; Cara's at C, not the one at A.
      expect(numbers((await orderRows(managerAC, '81234567')).rows)).toEqual([o.yesA]);
      expect(numbers((await orderRows(managerAC, '3692581')).rows)).toEqual([o.elsewhereC]);
      // One or two digits: every order walked newest first is checked, and the total counts the same rows.
      const admin = await orderRows('admin', '29');
      expect(numbers(admin.rows)).toContain(o.silentA);
      for (const who of ['manager', 'staff', managerAC]) {
        const walked = await orderRows(who, '29');
        expect(numbers(walked.rows)).not.toContain(o.silentA);
        expect(walked.total).toBe(walked.rows.length);
        const yes = await orderRows(who, '67');
        expect(numbers(yes.rows)).toContain(o.yesA);
        expect(numbers(yes.rows)).not.toContain(o.yesC);
        expect(yes.total).toBe(yes.rows.length);
      }
    });

    it("Orders' CSV: masked and not found by number for a manager; an admin's names the customer", async () => {
      expect((await as('admin', '/order/export.csv')).body).toContain('Sami Silent');
      const csv = (await as('manager', '/order/export.csv')).body;
      expect(csv).toContain(o.silentA);
      expect(csv).toContain('•••329');
      expect(csv).not.toMatch(/Sami|Silent|Cara|Elsewhere/);
      expect(csv).toContain('Yasmin Yes');
      const searched = (await as('manager', '/order/export.csv?q=87654329')).body;
      expect(searched).not.toContain(o.silentA);
      expect((await as('admin', '/order/export.csv?q=87654329')).body).toContain(o.silentA);
      const ac = (await as(managerAC, '/order/export.csv?q=81234567')).body;
      expect(ac).toContain(o.yesA);
      expect(ac).not.toContain(o.yesC);
    });

    it('a withdrawn yes hides the customer again at once', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/user?page=1&perPage=200',
        headers: { authorization: `Bearer ${token.manager}` },
      });
      expect(res.body).toContain(YES.phone);
      await withdrawConsent(t.database.db, YES.phone, id.restA);
      t.app.answers.changed(['guests']);
      expect((await as('manager', '/user?page=1&perPage=200')).body).not.toContain(YES.phone);
      expect(nameOf((await orderRows('manager')).rows, o.yesA)).toBe('•••567');
      expect((await orderRows('manager', '81234567')).rows).toEqual([]);
      await recordConsent(t.database.db, YES.phone, id.restA);
      t.app.answers.changed(['guests']);
    });
  });
});
