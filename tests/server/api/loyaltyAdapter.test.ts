// Foodics' Loyalty Adapter (issue 47, docs/POS.md "The loyalty adapter") over the real app and database, on PGlite and
// PostgreSQL: the token (401, 404 when unset), the answer for each reward kind and each form of country code and
// phone, the 400s and 404s a cashier reads, redeem once per (business reference, order, code), 20 redeems of one
// member at once, and the stand-in's till playing the whole loop over HTTP (scan, discount, redeem, return).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  appUsers,
  guestConsents,
  loyaltyLedger,
  loyaltyMembers,
  loyaltyPrograms,
  loyaltyRewards,
} from '../../../server/db/schema';
import { insertReward } from '../../../server/db/repositories/loyaltyRewards';
import { EVERY_RESTAURANT } from '../../../server/db/scope';
import { CONSENT_WORDING_VERSION } from '../../../src/contract';
import { EGYPT_TOKEN_SUFFIX, FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';
import { addFoodicsRestaurant, createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { createTestApp } from '../helpers/app';

const TOKEN = 'the-loyalty-adapter-token-0123456789abcdef';
const BUSINESS = FIXTURE.business.reference;
const WEBHOOK_SECRET = 'adapter-webhook-secret-0123456789';

describe("Foodics' loyalty adapter", () => {
  let t: FoodicsTestApp;
  let grill: number;
  let nile: number;
  let n = 0;
  beforeAll(async () => {
    t = await createFoodicsTestApp({
      FOODICS_LOYALTY_TOKEN: TOKEN,
      FOODICS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FOODICS_CACHE_MS: '0',
      FOODICS_TIMEOUT_MS: '5000',
    });
    grill = t.restaurantId;
    nile = await addFoodicsRestaurant(t.deps, `${t.foodics.token}${EGYPT_TOKEN_SUFFIX}`, 'Nile Kitchen');
    const db = t.database.db;
    await db.insert(loyaltyPrograms).values([
      { restaurantId: grill, enabled: true, pointsPerUnit: '1' },
      { restaurantId: nile, enabled: true, pointsPerUnit: '1' },
    ]);
    const reward = (restaurantId: number, body: Record<string, unknown>) =>
      insertReward(db, EVERY_RESTAURANT, {
        restaurant_id: restaurantId,
        name_ar: 'مكافأة',
        ...body,
      } as Parameters<typeof insertReward>[2]);
    await reward(grill, { code: 'TEN-OFF', name_en: '10 SAR off', cost: 50, kind: 'amount', value: 10 });
    await reward(grill, {
      code: 'FIFTEEN',
      name_en: '15% off',
      cost: 100,
      kind: 'percent',
      value: 15,
      max_discount: 25,
    });
    await reward(grill, {
      code: 'KARAK',
      name_en: 'Free Karak Tea',
      cost: 20,
      kind: 'products',
      value: 1,
      max_discount: 6,
      product_ids: ['p-3'],
    });
    const off = await reward(grill, { code: 'OLD', name_en: 'Retired', cost: 5, kind: 'amount', value: 1 });
    await db.update(loyaltyRewards).set({ active: false }).where(eq(loyaltyRewards.id, off.id));
    await reward(nile, { code: 'NILE-TEA', name_en: 'Tea', cost: 5, kind: 'amount', value: 5 });
  });
  afterAll(() => t.close());

  /** A member of the restaurant with this balance: a new phone, its yes, its membership. */
  async function member(balance: number, restaurantId = grill) {
    const national = `5${String(40_000_000 + ++n).slice(-8)}`;
    const phone = `+966${national}`;
    const db = t.database.db;
    const [u] = await db.insert(appUsers).values({ phone }).returning({ id: appUsers.id });
    await db.insert(guestConsents).values({ phone, restaurantId, wordingVersion: CONSENT_WORDING_VERSION });
    const [m] = await db
      .insert(loyaltyMembers)
      .values({ restaurantId, appUserId: u.id, balance })
      .returning({ id: loyaltyMembers.id });
    return { national, phone, memberId: m.id };
  }
  const balanceOf = async (memberId: number) =>
    (await t.database.db.select().from(loyaltyMembers).where(eq(loyaltyMembers.id, memberId)))[0].balance;

  const post = (path: 'reward' | 'redeem', payload: Record<string, unknown>, authorization = `Bearer ${TOKEN}`) =>
    t.app.inject({ method: 'POST', url: `/pos/foodics/loyalty/${path}`, headers: { authorization }, payload });

  it('the token: missing, wrong or another scheme is 401 with a message; the bare token is accepted', async () => {
    const m = await member(60);
    const body = { customer_mobile_number: m.national, mobile_country_code: 966, business_reference: BUSINESS };
    for (const authorization of [
      '',
      `Bearer ${TOKEN}x`,
      'Bearer short',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(1)}`,
    ]) {
      const res = await post('reward', body, authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ message: 'The loyalty token is missing or wrong' });
    }
    expect((await post('reward', body, TOKEN)).statusCode).toBe(200);
    // A refused redeem took nothing.
    const refused = await post('redeem', { ...body, order_id: 'o-401', reward_code: 'TEN-OFF' }, 'Bearer nope');
    expect(refused.statusCode).toBe(401);
    expect(await balanceOf(m.memberId)).toBe(60);
  });

  it('unset FOODICS_LOYALTY_TOKEN: the adapter answers 404, as a path that does not exist', async () => {
    const bare = await createTestApp();
    try {
      for (const path of ['reward', 'redeem']) {
        const res = await bare.app.inject({
          method: 'POST',
          url: `/pos/foodics/loyalty/${path}`,
          headers: { authorization: `Bearer ${TOKEN}` },
          payload: {},
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
    } finally {
      await bare.close();
    }
  });

  it('each reward kind in the adapter shape: type 1 amount, type 1 percent capped, type 2 products', async () => {
    const m = await member(500);
    const ask = async (reward_code: string) => {
      const res = await post('reward', {
        customer_mobile_number: m.national,
        mobile_country_code: '966',
        business_reference: String(BUSINESS),
        reward_code,
        branch_id: FIXTURE.branches[0].id,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const echo = {
      customer_mobile_number: m.national,
      mobile_country_code: '966',
      business_reference: String(BUSINESS),
    };
    expect(await ask('TEN-OFF')).toEqual({
      type: 1,
      discount_amount: 10,
      is_percent: false,
      max_discount_amount: 10,
      discount_includes_modifiers: false,
      allowed_products: null,
      is_discount_taxable: false,
      reward_code: 'TEN-OFF',
      ...echo,
    });
    expect(await ask('fifteen')).toEqual({
      type: 1,
      discount_amount: 15,
      is_percent: true,
      max_discount_amount: 25,
      discount_includes_modifiers: false,
      allowed_products: null,
      is_discount_taxable: false,
      reward_code: 'FIFTEEN',
      ...echo,
    });
    expect(await ask('KARAK')).toEqual({
      type: 2,
      discount_amount: 100,
      is_percent: true,
      max_discount_amount: 6,
      discount_includes_modifiers: false,
      allowed_products: ['p-3'],
      is_discount_taxable: false,
      reward_code: 'KARAK',
      ...echo,
    });
    // Without a code: the dearest reward the balance affords; asking takes nothing.
    const best = await post('reward', {
      customer_mobile_number: m.national,
      mobile_country_code: 966,
      business_reference: BUSINESS,
    });
    expect(best.json()).toMatchObject({
      reward_code: 'FIFTEEN',
      mobile_country_code: 966,
      business_reference: BUSINESS,
    });
    expect(await balanceOf(m.memberId)).toBe(500);
  });

  it('every form of the country code and the phone finds the member', async () => {
    const m = await member(60);
    const forms: [unknown, unknown][] = [
      [m.national, 966],
      [m.national, '966'],
      [m.national, '+966'],
      [m.national, '00966'],
      [m.national, 'SA'],
      [m.national, 'sa'],
      [`0${m.national}`, 966],
      [`0${m.national}`, 'SA'],
      [`966${m.national}`, 966],
      [Number(m.national), 966],
      [`${m.national.slice(0, 2)} ${m.national.slice(2, 5)} ${m.national.slice(5)}`, '+966'],
    ];
    for (const [customer_mobile_number, mobile_country_code] of forms) {
      const res = await post('reward', { customer_mobile_number, mobile_country_code, business_reference: BUSINESS });
      expect(res.statusCode, `${customer_mobile_number} / ${mobile_country_code}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ reward_code: 'TEN-OFF', customer_mobile_number, mobile_country_code });
    }
  });

  it('bad input: 400 with the field named, never a 5xx', async () => {
    const m = await member(60);
    const ok = { customer_mobile_number: m.national, mobile_country_code: 966, business_reference: BUSINESS };
    const cases: [string, Record<string, unknown>, 'reward' | 'redeem', RegExp][] = [
      ['no phone', { ...ok, customer_mobile_number: undefined }, 'reward', /^customer_mobile_number: /],
      ['an empty phone', { ...ok, customer_mobile_number: '' }, 'reward', /^customer_mobile_number: /],
      ['a phone too short', { ...ok, customer_mobile_number: '12' }, 'reward', /^customer_mobile_number: /],
      ['letters for a phone', { ...ok, customer_mobile_number: 'five-five' }, 'reward', /^customer_mobile_number: /],
      ['a phone as an object', { ...ok, customer_mobile_number: { n: 1 } }, 'reward', /^customer_mobile_number: /],
      ['no country code', { ...ok, mobile_country_code: undefined }, 'reward', /^mobile_country_code: /],
      ['an unknown country', { ...ok, mobile_country_code: 'XX' }, 'reward', /^customer_mobile_number: /],
      ['no business', { ...ok, business_reference: undefined }, 'reward', /^business_reference: /],
      ['no order on a redeem', { ...ok, reward_code: 'TEN-OFF' }, 'redeem', /^order_id: /],
      [
        'a discount that is not a number',
        { ...ok, reward_code: 'TEN-OFF', order_id: 'o-1', discount_amount: 'ten' },
        'redeem',
        /^discount_amount: must be a number/,
      ],
      [
        'a negative discount',
        { ...ok, reward_code: 'TEN-OFF', order_id: 'o-1', discount_amount: -3 },
        'redeem',
        /^discount_amount: /,
      ],
    ];
    for (const [what, body, path, message] of cases) {
      const res = await post(path, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toMatch(message);
    }
    // Not JSON at all.
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/pos/foodics/loyalty/reward',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: '{"customer_mobile_number": ',
    });
    expect(garbled.statusCode).toBe(400);
    expect(await balanceOf(m.memberId)).toBe(60);
  });

  it('404 with a line a cashier understands, and nothing taken', async () => {
    const m = await member(30);
    const ok = { customer_mobile_number: m.national, mobile_country_code: 966, business_reference: BUSINESS };
    const stranger = (await member(0)).national;
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'an unknown business',
        { ...ok, business_reference: 999_999 },
        'This Foodics business is not connected to Specter rewards',
      ],
      [
        'a phone with no account',
        { ...ok, customer_mobile_number: '599999999' },
        'This customer is not a member of the rewards program',
      ],
      [
        "another restaurant's member",
        { ...ok, business_reference: FIXTURE_EG.business.reference },
        'This customer is not a member of the rewards program',
      ],
      ['an unknown reward', { ...ok, reward_code: 'NOPE' }, 'This reward does not exist or is no longer offered'],
      ['an inactive reward', { ...ok, reward_code: 'OLD' }, 'This reward does not exist or is no longer offered'],
      [
        "another restaurant's reward",
        { ...ok, reward_code: 'NILE-TEA' },
        'This reward does not exist or is no longer offered',
      ],
      [
        'a reward the member cannot afford',
        { ...ok, reward_code: 'TEN-OFF' },
        'The customer does not have enough points for this reward',
      ],
      [
        'nothing affordable',
        { ...ok, customer_mobile_number: stranger },
        'The customer does not have enough points for a reward yet',
      ],
    ];
    for (const [what, body, message] of cases) {
      const res = await post('reward', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
      expect(res.json(), what).toEqual({ message });
    }
    // In Arabic when the POS asks for it.
    const ar = await t.app.inject({
      method: 'POST',
      url: '/pos/foodics/loyalty/reward',
      headers: { authorization: `Bearer ${TOKEN}`, 'accept-language': 'ar' },
      payload: { ...ok, reward_code: 'NOPE' },
    });
    expect(ar.json()).toEqual({ message: 'هذه المكافأة غير موجودة أو لم تعد متاحة' });
    // A redeem of a reward the member cannot afford: 400 "Not enough points"; of an unknown one 404.
    const short = await post('redeem', { ...ok, reward_code: 'TEN-OFF', order_id: 'o-short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Not enough points' });
    expect((await post('redeem', { ...ok, reward_code: 'NOPE', order_id: 'o-nope' })).statusCode).toBe(404);
    expect(await balanceOf(m.memberId)).toBe(30);
  });

  it('redeem is idempotent on (business reference, order, code): a retry answers 200 and takes nothing more', async () => {
    const m = await member(120);
    const body = {
      customer_mobile_number: m.national,
      mobile_country_code: 966,
      business_reference: BUSINESS,
      reward_code: 'TEN-OFF',
      order_id: 'order-idem-1',
      discount_amount: 10,
    };
    const first = await post('redeem', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'success', balance: 70 });
    // Retried as Foodics does, the same business reference as a string, the phone in another form.
    const again = await post('redeem', {
      ...body,
      business_reference: String(BUSINESS),
      customer_mobile_number: `0${m.national}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'success', balance: 70 });
    // Even once the balance no longer affords it.
    await post('redeem', { ...body, order_id: 'order-idem-2' });
    expect(await balanceOf(m.memberId)).toBe(20);
    expect((await post('redeem', body)).json()).toEqual({ status: 'success', balance: 20 });
    // Another order, or another reward on the same order, is another redeem.
    expect((await post('redeem', { ...body, order_id: 'order-idem-3', reward_code: 'KARAK' })).json()).toEqual({
      status: 'success',
      balance: 0,
    });
    const redeems = await t.database.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.memberId, m.memberId), eq(loyaltyLedger.kind, 'redeem')));
    expect(redeems.map((r) => [r.posOrderId, r.points])).toEqual([
      ['order-idem-1', -50],
      ['order-idem-2', -50],
      ['order-idem-3', -20],
    ]);
  });

  it('20 redeems of one member at once: exactly the ones the balance allows pass, the balance never below zero', async () => {
    const m = await member(75);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('redeem', {
          customer_mobile_number: m.national,
          mobile_country_code: 966,
          business_reference: BUSINESS,
          reward_code: 'TEN-OFF'.toLowerCase(),
          order_id: `till-race-${i}`,
          branch_id: FIXTURE.branches[i % 2].id,
          user_id: `cashier-${i}`,
        }).then((r) => r.statusCode),
      ),
    );
    // 75 points, 50 a reward: one passes, nineteen are refused.
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 400)).toHaveLength(19);
    expect(await balanceOf(m.memberId)).toBe(25);
    const again = await member(205);
    const kinds = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('redeem', {
          customer_mobile_number: again.national,
          mobile_country_code: 'SA',
          business_reference: BUSINESS,
          reward_code: 'KARAK',
          order_id: `till-race-b-${i}`,
        }).then((r) => r.statusCode),
      ),
    );
    // 205 points, 20 a reward: ten pass.
    expect(kinds.filter((s) => s === 200)).toHaveLength(10);
    expect(kinds.filter((s) => s === 400)).toHaveLength(10);
    expect(await balanceOf(again.memberId)).toBe(5);
    const entries = await t.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.memberId, again.memberId));
    expect(entries).toHaveLength(10);
    expect(entries.map((e) => e.balanceAfter).sort((a, b) => b - a)).toEqual([
      185, 165, 145, 125, 105, 85, 65, 45, 25, 5,
    ]);
  });

  it("the stand-in's till: scans a member's QR on a new order, its total drops, the balance drops; returned, it comes back", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.foodics.setLoyalty({ url: `${address}/pos/foodics/loyalty`, token: TOKEN });
    t.foodics.setWebhookUrl(`${address}/pos/foodics/webhook/${WEBHOOK_SECRET}`);
    try {
      const m = await member(45);
      const qr = `{"customer_mobile_number": "${m.national}", "mobile_country_code": 966}`;
      const scan = await t.foodics.scanAtTill(DEVICE, qr);
      expect(scan.reward.status).toBe(200);
      expect(scan.reward.body).toMatchObject({ reward_code: 'KARAK', type: 2 });
      expect(scan.discount).toBe(6);
      expect(scan.order.total_price).toBeCloseTo(scan.before - 6 * 1.15, 2);
      expect(scan.redeem).toEqual({ status: 200, body: { status: 'success', balance: 25 } });
      expect(await balanceOf(m.memberId)).toBe(25);
      const [entry] = await t.database.db
        .select()
        .from(loyaltyLedger)
        .where(and(eq(loyaltyLedger.memberId, m.memberId), eq(loyaltyLedger.kind, 'redeem')));
      expect(entry).toMatchObject({ posOrderId: scan.order.id, userId: 'cashier-1', branchId: FIXTURE.branches[0].id });
      // The cashier returns the order: Foodics' webhook, read back, gives the reward's cost back.
      t.foodics.setOrderStatus(scan.order.id, 5);
      await t.foodics.webhooksSettled();
      await expect.poll(() => balanceOf(m.memberId)).toBe(45);
    } finally {
      t.foodics.setWebhookUrl(null);
      t.foodics.setLoyalty(null);
    }
  });
});
