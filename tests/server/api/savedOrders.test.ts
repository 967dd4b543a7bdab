// The Orders screen's API on a real database: an order saved through the invoice page's real flow appears
// on GET /order under its customer's phone; newest first, paged with a total; filtered by restaurant,
// customer and dates; GET /order/{id} carries the item lines; GET /order/export.csv streams the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { appUsers, orderItems, orders, restaurants } from '../../../server/db/schema';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { withQueryLog, type LoggedQuery } from '../helpers/queryLog';

/** The orders CSV's columns, as docs/API.md lists them. */
const ORDERS_CSV_COLUMNS = [
  'id',
  'restaurant',
  'branch',
  'device',
  'order number',
  'check number',
  'customer',
  'order date',
  'order time',
  'payment method',
  'total',
  'currency',
  'saved date',
  'saved time',
];

const GENEROUS = {
  OTP_IP_SENDS_PER_10M: '1000',
  OTP_IP_SENDS_PER_DAY: '1000',
  OTP_IP_CHECKS_PER_10M: '1000',
  OTP_RESEND_SECONDS: '0',
  FOODICS_CACHE_MS: '0',
  FOODICS_TIMEOUT_MS: '5000',
  EXPORT_BATCH_SIZE: '10',
};

describe('saved orders (GET /order, /order/{id}, /order/export.csv)', () => {
  let t: FoodicsTestApp;
  let auth: Record<string, string>;
  let other: number;
  let savedId: number;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    t = await createFoodicsTestApp(GENEROUS);
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    const db = t.database.db;
    // 24 older orders of a second restaurant, saved on known dates, by a named customer and an unnamed one.
    const [r2] = await db
      .insert(restaurants)
      .values({
        name: 'Nile Kitchen',
        logo: 'https://example.com/n.png',
        token: 't',
        branchsToken: 't',
        systemType: 'Specter',
      })
      .returning({ id: restaurants.id });
    other = r2.id;
    const [sara] = await db
      .insert(appUsers)
      .values({ phone: '+966511111111', firstName: 'Sara', lastName: 'Saleh' })
      .returning({ id: appUsers.id });
    const [anon] = await db.insert(appUsers).values({ phone: '+966522222333' }).returning({ id: appUsers.id });
    await db.insert(orders).values(
      Array.from({ length: 24 }, (_, i) => ({
        appUserId: i % 2 ? sara.id : anon.id,
        restaurantId: other,
        posOrderId: `old-${i}`,
        deviceId: 'till-x',
        branchName: 'Zamalek',
        orderNumber: String(7000 + i),
        orderDate: `2026-10-${String(1 + i).padStart(2, '0')}`,
        orderTime: '13:00',
        paymentMethod: 'Cash',
        subTotalPrice: '10',
        discountAmount: '0',
        totalPrice: String(10 + i),
        currency: 'EGY',
        createdAt: new Date(Date.UTC(2026, 9, 1 + i, 10)),
      })),
    );
    // And one saved the way a customer saves it: the invoice page's code flow against the Foodics stand-in.
    t.foodics.addOrder(DEVICE, { reference: 88001 });
    expect((await t.app.inject({ method: 'POST', url: '/user', payload: { phone: '0547654321' } })).statusCode).toBe(
      200,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      payload: {
        casherId: DEVICE,
        restaurantId: t.restaurantId,
        phone: '0547654321',
        otp: t.lastCode('+966547654321'),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    savedId = res.json().id;
  });
  afterAll(() => t.close());

  it('the order a customer saved is first (newest), found by their phone, with restaurant, branch, till, masked customer and total', async () => {
    const all = await get('/order?page=1&perPage=5');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('25');
    expect(all.json()).toHaveLength(5);
    expect(all.json()[0].id).toBe(savedId);
    for (const q of ['0547654321', '547654321', '+966547654321', '765']) {
      const found = (await get(`/order?page=1&perPage=25&q=${encodeURIComponent(q)}`)).json();
      expect(
        found.map((o: { id: number }) => o.id),
        q,
      ).toEqual([savedId]);
    }
    const [o] = (await get('/order?page=1&perPage=1&q=0547654321')).json();
    expect(o).toMatchObject({
      restaurant: { id: t.restaurantId, name: 'Najd Grill' },
      branch_name: 'Olaya',
      device: { device_id: DEVICE, name: 'Cashier 1' },
      order_number: '88001',
      customer: { name: '•••321' },
      currency: 'SAR',
      total_price: 43.7,
      payment_method: 'Mada',
    });
    expect(o.customer.id).toEqual(expect.any(Number));
  });

  it('newest first across pages; search by order number; a named customer shows their name', async () => {
    const p2 = (await get('/order?page=2&perPage=10')).json();
    expect(p2.map((o: { order_number: string }) => o.order_number)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(7014 - i)),
    );
    const byNumber = (await get('/order?page=1&perPage=25&q=7003')).json();
    expect(byNumber).toHaveLength(1);
    expect(byNumber[0].customer.name).toBe('Sara Saleh');
  });

  it('filters by restaurant, by customer and by an inclusive date range', async () => {
    const mine = await get(`/order?page=1&perPage=50&restaurantId=${t.restaurantId}`);
    expect(mine.headers['x-total-count']).toBe('1');
    const theirs = await get(`/order?page=1&perPage=50&restaurantId=${other}&from=2026-10-05&to=2026-10-09`);
    expect(theirs.headers['x-total-count']).toBe('5');
    expect(theirs.json().map((o: { order_date: string }) => o.order_date)).toEqual([
      '2026-10-09',
      '2026-10-08',
      '2026-10-07',
      '2026-10-06',
      '2026-10-05',
    ]);
    const [sara] = (await get('/order?page=1&perPage=1&q=7001')).json();
    const hers = await get(`/order?page=1&perPage=50&appUserId=${sara.customer.id}`);
    expect(hers.headers['x-total-count']).toBe('12');
    expect(hers.json().every((o: { customer: { name: string } }) => o.customer.name === 'Sara Saleh')).toBe(true);
  });

  it('GET /order/{id} carries the item lines; an unknown id is 404, a bad one 400, a bad date 400', async () => {
    const one = await get(`/order/${savedId}`);
    expect(one.statusCode).toBe(200);
    const items = await t.database.db.select().from(orderItems);
    expect(one.json().order_items).toEqual([
      { item_name: 'Chicken Kabsa', item_quantity: 1, total_price: 32 },
      { item_name: 'Karak Tea', item_quantity: 1, total_price: 6 },
    ]);
    expect(items.length).toBe(2);
    expect((await get('/order/999999')).statusCode).toBe(404);
    expect((await get('/order/abc')).statusCode).toBe(400);
    const badDate = await get('/order?page=1&from=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/^from: /);
  });

  it('the CSV export has a BOM, the columns of docs/API.md, one row per order of the current filters, read in batches of EXPORT_BATCH_SIZE', async () => {
    // An instance whose connection logs what it sends: the batches are seen as the database receives them.
    const log: LoggedQuery[] = [];
    const logged = await buildApp({ ...t.deps, database: withQueryLog(t.database, log) });
    await logged.ready();
    const all = await logged.inject({ method: 'GET', url: '/order/export.csv', headers: auth });
    await logged.close();
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    expect(all.body.charCodeAt(0)).toBe(0xfeff);
    const batches = log.filter((q) => /from "orders"/.test(q.sql) && /limit \$\d+$/.test(q.sql));
    expect(batches).toHaveLength(3); // 10 + 10 + 5 of EXPORT_BATCH_SIZE=10: the short third one ends the walk
    for (const b of batches) expect(b.params.at(-1)).toBe(10);
    expect(log.some((q) => /offset/i.test(q.sql))).toBe(false);

    const rows = parse(all.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(ORDERS_CSV_COLUMNS);
    expect(rows).toHaveLength(1 + 25); // 25 rows: more than two batches of 10
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(25);
    // Every column of the order a customer saved, against its stored row.
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, savedId));
    expect(rows[1]).toEqual([
      String(savedId),
      'Najd Grill',
      'Olaya',
      'Cashier 1',
      '88001',
      String(stored.checkNumber),
      '•••321',
      stored.orderDate,
      stored.orderTime,
      'Mada',
      '43.7',
      'SAR',
      // When it was saved, as the restaurant's local date and time in columns of their own (Asia/Riyadh, +03:00;
      // issue 49's CSV convention): the same instant as stored.
      rows[1][12],
      rows[1][13],
    ]);
    expect(rows[1][12]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows[1][13]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(Math.floor(new Date(`${rows[1][12]}T${rows[1][13]}+03:00`).getTime() / 1000)).toBe(
      Math.floor(stored.createdAt.getTime() / 1000),
    );
    expect(stored.orderDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(stored.orderTime).toMatch(/^\d{2}:\d{2}/);
    // The second restaurant's form names its time zone (here Dubai, +04:00 all year): its rows carry that offset,
    // not the app's (+03:00); a name that is no time zone is refused, naming the field.
    const patch = (time_zone: string) =>
      t.app.inject({ method: 'PATCH', url: `/restaurant/${other}`, headers: auth, payload: { time_zone } });
    const wrong = await patch('Mars/Olympus');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('time_zone: must be a time zone name such as Asia/Riyadh');
    const set = await patch('Asia/Dubai');
    expect(set.statusCode).toBe(200);
    expect(set.json().time_zone).toBe('Asia/Dubai');
    const filtered = parse((await get(`/order/export.csv?restaurantId=${other}&from=2026-10-05&to=2026-10-09`)).body, {
      bom: true,
    }) as string[][];
    expect(filtered.slice(1).map((r) => r[4])).toEqual(['7008', '7007', '7006', '7005', '7004']);
    // An order without a till name shows the till's id; a named customer their name, an unnamed one a masked phone.
    expect(filtered[1]).toEqual([
      filtered[1][0],
      'Nile Kitchen',
      'Zamalek',
      'till-x',
      '7008',
      '',
      '•••333',
      '2026-10-09',
      '13:00',
      'Cash',
      '18',
      'EGP', // the code the screens show (stored EGY)
      '2026-10-09',
      '14:00:00',
    ]);
    expect(filtered[2][6]).toBe('Sara Saleh');
  });

  it('an order number with a leading zero stays text (="02005"), as does a long id; a plain number stays a number', async () => {
    const db = t.database.db;
    const [r] = await db
      .insert(restaurants)
      .values({
        name: 'Zero Grill',
        logo: 'https://example.com/z.png',
        token: 't',
        branchsToken: 'b',
        systemType: 'Foodics',
      })
      .returning();
    await db.insert(orders).values(
      ['02005', '12345678901234567', '2006'].map((n, i) => ({
        restaurantId: r.id,
        posOrderId: `zero-${i}`,
        deviceId: '0042',
        branchName: 'Olaya',
        orderNumber: n,
        orderDate: '2026-10-30',
        orderTime: '12:00',
        paymentMethod: 'Cash',
        subTotalPrice: '10',
        discountAmount: '0',
        totalPrice: '10',
        currency: 'SAR',
        createdAt: new Date(Date.UTC(2026, 9, 30, 10, i)),
      })),
    );
    const rows = parse((await get(`/order/export.csv?restaurantId=${r.id}`)).body, { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => [row[3], row[4]])).toEqual([
      ['="0042"', '2006'],
      ['="0042"', '="12345678901234567"'],
      ['="0042"', '="02005"'],
    ]);
  });

  it('names from the POS that look like formulas (=, +, -, @, tab, carriage return) reach the orders CSV defused', async () => {
    const db = t.database.db;
    const [r] = await db
      .insert(restaurants)
      .values({
        name: '=HYPERLINK("http://evil","Najd")',
        logo: 'https://example.com/e.png',
        token: 't',
        branchsToken: 't',
        systemType: 'Specter',
      })
      .returning({ id: restaurants.id });
    await db.insert(orders).values({
      restaurantId: r.id,
      posOrderId: 'formula-1',
      deviceId: "-2+3+cmd|' /C calc'!A0",
      branchName: '+SUM(A1:A9)',
      orderNumber: '@SUM(A1)',
      checkNumber: '\t=1+1',
      orderDate: '2026-10-30',
      orderTime: '\r=2+2',
      paymentMethod: '-1',
      subTotalPrice: '10',
      discountAmount: '0',
      totalPrice: '-5',
      currency: 'SAR',
    });
    const rows = parse((await get(`/order/export.csv?restaurantId=${r.id}`)).body, {
      bom: true,
    }) as string[][];
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(1, 6)).toEqual([
      `'=HYPERLINK("http://evil","Najd")`,
      `'+SUM(A1:A9)`,
      `'-2+3+cmd|' /C calc'!A0`,
      `'@SUM(A1)`,
      `'\t=1+1`,
    ]);
    expect(rows[1][8]).toBe(`'\r=2+2`);
    // A sign followed only by digits is a number, not a formula: it stays as it is.
    expect([rows[1][9], rows[1][10]]).toEqual(['-1', '-5']);
  });

  it('a phone part shared by more customers than are named one by one still finds their orders, with the order numbers', async () => {
    // 5,001 customers whose phones hold "59999": past the customers named as one array, the subquery path.
    const db = t.database.db;
    await db.execute(
      sql`insert into app_users (phone) select '+96659999' || lpad(i::text, 4, '0') from generate_series(0, 5000) as i`,
    );
    const [last] = await db
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(sql`${appUsers.phone} = '+966599995000'`);
    await db.insert(orders).values({
      appUserId: last.id,
      restaurantId: other,
      posOrderId: 'many-phones',
      deviceId: 'till-x',
      branchName: 'Zamalek',
      orderNumber: '5000',
      orderDate: '2026-10-30',
      orderTime: '13:00',
      paymentMethod: 'Cash',
      subTotalPrice: '10',
      discountAmount: '0',
      totalPrice: '10',
      currency: 'EGY',
      createdAt: new Date(Date.UTC(2026, 9, 30, 10)),
    });
    const broad = await get('/order?page=1&perPage=25&q=059999');
    expect(broad.json().map((o: { order_number: string }) => o.order_number)).toEqual(['5000']);
    expect(broad.headers['x-total-count']).toBe('1');
    // A narrow part (one customer, named in the array).
    const narrow = (await get('/order?page=1&perPage=25&q=599995000')).json();
    expect(narrow.map((o: { order_number: string }) => o.order_number)).toEqual(['5000']);
    // Matched by its number and by its customer's phone: one row, counted once (the count adds disjoint parts).
    const both = await get('/order?page=1&perPage=25&q=5000');
    expect(both.json()).toHaveLength(1);
    expect(both.headers['x-total-count']).toBe('1');
    // Matched by the phone only (numbers 7001, 7003, ... of the customer +966511111111) plus by number only (none):
    // the count is the customer's twelve orders.
    const byPhone = await get('/order?page=1&perPage=5&q=0511111111');
    expect(byPhone.headers['x-total-count']).toBe('12');
    expect(byPhone.json()).toHaveLength(5);
  });
});
