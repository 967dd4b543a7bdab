import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import {
  adminRestaurants,
  admins,
  appUsers,
  guestConsents,
  guests,
  orders,
  restaurants,
} from '../../../server/db/schema';
import { hashPassword } from '../../../server/lib/passwords';
import { maskPhone } from '../../../server/core/phone';
import { saveOrderToAccount } from '../../../server/db/repositories/savedOrders';
import { keepGuest } from '../../../server/db/repositories/guests';
import type { PosOrder } from '../../../server/core/posPort';
import { CONSENT_WORDING_VERSION, CUSTOMER_COOKIE } from '../../../src/contract';
import { addFoodicsRestaurant, createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';
import { localDateTime } from '../../../server/pos/foodics/mapping';
import { EGYPT_TOKEN_SUFFIX, FIXTURE, FIXTURE_EG } from '../../../server/stand-ins/foodics/fixture';

import { parse } from 'csv-parse/sync';

/** The Egyptian business's first till (a second restaurant's: a business and its tills are one restaurant's). */
const CAFE_TILL = FIXTURE_EG.devices[0].id;

/** The restaurant's business day `daysBack` days before today, as its orders are dated (the POS's time zone, read by
 * the same mapping): from 21:00 UTC the Riyadh day is already the next UTC one. */
function businessDay(daysBack = 0): string {
  const today = localDateTime(new Date().toISOString(), FIXTURE.settings.business_timezone).date;
  return new Date(Date.parse(`${today}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
}

// The guestbook (issue 34) through the real app and database: receipts saved the way the invoice page saves them
// (a code, then add-order with or without `consent`), at restaurants on the Foodics stand-in. Each test saves its
// own receipts at restaurants of its own, with phones of its own, so it stands alone and in any order.
describe('the guestbook: consent, guests, insights', () => {
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...GENEROUS_CODE_LIMITS, FOODICS_CACHE_MS: '0', FOODICS_TIMEOUT_MS: '5000' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  const e164 = (local: string) => `+966${local.slice(1)}`;
  const call = (opts: InjectOptions) => t.app.inject(opts);
  const admin = (url: string) => call({ method: 'GET', url, headers: auth });
  /** The tills of the restaurants the tests made: a cafe's is the Egyptian business's. */
  const tillOf = new Map<number, string>();
  /**
   * A restaurant of the test's own on one of the stand-in's Foodics businesses (its tills synced): the Saudi one, or
   * the Egyptian one for a test's second restaurant. A business is one restaurant's (docs/POS.md, "One business, one
   * restaurant"), so the restaurant an earlier test made on it is deleted first (through the API: its tills go too).
   */
  async function restaurant(name: string, business: 'sa' | 'eg' = 'sa') {
    const reference = String((business === 'eg' ? FIXTURE_EG : FIXTURE).business.reference);
    const holders = await t.database.db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(and(eq(restaurants.posBusinessRef, reference), eq(restaurants.isDeleted, false)));
    for (const h of holders) {
      const res = await call({
        method: 'PATCH',
        url: `/restaurant/delete/${h.id}`,
        headers: auth,
        payload: { isDeleted: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const token = business === 'eg' ? `${t.foodics.token}${EGYPT_TOKEN_SUFFIX}` : t.foodics.token;
    const id = await addFoodicsRestaurant(t.deps, token, name);
    tillOf.set(id, business === 'eg' ? CAFE_TILL : DEVICE);
    return id;
  }

  /** Saves a new order of the till to a phone at a restaurant, as the invoice page does; answers its id. */
  async function save(local: string, restaurantId: number, consent?: boolean) {
    const till = tillOf.get(restaurantId) ?? DEVICE;
    const o = t.foodics.addOrder(till);
    const code = await call({
      method: 'POST',
      url: '/user',
      payload: { phone: local, restaurantId, casherId: till, orderId: o.id },
    });
    expect(code.statusCode, code.body).toBe(200);
    const res = await call({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: {
        casherId: till,
        restaurantId,
        phone: local,
        otp: t.lastCode(e164(local))!,
        orderId: o.id,
        ...(consent === undefined ? {} : { consent }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
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

  const list = async (query: string, headers = auth) => {
    const res = await call({ method: 'GET', url: `/guest?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as { id: number; phone: string; visits: number }[], total: res.headers['x-total-count'] };
  };
  const exported = async (query = '') => {
    const res = await admin(`/guest/export.csv?${query}`);
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const savedOf = async (local: string, restaurantId: number) =>
    t.database.db
      .select()
      .from(orders)
      .innerJoin(appUsers, eq(appUsers.id, orders.appUserId))
      .where(and(eq(appUsers.phone, e164(local)), eq(orders.restaurantId, restaurantId)));
  /** The guest row of a phone at a restaurant (consented or not). */
  const guestRow = async (local: string, restaurantId: number) => {
    const [row] = await t.database.db
      .select({ id: guests.id, consented: guests.consented, appUserId: guests.appUserId })
      .from(guests)
      .innerJoin(appUsers, eq(appUsers.id, guests.appUserId))
      .where(and(eq(appUsers.phone, e164(local)), eq(guests.restaurantId, restaurantId)));
    return row;
  };
  const insightsToday = async (restaurantId: number) => {
    const today = businessDay();
    return (await admin(`/guest/insights?restaurantId=${restaurantId}&from=${today}&to=${today}`)).json();
  };
  const money = (n: number) => Math.round(n * 100) / 100;
  /** A bearer header of a new manager or staff account of these restaurants. */
  const accountOf = async (role: 'manager' | 'staff', restaurantIds: number[]) => {
    const [a] = await t.database.db
      .insert(admins)
      .values({
        name: `${role} ${restaurantIds.join('-')}`,
        email: `${role}-${restaurantIds.join('-')}@example.com`,
        passwordHash: await hashPassword('password-123'),
        role,
      })
      .returning({ id: admins.id });
    await t.database.db
      .insert(adminRestaurants)
      .values(restaurantIds.map((restaurantId) => ({ adminId: a.id, restaurantId })));
    return { authorization: `Bearer ${await t.deps.tokens.issue(a.id)}` };
  };

  it('a consenting guest: three receipts, one yes, recorded with its time and wording version; one row with 3 visits and their spend', async () => {
    const grill = await restaurant('Consent Grill');
    const SARA = '0532000001';
    const before = Date.now();
    await save(SARA, grill, true);
    await save(SARA, grill); // no consent sent: the yes stays
    await save(SARA, grill, false); // unticked: the yes stays (withdrawn only in My receipts)
    const [consent] = await t.database.db
      .select()
      .from(guestConsents)
      .where(eq(guestConsents.phone, e164(SARA)));
    expect(consent).toMatchObject({ restaurantId: grill, wordingVersion: CONSENT_WORDING_VERSION });
    expect(consent.consentedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const { rows, total } = await list(`restaurantId=${grill}`);
    expect(total).toBe('1');
    const saved = await savedOf(SARA, grill);
    const spend = saved.reduce((s, r) => s + Number(r.orders.totalPrice), 0);
    expect(rows[0]).toMatchObject({
      restaurant_id: grill,
      name: null,
      phone: e164(SARA),
      visits: 3,
      spend: money(spend),
      average_ticket: money(spend / 3),
      currency: saved[0].orders.currency,
      top_branch: saved[0].orders.branchName,
    });
    expect(typeof (rows[0] as unknown as { favourite_item: string }).favourite_item).toBe('string');
    const id = rows[0].id;

    const one = await admin(`/guest/${id}`);
    expect(one.statusCode).toBe(200);
    expect(
      one
        .json()
        .orders.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual(saved.map((r) => r.orders.id).sort());
    // The house's prefix answers the same.
    expect((await admin(`/api/guest/${id}`)).json()).toEqual(one.json());
    expect((await admin(`/api/guest?restaurantId=${grill}`)).json()).toEqual(rows);
  });

  it('searched by phone (local or international) and found in the export', async () => {
    const grill = await restaurant('Search Grill');
    const NOUR = '0532000011';
    await save(NOUR, grill, true);
    const { id } = await guestRow(NOUR, grill);
    for (const q of ['0532000011', '+966532000011', '532000011'])
      expect((await list(`q=${encodeURIComponent(q)}`)).rows.map((r) => r.id)).toEqual([id]);
    expect(await exported(`restaurantId=${grill}`)).toContain(e164(NOUR));
  });

  it("the guests file follows the CSV convention: readable headers, the restaurant's name, its local dates and times in columns of their own, ids and phones as text", async () => {
    const grill = await restaurant('Csv Grill');
    const HIND = '0532000031';
    for (let i = 0; i < 3; i++) await save(HIND, grill, true);
    const { id } = await guestRow(HIND, grill);
    const rows = parse(await exported(`restaurantId=${grill}`), { bom: true }) as string[][];
    expect(rows[0]).toEqual([
      'id',
      'restaurant',
      'name',
      'phone',
      'first visit date',
      'first visit time',
      'last visit date',
      'last visit time',
      'visits',
      'spend',
      'average ticket',
      'currency',
      'favourite item',
      'usual branch',
    ]);
    const [guest] = await t.database.db.select().from(guests).where(eq(guests.id, id));
    const hind = rows.find((r) => r[0] === `="${id}"` || r[0] === String(id))!;
    // Asia/Riyadh (the app's business day; the restaurant names no zone of its own): UTC + 3 hours.
    const riyadh = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString();
    expect(hind.slice(1, 9)).toEqual([
      'Csv Grill',
      '',
      `="${e164(HIND)}"`,
      riyadh(guest.firstVisitAt).slice(0, 10),
      riyadh(guest.firstVisitAt).slice(11, 19),
      riyadh(guest.lastVisitAt).slice(0, 10),
      riyadh(guest.lastVisitAt).slice(11, 19),
      '3',
    ]);
    expect(hind[9]).toMatch(/^\d+\.\d{2}$/);
    expect(hind[11]).toBe('SAR');
  });

  it('a guest who did not consent is in no guest call, yet their save counts in the insights', async () => {
    const grill = await restaurant('Quiet Grill');
    const YES = '0532000021';
    const OMAR = '0532000022';
    await save(YES, grill, true);
    await save(OMAR, grill);
    const omar = await guestRow(OMAR, grill);
    expect(omar.consented).toBe(false);
    const yes = await guestRow(YES, grill);
    expect((await list(`restaurantId=${grill}`)).rows.map((r) => r.id)).toEqual([yes.id]);
    expect((await list('q=532000022')).rows).toEqual([]);
    expect(await exported()).not.toContain('532000022');
    expect((await admin(`/guest/${omar.id}`)).statusCode).toBe(404);
    const ins = await insightsToday(grill);
    expect(ins.current.receipts).toBe(2);
    expect(ins.current.guests).toBe(2);
  });

  it('the same phone at two restaurants is two guests, neither knowing of the other', async () => {
    const grill = await restaurant('Twin Grill');
    const cafe = await restaurant('Twin Cafe', 'eg');
    const SARA = '0532000031';
    await save(SARA, grill, true);
    await save(SARA, grill);
    await save(SARA, cafe, true);
    const atCafe = await list(`restaurantId=${cafe}`);
    expect(atCafe.rows).toHaveLength(1);
    expect(atCafe.rows[0]).toMatchObject({ restaurant_id: cafe, visits: 1 });
    const atGrill = await list(`restaurantId=${grill}`);
    expect(atGrill.rows).toHaveLength(1);
    expect(atGrill.rows[0]).toMatchObject({ restaurant_id: grill, visits: 2 });
    expect(atCafe.rows[0].id).not.toBe(atGrill.rows[0].id);
    expect((await admin(`/guest/${atCafe.rows[0].id}`)).json().orders).toHaveLength(1);
    expect((await admin(`/guest/${atGrill.rows[0].id}`)).json().orders).toHaveLength(2);
  });

  it('filters: minVisits, lastVisitBefore, firstVisitAfter; sorts; an unknown sort is a 400', async () => {
    const grill = await restaurant('Filter Grill');
    const TWICE = '0532000041';
    const ONCE = '0532000042';
    await save(TWICE, grill, true);
    await save(TWICE, grill);
    await save(ONCE, grill, true);
    const twice = (await guestRow(TWICE, grill)).id;
    const once = (await guestRow(ONCE, grill)).id;
    const at = `restaurantId=${grill}`;
    expect((await list(`${at}&minVisits=2`)).rows.map((r) => r.id)).toEqual([twice]);
    expect((await list(`${at}&minVisits=1&sort=visits&order=ASC`)).rows.map((r) => r.id)).toEqual([once, twice]);
    expect((await list(`${at}&minVisits=1&sort=visits&order=DESC`)).rows.map((r) => r.id)).toEqual([twice, once]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`${at}&lastVisitBefore=${future}`)).total).toBe('2');
    expect((await list(`${at}&lastVisitBefore=2020-01-01`)).total).toBe('0');
    expect((await list(`${at}&firstVisitAfter=2020-01-01`)).total).toBe('2');
    expect((await list(`${at}&firstVisitAfter=${encodeURIComponent(future)}`)).total).toBe('0');
    expect((await admin('/guest?sort=password')).statusCode).toBe(400);
    expect((await admin('/guest?lastVisitBefore=yesterday')).statusCode).toBe(400);
    expect((await admin('/guest/insights?from=2026-02-10&to=2026-02-01')).statusCode).toBe(400);
  });

  it("the insights equal the sums of the saved orders and the Orders screen's count for the same filters", async () => {
    const grill = await restaurant('Sums Grill');
    await save('0532000051', grill, true);
    await save('0532000051', grill);
    await save('0532000052', grill);
    const today = businessDay();
    const ins = await insightsToday(grill);
    const saved = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.restaurantId, grill), eq(orders.orderDate, today)));
    expect(saved).toHaveLength(3);
    const spend = saved.reduce((s, o) => s + Number(o.totalPrice), 0);
    expect(ins.current).toEqual({
      from: today,
      to: today,
      receipts: saved.length,
      by_currency: [
        { currency: 'SAR', receipts: saved.length, spend: money(spend), average_ticket: money(spend / saved.length) },
      ],
      guests: new Set(saved.map((o) => o.appUserId)).size,
      returning: 0,
      new: 2,
    });
    const screen = await admin(`/order?restaurantId=${grill}&from=${today}&to=${today}&page=1&perPage=5`);
    expect(Number(screen.headers['x-total-count'])).toBe(ins.current.receipts);
    const yesterday = businessDay(1);
    expect(ins.previous).toMatchObject({ from: yesterday, to: yesterday, receipts: 0, by_currency: [], guests: 0 });
    expect(ins.by_day).toEqual([
      {
        day: today,
        receipts: saved.length,
        by_currency: [
          { currency: 'SAR', receipts: saved.length, spend: money(spend), average_ticket: money(spend / saved.length) },
        ],
        guests: 2,
      },
    ]);
    expect(ins.by_branch.reduce((n: number, b: { receipts: number }) => n + b.receipts, 0)).toBe(saved.length);
    // A week: seven days, zeros filled in, and the week before.
    const weekAgo = businessDay(6);
    const week = (await admin(`/api/guest/insights?restaurantId=${grill}&from=${weekAgo}&to=${today}`)).json();
    expect(week.by_day).toHaveLength(7);
    expect(week.current.receipts).toBe(saved.length);
    expect(week.previous.to).toBe(businessDay(7));
  });

  it('a returning guest: visited before the period', async () => {
    const grill = await restaurant('Return Grill');
    const SARA = '0532000061';
    await save(SARA, grill, true);
    await save(SARA, grill);
    await save('0532000062', grill);
    const sara = await guestRow(SARA, grill);
    // Sara's first visit at the grill moved to January.
    await t.database.db
      .update(orders)
      .set({ orderDate: '2026-01-15' })
      .where(
        inArray(
          orders.id,
          (await savedOf(SARA, grill)).slice(0, 1).map((r) => r.orders.id),
        ),
      );
    // Written past the app: the row is brought up to date the way every writer does it.
    await keepGuest(t.database.db, grill, sara.appUserId);
    const [row] = await t.database.db.select().from(guests).where(eq(guests.id, sara.id));
    expect(row.firstVisitOn).toBe('2026-01-15');
    expect((await insightsToday(grill)).current).toMatchObject({ receipts: 2, guests: 2, returning: 1, new: 1 });
  });

  it('withdrawn in My receipts: at once out of the list, the search, the export and the guest page; still counted in the insights', async () => {
    const grill = await restaurant('Withdraw Grill');
    const cafe = await restaurant('Withdraw Cafe', 'eg');
    const SARA = '0532000071';
    await save(SARA, grill, true);
    await save(SARA, grill);
    await save(SARA, cafe, true);
    await save('0532000072', grill);
    const atGrill = (await guestRow(SARA, grill)).id;
    const atCafe = (await guestRow(SARA, cafe)).id;
    const cookies = await signIn(SARA);
    const consents = await call({ method: 'GET', url: '/customer/consents', cookies });
    expect(consents.statusCode).toBe(200);
    expect(
      consents
        .json()
        .consents.map((c: { restaurant_id: number }) => c.restaurant_id)
        .sort(),
    ).toEqual([grill, cafe].sort());
    expect(consents.json().consents[0]).toMatchObject({
      wording_version: CONSENT_WORDING_VERSION,
      restaurant: { name: expect.any(String) },
    });
    // Read once, so the list's answer is remembered: the withdrawal must drop it.
    expect((await list(`restaurantId=${grill}`)).total).toBe('1');
    const gone = await call({ method: 'DELETE', url: `/customer/consents/${grill}`, cookies });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe('Withdraw Grill no longer knows you as a guest');
    expect((await list(`restaurantId=${grill}`)).rows).toEqual([]);
    expect((await list('q=532000071')).rows.map((r) => r.id)).toEqual([atCafe]);
    expect(await exported(`restaurantId=${grill}`)).not.toContain('532000071');
    expect((await admin(`/guest/${atGrill}`)).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/customer/consents/${grill}`, cookies })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/customer/consents/${grill}` })).statusCode).toBe(401);
    // Sara's two and the other guest's one are still the grill's receipts of today.
    expect((await insightsToday(grill)).current).toMatchObject({ receipts: 3, guests: 2 });
    // A yes given again shows the whole history at once.
    await save(SARA, grill, true);
    expect((await list(`restaurantId=${grill}`)).rows[0]).toMatchObject({ id: atGrill, visits: 3 });
  });

  it('Delete my data leaves no guest row and no consent', async () => {
    const grill = await restaurant('Forget Grill');
    const cafe = await restaurant('Forget Cafe', 'eg');
    const SARA = '0532000081';
    await save(SARA, grill, true);
    await save(SARA, cafe, true);
    const ids = [(await guestRow(SARA, grill)).id, (await guestRow(SARA, cafe)).id];
    const cookies = await signIn(SARA);
    await call({ method: 'POST', url: '/customer/data/code', cookies });
    const res = await call({
      method: 'POST',
      url: '/customer/data/delete',
      cookies,
      payload: { otp: t.lastCode(e164(SARA))! },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(guestConsents)
        .where(eq(guestConsents.phone, e164(SARA))),
    ).toEqual([]);
    expect(await t.database.db.select().from(guests).where(inArray(guests.id, ids))).toEqual([]);
    expect((await list('q=532000081')).rows).toEqual([]);
    expect((await list(`restaurantId=${grill}`)).rows).toEqual([]);
  });

  it('an app user deleted in the back-office takes their guest rows with them', async () => {
    const grill = await restaurant('Removed Grill');
    await save('0532000091', grill, true);
    const { appUserId } = await guestRow('0532000091', grill);
    expect((await call({ method: 'DELETE', url: `/user/${appUserId}`, headers: auth })).statusCode).toBe(200);
    expect(await t.database.db.select().from(guests).where(eq(guests.appUserId, appUserId!))).toEqual([]);
  });

  it("staff read their restaurant's guests with masked phones, in the list and on the guest page; a manager and an admin read them whole", async () => {
    const grill = await restaurant('Staff Grill');
    const GUEST = '0532000101';
    await save(GUEST, grill, true);
    const { id } = await guestRow(GUEST, grill);
    const staff = await accountOf('staff', [grill]);
    const manager = await accountOf('manager', [grill]);
    const masked = '••••••••••101';
    expect(maskPhone(e164(GUEST))).toBe(masked);

    const staffList = await list(`restaurantId=${grill}`, staff);
    expect(staffList.rows.map((r) => [r.id, r.phone])).toEqual([[id, masked]]);
    const staffPage = await call({ method: 'GET', url: `/api/guest/${id}`, headers: staff });
    expect(staffPage.statusCode).toBe(200);
    expect(staffPage.json().phone).toBe(masked);
    for (const body of [JSON.stringify(staffList.rows), staffPage.body]) expect(body).not.toContain('532000101');
    // Nor can staff export the guestbook (its CSV has the phones).
    expect((await call({ method: 'GET', url: `/guest/export.csv`, headers: staff })).statusCode).toBe(403);

    for (const headers of [manager, auth]) {
      expect((await list(`restaurantId=${grill}`, headers)).rows.map((r) => r.phone)).toEqual([e164(GUEST)]);
      expect((await call({ method: 'GET', url: `/guest/${id}`, headers })).json().phone).toBe(e164(GUEST));
    }
  });

  it('the guest row stays right under 20 concurrent saves of one phone', async () => {
    const grill = await restaurant('Crowd Grill');
    const phone = '+966532000099';
    const base = { currency: 'SAR', branch_name: 'Olaya', order_date: '2026-11-20', order_time: '12:00' };
    const orderOf = (n: number): PosOrder =>
      ({
        posOrderId: `concurrent-${n}`,
        deviceId: DEVICE,
        status: 4,
        closedAt: new Date(),
        invoice: {
          ...base,
          order_number: `C${n}`,
          check_number: null,
          payment_method: 'Cash',
          sub_total_price: n,
          discount_amount: 0,
          total_price: n,
          order_items: [{ item_name: n % 3 ? 'Tea' : 'Coffee', item_quantity: 1, total_price: n }],
        },
      }) as unknown as PosOrder;
    const n = Array.from({ length: 20 }, (_, i) => i + 1);
    await Promise.all(
      n.map((i) =>
        t.database.db.transaction((tx) =>
          saveOrderToAccount(tx, { phone, restaurantId: grill, deviceId: DEVICE, order: orderOf(i) }),
        ),
      ),
    );
    const [u] = await t.database.db.select().from(appUsers).where(eq(appUsers.phone, phone));
    const rows = await t.database.db.select().from(guests).where(eq(guests.appUserId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ visits: 20, spend: '210.00000', favouriteItem: 'Tea', topBranch: 'Olaya' });
  });
});
