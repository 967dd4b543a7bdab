import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';
import { TOTAL_CAP } from '../../../server/db/repositories/counts';

const USERS = 1_600;
/** 1,600 users: 1,200 named Sara (more than the cap), 400 Omar; many share a creation time (ties by id). */
const seedUsers = (t: TestApp) =>
  t.database.db.execute(sql`
    insert into app_users (first_name, last_name, phone, created_at)
    select case when i % 4 = 0 then 'Omar' else 'Sara' end, 'Al-Harbi', '+9665' || lpad(i::text, 8, '0'),
           timestamptz '2026-01-01' + ((i / 3) || ' minutes')::interval
    from generate_series(1, ${USERS}::int) as i`);

// Lists at size: a search's total is counted up to TOTAL_CAP rows and then reported as a lower bound
// (X-Total-Exact: false); the whole list's total is exact (trigger-kept); deep pages (found by their ids
// first) hold exactly the rows an offset over the whole sorted list would.
describe('list totals and deep pages', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    await seedUsers(t);
  });
  afterAll(() => t.close());

  const get = (qs: string) => t.app.inject({ method: 'GET', url: `/user?${qs}`, headers: auth });

  it(`a search matching more than ${TOTAL_CAP} rows reports ${TOTAL_CAP} with X-Total-Exact: false and still pages`, async () => {
    const res = await get('q=sara&page=1&perPage=25');
    expect(res.headers['x-total-count']).toBe(String(TOTAL_CAP));
    expect(res.headers['x-total-exact']).toBe('false');
    expect(res.json()).toHaveLength(25);
    // Past the counted rows the pages go on: page 47 holds rows 1,151-1,175 of 1,200.
    const deep = await get('q=sara&page=47&perPage=25');
    expect(deep.json()).toHaveLength(25);
    expect((await get('q=sara&page=49&perPage=25')).json()).toHaveLength(0);
  });

  it('a search matching fewer rows than the cap, and the whole list, report exact totals without the header', async () => {
    const omar = await get('q=omar&page=1&perPage=25');
    expect(omar.headers['x-total-count']).toBe('400');
    expect(omar.headers['x-total-exact']).toBeUndefined();
    const all = await get('page=1&perPage=25');
    expect(all.headers['x-total-count']).toBe(String(USERS));
    expect(all.headers['x-total-exact']).toBeUndefined();
    const phone = await get('q=00001234&page=1&perPage=25');
    expect(phone.headers['x-total-count']).toBe('1');
  });

  it('a term of a name and a phone part finds the user with both: the name searched in the names, the digits in the phone', async () => {
    const res = await get('q=sara%20+96650000123&page=1&perPage=25');
    expect(
      res
        .json()
        .map((u: { phone: string }) => u.phone)
        .sort(),
    ).toEqual([
      '+966500001230',
      '+966500001231',
      '+966500001233',
      '+966500001234',
      '+966500001235',
      '+966500001237',
      '+966500001238',
      '+966500001239',
    ]);
    expect(res.headers['x-total-count']).toBe('8');
  });

  it('deep pages (past 1,000 rows) hold the rows an OFFSET over the whole sorted list gives, for several sorts and a search', async () => {
    const cases: [string, string][] = [
      ['sort=createdAt&order=DESC', 'order by created_at desc, id desc'],
      ['sort=createdAt&order=ASC', 'order by created_at asc, id asc'],
      ['sort=firstName&order=ASC', 'order by first_name asc, id asc'],
      ['sort=id&order=DESC', 'order by id desc, id desc'],
      [
        'q=sara&sort=createdAt&order=DESC',
        "where first_name ilike '%sara%' or last_name ilike '%sara%' or phone ilike '%sara%' order by created_at desc, id desc",
      ],
    ];
    for (const [qs, tail] of cases) {
      const expected = (
        (await t.database.db.execute(sql.raw(`select id from app_users ${tail} limit 25 offset 1075`))) as unknown as {
          rows: { id: number }[];
        }
      ).rows.map((r) => r.id);
      const page = (await get(`${qs}&page=44&perPage=25`)).json().map((u: { id: number }) => u.id);
      expect(expected, qs).toHaveLength(25);
      expect(page, qs).toEqual(expected);
    }
  });

  const idsAt = async (tail: string, offset: number) =>
    (
      (await t.database.db.execute(
        sql.raw(`select id from app_users ${tail} limit 25 offset ${offset}`),
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
  const pageIds = async (qs: string, page: number) => {
    const res = await get(`${qs}&page=${page}&perPage=25`);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().map((u: { id: number }) => u.id);
  };

  it('stepping through deep pages, back and forth, seeks from the remembered pages and still gives the OFFSET rows', async () => {
    const cases: [string, string][] = [
      ['sort=createdAt&order=DESC', 'order by created_at desc, id desc'],
      ['sort=createdAt&order=ASC', 'order by created_at asc, id asc'],
      ['sort=id&order=DESC', 'order by id desc, id desc'],
      [
        'q=sara&sort=createdAt&order=DESC',
        "where first_name ilike '%sara%' or last_name ilike '%sara%' or phone ilike '%sara%' order by created_at desc, id desc",
      ],
    ];
    for (const [qs, tail] of cases)
      for (const page of [41, 42, 43, 43, 45, 44, 47, 41]) {
        const expected = await idsAt(tail, (page - 1) * 25);
        expect(await pageIds(qs, page), `${qs} page ${page}`).toEqual(expected);
      }
  });
});

// A test that writes has an app of its own: the totals above stay the seeded ones in any order.
describe('deep pages while rows are written', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    await seedUsers(t);
  });
  afterAll(() => t.close());

  const get = (qs: string) => t.app.inject({ method: 'GET', url: `/user?${qs}`, headers: auth });
  const idsAt = async (tail: string, offset: number) =>
    (
      (await t.database.db.execute(
        sql.raw(`select id from app_users ${tail} limit 25 offset ${offset}`),
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => r.id);
  const pageIds = async (qs: string, page: number) => {
    const res = await get(`${qs}&page=${page}&perPage=25`);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().map((u: { id: number }) => u.id);
  };

  it('the page after a remembered one follows the rows the admin saw, though rows were added before them since', async () => {
    const qs = 'sort=createdAt&order=ASC';
    const tail = 'order by created_at asc, id asc';
    expect(await pageIds(qs, 44)).toEqual(await idsAt(tail, 1075));
    const next = await idsAt(tail, 1100);
    // Five older users written behind the app's back (as another instance would): an OFFSET would now shift by five.
    await t.database.db.execute(sql`
      insert into app_users (first_name, phone, created_at)
      select 'Early', '+96659' || lpad(i::text, 7, '0'), timestamptz '2025-01-01' from generate_series(1, 5) as i`);
    expect(await pageIds(qs, 45)).toEqual(next);
    // A write through this instance drops the marks: the pages are the OFFSET's again.
    const removed = await t.app.inject({ method: 'DELETE', url: `/user/${next[0]}`, headers: auth });
    expect(removed.statusCode).toBe(200);
    expect(await pageIds(qs, 45)).toEqual(await idsAt(tail, 1100));
  });
});

