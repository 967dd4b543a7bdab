// Creates a large data set for the scale benches: N app users and M saved orders (defaults 100,000 and
// 1,000,000; the PostgreSQL bench uses 1,000,000 and 10,000,000), with set-based SQL (generate_series) so
// PostgreSQL or PGlite does the work in bulk, a million orders per statement. Every tenth first name is Sara
// (a search matching 10% of the users). Ends with VACUUM ANALYZE, as autovacuum would after a bulk load, so
// the planner knows the sizes and index-only scans can skip the heap.
// Usage: npm run seed:big -- [--users 100000] [--orders 1000000]   (DATABASE_URL or DATA_DIR as for npm start)
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { bulkOrders, numArg } from './lib';

export async function seedBig(database: Database, users: number, orders: number) {
  const { db } = database;
  const t0 = Date.now();
  await db.execute(sql`
    insert into app_users (first_name, last_name, phone, gender, birth_date, created_at)
    select (array['Nora','Fahad','Huda','Omar','Layla','Khalid','Sara','Yousef','Mona','Ahmed'])[1 + i % 10],
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    queryTimeoutMs: 0,
  });
  await database.migrate();
  const r = await seedBig(database, numArg('users', 100_000), numArg('orders', 1_000_000));
  console.log(
    `Seeded ${r.users} app users in ${r.usersMs} ms and ${r.orders} orders in ${r.ordersMs} ms, VACUUM ANALYZE ${r.vacuumMs} ms (${database.kind})`,
  );
  await database.close();
}
