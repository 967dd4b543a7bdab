import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';

// A deep page of a whole list starts at its day (migration 0032, docs/PERFORMANCE.md "Run 14"): the rows of each
// calendar day (UTC) of sign-ups and saved orders are kept in row_days by triggers, and a page past the first 1,000
// rows of a list in created_at order, newest or oldest first, is sought from the start of the day that holds it.
// The pages hold exactly the rows an OFFSET over the whole sorted list gives - across day boundaries, with rows at
// midnight exactly and rows sharing one time - for an admin, an admin's one restaurant and a manager, after deletes
// and inserts; and the counts equal the rows' own. Seeded with set-based SQL so the file stays seconds on both engines.
describe('deep pages of the whole Orders and App Users lists start at their day', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let a = 0;
  let b = 0;
  const rows = async <T>(query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const idsOf = async (query: string) => (await rows<{ id: number }>(query)).map((r) => Number(r.id));

  beforeAll(async () => {
    t = await createTestApp({ ANSWER_CACHE_MS: '0' });
    admin = { authorization: `Bearer ${await t.adminToken()}` };
    [{ id: a }, { id: b }] = await rows<{ id: number }>(`
      insert into restaurants (name, logo, token, branchs_token, system_type)
      values ('Days A', '/l.svg', 't', 't', 'Specter'), ('Days B', '/l.svg', 't', 't', 'Specter') returning id`);
    manager = { authorization: `Bearer ${await t.accountToken('manager', [a])}` };
    // 2,400 customers signed up over 12 days, 3 of them at each midnight exactly and 4 sharing one instant a day.
    await t.database.db.execute(sql`
      insert into app_users (first_name, last_name, phone, created_at)
      select 'Day', 'User', '+96650' || lpad(i::text, 7, '0'),
             timestamptz '2026-03-01 00:00:00+00' + ((i / 200) || ' days')::interval
               + case when i % 200 < 3 then interval '0' when i % 200 < 7 then interval '12 hours'
                      else ((i % 200) * 397 || ' seconds')::interval end
      from generate_series(0, 2399) as i`);
    // 3,600 orders over 9 days (each restaurant's share uneven), midnights and shared instants as above.
    await t.database.db.execute(sql`
      insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name, order_number, check_number,
                          order_date, order_time, payment_method, sub_total_price, discount_amount, total_price,
                          currency, created_at)
      select (select min(id) from app_users) + (i % 2400), case when i % 5 < 3 then ${a}::int else ${b}::int end,
             'day-' || i, 'dev', 'Olaya', 'D' || i, null, '2026-03-01', '12:00', 'Cash', 10, 0, 10, 'SAR',
             timestamptz '2026-03-01 00:00:00+00' + ((i / 400) || ' days')::interval
               + case when i % 400 < 5 then interval '0' when i % 400 < 9 then interval '6 hours'
                      else ((i % 400) * 211 || ' seconds')::interval end
      from generate_series(0, 3599) as i`);
  }, 180_000);
  afterAll(() => t.close());

  const ids = async (url: string, headers = admin) => {
    // No remembered page marks (server/lib/pageMarks.ts): each page is found from its day, as on a first visit.
    t.app.answers.pageMarks.forget();
    const res = await t.app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().map((r: { id: number }) => r.id);
  };
  const ordersSorted = (dir: 'asc' | 'desc', where = 'true') =>
    idsOf(`select id from orders where ${where} order by created_at ${dir}, id ${dir}`);

  /** Pages past DEEP_OFFSET (1,000 rows) at both sides of day boundaries, and the ones in the middle of a day. */
  const deepPages = (count: number, perPage: number) =>
    [41, 50, 57, 64, 80, 97, 100, 127, Math.ceil(count / perPage / 2)].filter((p) => (p - 1) * perPage < count);

  it('Orders newest and oldest first: every deep page holds the rows of the plain sort, for an admin, one restaurant and a manager', async () => {
    for (const [dir, order] of [
      ['desc', ''],
      ['asc', '&sort=createdAt&order=ASC'],
    ] as const) {
      const all = await ordersSorted(dir);
      const ofA = await ordersSorted(dir, `restaurant_id = ${a}`);
      for (const perPage of [25, 100]) {
        for (const page of deepPages(all.length, perPage))
          expect(await ids(`/order?page=${page}&perPage=${perPage}${order}`), `${dir} ${perPage} ${page}`).toEqual(
            all.slice((page - 1) * perPage, page * perPage),
          );
        for (const page of deepPages(ofA.length, perPage)) {
          const expected = ofA.slice((page - 1) * perPage, page * perPage);
          expect(await ids(`/order?page=${page}&perPage=${perPage}${order}&restaurantId=${a}`)).toEqual(expected);
          expect(await ids(`/order?page=${page}&perPage=${perPage}${order}`, manager)).toEqual(expected);
        }
      }
    }
  });

  it('App Users newest and oldest first: every deep page holds the rows of the plain sort', async () => {
    for (const [dir, order] of [
      ['desc', ''],
      ['asc', '&sort=createdAt&order=ASC'],
    ] as const) {
      const all = await idsOf(`select id from app_users order by created_at ${dir}, id ${dir}`);
      for (const page of deepPages(all.length, 25))
        expect(await ids(`/user?page=${page}&perPage=25${order}`), `${dir} ${page}`).toEqual(
          all.slice((page - 1) * 25, page * 25),
        );
    }
  });

  it("the days' counts follow inserts and deletes, and the pages after them still hold the plain sort's rows", async () => {
    await t.database.db.execute(
      sql`delete from orders where pos_order_id like 'day-%' and (id % 7 = 0 or id % 11 = 3)`,
    );
    await t.database.db.execute(sql`
      insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name, order_number, check_number,
                          order_date, order_time, payment_method, sub_total_price, discount_amount, total_price,
                          currency, created_at)
      select (select min(id) from app_users), ${b}::int, 'late-' || i, 'dev', 'Olaya', 'L' || i, null, '2026-03-04',
             '12:00', 'Cash', 10, 0, 10, 'SAR', timestamptz '2026-03-04 00:00:00+00' + (i || ' minutes')::interval
      from generate_series(0, 299) as i`);
    const kept = await rows<{ name: string; day: string; n: number }>(
      `select name, day::text as day, n::int as n from row_days where (name = 'orders' or name like 'orders@%') and n <> 0 order by 1, 2`,
    );
    const counted = await rows<{ name: string; day: string; n: number }>(`
      select name, day::text as day, count(*)::int as n from (
        select 'orders' as name, (created_at at time zone 'UTC')::date as day from orders
        union all select 'orders@' || restaurant_id, (created_at at time zone 'UTC')::date from orders) r
      group by 1, 2 order by 1, 2`);
    expect(kept).toEqual(counted);
    const all = await ordersSorted('desc');
    for (const page of deepPages(all.length, 25))
      expect(await ids(`/order?page=${page}&perPage=25`), `page ${page}`).toEqual(
        all.slice((page - 1) * 25, page * 25),
      );
    const ofB = await ordersSorted('asc', `restaurant_id = ${b}`);
    for (const page of deepPages(ofB.length, 25))
      expect(await ids(`/order?page=${page}&perPage=25&sort=createdAt&order=ASC&restaurantId=${b}`)).toEqual(
        ofB.slice((page - 1) * 25, page * 25),
      );
  });

  it("a deep page is sought from its day's start: a day's count off by five moves the page by five rows", async () => {
    const all = await idsOf(`select id from app_users order by created_at desc, id desc`);
    const page = 60; // rows 1,475-1,499 newest first: past the first days
    expect(await ids(`/user?page=${page}&perPage=25`)).toEqual(all.slice(1475, 1500));
    const [{ day }] = await rows<{ day: string }>(
      `select day::text as day from row_days where name = 'app_users' order by day desc limit 1`,
    );
    await t.database.db.execute(sql`update row_days set n = n + 5 where name = 'app_users' and day = ${day}::date`);
    try {
      // The page believes five more rows lie in the newest day, so it starts five rows earlier in the list.
      expect(await ids(`/user?page=${page}&perPage=25`)).toEqual(all.slice(1470, 1495));
    } finally {
      await t.database.db.execute(sql`update row_days set n = n - 5 where name = 'app_users' and day = ${day}::date`);
    }
  });
});
