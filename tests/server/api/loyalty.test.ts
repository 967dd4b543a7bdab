// Loyalty (issue 47) through the real app and database, on PGlite and PostgreSQL: receipts saved as the invoice page
// saves them (a code, then add-order with or without the yes), the program API, earning with carried fractions, the
// least spend, joining after a save, a receipt earning once, returns and voids taking back and giving back (never
// below zero), the expiry, the append-only ledger, leaving, Delete my data and the customer's cards.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  activity,
  adminRestaurants,
  admins,
  appUsers,
  guestConsents,
  loyaltyLedger,
  loyaltyMembers,
  loyaltyPrograms,
  orders,
  restaurants,
} from '../../../server/db/schema';
import { insertReward } from '../../../server/db/repositories/loyaltyRewards';
import { earnForReceipt, expireIdleBalances, undoOrder } from '../../../server/db/repositories/loyalty';
import { readSystemReason } from '../../../src/contract/ledgerReasons';
import { EVERY_RESTAURANT } from '../../../server/db/scope';
import { CUSTOMER_COOKIE } from '../../../src/contract';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';

const WEBHOOK_SECRET = 'loyalty-webhook-secret-0123456789';
const TOKEN = 'a-loyalty-token-for-the-tests-0123456789';

describe('loyalty: program, earning, returns, expiry, the ledger, the customer', () => {
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  let grill: number;
  let tenOff: number;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      ...GENEROUS_CODE_LIMITS,
      FOODICS_CACHE_MS: '0',
      FOODICS_TIMEOUT_MS: '5000',
      FOODICS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FOODICS_LOYALTY_TOKEN: TOKEN,
      // The webhooks here are sent by the test, not for every order: the tills are read from the stand-in each time.
      FOODICS_WEBHOOK_POLL_MS: '0',
    });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    grill = t.restaurantId;
    // The restaurant's one reward (the customer's card lists it; the returns redeem it).
    tenOff = (
      await insertReward(t.database.db, EVERY_RESTAURANT, {
        code: 'TEN-OFF',
        restaurant_id: grill,
        name_en: '10 SAR off',
        name_ar: 'خصم 10 ريال',
        cost: 20,
        kind: 'amount',
        value: 10,
      })
    ).id;
  });
  afterAll(() => t.close());

  const e164 = (local: string) => `+966${local.slice(1)}`;
  const call = (opts: InjectOptions) => t.app.inject(opts);
  const program = (payload: Record<string, unknown>, restaurantId = grill, headers = auth) =>
    call({ method: 'PUT', url: `/api/loyalty/programs/${restaurantId}`, headers, payload });
  // Each test starts from the same program (on, 1 point per 50 SAR, no least spend, no expiry), whatever ran before
  // it; a test that needs another says so itself.
  beforeEach(async () => {
    const res = await program({ enabled: true, points_per_unit: 0.02, min_spend: 0, expiry_days: 0 });
    expect(res.statusCode, res.body).toBe(200);
  });

  /** Closes an order of `total` (tax included) on the till and saves it as the invoice page does. */
  async function save(local: string, total: number, consent?: boolean) {
    const o = t.foodics.addOrder(DEVICE, { total_price: total, payments: [{ method_id: 'pm-1', amount: total }] });
    const code = await call({
      method: 'POST',
      url: '/user',
      payload: { phone: local, restaurantId: grill, casherId: DEVICE, orderId: o.id },
    });
    expect(code.statusCode, code.body).toBe(200);
    const res = await call({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: {
        casherId: DEVICE,
        restaurantId: grill,
        phone: local,
        otp: t.lastCode(e164(local))!,
        orderId: o.id,
        ...(consent === undefined ? {} : { consent }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...(res.json() as { id: number; proof?: string; loyalty?: Record<string, unknown> }), posOrderId: o.id };
  }

  async function signIn(local: string) {
    await call({ method: 'POST', url: '/customer/code', payload: { phone: local } });
    const res = await call({
      method: 'POST',
      url: '/customer/session',
      payload: { phone: local, otp: t.lastCode(e164(local))! },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { [CUSTOMER_COOKIE]: res.cookies.find((c) => c.name === CUSTOMER_COOKIE)!.value };
  }

  const memberOf = async (local: string) => {
    const [m] = await t.database.db
      .select({ member: loyaltyMembers })
      .from(loyaltyMembers)
      .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
      .where(and(eq(appUsers.phone, e164(local)), eq(loyaltyMembers.restaurantId, grill)));
    return m?.member;
  };
  const entriesOf = async (local: string) => {
    const m = await memberOf(local);
    if (!m) return [];
    return t.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, m.id)).orderBy(loyaltyLedger.id);
  };
  /** A Foodics webhook as Foodics sends it (the stand-in's order changed status too: the read-back sees it). */
  const webhook = (order: Record<string, unknown>, event = 'order.updated') =>
    call({
      method: 'POST',
      url: `/pos/foodics/webhook/${WEBHOOK_SECRET}`,
      payload: { timestamp: Math.floor(Date.now() / 1000), event, business: FIXTURE.business, order },
    });

  it('the program: off by default, changed by an admin (recorded), 400 with field messages for bad values', async () => {
    // A restaurant that never had one (the setup above gave it one).
    await t.database.db.delete(loyaltyPrograms).where(eq(loyaltyPrograms.restaurantId, grill));
    t.app.answers.changed(['loyalty']);
    const read = await call({ method: 'GET', url: `/api/loyalty/programs/${grill}`, headers: auth });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      restaurant_id: grill,
      enabled: false,
      points_per_unit: 1,
      min_spend: 0,
      expiry_days: 0,
    });
    for (const [body, field] of [
      [{ points_per_unit: -1 }, 'points_per_unit'],
      [{ points_per_unit: 0 }, 'points_per_unit'],
      [{ points_per_unit: 101 }, 'points_per_unit'],
      [{ points_per_unit: 'two' }, 'points_per_unit'],
      [{ min_spend: -5 }, 'min_spend'],
      [{ expiry_days: 1.5 }, 'expiry_days'],
      [{ expiry_days: -1 }, 'expiry_days'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ colour: 'red' }, ''],
    ] as const) {
      const res = await program(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}`));
    }
    const res = await program({ enabled: true, points_per_unit: 0.02 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      restaurant_id: grill,
      enabled: true,
      points_per_unit: 0.02,
      min_spend: 0,
      expiry_days: 0,
    });
    const trail = await t.database.db.select().from(activity).where(eq(activity.kind, 'loyalty.programChanged'));
    expect(trail.at(-1)).toMatchObject({ targetId: String(grill) });
    expect(trail.at(-1)!.detail).toMatchObject({ fields: ['enabled', 'pointsPerUnit'] });
    // A restaurant that does not exist: 404.
    expect((await program({ enabled: true }, 999_999)).statusCode).toBe(404);
  });

  it('roles: a manager changes their own restaurant only, staff read only; a refused change changes nothing', async () => {
    const db = t.database.db;
    const [other] = await db
      .insert(restaurants)
      .values({
        name: 'Other',
        logo: 'https://example.com/o.png',
        token: 't',
        branchsToken: 't',
        systemType: 'Specter',
      })
      .returning({ id: restaurants.id });
    const account = async (role: 'manager' | 'staff') => {
      const [a] = await db
        .insert(admins)
        .values({ name: role, email: `${role}-loyalty@example.com`, passwordHash: 'x', role })
        .returning({ id: admins.id });
      await db.insert(adminRestaurants).values({ adminId: a.id, restaurantId: grill });
      return { id: a.id, headers: { authorization: `Bearer ${await t.deps.tokens.issue(a.id)}` } };
    };
    const manager = await account('manager');
    const staff = await account('staff');
    const before = (await call({ method: 'GET', url: `/api/loyalty/programs/${grill}`, headers: auth })).json();
    expect((await program({ min_spend: 7 }, other.id, manager.headers)).statusCode).toBe(404);
    expect(
      (await call({ method: 'GET', url: `/api/loyalty/programs/${other.id}`, headers: manager.headers })).statusCode,
    ).toBe(404);
    expect((await program({ min_spend: 7 }, grill, staff.headers)).statusCode).toBe(403);
    expect(
      (await call({ method: 'GET', url: `/api/loyalty/programs/${grill}`, headers: staff.headers })).json(),
    ).toEqual(before);
    const [untouched] = await db.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.restaurantId, other.id));
    expect(untouched).toBeUndefined();
    const mine = await program({ min_spend: 7 }, grill, manager.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ min_spend: 7 });
    await program({ min_spend: 0 });
    // Rewards (the back-office resource /api/rewards): another restaurant's is refused and invisible.
    const reward = { code: 'MGR', name_en: 'M', name_ar: 'م', cost: 5, kind: 'amount' as const, value: 1 };
    const rewards = (method: InjectOptions['method'], url: string, headers: Record<string, string>, payload?: object) =>
      call({ method, url: `/api/rewards${url}`, headers, payload });
    const refused = await rewards('POST', '', manager.headers, { ...reward, restaurant_id: other.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Restaurant not found' });
    const foreign = (await rewards('POST', '', auth, { ...reward, restaurant_id: other.id })).json();
    expect((await rewards('GET', `/${foreign.id}`, manager.headers)).statusCode).toBe(404);
    expect((await rewards('PATCH', `/${foreign.id}`, manager.headers, { cost: 1 })).statusCode).toBe(404);
    expect((await rewards('DELETE', `/${foreign.id}`, manager.headers)).statusCode).toBe(404);
    expect((await rewards('GET', `/${foreign.id}`, auth)).json().cost).toBe(5);
    // A code is never reused at a restaurant, whatever its case, even once its reward is deleted.
    expect((await rewards('DELETE', `/${foreign.id}`, auth)).statusCode).toBe(200);
    const again = await rewards('POST', '', auth, { ...reward, code: 'mgr', restaurant_id: other.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/never reused/);
    const kinds = (await db.select().from(activity)).map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(['loyalty.rewardCreated', 'loyalty.rewardDeleted']));
  });

  it('carried fractions: 30 SAR and then 20 SAR at 1 point per 50 SAR make one point', async () => {
    const first = await save('0551000001', 30, true);
    expect(first.loyalty).toEqual({ member: true, points: 0, balance: 0, below_min_spend: false });
    expect(Number((await memberOf('0551000001'))!.carried)).toBeCloseTo(0.6, 10);
    const second = await save('0551000001', 20);
    expect(second.loyalty).toEqual({ member: true, points: 1, balance: 1, below_min_spend: false });
    const m = (await memberOf('0551000001'))!;
    expect(m).toMatchObject({ balance: 1, lifetimePoints: 1 });
    expect(Number(m.carried)).toBe(0);
    const entries = await entriesOf('0551000001');
    expect(entries.map((e) => [e.kind, e.points, e.balanceAfter])).toEqual([
      ['earn', 0, 0],
      ['earn', 1, 1],
    ]);
    expect(entries.map((e) => Number(e.value))).toEqual([0.6, 0.4]);
    // The 30 SAR receipt returned: its exact worth leaves balance and fraction together - 0.4 carried, no point.
    expect(await undoOrder(t.database.db, grill, entries[0].posOrderId!, 5)).toEqual({
      takenBack: 1,
      givenBack: 0,
      entries: 1,
    });
    const back = (await memberOf('0551000001'))!;
    expect(back.balance).toBe(0);
    expect(Number(back.carried)).toBeCloseTo(0.4, 10);
  });

  it('no consent, no points: the save says what joining would give, and joining right there earns it, once', async () => {
    await program({ points_per_unit: 0.02 });
    const saved = await save('0551000002', 1400, false);
    expect(saved.loyalty).toEqual({ member: false, points: 28, balance: null, below_min_spend: false });
    expect(await memberOf('0551000002')).toBeUndefined();
    expect(await entriesOf('0551000002')).toEqual([]);
    // Joining with the save's proof: the yes is recorded and the receipt earns.
    const join = () =>
      call({ method: 'POST', url: '/customer/loyalty/join', payload: { receipt_id: saved.id, proof: saved.proof } });
    const joined = await join();
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ points: 28, balance: 28 });
    expect(joined.json().message).toContain('Najd Grill');
    const [consent] = await t.database.db
      .select()
      .from(guestConsents)
      .where(eq(guestConsents.phone, e164('0551000002')));
    expect(consent).toMatchObject({ restaurantId: grill });
    // Again: the receipt earned already.
    expect((await join()).json()).toMatchObject({ points: 0, balance: 28 });
    expect((await entriesOf('0551000002')).filter((e) => e.kind === 'earn')).toHaveLength(1);
    // Someone else's receipt, a forged proof, no proof and no session: refused, nothing earned.
    const other = await save('0551000009', 100, false);
    const foreign = await call({
      method: 'POST',
      url: '/customer/loyalty/join',
      payload: { receipt_id: other.id, proof: saved.proof },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call({ method: 'POST', url: '/customer/loyalty/join', payload: { receipt_id: other.id, proof: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call({ method: 'POST', url: '/customer/loyalty/join', payload: { receipt_id: other.id } })).statusCode,
    ).toBe(401);
    expect(await memberOf('0551000009')).toBeUndefined();
  });

  it('a receipt below the least spend earns nothing and carries nothing', async () => {
    await program({ min_spend: 100 });
    const low = await save('0551000003', 60, true);
    expect(low.loyalty).toEqual({ member: true, points: 0, balance: 0, below_min_spend: true });
    const high = await save('0551000003', 150);
    expect(high.loyalty).toEqual({ member: true, points: 3, balance: 3, below_min_spend: false });
    expect(Number((await memberOf('0551000003'))!.carried)).toBe(0);
    // Without the yes, below the least spend: joining would give nothing.
    expect((await save('0551000004', 60, false)).loyalty).toMatchObject({
      member: false,
      points: 0,
      below_min_spend: true,
    });
    await program({ min_spend: 0 });
  });

  it('a receipt earns once', async () => {
    const saved = await save('0551000005', 500, true);
    expect(saved.loyalty).toMatchObject({ points: 10, balance: 10 });
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, saved.id));
    const again = await t.database.db.transaction((tx) =>
      earnForReceipt(tx, {
        restaurantId: grill,
        appUserId: o.appUserId!,
        phone: e164('0551000005'),
        orderId: o.id,
        posOrderId: o.posOrderId,
        total: 500,
      }),
    );
    expect(again).toEqual({ member: true, points: 0, balance: 10, below_min_spend: false });
    expect((await entriesOf('0551000005')).filter((e) => e.kind === 'earn')).toHaveLength(1);
  });

  it('the ledger refuses UPDATE and DELETE of its rows; Delete my data may delete them', async () => {
    const db = t.database.db;
    // An entry of its own (the shuffled order may run this test first).
    const saved = await save('0551000099', 500, true);
    const [one] = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.posOrderId, saved.posOrderId));
    expect(one.kind).toBe('earn');
    await expect(
      db.execute(sql`update loyalty_ledger set points = points + 100 where id = ${one.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from loyalty_ledger where id = ${one.id}`)).rejects.toThrow();
    await expect(db.update(loyaltyLedger).set({ reason: 'x' }).where(eq(loyaltyLedger.id, one.id))).rejects.toThrow();
    const [still] = await db.select().from(loyaltyLedger).where(eq(loyaltyLedger.id, one.id));
    expect(still).toEqual(one);
    // A member's row may not be deleted either while its entries exist (their cascade is a DELETE of the ledger).
    await expect(db.delete(loyaltyMembers).where(eq(loyaltyMembers.id, one.memberId))).rejects.toThrow();
  });

  describe('returns and voids', () => {
    let reward: number;
    beforeEach(async () => {
      await program({ points_per_unit: 1 });
    });
    beforeAll(() => {
      reward = tenOff;
    });

    it('a returned order takes back its points (webhook, then read back from Foodics) and gives back its reward', async () => {
      const local = '0551000010';
      const earned = await save(local, 35, true);
      expect(earned.loyalty).toMatchObject({ points: 35, balance: 35 });
      // The till redeems the reward on another order.
      const redeemOrder = t.foodics.addOrder(DEVICE);
      const redeem = await call({
        method: 'POST',
        url: '/pos/foodics/loyalty/redeem',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: {
          customer_mobile_number: local.slice(1),
          mobile_country_code: 966,
          business_reference: FIXTURE.business.reference,
          reward_code: 'TEN-OFF',
          order_id: redeemOrder.id,
          discount_amount: 10,
          branch_id: FIXTURE.branches[0].id,
          user_id: 'cashier-7',
          date: '2026-11-20 12:00:00',
        },
      });
      expect(redeem.statusCode, redeem.body).toBe(200);
      expect(redeem.json()).toEqual({ status: 'success', balance: 15 });
      const [r] = (await entriesOf(local)).filter((e) => e.kind === 'redeem');
      expect(r).toMatchObject({
        points: -20,
        rewardId: reward,
        branchId: FIXTURE.branches[0].id,
        userId: 'cashier-7',
        posOrderId: redeemOrder.id,
        posDate: '2026-11-20 12:00:00',
      });

      // The redeemed-on order is returned at the till: its reward's cost comes back.
      const returned = t.foodics.setOrderStatus(redeemOrder.id, 5)!;
      const hook = await webhook({ ...returned, status: 5 });
      expect(hook.statusCode, hook.body).toBe(200);
      await expect.poll(async () => (await memberOf(local))!.balance).toBe(35);
      // The earning order is voided: its points are taken back.
      t.foodics.setOrderStatus(earned.posOrderId, 7);
      await webhook({ id: earned.posOrderId, status: 7, device_id: DEVICE });
      await expect.poll(async () => (await memberOf(local))!.balance).toBe(0);
      const entries = await entriesOf(local);
      expect(entries.map((e) => [e.kind, e.points, e.balanceAfter])).toEqual([
        ['earn', 35, 35],
        ['redeem', -20, 15],
        ['give-back', 20, 35],
        ['take-back', -35, 0],
      ]);
      // Each reason the system wrote is one the back-office says in the admin's language (src/contract/ledgerReasons).
      expect(entries.slice(2).map((e) => readSystemReason(e.reason ?? ''))).toEqual([
        { id: 'givenBack', values: { how: 'returned' } },
        { id: 'takenBack', values: { how: 'void' } },
      ]);
      // Again (Foodics retries, another event of the same order): nothing more.
      await webhook({ id: earned.posOrderId, status: 7, updated_at: 'later', device_id: DEVICE });
      expect(await undoOrder(t.database.db, grill, earned.posOrderId, 7)).toEqual({
        takenBack: 0,
        givenBack: 0,
        entries: 0,
      });
      expect(await entriesOf(local)).toHaveLength(4);
    });

    it('a webhook alone undoes nothing: the order must be returned at Foodics when read back', async () => {
      const local = '0551000011';
      const earned = await save(local, 50, true);
      // The event says returned; Foodics (read back) says it is still closed.
      await webhook({ id: earned.posOrderId, status: 5, device_id: DEVICE });
      await new Promise((r) => setTimeout(r, 300));
      expect((await memberOf(local))!.balance).toBe(50);
      expect((await entriesOf(local)).map((e) => e.kind)).toEqual(['earn']);
    });

    it('never below zero: a take-back larger than the balance stops at zero, and the ledger says so', async () => {
      const local = '0551000012';
      const big = await save(local, 40, true);
      expect(big.loyalty).toMatchObject({ balance: 40 });
      const o = t.foodics.addOrder(DEVICE);
      const redeem = await call({
        method: 'POST',
        url: '/pos/foodics/loyalty/redeem',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: {
          customer_mobile_number: local,
          mobile_country_code: 'SA',
          business_reference: String(FIXTURE.business.reference),
          reward_code: 'ten-off',
          order_id: o.id,
        },
      });
      expect(redeem.json()).toEqual({ status: 'success', balance: 20 });
      const undone = await undoOrder(t.database.db, grill, big.posOrderId, 5);
      expect(undone).toEqual({ takenBack: 20, givenBack: 0, entries: 1 });
      const m = (await memberOf(local))!;
      expect(m.balance).toBe(0);
      const last = (await entriesOf(local)).at(-1)!;
      expect(last).toMatchObject({ kind: 'take-back', points: -20, balanceAfter: 0 });
      expect(last.reason).toMatch(/stopped at zero \(20 not taken\)/);
    });

    it('a Specter POS pushing an order as returned undoes its points at once', async () => {
      // The push is the POS's word (its own key): covered by the same undoOrder; here the Foodics restaurant's
      // undo is called as the push route calls it.
      const local = '0551000013';
      const earned = await save(local, 12, true);
      const { undoPushedOrder } = await import('../../../server/pos/loyaltyUndo');
      expect(await undoPushedOrder(t.app.deps, grill, earned.posOrderId, 4)).toBeNull();
      expect(await undoPushedOrder(t.app.deps, grill, earned.posOrderId, 5)).toEqual({
        takenBack: 12,
        givenBack: 0,
        entries: 1,
      });
    });
  });

  it("expiry: a balance idle for the program's expiry_days expires (the ledger says so); the customer saw the date", async () => {
    await program({ points_per_unit: 1, expiry_days: 30 });
    const local = '0551000020';
    await save(local, 80, true);
    const cookie = await signIn(local);
    const card = async () =>
      (await call({ method: 'GET', url: '/customer/loyalty', cookies: cookie })).json().programs[0] as {
        balance: number;
        expires_at: string | null;
      };
    const m = (await memberOf(local))!;
    expect((await card()).expires_at).toBe(new Date(m.lastActivityAt.getTime() + 30 * 86_400_000).toISOString());
    // 29 days later nothing expires; 31 days later the balance does.
    expect(await expireIdleBalances(t.database.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect((await memberOf(local))!.balance).toBe(80);
    const expired = await expireIdleBalances(t.database.db, new Date(Date.now() + 31 * 86_400_000));
    expect(expired).toBeGreaterThanOrEqual(1);
    expect((await memberOf(local))!.balance).toBe(0);
    const expiry = (await entriesOf(local)).at(-1)!;
    expect(expiry).toMatchObject({ kind: 'expire', points: -80, balanceAfter: 0 });
    // Written by the query itself: the same sentence the back-office reads back, with the program's days.
    expect(readSystemReason(expiry.reason ?? '')).toEqual({ id: 'expired', values: { days: '30' } });
    expect((await card()).expires_at).toBeNull();
    // A second run expires nothing twice.
    expect((await entriesOf(local)).filter((e) => e.kind === 'expire')).toHaveLength(1);
    await expireIdleBalances(t.database.db, new Date(Date.now() + 32 * 86_400_000));
    expect((await entriesOf(local)).filter((e) => e.kind === 'expire')).toHaveLength(1);
    await program({ expiry_days: 0 });
  });

  it("the customer's card: balance, next reward, rewards, the QR the cashier scans, the history", async () => {
    await program({ points_per_unit: 1 });
    const local = '0551000030';
    const saved = await save(local, 25, true);
    const cookie = await signIn(local);
    const res = await call({
      method: 'GET',
      url: '/customer/loyalty',
      cookies: cookie,
      headers: { 'accept-language': 'ar' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { programs } = res.json();
    expect(programs).toHaveLength(1);
    const [card] = programs;
    expect(card).toMatchObject({
      restaurant_id: grill,
      restaurant: { name: 'Najd Grill' },
      balance: 25,
      rewards: [{ name: 'خصم 10 ريال', cost: 20, affordable: true }],
      next_reward: null,
      expires_at: null,
    });
    expect(JSON.parse(card.qr)).toEqual({ customer_mobile_number: '551000030', mobile_country_code: 966 });
    expect(card.qr).toBe('{"customer_mobile_number": "551000030", "mobile_country_code": 966}');
    expect(card.entries).toEqual([
      expect.objectContaining({ kind: 'earn', points: 25, balance_after: 25, order_number: expect.any(String) }),
    ]);
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, saved.id));
    expect(card.entries[0].order_number).toBe(o.orderNumber);
    // Not signed in: 401.
    expect((await call({ method: 'GET', url: '/customer/loyalty' })).statusCode).toBe(401);
  });

  it('withdrawing the consent ends the membership: the points are forfeited, the ledger says so', async () => {
    await program({ points_per_unit: 1 });
    const local = '0551000040';
    await save(local, 33, true);
    const cookie = await signIn(local);
    const res = await call({ method: 'DELETE', url: `/customer/consents/${grill}`, cookies: cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/points lost: 33/);
    const m = (await memberOf(local))!;
    expect(m.balance).toBe(0);
    expect(m.leftAt).not.toBeNull();
    const left = (await entriesOf(local)).at(-1)!;
    expect(left).toMatchObject({ kind: 'adjust', points: -33, balanceAfter: 0, adminId: null });
    expect(readSystemReason(left.reason ?? '')).toEqual({ id: 'leftProgram', values: {} });
    expect((await call({ method: 'GET', url: '/customer/loyalty', cookies: cookie })).json().programs).toEqual([]);
    // A later save with the yes joins again, from zero.
    expect((await save(local, 10, true)).loyalty).toMatchObject({ member: true, points: 10, balance: 10 });
  });

  it('Delete my data removes the memberships and every ledger entry of them', async () => {
    const local = '0551000050';
    // Another member's entry, which stays (and is then refused a delete).
    await save('0551000051', 100, true);
    await save(local, 70, true);
    const memberId = (await memberOf(local))!.id;
    expect(await entriesOf(local)).not.toHaveLength(0);
    const cookie = await signIn(local);
    const res = await call({ method: 'POST', url: '/customer/data/delete', cookies: cookie, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(loyaltyMembers).where(eq(loyaltyMembers.id, memberId))).toEqual([]);
    expect(await t.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, memberId))).toEqual([]);
    // The ledger is still append-only afterwards (the permission was the deleting transaction's only).
    const [one] = await t.database.db.select().from(loyaltyLedger).limit(1);
    expect(one).toBeDefined();
    await expect(t.database.db.execute(sql`delete from loyalty_ledger where id = ${one.id}`)).rejects.toThrow();
  });

  it('an admin deleting an app user deletes their memberships and ledger', async () => {
    const local = '0551000060';
    await save(local, 15, true);
    const m = (await memberOf(local))!;
    const res = await call({ method: 'DELETE', url: `/user/${m.appUserId}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, m.id))).toEqual([]);
  });
});