// "More than 1,000" is said only past the cap: a search matching exactly TOTAL_CAP rows has an exact total. One
// rule (cappedTotal, db/repositories/counts.ts) for every capped count: the App Users search's own, a list's
// joined count (the Activity screen's kind filter), and the Orders screen's phone search (its parts added up).
describe(`a total of exactly ${TOTAL_CAP}`, () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let restaurantId: number;
  const addUsers = (from: number, to: number) =>
    t.database.db.execute(sql`
      insert into app_users (first_name, phone)
      select 'Capped', '+966577' || lpad(i::text, 6, '0') from generate_series(${from}::int, ${to}::int) as i`);
  // One order per capped customer, numbered in letters only, so the phone's digits match no order number.
  const addOrders = (from: number, to: number) =>
    t.database.db.execute(sql`
      insert into orders (restaurant_id, app_user_id, pos_order_id, device_id, branch_name, order_number, order_date,
                          order_time, payment_method, sub_total_price, discount_amount, total_price, currency)
      select ${restaurantId}, u.id, 'cap-' || u.id, 'TILL', 'Olaya',
             translate(lpad(u.id::text, 6, '0'), '0123456789', 'ABCDEFGHIJ'), '2026-11-20', '12:00', 'Cash', 10, 0,
             11.5, 'SAR'
      from app_users u
      where u.phone between '+966577' || lpad(${from}::text, 6, '0') and '+966577' || lpad(${to}::text, 6, '0')`);
  const addActivity = (n: number) =>
    t.database.db.execute(sql`
      insert into activity (kind, target_type, target_id, target_label)
      select 'restaurant.synced', 'restaurant', i::text, 'Capped' from generate_series(1, ${n}::int) as i`);
  beforeAll(async () => {
    // The rows are written past the app (no write of its own drops its answer memory): no memory here.
    t = await createTestApp({ ANSWER_CACHE_MS: '0' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    const [r] = (
      (await t.database.db.execute(sql`
        insert into restaurants (name, logo, token, branchs_token, system_type)
        values ('Capped Grill', 'https://example.com/l.png', '-', '-', 'Specter') returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    restaurantId = r.id;
    await addUsers(1, TOTAL_CAP);
    await addOrders(1, TOTAL_CAP);
    await addActivity(TOTAL_CAP);
  });
  afterAll(() => t.close());

  const LISTS = [
    '/user?q=capped&page=1&perPage=25',
    '/admin/activity?kind=restaurant.synced&page=1&perPage=25',
    '/order?q=966577&page=1&perPage=25',
  ];
  const totals = async () =>
    Promise.all(
      LISTS.map(async (url) => {
        const res = await t.app.inject({ method: 'GET', url, headers: auth });
        expect(res.statusCode, url).toBe(200);
        return [url, res.headers['x-total-count'], res.headers['x-total-exact'] ?? 'exact'];
      }),
    );

  it(`exactly ${TOTAL_CAP} matching rows: ${TOTAL_CAP}, exact; one more: ${TOTAL_CAP} and "more than"`, async () => {
    expect(await totals()).toEqual(LISTS.map((url) => [url, String(TOTAL_CAP), 'exact']));
    await addUsers(TOTAL_CAP + 1, TOTAL_CAP + 1);
    await addOrders(TOTAL_CAP + 1, TOTAL_CAP + 1);
    await addActivity(1);
    expect(await totals()).toEqual(LISTS.map((url) => [url, String(TOTAL_CAP), 'false']));
  });
});
