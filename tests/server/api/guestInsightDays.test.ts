import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { createTestDatabase } from '../helpers/db';
import {
  appUsers,
  insightBranchGuestDays,
  insightDays,
  insightGuestDays,
  orders,
  restaurants,
} from '../../../server/db/schema';
import { saveOrderToAccount } from '../../../server/db/repositories/savedOrders';
import {
  guestInsights,
  insightsFromOrders,
  recordConsent,
  withdrawConsent,
} from '../../../server/db/repositories/guests';
import { deleteAppUser } from '../../../server/db/repositories/appUsers';
import { deleteCustomerData } from '../../../server/customer/deleteData';
import type { PosOrder } from '../../../server/core/posPort';

// The insights' kept rows (migration 0017, docs/ARCHITECTURE.md "The guestbook") against the saved orders they
// sum, after every kind of write: saves (one at a time and concurrent), a consent given and withdrawn, Delete my
// data, an app user deleted in the back-office (its cascade), a restaurant deleted, an order changed past the app,
// a statement of over a thousand guests, and the rebuild that backfills them. The expected rows are computed here
// in JavaScript from the orders themselves.
describe('the insights kept per day equal sums over the saved orders', () => {
  // Every test writes at restaurants and phones of its own (the kept rows are checked against all the orders,
  // whatever other tests left): each stands alone and in any order.
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  let made = 0;
  /** The cafes the tests made: they sell in pounds. */
  const cafes = new Set<number>();
  /** Two new restaurants, a grill and a cafe. */
  async function twoRestaurants() {
    made++;
    const rows = await database.db
      .insert(restaurants)
      .values(
        [`Kept Grill ${made}`, `Kept Cafe ${made}`].map((name) => ({
          name,
          logo: 'https://example.com/l.png',
          token: 't',
          branchsToken: 't',
          systemType: 'Foodics' as const,
        })),
      )
      .returning({ id: restaurants.id });
    cafes.add(rows[1].id);
    return { grill: rows[0].id, cafe: rows[1].id };
  }

  let n = 0;
  /** A closed order of the till on a day at a branch, for a total. */
  const orderOf = (day: string, branch: string, total: number, currency = 'SAR'): PosOrder =>
    ({
      posOrderId: `kept-${++n}`,
      deviceId: 'till-1',
      status: 4,
      closedAt: new Date(),
      invoice: {
        currency,
        branch_name: branch,
        order_date: day,
        order_time: '12:00',
        order_number: `K${n}`,
        check_number: null,
        payment_method: 'Cash',
        sub_total_price: total,
        discount_amount: 0,
        total_price: total,
        order_items: [{ item_name: 'Tea', item_quantity: 1, total_price: total }],
      },
    }) as unknown as PosOrder;
  const save = (phone: string, restaurantId: number, day: string, branch = 'Olaya', total = 10.25) =>
    database.db.transaction((tx) =>
      saveOrderToAccount(tx, {
        phone,
        restaurantId,
        deviceId: 'till-1',
        // The cafe sells in pounds: insight_days keeps money per currency (migration 0024).
        order: orderOf(day, branch, total, cafes.has(restaurantId) ? 'EGY' : 'SAR'),
      }),
    );

  /** Five-decimal money as an exact integer. */
  const units = (v: string | number) => BigInt(Math.round(Number(v) * 100_000));

  /** The three tables as they should be, from the orders: sorted lines of text. */
  async function expected() {
    const rows = await database.db
      .select({
        r: orders.restaurantId,
        u: orders.appUserId,
        b: orders.branchName,
        d: orders.orderDate,
        c: orders.currency,
        total: orders.totalPrice,
      })
      .from(orders);
    const days = new Map<string, { receipts: number; spend: bigint }>();
    for (const o of rows) {
      const k = `${o.r}|${o.d}|${o.b}|${o.c}`;
      const s = days.get(k) ?? { receipts: 0, spend: 0n };
      s.receipts += 1;
      s.spend += units(o.total);
      days.set(k, s);
    }
    /** Each guest's distinct visit days (per `group`) as counted pairs (day, previous day or ''). */
    const pairs = (group: (o: (typeof rows)[number]) => string) => {
      const visits = new Map<string, Set<string>>();
      for (const o of rows) {
        if (o.u === null) continue;
        const k = `${group(o)}|${o.u}`;
        visits.set(k, (visits.get(k) ?? new Set()).add(o.d));
      }
      const counted = new Map<string, number>();
      for (const [k, set] of visits) {
        const g = k.slice(0, k.lastIndexOf('|'));
        const sorted = [...set].sort();
        sorted.forEach((d, i) => {
          const key = `${g}|${d}|${i ? sorted[i - 1] : ''}`;
          counted.set(key, (counted.get(key) ?? 0) + 1);
        });
      }
      return [...counted].map(([k, c]) => `${k}|${c}`).sort();
    };
    return {
      days: [...days].map(([k, s]) => `${k}|${s.receipts}|${s.spend}`).sort(),
      guestDays: pairs((o) => String(o.r)),
      branchGuestDays: pairs((o) => `${o.r}|${o.b}`),
    };
  }

  async function kept() {
    const [days, guestDays, branchGuestDays] = await Promise.all([
      database.db.select().from(insightDays),
      database.db.select().from(insightGuestDays),
      database.db.select().from(insightBranchGuestDays),
    ]);
    return {
      days: days
        .map((d) => `${d.restaurantId}|${d.day}|${d.branchName}|${d.currency}|${d.receipts}|${units(d.spend)}`)
        .sort(),
      guestDays: guestDays.map((d) => `${d.restaurantId}|${d.day}|${d.prevDay}|${d.guests}`).sort(),
      branchGuestDays: branchGuestDays
        .map((d) => `${d.restaurantId}|${d.branchName}|${d.day}|${d.prevDay}|${d.guests}`)
        .sort(),
    };
  }

  const PERIODS: [string, string][] = [
    ['2026-11-01', '2026-11-30'],
    ['2026-11-10', '2026-11-16'],
    ['2026-11-14', '2026-11-14'],
    ['2026-10-01', '2026-12-29'],
  ];

  /** The kept rows are exactly the orders' sums, and the insights read from them equal those read from the orders. */
  async function agree(...restaurantIds: number[]) {
    const want = await expected();
    expect(await kept()).toEqual(want);
    // The reference reads each guest's first visit from their guest row, which the app keeps on its writes (not
    // on the writes past it below): brought up to date here first.
    await database.db
      .execute(sql`insert into guests (restaurant_id, app_user_id, first_visit_at, last_visit_at, first_visit_on)
      select restaurant_id, app_user_id, min(created_at), max(created_at), min(order_date) from orders
      where app_user_id is not null group by 1, 2
      on conflict (restaurant_id, app_user_id) do update set first_visit_on = excluded.first_visit_on`);
    for (const restaurantId of [...restaurantIds, undefined])
      for (const [from, to] of PERIODS) {
        const q = { restaurantId, from, to };
        expect(await guestInsights(database.db, q, to)).toEqual(
          await guestInsights(database.db, q, to, insightsFromOrders(database.db)),
        );
      }
    return want;
  }

  it('saves one at a time: days, branches, first and returning visits, a save between two visits', async () => {
    const { grill, cafe } = await twoRestaurants();
    await save('+966540000001', grill, '2026-11-10');
    await save('+966540000001', grill, '2026-11-10', 'Malqa', 20);
    await save('+966540000001', grill, '2026-11-16');
    // An older receipt saved later: it lands between two visits.
    await save('+966540000001', grill, '2026-11-12', 'Malqa', 7.5);
    await save('+966540000002', grill, '2026-11-12');
    await save('+966540000002', cafe, '2026-11-14', 'Cafe', 3.1);
    const want = await agree(grill, cafe);
    expect(want.days.filter((d) => d.startsWith(`${grill}|`) || d.startsWith(`${cafe}|`))).toHaveLength(6);
    const ins = await guestInsights(
      database.db,
      { restaurantId: grill, from: '2026-11-12', to: '2026-11-16' },
      '2026-11-16',
    );
    expect(ins.current).toMatchObject({ receipts: 3, guests: 2, returning: 1, new: 1 });
  });

  it('20 concurrent saves of one phone on different days and branches, beside 20 of other phones', async () => {
    const { grill } = await twoRestaurants();
    const day = (i: number) => `2026-11-${String(1 + (i % 9)).padStart(2, '0')}`;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        save('+966540000009', grill, day(i * 7), i % 2 ? 'Olaya' : 'Malqa', 1 + i),
        save(`+9665410000${String(i).padStart(2, '0')}`, grill, day(i), 'Olaya', 2.5),
      ]).flat(),
    );
    await agree(grill);
    await agree(grill);
  });

  it('a consent given and withdrawn changes no figure', async () => {
    const { grill } = await twoRestaurants();
    await save('+966540000011', grill, '2026-11-10');
    await save('+966540000011', grill, '2026-11-12');
    const before = await kept();
    await recordConsent(database.db, '+966540000011', grill);
    await withdrawConsent(database.db, '+966540000011', grill);
    expect(await kept()).toEqual(before);
    await agree(grill);
  });

  it('Delete my data takes the phone out of every figure', async () => {
    const { grill, cafe } = await twoRestaurants();
    await save('+966540000021', grill, '2026-11-10');
    await save('+966540000021', grill, '2026-11-12', 'Malqa');
    await save('+966540000021', cafe, '2026-11-12', 'Cafe');
    await save('+966540000022', grill, '2026-11-12');
    await agree(grill, cafe);
    await database.db.transaction((tx) => deleteCustomerData(tx, '+966540000021'));
    const want = await agree(grill, cafe);
    expect(want.days.filter((d) => d.startsWith(`${grill}|`) || d.startsWith(`${cafe}|`))).toEqual([
      `${grill}|2026-11-12|Olaya|SAR|1|${units(10.25)}`,
    ]);
  });

  it("an app user deleted in the back-office (their orders go by the foreign key's cascade)", async () => {
    const { grill } = await twoRestaurants();
    await save('+966540000031', grill, '2026-11-10');
    await save('+966540000031', grill, '2026-11-14', 'Malqa');
    await save('+966540000032', grill, '2026-11-14', 'Malqa');
    await agree(grill);
    const [u] = await database.db.select().from(appUsers).where(eq(appUsers.phone, '+966540000031'));
    await database.db.transaction((tx) => deleteAppUser(tx, u.id));
    const want = await agree(grill);
    expect(want.days.filter((d) => d.startsWith(`${grill}|`))).toEqual([
      `${grill}|2026-11-14|Malqa|SAR|1|${units(10.25)}`,
    ]);
  });

  it('Delete my data and deletions of app users concurrent with saves on the same days', async () => {
    const { grill } = await twoRestaurants();
    const phones = Array.from({ length: 20 }, (_, i) => `+9665430000${String(i).padStart(2, '0')}`);
    for (const [i, phone] of phones.entries()) await save(phone, grill, `2026-11-0${1 + (i % 9)}`, 'Olaya', 2.5);
    const users = await database.db
      .select({ id: appUsers.id, phone: appUsers.phone })
      .from(appUsers)
      .where(sql`${appUsers.phone} like '+9665430000%'`)
      .orderBy(appUsers.phone);
    expect(users).toHaveLength(20);
    await Promise.all([
      ...users.slice(0, 5).map((u) => database.db.transaction((tx) => deleteCustomerData(tx, u.phone))),
      ...users.slice(5, 10).map((u) => database.db.transaction((tx) => deleteAppUser(tx, u.id))),
      ...users.slice(10).map((u, i) => save(u.phone, grill, `2026-11-0${1 + (i % 9)}`, 'Malqa', 4)),
    ]);
    await agree(grill);
  });

  it('an order changed past the app (its date, branch, total, restaurant) and one deleted', async () => {
    const { grill, cafe } = await twoRestaurants();
    await save('+966540000041', grill, '2026-11-10');
    await save('+966540000041', grill, '2026-11-12');
    await save('+966540000042', cafe, '2026-11-12', 'Cafe');
    const [o] = await database.db.select().from(orders).where(eq(orders.restaurantId, grill)).limit(1);
    await database.db
      .update(orders)
      .set({ orderDate: '2026-10-15', branchName: 'Hittin', totalPrice: '99.5' })
      .where(eq(orders.id, o.id));
    await agree(grill, cafe);
    await database.db.update(orders).set({ currency: 'USD' }).where(eq(orders.id, o.id));
    await agree(grill, cafe);
    await database.db.update(orders).set({ restaurantId: cafe }).where(eq(orders.id, o.id));
    await agree(grill, cafe);
    await database.db.delete(orders).where(eq(orders.id, o.id));
    await agree(grill, cafe);
  });

  it('one statement of over a thousand guests, then the rebuild the migration backfills with', async () => {
    const { grill, cafe } = await twoRestaurants();
    await database.db.execute(
      sql`insert into app_users (phone) select '+9665420' || lpad(g::text, 5, '0') from generate_series(1, 1200) g`,
    );
    await database.db.execute(sql`insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name,
        order_number, order_date, order_time, payment_method, sub_total_price, discount_amount, total_price, currency)
      select u.id, ${cafe}, 'bulk-' || u.id, 'till-1', 'Cafe ' || (u.id % 2), u.id::text,
        '2026-11-' || lpad((1 + u.id % 20)::text, 2, '0'), '12:00', 'Cash', 5, 0, 5.125, 'SAR'
      from app_users u where u.phone like '+9665420%'`);
    await agree(grill, cafe);
    // Written with the trigger off (a bulk load), the rows are wrong until the rebuild.
    await database.db.execute(sql`alter table orders disable trigger orders_insights_ins`);
    await database.db.execute(sql`insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name,
        order_number, order_date, order_time, payment_method, sub_total_price, discount_amount, total_price, currency)
      select u.id, ${grill}, 'quiet-' || u.id, 'till-1', 'Olaya', u.id::text, '2026-11-20', '12:00', 'Cash', 5, 0, 5, 'SAR'
      from app_users u where u.phone like '+9665420%' and u.id % 3 = 0`);
    await database.db.execute(sql`alter table orders enable trigger orders_insights_ins`);
    expect(await kept()).not.toEqual(await expected());
    await database.db.execute(sql`select insights_rebuild()`);
    await agree(grill, cafe);
  });

  it("a restaurant deleted takes its rows, and every other restaurant's stay right", async () => {
    const { grill, cafe } = await twoRestaurants();
    await save('+966540000051', grill, '2026-11-10');
    await save('+966540000051', cafe, '2026-11-11', 'Cafe');
    await save('+966540000052', cafe, '2026-11-12', 'Cafe');
    await database.db.delete(restaurants).where(eq(restaurants.id, cafe));
    const want = await agree(grill);
    expect(want.days.some((d) => d.startsWith(`${cafe}|`))).toBe(false);
    expect(want.days.filter((d) => d.startsWith(`${grill}|`))).toEqual([
      `${grill}|2026-11-10|Olaya|SAR|1|${units(10.25)}`,
    ]);
  });
});
