import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';
import { restaurants } from '../../../server/db/schema';

// Each restaurant's saved orders are counted by a trigger (migration 0020, row_counts 'orders@<id>'), so a
// manager's Orders and an admin's Orders of a restaurant have an exact total and their pages past the middle are
// read from the other end of the index (docs/PERFORMANCE.md, section 3a). The counts equal count(*) after every kind
// of write, and every page - the last one included - holds the same rows as the plain ORDER BY ... OFFSET.
describe('per-restaurant order counts behind the Orders list', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let a = 0;
  let b = 0;
  const rows = async <T>(q: string) => ((await t.database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
  const insertOrders = (restaurantId: number, from: number, to: number) =>
    t.database.db.execute(
      sql.raw(`insert into orders (restaurant_id, pos_order_id, device_id, branch_name, order_number, order_date,
        order_time, payment_method, sub_total_price, discount_amount, total_price, currency, created_at)
        select ${restaurantId}, 'p-${restaurantId}-' || i, 'd', 'Olaya', i::text, '2026-11-01', '12:00', 'Cash', 10, 0, 11.5, 'SAR',
               timestamptz '2026-11-01' + ((i % 97) || ' minutes')::interval
        from generate_series(${from}, ${to}) as i`),
    );

  beforeAll(async () => {
    t = await createTestApp({ ANSWER_CACHE_MS: '0' });
    admin = { authorization: `Bearer ${await t.adminToken()}` };
    const { db } = t.database;
    [{ id: a }, { id: b }] = await db
      .insert(restaurants)
      .values(
        ['A', 'B'].map((name) => ({ name, logo: '/l.svg', token: 't', branchsToken: 'b', systemType: 'Foodics' })),
      )
      .returning({ id: restaurants.id });
    manager = { authorization: `Bearer ${await t.accountToken('manager', [a])}` };
    // The Orders list's restaurants: 1,200 orders at A (the manager's), 30 at B.
    await insertOrders(a, 1, 1200);
    await insertOrders(b, 2001, 2030);
  });
  const newRestaurant = async (name: string) =>
    (
      await t.database.db
        .insert(restaurants)
        .values({ name, logo: '/l.svg', token: 't', branchsToken: 'b', systemType: 'Foodics' })
        .returning({ id: restaurants.id })
    )[0].id;
  afterAll(() => t.close());

  const counts = async (x: number, y: number) => {
    const kept = await rows<{ name: string; n: string }>("select name, n from row_counts where name like 'orders@%'");
    const real = await rows<{ r: number; n: string }>(
      'select restaurant_id as r, count(*) as n from orders group by 1',
    );
    const of = (id: number) => ({
      kept: Number(kept.find((k) => k.name === `orders@${id}`)?.n ?? 0),
      real: Number(real.find((r) => Number(r.r) === id)?.n ?? 0),
    });
    return { x: of(x), y: of(y) };
  };

  it('equal count(*) per restaurant after bulk and single inserts, deletes and a cascade', async () => {
    // Restaurants of its own: the list's A and B keep their orders for the test below.
    const x = await newRestaurant('X');
    const y = await newRestaurant('Y');
    await insertOrders(x, 1, 1200);
    await insertOrders(y, 2001, 2030);
    await insertOrders(x, 1201, 1201);
    let c = await counts(x, y);
    expect(c.x).toEqual({ kept: 1201, real: 1201 });
    expect(c.y).toEqual({ kept: 30, real: 30 });
    await t.database.db.execute(sql.raw(`delete from orders where restaurant_id = ${y} and order_number::int % 2 = 0`));
    await t.database.db.execute(sql.raw(`delete from orders where restaurant_id = ${x} and order_number = '7'`));
    c = await counts(x, y);
    expect(c.x).toEqual({ kept: 1200, real: 1200 });
    expect(c.y).toEqual({ kept: 15, real: 15 });
  });

  it('every page of a restaurant, the last included, holds the rows of the plain ORDER BY ... OFFSET', async () => {
    const expected = (
      await rows<{ id: number }>(`select id from orders where restaurant_id = ${a} order by created_at desc, id desc`)
    ).map((r) => Number(r.id));
    expect(expected).toHaveLength(1200);
    for (const [who, auth, filter] of [
      ['admin, restaurantId', admin, `&restaurantId=${a}`],
      ['manager of A', manager, ''],
    ] as const)
      for (const page of [1, 30, 45, 47, 48]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/order?page=${page}&perPage=25${filter}`,
          headers: auth,
        });
        expect(res.statusCode, who).toBe(200);
        expect(res.headers['x-total-count'], who).toBe('1200');
        expect(res.headers['x-total-exact'], who).toBeUndefined();
        const ids = (res.json() as { id: number }[]).map((o) => o.id);
        expect(ids, `${who} page ${page}`).toEqual(expected.slice((page - 1) * 25, page * 25));
      }
    // A manager asking for another restaurant's orders: none, and a total of 0.
    const other = await t.app.inject({
      method: 'GET',
      url: `/order?page=1&perPage=25&restaurantId=${b}`,
      headers: manager,
    });
    expect(other.headers['x-total-count']).toBe('0');
    expect(other.json()).toEqual([]);
  });
});
