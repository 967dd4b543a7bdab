// One forget after every write (server/lib/answerCaches.ts): every write endpoint of the app - taken from the app's
// own routes, so a new one without a case here fails - is called once, and every remembered screen's call (the
// dashboard, the back-office lists, the tills, a removed admin's token) is read just before and just after it on the
// same instance, with the product's answer memory (default ANSWER_CACHE_MS). After the write, each read must equal
// what the database says (the same read once every memory of the instance is dropped), and the screens the write
// changes must show the change. A declared resource's create, edit and delete need no case here: theirs are made
// from its declaration (tests/server/helpers/declared.ts), its list read with the others.
// Every back-office write leaves its record in the audit trail (docs/ARCHITECTURE.md, The audit trail): a case of
// a write behind the admin guard fails when the trail did not grow, unless NOTHING_RECORDED says why it records
// nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import services from '../../../server/plugins/services';
import {
  admins,
  appUsers,
  devices,
  loyaltyMembers,
  loyaltyPrograms,
  loyaltyRewards,
  orders,
  phoneGuards,
  posReceipts,
  restaurants,
} from '../../../server/db/schema';
import { EGYPT_TOKEN_SUFFIX, FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { CUSTOMER_COOKIE } from '../../../src/contract';
import { addFoodicsRestaurant, createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';
import { declaredReads, declaredWrites, type World } from '../helpers/declared';
import { DECLARATIONS } from '../../../src/contract/resources';
import { activity } from '../../../server/db/schema';
import { foodicsWebhookSecret } from '../../../server/db/secrets';
import { sealerOf } from '../../../server/lib/sealing';
import { totpCode } from '../../../server/lib/totp';

const SECRET = 'webhook-secret-0123456789';
const SPECTER_TILL = 'specter-till-1';
const LOYALTY_TOKEN = 'forget-after-write-loyalty-token-0123';

/** Every route of the app that may write (not GET, HEAD or OPTIONS), as "METHOD /path", from app.printRoutes. */
function writeRoutes(printed: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const m = /^([\s│├└─]*?)([├└]── )(.*)$/.exec(line);
    if (!m) continue;
    const depth = (m[1].length + m[2].length) / 4 - 1;
    const [, segment, methods = ''] = /^(.*?)(?: \(([A-Z, -]+)\))?$/.exec(m[3])!;
    stack.length = depth;
    stack.push(segment);
    for (const method of methods.split(', '))
      if (method && !['GET', 'HEAD', 'OPTIONS', '-'].includes(method)) found.push(`${method} ${stack.join('')}`);
  }
  return found.sort();
}

describe('one forget after every write: the next read on the same instance is fresh', () => {
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  let goneAdmin: { id: number; token: string };
  let branchId: number;
  let specter: { id: number };
  let orderRef = 5000;

  beforeAll(async () => {
    // The product's answer memory as shipped; the webhook's secret so its route answers.
    t = await createFoodicsTestApp({
      ...GENEROUS_CODE_LIMITS,
      FOODICS_WEBHOOK_SECRET: SECRET,
      FOODICS_TIMEOUT_MS: '5000',
      FOODICS_LOYALTY_TOKEN: LOYALTY_TOKEN,
    });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    const removable = await t.adminToken();
    goneAdmin = { token: removable, id: (await t.deps.tokens.verify(removable))!.adminId };
    branchId = (
      await t.app.inject({ method: 'GET', url: `/restaurant/branches/${t.restaurantId}`, headers: auth })
    ).json().branches[0].id;
    const [row] = await t.database.db
      .insert(restaurants)
      .values({
        name: 'Specter Cafe',
        logo: 'https://example.com/s.png',
        token: 't',
        branchsToken: 't',
        systemType: 'Specter',
      })
      .returning({ id: restaurants.id });
    specter = { id: row.id };
  });
  afterAll(() => t?.close());

  const call = (opts: InjectOptions) => t.app.inject(opts);
  const world: World = {
    app: () => t.app,
    admin: () => auth,
    restA: () => t.restaurantId,
    restB: () => specter.id,
  };

  /** The calls of the screens that answer from an instance's memory. */
  const HAND_READS = {
    statistics: () => call({ method: 'GET', url: '/statistics', headers: auth }),
    latestOrders: () => call({ method: 'GET', url: '/order/last-orders', headers: auth }),
    appUsers: () => call({ method: 'GET', url: '/user?page=1&perPage=25&sort=id&order=DESC', headers: auth }),
    orders: () => call({ method: 'GET', url: '/order?page=1&perPage=25', headers: auth }),
    admins: () => call({ method: 'GET', url: '/admin', headers: auth }),
    restaurants: () => call({ method: 'GET', url: '/restaurant', headers: auth }),
    branches: () => call({ method: 'GET', url: `/restaurant/branches/${t.restaurantId}`, headers: auth }),
    devices: () => call({ method: 'GET', url: `/restaurant/devices/${branchId}`, headers: auth }),
    activity: () => call({ method: 'GET', url: '/admin/activity?page=1&perPage=25', headers: auth }),
    tills: () => call({ method: 'GET', url: '/api/tills?page=1&perPage=25', headers: auth }),
    guests: () => call({ method: 'GET', url: '/api/guest?page=1&perPage=25', headers: auth }),
    rewards: () => call({ method: 'GET', url: '/api/rewards?page=1&perPage=25', headers: auth }),
    members: () => call({ method: 'GET', url: '/api/loyalty/members?page=1&perPage=25', headers: auth }),
    ledger: () => call({ method: 'GET', url: '/api/loyalty/ledger?page=1&perPage=25', headers: auth }),
    till: () =>
      call({ method: 'GET', url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${DEVICE}` }),
    specterTill: () =>
      call({ method: 'GET', url: `/order/foodics/web/last-order?restaurantId=${specter.id}&casherId=${SPECTER_TILL}` }),
    removedAdmin: () =>
      call({ method: 'GET', url: '/statistics', headers: { authorization: `Bearer ${goneAdmin.token}` } }),
  };
  /** With the declared resources' lists (`list:<name>`), known once the app is built. */
  const READS = (): Record<string, () => Promise<LightMyRequestResponse>> => ({
    ...HAND_READS,
    ...Object.fromEntries(declaredReads(world, DECLARATIONS).map((r) => [r.name, r.read])),
  });
  type Read = keyof typeof HAND_READS | `list:${string}`;
  const seen = (r: LightMyRequestResponse) =>
    `${r.statusCode} ${r.headers['x-total-count'] ?? ''} ${r.headers['x-total-exact'] ?? ''} ${r.body}`;
  async function readAll(): Promise<Record<Read, string>> {
    const out = {} as Record<Read, string>;
    const reads = READS();
    for (const name of Object.keys(reads) as Read[]) out[name] = seen(await reads[name]());
    return out;
  }

  // --- what the cases need first ---
  const e164 = (local: string) => `+966${local.slice(1)}`;
  let phoneN = 0;
  const newPhone = () => `0551${String(++phoneN).padStart(6, '0')}`;

  /** A new closed order on the Foodics till, a minute after the one before (the clock is held during the cases). */
  function laterOrder() {
    vi.setSystemTime(Date.now() + 60_000);
    return t.foodics.addOrder(DEVICE, { reference: ++orderRef });
  }
  /** The webhook's secret now: FOODICS_WEBHOOK_SECRET until the case of POST /pos/foodics/webhook-secret replaces
   * it (kept in server_secrets from then on). */
  const webhookSecret = async () => (await foodicsWebhookSecret(t.database, SECRET, sealerOf(t.config)))!.secret;
  const webhookUrl = (secret: string) => `/pos/foodics/webhook/${secret}`;
  /** A new closed order on the Foodics till, known to the app through Foodics' webhook. */
  async function newOrder() {
    const o = laterOrder();
    const res = await call({ method: 'POST', url: webhookUrl(await webhookSecret()), payload: webhookFor(o) });
    expect(res.json()).toEqual({ message: 'Event applied' });
    await readBackLanded(o.id);
    return o;
  }
  /** A webhook's order is read back from Foodics after the answer (a second write to the till's receipts): wait
   * for it, so it cannot land between a case's reads and make the remembered answer and the fresh one differ. */
  const readBackLanded = (posOrderId: string) =>
    vi.waitFor(
      async () => {
        const rows = await t.database.db
          .select({ orders: posReceipts.orders })
          .from(posReceipts)
          .where(eq(posReceipts.deviceId, DEVICE));
        const held = rows
          .flatMap((r) => (r.orders ?? []) as { posOrderId: string; unconfirmed?: boolean }[])
          .find((o) => o.posOrderId === posOrderId);
        if (!held || held.unconfirmed) throw new Error('not read back yet');
      },
      { timeout: 10_000, interval: 50 },
    );
  const webhookFor = (o: {
    id: string;
    reference: number | string;
    status: number;
    created_at: string;
    closed_at: string | null;
    updated_at: string;
  }) => ({
    timestamp: Date.now(),
    event: 'order.created',
    business: { name: FIXTURE.business.name, reference: FIXTURE.business.reference },
    order: {
      id: o.id,
      reference: o.reference,
      status: o.status,
      created_at: o.created_at,
      closed_at: o.closed_at,
      updated_at: o.updated_at,
      device_id: DEVICE,
    },
  });
  const askCode = (phone: string, orderId: string) =>
    call({ method: 'POST', url: '/user', payload: { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId } });
  const addOrder = (phone: string, orderId: string, otp: string) =>
    call({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: { casherId: DEVICE, restaurantId: t.restaurantId, phone, otp, orderId },
    });
  /** The till's newest order saved to a new phone; answers the phone. */
  async function savedCustomer() {
    const phone = newPhone();
    const o = await newOrder();
    expect((await askCode(phone, o.id)).statusCode).toBe(200);
    expect((await addOrder(phone, o.id, t.lastCode(e164(phone))!)).statusCode).toBe(200);
    return phone;
  }
  /** A My receipts session of a phone: its cookie. */
  async function signedIn(phone: string) {
    await call({ method: 'POST', url: '/customer/code', payload: { phone } });
    const res = await call({
      method: 'POST',
      url: '/customer/session',
      payload: { phone, otp: t.lastCode(e164(phone))! },
    });
    expect(res.statusCode).toBe(200);
    return { [CUSTOMER_COOKIE]: res.cookies.find((c) => c.name === CUSTOMER_COOKIE)!.value };
  }
  const appUserId = async (phone: string) =>
    (
      await t.database.db
        .select({ id: appUsers.id })
        .from(appUsers)
        .where(eq(appUsers.phone, e164(phone)))
    )[0].id;

  /** The restaurant runs a rewards program with one reward (written past the app). */
  async function rewardsOn() {
    await t.database.db
      .insert(loyaltyPrograms)
      .values({ restaurantId: t.restaurantId, enabled: true })
      .onConflictDoUpdate({ target: loyaltyPrograms.restaurantId, set: { enabled: true } });
    await t.database.db
      .insert(loyaltyRewards)
      .values({
        restaurantId: t.restaurantId,
        code: 'FAW',
        nameEn: 'A',
        nameAr: 'أ',
        cost: 5,
        kind: 'amount',
        value: '1',
      })
      .onConflictDoNothing();
  }
  /** A member of the restaurant's rewards with points to spend (written past the app); answers its national number. */
  async function tillMember() {
    await rewardsOn();
    const phone = await savedCustomer();
    await t.database.db
      .insert(loyaltyMembers)
      .values({ restaurantId: t.restaurantId, appUserId: await appUserId(phone), balance: 50 });
    return phone.slice(1);
  }
  let rewardN = 0;
  const newReward = () => ({
    code: `FAW-${++rewardN}`,
    restaurant_id: t.restaurantId,
    name_en: 'Free tea',
    name_ar: 'شاي',
    cost: 9,
    kind: 'amount',
    value: 3,
  });
  const atTill = (path: 'reward' | 'redeem', body: Record<string, unknown>) =>
    call({
      method: 'POST',
      url: `/pos/foodics/loyalty/${path}`,
      headers: { authorization: `Bearer ${LOYALTY_TOKEN}` },
      payload: { mobile_country_code: 966, business_reference: FIXTURE.business.reference, ...body },
    });

  /** Drops every memory of the instance, one by one (not through the mechanism under test). */
  function forgetAll() {
    const { answers } = t.app;
    for (const memory of [answers.dashboard, answers.liveAdmins, answers.tills, answers.lists, answers.pageMarks])
      memory.forget();
    t.app.lastOrders.forget();
  }

  interface Case {
    /** What the write is, as a customer or an admin would say it. */
    what: string;
    /** Runs what the write needs first (its writes are done before the screens are read). */
    prepare?: () => Promise<unknown>;
    write: (prepared: never) => Promise<LightMyRequestResponse>;
    status?: number;
    /** The screens whose answer the write changes. */
    changes: Read[];
  }

  /** One line per write endpoint of the app (the declared resources' create, edit and delete below). */
  const HAND: Record<string, Case> = {
    'POST /admin/login': {
      what: 'an admin signs in',
      prepare: async () => {
        const res = await call({
          method: 'POST',
          url: '/user',
          headers: auth,
          payload: {
            name: 'Signs In',
            email: 'signs-in@example.com',
            password: 'password-123',
            confirmPassword: 'password-123',
            role: 'admin',
          },
        });
        expect(res.statusCode).toBe(200);
      },
      write: () =>
        call({
          method: 'POST',
          url: '/admin/login',
          payload: { email: 'signs-in@example.com', password: 'password-123' },
        }),
      changes: ['activity'],
    },
    'POST /user/isVerify': {
      what: 'the back-office checks its token',
      write: () => call({ method: 'POST', url: '/user/isVerify', headers: auth }),
      changes: [],
    },
    'POST /user': {
      what: 'an admin adds an admin',
      write: () =>
        call({
          method: 'POST',
          url: '/user',
          headers: auth,
          payload: {
            name: 'New Admin',
            email: 'new-admin@example.com',
            password: 'password-123',
            confirmPassword: 'password-123',
            role: 'admin',
          },
        }),
      changes: ['admins', 'activity'],
    },
    'PATCH /user/:id': {
      what: 'an admin removes an admin',
      write: () => call({ method: 'PATCH', url: `/user/${goneAdmin.id}`, headers: auth, payload: { isDeleted: true } }),
      changes: ['admins', 'activity', 'removedAdmin'],
    },
    'DELETE /user/:id': {
      what: 'an admin deletes an app user',
      prepare: async () => appUserId(await savedCustomer()),
      write: (id: number) => call({ method: 'DELETE', url: `/user/${id}`, headers: auth }),
      changes: ['statistics', 'latestOrders', 'appUsers', 'orders', 'activity'],
    },
    'DELETE /user/:id/lock': {
      what: "an admin lifts a phone's lock",
      prepare: async () => {
        const phone = await savedCustomer();
        await t.database.db
          .insert(phoneGuards)
          .values({ phone: e164(phone), failuresInRow: 50, lockedAt: new Date() })
          .onConflictDoUpdate({ target: phoneGuards.phone, set: { failuresInRow: 50, lockedAt: new Date() } });
        return appUserId(phone);
      },
      write: (id: number) => call({ method: 'DELETE', url: `/user/${id}/lock`, headers: auth }),
      changes: ['appUsers', 'activity'],
    },
    'POST /restaurant': {
      what: 'an admin adds a restaurant',
      write: () =>
        call({
          method: 'POST',
          url: '/restaurant',
          headers: auth,
          payload: {
            name: 'Second Grill',
            logo: 'https://example.com/2.png',
            token: t.foodics.token,
            branchs_token: t.foodics.token,
            system_type: 'Foodics',
          },
        }),
      changes: ['statistics', 'restaurants', 'activity'],
    },
    'PATCH /restaurant/:id': {
      what: 'an admin renames the restaurant',
      write: () =>
        call({
          method: 'PATCH',
          url: `/restaurant/${t.restaurantId}`,
          headers: auth,
          payload: { name: 'Najd Grill Renamed' },
        }),
      changes: ['restaurants', 'activity'],
    },
    'POST /restaurant/:id/sync': {
      what: "an admin syncs the restaurant after a till's name changed at the POS",
      prepare: async () =>
        t.foodics.setCatalogue({
          devices: FIXTURE.devices.map((d, i) => (i === 0 ? { ...d, name: 'Cashier One' } : d)),
        }),
      write: () => call({ method: 'POST', url: `/restaurant/${t.restaurantId}/sync`, headers: auth, payload: {} }),
      changes: ['restaurants', 'branches', 'devices', 'tills', 'activity'],
    },
    'POST /api/restaurants/foodics/connect': {
      what: 'an admin starts "Connect Foodics" (a state only; not configured here: 503)',
      write: () => call({ method: 'POST', url: '/api/restaurants/foodics/connect', headers: auth, payload: {} }),
      status: 503,
      changes: [],
    },
    'POST /api/restaurants/foodics/pending/:id': {
      what: 'an admin answers yes to a Foodics approval that waits (none here: 404, nothing changes)',
      write: () => call({ method: 'POST', url: `/api/restaurants/foodics/pending/${'p'.repeat(32)}`, headers: auth }),
      status: 404,
      changes: [],
    },
    'DELETE /api/restaurants/foodics/pending/:id': {
      what: 'an admin answers no to a Foodics approval that waits (none here: 404)',
      write: () => call({ method: 'DELETE', url: `/api/restaurants/foodics/pending/${'p'.repeat(32)}`, headers: auth }),
      status: 404,
      changes: [],
    },
    'POST /api/restaurants/:id/setup/qr-sheet-printed': {
      what: "an admin prints a restaurant's QR sheet (its setup checklist's step)",
      write: () =>
        call({ method: 'POST', url: `/api/restaurants/${t.restaurantId}/setup/qr-sheet-printed`, headers: auth }),
      changes: [],
    },
    'POST /restaurant/:id/push-key': {
      what: 'an admin makes a push key',
      // A second later than any key an earlier case made (the clock is held): the list shows when the key was made.
      prepare: async () => vi.setSystemTime(Date.now() + 1_000),
      write: () => call({ method: 'POST', url: `/restaurant/${specter.id}/push-key`, headers: auth }),
      changes: ['restaurants', 'activity'],
    },
    'POST /restaurant/device/:id/link-key': {
      what: "an admin reprints a till's QR code (a new link key)",
      // A live till of the file's restaurant (another case deletes a restaurant of its own, tills and all).
      prepare: async () =>
        (
          await t.database.db
            .select({ id: devices.id })
            .from(devices)
            .where(and(eq(devices.restaurantId, t.restaurantId), isNull(devices.removedAt)))
            .orderBy(devices.id)
            .limit(1)
        )[0].id,
      write: (id: number) => call({ method: 'POST', url: `/restaurant/device/${id}/link-key`, headers: auth }),
      changes: ['restaurants', 'activity'],
    },
    'POST /pos/foodics/webhook-secret': {
      what: 'an admin replaces the Foodics webhook secret',
      write: () => call({ method: 'POST', url: '/pos/foodics/webhook-secret', headers: auth }),
      changes: ['activity'],
    },
    'POST /admin/logout': {
      what: 'an admin signs out',
      prepare: async () => ({ authorization: `Bearer ${await t.adminToken()}` }),
      write: (h: Record<string, string>) => call({ method: 'POST', url: '/admin/logout', headers: h }),
      changes: [],
    },
    'POST /api/admins/:id/password': {
      what: 'an admin resets a forgotten password',
      prepare: async () => {
        const [a] = await t.database.db
          .insert(admins)
          .values({ name: 'Forgetful', email: `forgot-${Date.now()}@example.com`, passwordHash: 'x' })
          .returning({ id: admins.id });
        return a.id;
      },
      write: (id: number) =>
        call({
          method: 'POST',
          url: `/api/admins/${id}/password`,
          headers: auth,
          payload: { newPassword: 'a-new-password-1' },
        }),
      changes: ['activity'],
    },
    'POST /admin/password': {
      what: 'an admin changes their password',
      prepare: async () => ({ authorization: `Bearer ${await t.adminToken()}` }),
      write: (h: Record<string, string>) =>
        call({
          method: 'POST',
          url: '/admin/password',
          headers: h,
          payload: { oldPassword: 'password-123', newPassword: 'a-new-password-1' },
        }),
      changes: ['activity'],
    },
    'POST /admin/totp/enrol': {
      what: 'an account starts turning on two-step sign-in',
      prepare: async () => ({ authorization: `Bearer ${await t.adminToken()}` }),
      write: (h: Record<string, string>) =>
        call({ method: 'POST', url: '/admin/totp/enrol', headers: h, payload: { password: 'password-123' } }),
      changes: [],
    },
    'POST /admin/totp/confirm': {
      what: 'an account turns on two-step sign-in',
      prepare: async () => {
        const headers = { authorization: `Bearer ${await t.adminToken()}` };
        const enrol = {
          method: 'POST',
          url: '/admin/totp/enrol',
          headers,
          payload: { password: 'password-123' },
        } as const;
        const { secret } = (await call(enrol)).json();
        return { headers, secret };
      },
      write: (p: { headers: Record<string, string>; secret: string }) =>
        call({ method: 'POST', url: '/admin/totp/confirm', headers: p.headers, payload: { code: totpCode(p.secret) } }),
      changes: ['activity'],
    },
    'POST /admin/totp/disable': {
      what: 'an account turns off two-step sign-in',
      prepare: async () => {
        const first = { authorization: `Bearer ${await t.adminToken()}` };
        const enrol = {
          method: 'POST',
          url: '/admin/totp/enrol',
          headers: first,
          payload: { password: 'password-123' },
        } as const;
        const { secret } = (await call(enrol)).json();
        const on = await call({
          method: 'POST',
          url: '/admin/totp/confirm',
          headers: first,
          payload: { code: totpCode(secret) },
        });
        // Turning it on ended the session's token: it goes on with the new one.
        return { authorization: `Bearer ${on.json().data.token}` };
      },
      write: (h: Record<string, string>) =>
        call({ method: 'POST', url: '/admin/totp/disable', headers: h, payload: { password: 'password-123' } }),
      changes: ['activity'],
    },
    'DELETE /admin/:id/totp': {
      what: "an admin resets another account's two-step sign-in",
      prepare: async () => {
        const headers = { authorization: `Bearer ${await t.adminToken()}` };
        const enrol = {
          method: 'POST',
          url: '/admin/totp/enrol',
          headers,
          payload: { password: 'password-123' },
        } as const;
        await call(enrol);
        const [me] = await t.database.db.select({ id: admins.id }).from(admins).orderBy(desc(admins.id)).limit(1);
        return me.id;
      },
      write: (id: number) => call({ method: 'DELETE', url: `/admin/${id}/totp`, headers: auth }),
      changes: ['activity'],
    },
    'PATCH /restaurant/delete/:id': {
      what: 'an admin deletes a restaurant',
      // The stand-in's other business: a Foodics business is one restaurant's, and the file's keeps the Saudi one.
      prepare: () => addFoodicsRestaurant(t.deps, `${t.foodics.token}${EGYPT_TOKEN_SUFFIX}`, 'Doomed Grill'),
      write: (id: number) =>
        call({ method: 'PATCH', url: `/restaurant/delete/${id}`, headers: auth, payload: { isDeleted: true } }),
      changes: ['statistics', 'restaurants', 'activity'],
    },
    'POST /order/foodics/web/add-order': {
      what: 'a customer saves the receipt',
      prepare: async () => {
        const phone = newPhone();
        const o = await newOrder();
        expect((await askCode(phone, o.id)).statusCode).toBe(200);
        return { phone, id: o.id, code: t.lastCode(e164(phone))! };
      },
      write: (p: { phone: string; id: string; code: string }) => addOrder(p.phone, p.id, p.code),
      changes: ['statistics', 'latestOrders', 'appUsers', 'orders', 'till'],
    },
    'POST /pos/foodics/webhook/:secret': {
      what: 'Foodics tells of a new order on the till',
      prepare: async () => {
        // The till is read at the new order's minute before Foodics has it: its known receipts are fresh (the clock
        // is held), so only the webhook can tell the app of the order, whichever case ran before.
        vi.setSystemTime(Date.now() + 60_000);
        expect((await READS().till()).statusCode).toBe(200);
        return { o: t.foodics.addOrder(DEVICE, { reference: ++orderRef }), secret: await webhookSecret() };
      },
      write: async (p: { o: Parameters<typeof webhookFor>[0]; secret: string }) => {
        const res = await call({ method: 'POST', url: webhookUrl(p.secret), payload: webhookFor(p.o) });
        await readBackLanded(p.o.id);
        return res;
      },
      changes: ['till', 'restaurants'],
    },
    'POST /pos/specter/orders': {
      what: 'a Specter till pushes its first order',
      prepare: async () =>
        (await call({ method: 'POST', url: `/restaurant/${specter.id}/push-key`, headers: auth })).json().push_key,
      write: (key: string) =>
        call({
          method: 'POST',
          url: '/pos/specter/orders',
          headers: { authorization: `Bearer ${key}` },
          payload: {
            restaurantId: specter.id,
            order_id: 'sp-1',
            branch: { id: 'sb-1', name: 'Corniche' },
            device: { id: SPECTER_TILL, name: 'Front till' },
            invoice: {
              order_number: 'N-1',
              check_number: '1',
              branch_name: 'Corniche',
              order_date: '2026-11-23',
              order_time: '13:05',
              payment_method: 'Cash',
              sub_total_price: 50,
              discount_amount: 0,
              total_price: 57.5,
              currency: 'SAR',
              order_items: [{ item_name: 'Kabsa', item_quantity: 1, total_price: 50 }],
            },
          },
        }),
      changes: ['restaurants', 'specterTill'],
    },
    'POST /customer/code': {
      what: 'a customer asks for a code to sign in to My receipts',
      write: () => call({ method: 'POST', url: '/customer/code', payload: { phone: newPhone() } }),
      changes: [],
    },
    'POST /customer/session': {
      what: 'a customer signs in to My receipts',
      prepare: async () => {
        const phone = await savedCustomer();
        // A minute later than the save, so that the sign-in's time differs from the save's on the held clock.
        vi.setSystemTime(Date.now() + 60_000);
        await call({ method: 'POST', url: '/customer/code', payload: { phone } });
        return { phone, otp: t.lastCode(e164(phone))! };
      },
      write: (payload: { phone: string; otp: string }) => call({ method: 'POST', url: '/customer/session', payload }),
      changes: ['appUsers'],
    },
    'POST /customer/session/from-save': {
      what: 'a customer who just saved a receipt opens My receipts from the Success dialog',
      prepare: async () => {
        const phone = newPhone();
        const o = await newOrder();
        await askCode(phone, o.id);
        const saved = await addOrder(phone, o.id, t.lastCode(e164(phone))!);
        // A minute later than the save, so that the sign-in's time differs from the save's on the held clock.
        vi.setSystemTime(Date.now() + 60_000);
        return saved.json().proof as string;
      },
      write: (proof: string) => call({ method: 'POST', url: '/customer/session/from-save', payload: { proof } }),
      changes: ['appUsers'],
    },
    'DELETE /customer/session': {
      what: 'a customer signs out of My receipts',
      prepare: async () => signedIn(await savedCustomer()),
      write: (cookies: Record<string, string>) => call({ method: 'DELETE', url: '/customer/session', cookies }),
      changes: [],
    },
    'POST /customer/receipts/:id/share': {
      what: 'a customer shares a saved receipt (nothing an answer memory holds)',
      prepare: async () => {
        const phone = await savedCustomer();
        const [o] = await t.database.db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.appUserId, await appUserId(phone)));
        return { cookies: await signedIn(phone), id: o.id };
      },
      write: (p: { cookies: Record<string, string>; id: number }) =>
        call({ method: 'POST', url: `/customer/receipts/${p.id}/share`, cookies: p.cookies }),
      status: 201,
      changes: [],
    },
    'DELETE /customer/receipts/:id/share': {
      what: 'a customer stops sharing a saved receipt (nothing an answer memory holds)',
      prepare: async () => {
        const phone = await savedCustomer();
        const [o] = await t.database.db
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.appUserId, await appUserId(phone)));
        return { cookies: await signedIn(phone), id: o.id };
      },
      write: (p: { cookies: Record<string, string>; id: number }) =>
        call({ method: 'DELETE', url: `/customer/receipts/${p.id}/share`, cookies: p.cookies }),
      status: 204,
      changes: [],
    },
    'POST /customer/data/code': {
      what: 'a customer asks for a code to delete their data',
      prepare: async () => signedIn(await savedCustomer()),
      write: (cookies: Record<string, string>) => call({ method: 'POST', url: '/customer/data/code', cookies }),
      changes: [],
    },
    'POST /customer/data/delete': {
      what: 'a customer deletes their data',
      prepare: async () => {
        const phone = await savedCustomer();
        const cookies = await signedIn(phone);
        await call({ method: 'POST', url: '/customer/data/code', cookies });
        return { cookies, otp: t.lastCode(e164(phone))! };
      },
      write: (p: { cookies: Record<string, string>; otp: string }) =>
        call({ method: 'POST', url: '/customer/data/delete', cookies: p.cookies, payload: { otp: p.otp } }),
      changes: ['statistics', 'latestOrders', 'appUsers', 'orders', 'activity', 'till'],
    },
    'DELETE /customer/consents/:restaurantId': {
      what: 'a customer withdraws their consent to a restaurant',
      prepare: async () => {
        const phone = newPhone();
        const o = await newOrder();
        expect((await askCode(phone, o.id)).statusCode).toBe(200);
        const saved = await call({
          method: 'POST',
          url: '/order/foodics/web/add-order',
          payload: {
            casherId: DEVICE,
            restaurantId: t.restaurantId,
            phone,
            otp: t.lastCode(e164(phone))!,
            orderId: o.id,
            consent: true,
          },
        });
        expect(saved.statusCode).toBe(200);
        return signedIn(phone);
      },
      write: (cookies: Record<string, string>) =>
        call({ method: 'DELETE', url: `/customer/consents/${t.restaurantId}`, cookies }),
      changes: ['guests'],
    },
    // Loyalty (issue 47).
    'PUT /api/loyalty/programs/:restaurantId': {
      what: "an admin changes a restaurant's loyalty program",
      write: () =>
        call({
          method: 'PUT',
          url: `/api/loyalty/programs/${t.restaurantId}`,
          headers: auth,
          payload: { enabled: true, points_per_unit: 1 },
        }),
      changes: ['activity'],
    },
    'POST /customer/loyalty/join': {
      what: "a customer who saved a receipt without the yes joins the restaurant's rewards from the Success dialog",
      prepare: async () => {
        await rewardsOn();
        const phone = newPhone();
        const o = await newOrder();
        await askCode(phone, o.id);
        return (await addOrder(phone, o.id, t.lastCode(e164(phone))!)).json() as { id: number; proof: string };
      },
      write: (saved: { id: number; proof: string }) =>
        call({ method: 'POST', url: '/customer/loyalty/join', payload: { receipt_id: saved.id, proof: saved.proof } }),
      changes: ['guests'],
    },
    'POST /pos/foodics/loyalty/reward': {
      what: "Foodics' till asks for a member's reward",
      prepare: () => tillMember(),
      write: (national: string) => atTill('reward', { customer_mobile_number: national }),
      changes: [],
    },
    'POST /pos/foodics/loyalty/redeem': {
      what: "Foodics' till redeems a member's reward",
      prepare: () => tillMember(),
      write: (national: string) =>
        atTill('redeem', { customer_mobile_number: national, reward_code: 'FAW', order_id: `faw-${national}` }),
      changes: [],
    },
    // Loyalty's back-office (issue 47): rewards, and a member's balance adjusted by hand.
    'POST /api/rewards': {
      what: 'an admin adds a reward',
      write: () => call({ method: 'POST', url: '/api/rewards', headers: auth, payload: newReward() }),
      changes: ['rewards', 'activity'],
    },
    'PATCH /api/rewards/:id': {
      what: 'an admin changes a reward',
      prepare: async () =>
        (await call({ method: 'POST', url: '/api/rewards', headers: auth, payload: newReward() })).json().id,
      write: (id: number) => call({ method: 'PATCH', url: `/api/rewards/${id}`, headers: auth, payload: { cost: 7 } }),
      changes: ['rewards', 'activity'],
    },
    'DELETE /api/rewards/:id': {
      what: 'an admin deletes a reward',
      prepare: async () =>
        (await call({ method: 'POST', url: '/api/rewards', headers: auth, payload: newReward() })).json().id,
      write: (id: number) => call({ method: 'DELETE', url: `/api/rewards/${id}`, headers: auth }),
      changes: ['rewards', 'activity'],
    },
    'POST /api/loyalty/members/:id/adjust': {
      what: "an admin adjusts a member's balance",
      prepare: async () => {
        const national = await tillMember();
        const [m] = await t.database.db
          .select({ id: loyaltyMembers.id })
          .from(loyaltyMembers)
          .where(eq(loyaltyMembers.appUserId, await appUserId(`0${national}`)));
        return m.id;
      },
      write: (id: number) =>
        call({
          method: 'POST',
          url: `/api/loyalty/members/${id}/adjust`,
          headers: auth,
          payload: { points: 3, reason: 'forget after write' },
        }),
      changes: ['members', 'ledger', 'activity'],
    },
    'POST /export/ticket': {
      what: 'an admin asks for a download ticket',
      write: () => call({ method: 'POST', url: '/export/ticket', headers: auth }),
      changes: [],
    },
  };

  /** The declared resources' create, edit and delete (tests/server/helpers/declared.ts), unless written above. */
  const DERIVED = declaredWrites(world, DECLARATIONS).filter((w) => !(w.key in HAND));
  const CASES: Record<string, Case & { applies?: () => boolean }> = {
    ...Object.fromEntries(
      DERIVED.map((w) => [
        w.key,
        {
          what: w.what,
          applies: w.applies,
          prepare: w.prepare,
          write: w.write,
          changes: w.list ? [w.list as Read, 'activity'] : ['activity'],
        },
      ]),
    ),
    ...HAND,
  };
  const applying = () => Object.keys(CASES).filter((k) => CASES[k].applies?.() ?? true);

  /** Back-office writes that record nothing in the audit trail, and why. */
  const NOTHING_RECORDED: Record<string, string> = {
    'POST /admin/logout': 'a sign-out changes no record (the token is refused from then on)',
    'POST /admin/totp/enrol': 'nothing is on until the code is confirmed (POST /admin/totp/confirm records it)',
    'POST /export/ticket': 'a ticket is no change; the download it opens is recorded (export.downloaded)',
    'POST /api/restaurants/foodics/connect':
      "a round trip's state only; the connection is recorded when Foodics sends the browser back (restaurant.connected)",
    'POST /api/restaurants/:id/setup/qr-sheet-printed':
      "a step of the setup checklist (the first print's time, shown on the checklist), not a change of the restaurant's records",
  };
  /** Whether a route is a back-office write: behind the admin guard (or an admin's face of POST /user). */
  const backOffice = (key: string) =>
    key === 'POST /user' ||
    t.app.routeFacts.some((f) => f.admin && f.method !== 'GET' && `${f.method} ${f.url}` === key);
  const trail = async () => (await t.database.db.select({ id: activity.id }).from(activity)).length;

  it('every write endpoint of the app has its case here (a new one fails until it has)', () => {
    const routes = writeRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes.length).toBeGreaterThan(10);
    expect(routes).toEqual(applying().sort());
  });

  it('every back-office write that records nothing is listed with why', () => {
    const silent = Object.keys(NOTHING_RECORDED);
    expect(silent.filter((k) => !backOffice(k))).toEqual([]);
  });

  it('a write route that does not say what it changes (or names a change nobody knows) is refused as it is added', async () => {
    const app = Fastify({ logger: false });
    app.decorate('deps', t.deps);
    await app.register(services);
    expect(() => app.post('/silent', async () => ({}))).toThrow(/POST \/silent: a write route says what it changes/);
    expect(() => app.delete('/typo', { config: { changes: ['orders' as never] } }, async () => ({}))).toThrow(
      /DELETE \/typo/,
    );
    app.post('/said', { config: { changes: [] } }, async () => ({}));
    app.get('/read', async () => ({}));
    await app.close();
  });

  describe('with the clock held, so that nothing remembered expires by itself during a case', () => {
    beforeAll(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    for (const [route, c] of Object.entries(CASES))
      it(`${route}: ${c.what}; ${c.changes.length ? `${c.changes.join(', ')} show it at once` : 'every screen stays right'}`, async (ctx) => {
        // A declared write whose route the resource registers by hand (its case is above) does not apply.
        if (c.applies && !c.applies()) return ctx.skip();
        const prepared = await c.prepare?.();
        // What the case needed may have been written past the app (straight into the database).
        forgetAll();
        const before = await readAll();
        const recorded = await trail();
        const res = await c.write(prepared as never);
        expect(res.statusCode, res.body).toBe(c.status ?? 200);
        // A write refused (404: nothing to change) records nothing; one that took effect does.
        if (backOffice(route) && !(route in NOTHING_RECORDED) && res.statusCode < 300)
          expect(await trail(), `${route}: a back-office write leaves its record in the audit trail`).toBeGreaterThan(
            recorded,
          );
        const after = await readAll();
        // What the database says: the same reads with every memory of the instance dropped.
        forgetAll();
        const fresh = await readAll();
        expect(after).toEqual(fresh);
        for (const screen of c.changes) expect(after[screen], screen).not.toBe(before[screen]);
      });
  });
});
