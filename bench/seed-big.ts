// Creates a large data set for the scale benches: N app users and M saved orders (defaults 100,000 and
// 1,000,000; the PostgreSQL bench uses 1,000,000 and 10,000,000), with set-based SQL (generate_series) so
// PostgreSQL or PGlite does the work in bulk, a million orders per statement. Every tenth first name is Sara
// (a search matching 10% of the users), drawn from a hash of the user's number: i % 10 made the name a function of
// the same counter that picks a loyalty member's restaurant (bench/loyaltySeed.ts), so a restaurant had no Sara at all. Ends with VACUUM ANALYZE, as autovacuum would after a bulk load, so
// the planner knows the sizes and index-only scans can skip the heap.
// With --guests N, the guestbook too (seedGuests): N guest rows of the bench restaurant, two in three consented.
// Usage: npm run seed:big -- [--users 100000] [--orders 1000000] [--guests 300000]
//        npm run seed:big -- --guests-only --guests 300000   (guests into a database seeded before)
// (DATABASE_URL or DATA_DIR as for npm start)
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { bulkOrders, numArg } from './lib';

export async function seedBig(database: Database, users: number, orders: number) {
  const { db } = database;
  const t0 = Date.now();
  await db.execute(sql`
    insert into app_users (first_name, last_name, phone, gender, birth_date, created_at)
    select (array['Nora','Fahad','Huda','Omar','Layla','Khalid','Sara','Yousef','Mona','Ahmed'])[1 + abs(hashint4(i)) % 10],
           (array['Al-Harbi','Saleh','Hassan','Al-Qahtani','Mostafa','Al-Otaibi'])[1 + i % 6],
           '+9665' || lpad((10000000 + i)::text, 8, '0'),
           case when i % 2 = 0 then 'female' else 'male' end,
           date '1970-01-01' + (i % 15000),
           now() - (i || ' minutes')::interval
    from generate_series(1, ${users}::int) as i
    on conflict (phone) do nothing`);
  const tUsers = Date.now() - t0;
  const [{ id: restaurantId }] = (
    (await db.execute(sql`
    insert into restaurants (name, logo, token, branchs_token, system_type) values ('Bench Restaurant', '/logo.svg', 't', 't', 'Specter') returning id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const t1 = Date.now();
  const batch = 1_000_000;
  // With the insights' trigger off, and their kept rows rebuilt once at the end (bench/lib.ts).
  const insightsMs = await bulkOrders(database, async () => {
    for (let from = 1; from <= orders; from += batch) {
      const to = Math.min(orders, from + batch - 1);
      await db.execute(sql`
      insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name, order_number, check_number,
                          order_date, order_time, payment_method, sub_total_price, discount_amount, total_price, currency, created_at)
      select (select min(id) from app_users) + (i % ${Math.max(1, users)}::int), ${restaurantId}::int, 'bench-' || i, 'bench-device', 'Olaya',
             i::text, (i % 1000)::text, '2026-11-22', '12:00', 'Cash', 38, 0, 43.7,
             (array['SAR','SAR','SAR','EGY','USD'])[1 + i % 5], now() - (i || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) as i`);
    }
  });
  const tOrders = Date.now() - t1;
  const t2 = Date.now();
  await db.execute(sql`vacuum analyze`);
  const vacuumMs = Date.now() - t2;
  return { users, orders, usersMs: tUsers, ordersMs: tOrders, vacuumMs, insightsMs };
}

/**
 * The guestbook at scale: one guest row of the Bench Restaurant for every app user with orders there (as keepGuest
 * leaves them: every saver has one, docs/ARCHITECTURE.md "The guestbook"), with the visits, spend and visit times
 * seedBig gave that user (user k's orders are the i with i % users = k, 43.7 each, created i seconds before the
 * seed; the times are within the minutes between the two seeds); of the first `n` users (k = 1..n) two in three
 * consented (each with its guest_consents row), the others not. Rows already there are kept (a database seeded
 * with the first n rows only gets the others). Then VACUUM ANALYZE of the two tables, as autovacuum would.
 */
export async function seedGuests(database: Database, n: number) {
  const { db } = database;
  const t0 = Date.now();
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0];
  const { users, orders, first, restaurant } = await one<{
    users: number;
    orders: number;
    first: number;
    restaurant: number;
  }>(sql`
    select (select n from row_counts where name = 'app_users')::int as users,
           (select n from row_counts where name = 'orders')::int as orders,
           (select min(id) from app_users)::int as first,
           (select min(id) from restaurants where name like 'Bench Restaurant%')::int as restaurant`);
  // k: the user's place (0-based below users); its orders i = i0, i0 + users, ... up to orders, where i0 = k, or
  // users for k = 0 (i % users = 0): n of them, the oldest (largest i) i0 + users * (n - 1) seconds before the seed.
  await db.execute(sql`
    insert into guests (restaurant_id, app_user_id, consented, first_visit_at, last_visit_at, first_visit_on, visits,
                        spend, average_ticket, currency, top_branch)
    select ${restaurant}::int, ${first}::int + k, k between 1 and ${n}::int and k % 3 <> 0,
           now() - ((i0 + ${users}::int * (v.n - 1)) || ' seconds')::interval, now() - (i0 || ' seconds')::interval,
           '2026-11-22', v.n, 43.7 * v.n, 43.7, (array['SAR','SAR','SAR','EGY','USD'])[1 + k % 5], 'Olaya'
    from generate_series(0, least(${users}::int - 1, ${orders}::int)) as k,
         lateral (select case when k = 0 then ${users}::int else k end as i0) as z,
         lateral (select (${orders}::int - i0) / ${users}::int + 1 as n) as v
    where i0 <= ${orders}::int
    on conflict (restaurant_id, app_user_id) do nothing`);
  await db.execute(sql`
    insert into guest_consents (restaurant_id, phone, wording_version, consented_at)
    select g.restaurant_id, u.phone, 1, g.first_visit_at
    from guests g join app_users u on u.id = g.app_user_id
    where g.restaurant_id = ${restaurant}::int and g.consented
    on conflict (phone, restaurant_id) do nothing`);
  await db.execute(sql`vacuum analyze guests`);
  await db.execute(sql`vacuum analyze guest_consents`);
  const { count, consented } = await one<{ count: number; consented: number }>(
    sql`select count(*)::int as count, count(*) filter (where consented)::int as consented
        from guests where restaurant_id = ${restaurant}::int`,
  );
  return { guests: count, consented, guestsMs: Date.now() - t0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    queryTimeoutMs: 0,
  });
  await database.migrate();
  if (!process.argv.includes('--guests-only')) {
    const r = await seedBig(database, numArg('users', 100_000), numArg('orders', 1_000_000));
    console.log(
      `Seeded ${r.users} app users in ${r.usersMs} ms and ${r.orders} orders in ${r.ordersMs} ms, VACUUM ANALYZE ${r.vacuumMs} ms (${database.kind})`,
    );
  }
  if (numArg('guests', 0) > 0) {
    const g = await seedGuests(database, numArg('guests', 0));
    console.log(`Seeded ${g.guests} guests of the bench restaurant (${g.consented} consented) in ${g.guestsMs} ms`);
  }
  await database.close();
}
