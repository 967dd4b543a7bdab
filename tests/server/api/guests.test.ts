import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { appUsers, guestConsents, guests, orders } from '../../../server/db/schema';
import { saveOrderToAccount } from '../../../server/db/repositories/savedOrders';
import { keepGuest } from '../../../server/db/repositories/guests';
import type { PosOrder } from '../../../server/core/posPort';
import { CONSENT_WORDING_VERSION, CUSTOMER_COOKIE } from '../../../src/contract';
import { addFoodicsRestaurant, createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { GENEROUS_CODE_LIMITS } from '../helpers/limits';
import { localDateTime } from '../../../server/pos/foodics/mapping';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { parse } from 'csv-parse/sync';

/** The restaurant's business day `daysBack` days before today, as its orders are dated (the POS's time zone, read by
 * the same mapping): from 21:00 UTC the Riyadh day is already the next UTC one. */
function businessDay(daysBack = 0): string {
  const today = localDateTime(new Date().toISOString(), FIXTURE.settings.business_timezone).date;
  return new Date(Date.parse(`${today}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
}

// The guestbook (issue 34) through the real app and database: receipts saved the way the invoice page saves them
// (a code, then add-order with or without `consent`), at two restaurants on the Foodics stand-in.
describe('the guestbook: consent, guests, insights', () => {
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  let grill: number;
  let cafe: number;
  beforeAll(async () => {
    t = await createFoodicsTestApp({ ...GENEROUS_CODE_LIMITS, FOODICS_CACHE_MS: '0', FOODICS_TIMEOUT_MS: '5000' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    grill = t.restaurantId;
    cafe = await addFoodicsRestaurant(t.deps, t.foodics.token, 'Bahar Cafe');
  });
  afterAll(() => t.close());

  const e164 = (local: string) => `+966${local.slice(1)}`;
  const call = (opts: InjectOptions) => t.app.inject(opts);
  const admin = (url: string) => call({ method: 'GET', url, headers: auth });

  /** Saves a new order of the till to a phone at a restaurant, as the invoice page does; answers its id. */
  async function save(local: string, restaurantId: number, consent?: boolean) {
    const o = t.foodics.addOrder(DEVICE);
    const code = await call({
      method: 'POST',
      url: '/user',
      payload: { phone: local, restaurantId, casherId: DEVICE, orderId: o.id },
    });
    expect(code.statusCode, code.body).toBe(200);
    const res = await call({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: {
        casherId: DEVICE,
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

  const list = async (query: string) => {
    const res = await admin(`/guest?${query}`);
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
  const money = (n: number) => Math.round(n * 100) / 100;

  const SARA = '0532000001';
  const OMAR = '0532000002';
  const ids: Record<string, number> = {};

  it('a consenting guest: three receipts, one yes, recorded with its time and wording version; one row with 3 visits and their spend', async () => {
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
    ids.saraGrill = rows[0].id;

    const one = await admin(`/guest/${ids.saraGrill}`);
    expect(one.statusCode).toBe(200);
    expect(
      one
        .json()
        .orders.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual(saved.map((r) => r.orders.id).sort());
    // The house's prefix answers the same.
    expect((await admin(`/api/guest/${ids.saraGrill}`)).json()).toEqual(one.json());
    expect((await admin(`/api/guest?restaurantId=${grill}`)).json()).toEqual(rows);
  });

  it('searched by phone (local or international) and found in the export', async () => {
    for (const q of ['0532000001', '+966532000001', '532000001'])
      expect((await list(`q=${encodeURIComponent(q)}`)).rows.map((r) => r.id)).toEqual([ids.saraGrill]);
    expect(await exported(`restaurantId=${grill}`)).toContain(e164(SARA));
  });

  it("the guests file follows the CSV convention: readable headers, the restaurant's name, its local dates and times in columns of their own, ids and phones as text", async () => {
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
    const [guest] = await t.database.db.select().from(guests).where(eq(guests.id, ids.saraGrill));
    const sara = rows.find((r) => r[0] === String(ids.saraGrill))!;
    // Asia/Riyadh (the app's business day; the restaurant names no zone of its own): UTC + 3 hours.
    const riyadh = (d: Date) => new Date(d.getTime() + 3 * 3_600_000).toISOString();
    const [{ name }] = (await admin(`/restaurant/${grill}`)).json()
      ? [(await admin(`/restaurant/${grill}`)).json()]
      : [];
    expect(sara.slice(1, 9)).toEqual([
      name,
      '',
      `="${e164(SARA)}"`,
      riyadh(guest.firstVisitAt).slice(0, 10),
      riyadh(guest.firstVisitAt).slice(11, 19),
      riyadh(guest.lastVisitAt).slice(0, 10),
      riyadh(guest.lastVisitAt).slice(11, 19),
      '3',
    ]);
    expect(sara[9]).toMatch(/^\d+\.\d{2}$/);
    expect(sara[11]).toBe('SAR');
  });

  it('a guest who did not consent is in no guest call, yet their save counts in the insights', async () => {
    await save(OMAR, grill);
    const [row] = await t.database.db
      .select()
      .from(guests)
      .innerJoin(appUsers, eq(appUsers.id, guests.appUserId))
      .where(eq(appUsers.phone, e164(OMAR)));
    expect(row.guests.consented).toBe(false);
    expect((await list(`restaurantId=${grill}`)).rows.map((r) => r.id)).toEqual([ids.saraGrill]);
    expect((await list('q=532000002')).rows).toEqual([]);
    expect(await exported()).not.toContain('532000002');
    expect((await admin(`/guest/${row.guests.id}`)).statusCode).toBe(404);
    const today = businessDay();
    const ins = (await admin(`/guest/insights?restaurantId=${grill}&from=${today}&to=${today}`)).json();
    expect(ins.current.receipts).toBe(4);
    expect(ins.current.guests).toBe(2);
  });

  it('the same phone at two restaurants is two guests, neither knowing of the other', async () => {
    await save(SARA, cafe, true);
    const atCafe = await list(`restaurantId=${cafe}`);
    expect(atCafe.rows).toHaveLength(1);
    expect(atCafe.rows[0]).toMatchObject({ restaurant_id: cafe, visits: 1 });
    expect(atCafe.rows[0].id).not.toBe(ids.saraGrill);
    ids.saraCafe = atCafe.rows[0].id;
    expect((await list(`restaurantId=${grill}`)).rows[0]).toMatchObject({ id: ids.saraGrill, visits: 3 });
    expect((await admin(`/guest/${ids.saraCafe}`)).json().orders).toHaveLength(1);
  });

  it('filters: minVisits, lastVisitBefore, firstVisitAfter; sorts; an unknown sort is a 400', async () => {
    expect((await list('minVisits=2')).rows.map((r) => r.id)).toEqual([ids.saraGrill]);
    expect((await list('minVisits=1&sort=visits&order=ASC')).rows.map((r) => r.id)).toEqual([
      ids.saraCafe,
      ids.saraGrill,
    ]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(`lastVisitBefore=${future}`)).total).toBe('2');
    expect((await list('lastVisitBefore=2020-01-01')).total).toBe('0');
    expect((await list('firstVisitAfter=2020-01-01')).total).toBe('2');
    expect((await list(`firstVisitAfter=${encodeURIComponent(future)}`)).total).toBe('0');
    expect((await admin('/guest?sort=password')).statusCode).toBe(400);
    expect((await admin('/guest?lastVisitBefore=yesterday')).statusCode).toBe(400);
    expect((await admin('/guest/insights?from=2026-02-10&to=2026-02-01')).statusCode).toBe(400);
  });

  it("the insights equal the sums of the saved orders and the Orders screen's count for the same filters", async () => {
    const today = businessDay();
    const ins = (await admin(`/guest/insights?restaurantId=${grill}&from=${today}&to=${today}`)).json();
    const saved = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.restaurantId, grill), eq(orders.orderDate, today)));
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
      new: new Set(saved.map((o) => o.appUserId)).size,
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
    const [u] = await t.database.db
      .select()
      .from(appUsers)
      .where(eq(appUsers.phone, e164(SARA)));
    // Sara's first visit at the grill moved to last month.
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
    await keepGuest(t.database.db, grill, u.id);
    const [row] = await t.database.db
      .select()
      .from(guests)
      .where(and(eq(guests.appUserId, u.id), eq(guests.restaurantId, grill)));
    expect(row.firstVisitOn).toBe('2026-01-15');
    const today = businessDay();
    const ins = (await admin(`/guest/insights?restaurantId=${grill}&from=${today}&to=${today}`)).json();
    expect(ins.current).toMatchObject({ guests: 2, returning: 1, new: 1 });
  });

  it('withdrawn in My receipts: at once out of the list, the search, the export and the guest page; still counted in the insights', async () => {
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
    expect(gone.json().message).toBe('Najd Grill no longer knows you as a guest');
    expect((await list(`restaurantId=${grill}`)).rows).toEqual([]);
    expect((await list('q=532000001')).rows.map((r) => r.id)).toEqual([ids.saraCafe]);
    expect(await exported(`restaurantId=${grill}`)).not.toContain('532000001');
    expect((await admin(`/guest/${ids.saraGrill}`)).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/customer/consents/${grill}`, cookies })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `/customer/consents/${grill}` })).statusCode).toBe(401);
    const today = businessDay();
    const ins = (await admin(`/guest/insights?restaurantId=${grill}&from=${today}&to=${today}`)).json();
    // Omar's and Sara's of today (one of Sara's moved to January above).
    expect(ins.current).toMatchObject({ receipts: 3, guests: 2 });
    // A yes given again shows the whole history at once.
    await save(SARA, grill, true);
    expect((await list(`restaurantId=${grill}`)).rows[0]).toMatchObject({ id: ids.saraGrill, visits: 4 });
  });

  it('Delete my data leaves no guest row and no consent', async () => {
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
    expect(
      await t.database.db
        .select()
        .from(guests)
        .where(inArray(guests.id, [ids.saraGrill, ids.saraCafe])),
    ).toEqual([]);
    expect((await list('')).rows).toEqual([]);
  });

  it('an app user deleted in the back-office takes their guest rows with them', async () => {
    const [u] = await t.database.db
      .select()
      .from(appUsers)
      .where(eq(appUsers.phone, e164(OMAR)));
    expect((await call({ method: 'DELETE', url: `/user/${u.id}`, headers: auth })).statusCode).toBe(200);
    expect(await t.database.db.select().from(guests).where(eq(guests.appUserId, u.id))).toEqual([]);
  });

  it('the guest row stays right under 20 concurrent saves of one phone', async () => {
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
