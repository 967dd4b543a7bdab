import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';
import { SEARCH_TOO_SHORT } from '../../../src/contract';

// Lists past a cap and at their far end (docs/PERFORMANCE.md, issue 35):
// - a phone search matching more than 5,000 app users still answers every matching order (the cap on the
//   customers looked up first may change how the orders are found, never which);
// - a page past the middle of a whole list is read from its other end and holds exactly the rows an OFFSET over
//   the whole sorted list gives, the last page too (a short one).
// Seeded with set-based SQL so the file stays a few seconds on both engines.
describe('big lists: a phone search past 5,000 customers, and the last pages', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  const USERS = 6_010; // every phone holds "5877"; the last page of 25 holds 10
  const ORDERS = 3_010;
  let late: number;
  beforeAll(async () => {
    t = await createTestApp();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    const db = t.database.db;
    await db.execute(sql`
      insert into app_users (first_name, last_name, phone, created_at)
      select case when i % 3 = 0 then 'Nora' else 'Omar' end, 'Saleh', '+9665877' || lpad(i::text, 5, '0'),
             timestamptz '2026-01-01' + ((i / 4) || ' minutes')::interval
      from generate_series(1, ${USERS}::int) as i`);
    const [{ id: restaurant }] = (
      (await db.execute(sql`
        insert into restaurants (name, logo, token, branchs_token, system_type)
        values ('Big Lists', '/logo.svg', 't', 't', 'Specter') returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    // The last user inserted: past the 5,001st of any walk of the users in the order they were written.
    [{ id: late }] = (
      (await db.execute(sql`select max(id) as id from app_users where phone like '+9665877%'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    // 3,000 orders of the first customers, and 10 of the late one; order numbers hold no "5877".
    await db.execute(sql`
      insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name, order_number, check_number,
                          order_date, order_time, payment_method, sub_total_price, discount_amount, total_price,
                          currency, created_at)
      select case when i <= 3000 then ${late}::int - ${USERS}::int + 1 + (i % 3000) else ${late}::int end,
             ${restaurant}::int, 'big-' || i, 'dev', 'Olaya', 'N' || i, (i % 100)::text, '2026-11-22', '12:00', 'Cash',
             10, 0, 10 + (i % 7), 'SAR', timestamptz '2026-02-01' + ((i / 2) || ' seconds')::interval
      from generate_series(1, ${ORDERS}::int) as i`);
  }, 180_000); // a few seconds alone; on a machine shared with other work PGlite's trigram indexes can take a minute
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const ids = async (url: string) => (await get(url)).json().map((r: { id: number }) => r.id);
  const idsOf = async (query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: { id: number }[] }).rows.map((r) =>
      Number(r.id),
    );

  it('a phone search matching more than 5,000 app users answers all the orders of a customer past the 5,001st', async () => {
    expect(await idsOf(`select id from app_users where phone like '%5877%'`)).toHaveLength(USERS);
    const expected = await idsOf(`select id from orders where app_user_id = ${late} order by created_at desc, id desc`);
    expect(expected).toHaveLength(10);
    const res = await get(`/order?q=5877&appUserId=${late}&page=1&perPage=25`);
    expect(res.json().map((r: { id: number }) => r.id)).toEqual(expected);
    expect(res.headers['x-total-count']).toBe('10');
    // The same digits written as a local number (05877...) and the whole search's first and a deep page.
    expect(await ids(`/order?q=05877&appUserId=${late}&page=1&perPage=25`)).toEqual(expected);
    const all = await idsOf(`select id from orders order by created_at desc, id desc`);
    expect(await ids(`/order?q=5877&page=1&perPage=25`)).toEqual(all.slice(0, 25));
    expect(await ids(`/order?q=5877&page=50&perPage=25`)).toEqual(all.slice(1225, 1250));
  });

  it('one or two digits search every phone and order number holding them, in the list order, with the same rows as ILIKE', async () => {
    for (const q of ['7', '87', '5877', '58771']) {
      const expected = await idsOf(
        `select o.id from orders o left join app_users u on u.id = o.app_user_id
         where o.order_number ilike '%${q}%' or u.phone ilike '%${q}%' order by o.created_at desc, o.id desc`,
      );
      const res = await get(`/order?q=${q}&page=1&perPage=25`);
      expect(
        res.json().map((r: { id: number }) => r.id),
        `orders q=${q}`,
      ).toEqual(expected.slice(0, 25));
      expect(res.headers['x-total-count'], `orders q=${q}`).toBe(String(Math.min(expected.length, 1000)));
      expect(await ids(`/order?q=${q}&page=3&perPage=25`)).toEqual(expected.slice(50, 75));
      expect(await ids(`/order?q=${q}&appUserId=${late}&page=1&perPage=25`)).toEqual(
        (await idsOf(`select id from orders where app_user_id = ${late} order by created_at desc, id desc`)).filter(
          (id) => expected.includes(id),
        ),
      );
      const users = await idsOf(`select id from app_users where phone like '%${q}%' order by created_at desc, id desc`);
      expect(await ids(`/user?q=${q}&page=2&perPage=25`), `users q=${q}`).toEqual(users.slice(25, 50));
    }
    // An order number of one character ("N" + digits here): found by its digits too.
    expect((await get('/order?q=1&page=1&perPage=5')).json()).toHaveLength(5);
  });

  it('a name or order-number search of one or two letters is a 400 that says to type at least 3 characters', async () => {
    for (const url of ['/user?q=xy&page=1', '/user?q=a%20b&page=1', '/order?q=ab&page=1', '/order?q=N&page=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(SEARCH_TOO_SHORT);
    }
    // A short word beside a long one narrows the long one's matches: answered.
    expect((await get('/user?q=nora%20sa&page=1&perPage=5')).json()).toHaveLength(5);
  });

  it('the CSV export of such a search holds every matching order too', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/order/export.csv?q=5877&appUserId=${late}`, headers: auth });
    expect(res.statusCode).toBe(200);
    // A header line and the customer's ten orders.
    expect(res.body.trim().split('\n')).toHaveLength(11);
  });

  it('the last pages of App Users, read from the end, hold the OFFSET rows in every sort, the short last page too', async () => {
    const lastPage = Math.ceil(USERS / 25);
    const cases: [string, string][] = [
      ['', 'order by created_at desc, id desc'],
      ['sort=createdAt&order=ASC', 'order by created_at asc, id asc'],
      ['sort=firstName&order=DESC', 'order by first_name desc, id desc'],
      ['sort=lastLogin&order=ASC', 'order by last_login asc nulls last, id asc'],
      ['sort=lastLogin&order=DESC', 'order by last_login desc nulls first, id desc'],
    ];
    for (const [qs, tail] of cases) {
      const all = await idsOf(`select id from app_users ${tail}`);
      for (const page of [lastPage, lastPage - 1, 150, 130]) {
        const res = await get(`/user?${qs}&page=${page}&perPage=25`);
        expect(
          res.json().map((r: { id: number }) => r.id),
          `${qs} page ${page}`,
        ).toEqual(all.slice((page - 1) * 25, page * 25));
        expect(res.headers['x-total-count']).toBe(String(USERS));
      }
      expect(await ids(`/user?${qs}&page=${lastPage}&perPage=25`)).toHaveLength(10);
      expect(await ids(`/user?${qs}&page=${lastPage + 1}&perPage=25`)).toEqual([]);
    }
    // The oldest user is the last row of the default (newest first) list's last page.
    const oldest = await idsOf(`select id from app_users order by created_at asc, id asc limit 1`);
    expect((await ids(`/user?page=${lastPage}&perPage=25`)).at(-1)).toBe(oldest[0]);
  });

  it('the last pages of Orders, read from the end, hold the OFFSET rows', async () => {
    const lastPage = Math.ceil(ORDERS / 10);
    for (const [qs, tail] of [
      ['', 'order by created_at desc, id desc'],
      ['sort=totalPrice&order=DESC', 'order by total_price desc, id desc'],
      ['sort=orderNumber&order=ASC', 'order by order_number asc, id asc'],
    ]) {
      const all = await idsOf(`select id from orders ${tail}`);
      for (const page of [lastPage, lastPage - 1, 200])
        expect(await ids(`/order?${qs}&page=${page}&perPage=10`), `${qs} page ${page}`).toEqual(
          all.slice((page - 1) * 10, page * 10),
        );
    }
  });
});
