// The Orders screen's search total for digits (issue 50): the order numbers that start with the digits are counted
// first, as a range of an order-number index, and past the cap the total is "more than 1,000" at once; under it, the
// numbers holding the digits anywhere are counted as before. Both parts within the caller's restaurants: another
// restaurant's numbers never make a manager's total "more than", and a number holding the digits in its middle still
// counts towards the exact total and the cap.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { restaurants } from '../../../server/db/schema';
import { TOTAL_CAP } from '../../../server/db/repositories/counts';

describe("an order-number search's total: the numbers that start with the digits, then those holding them", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let mine: number;
  let theirs: number;
  let n = 0;
  /** `count` orders of a restaurant, no customer (the digits match no phone), numbered `prefix` + a serial in letters
   * (so the digits searched are only the prefixes'). */
  const addOrders = (restaurantId: number, count: number, prefix: string) => {
    n += count;
    return t.database.db.execute(sql`
      insert into orders (restaurant_id, pos_order_id, device_id, branch_name, order_number, order_date, order_time,
                          payment_method, sub_total_price, discount_amount, total_price, currency)
      select ${restaurantId}, 'num-' || ${n}::int || '-' || i, 'TILL', 'Olaya', ${prefix} || translate(lpad(i::text, 5, '0'), '0123456789', 'ABCDEFGHIJ'),
             '2026-11-20', '12:00', 'Cash', 10, 0, 11.5, 'SAR'
      from generate_series(1, ${count}::int) as i`);
  };
  const total = async (auth: Record<string, string>, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/order?${query}&page=1&perPage=25`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return [Number(res.headers['x-total-count']), res.headers['x-total-exact'] ?? 'exact'];
  };

  beforeAll(async () => {
    // The rows are written past the app (no write of its own drops its answer memory): no memory here.
    t = await createTestApp({ ANSWER_CACHE_MS: '0' });
    admin = { authorization: `Bearer ${await t.adminToken()}` };
    const db = t.database.db;
    const made = await db
      .insert(restaurants)
      .values(
        ['Mine Grill', 'Their Grill'].map((name) => ({
          name,
          logo: 'https://example.com/l.png',
          token: '-',
          branchsToken: '-',
          systemType: 'Specter' as const,
        })),
      )
      .returning({ id: restaurants.id });
    [mine, theirs] = made.map((r) => r.id);
    manager = { authorization: `Bearer ${await t.accountToken('manager', [mine])}` };
    // Another restaurant: more than the cap of numbers starting with 74.
    await addOrders(theirs, TOTAL_CAP + 1, '74');
    // The manager's: 3 that start with 74, 996 that hold it in the middle (974...).
    await addOrders(mine, 3, '74');
    await addOrders(mine, TOTAL_CAP - 4, '974');
  });
  afterAll(() => t.close());

  it("a manager's total counts only their restaurant's numbers, up to the cap exactly, then says more than", async () => {
    // 3 + 996 = 999 of theirs hold "74"; the other restaurant's 1,001 starting with it never count.
    expect(await total(manager, 'q=74')).toEqual([TOTAL_CAP - 1, 'exact']);
    expect(await total(admin, `q=74&restaurantId=${mine}`)).toEqual([TOTAL_CAP - 1, 'exact']);
    // Every restaurant: the other one's numbers starting with 74 alone pass the cap.
    expect(await total(admin, 'q=74')).toEqual([TOTAL_CAP, 'false']);
    // One more holding it in the middle: exactly the cap; one more again: more than (few of them start with it).
    await addOrders(mine, 1, '9974');
    expect(await total(manager, 'q=74')).toEqual([TOTAL_CAP, 'exact']);
    await addOrders(mine, 1, '99974');
    expect(await total(manager, 'q=74')).toEqual([TOTAL_CAP, 'false']);
    expect(await total(admin, `q=74&restaurantId=${mine}`)).toEqual([TOTAL_CAP, 'false']);
  });

  it('three digits with a date: the numbers that start with them count only within the filters', async () => {
    // Its own numbers: 631 is in none of the other test's (their serials are letters).
    await addOrders(theirs, TOTAL_CAP + 1, '631');
    await addOrders(mine, 2, '631');
    await addOrders(mine, 5, '9631');
    expect(await total(admin, 'q=631')).toEqual([TOTAL_CAP, 'false']);
    expect(await total(manager, 'q=631')).toEqual([7, 'exact']);
    // A date no order has: nothing, though more than the cap of numbers start with 631.
    expect(await total(admin, 'q=631&to=2026-11-19')).toEqual([0, 'exact']);
    expect(await total(manager, 'q=631&from=2026-11-20')).toEqual([7, 'exact']);
  });
});
