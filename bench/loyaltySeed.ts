// Loyalty at size for the benches (docs/PERFORMANCE.md, "Loyalty"): for the given restaurants, a program (a point per
// riyal, balances kept 180 days) and three rewards each, `members` members (app users made here, or the first ones
// of a database seeded with `npm run seed:big`), and `ledger` ledger entries over them - nine earns in ten and a
// redeem in ten, spread over the last year - with set-based SQL (generate_series), the kept figures' triggers off
// during the load and rebuilt once after it (migration 0026's loyalty_insights_rebuild), then VACUUM ANALYZE.
// Used by bench/loyalty.ts (a scratch database of its own) and, as a command, for bench/first-visit.ts's Members,
// Ledger and Loyalty cases on the database `npm run seed:big` made:
//   DATABASE_URL=postgres://.../specter_big npx tsx bench/loyaltySeed.ts [--members 1000000] [--ledger 10000000]
//     [--restaurants 20]   (the Bench Restaurant and restaurants made beside it; the app users must be there)
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { numArg } from './lib';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export interface LoyaltySeed {
  /** The restaurants the members belong to (member g to restaurantIds[g % n]). */
  restaurantIds: number[];
  members: number;
  ledger: number;
  /** Make the members' app users (+9665 and 8 digits: g), or take the first `members` app users by id. */
  newUsers: boolean;
}

/** Seeds as the top of this file says; answers how long it took and the sizes. */
export async function seedLoyalty(database: Database, s: LoyaltySeed) {
  const { db } = database;
  const t = performance.now();
  const rids = sql`${`{${s.restaurantIds.join(',')}}`}::int[]`;
  const n = s.restaurantIds.length;
  await db.execute(sql`insert into loyalty_programs (restaurant_id, enabled, points_per_unit, expiry_days)
    select unnest(${rids}), true, 1, 180
    on conflict (restaurant_id) do update set enabled = true`);
  await db.execute(sql`insert into loyalty_rewards (restaurant_id, code, name_en, name_ar, cost, kind, value, max_discount, product_ids)
    select r, k.code, k.code, k.code, k.cost, k.kind, k.value, k.cap, k.products::jsonb from unnest(${rids}) r,
    (values ('KARAK', 20, 'products', 1, 6, '["p-3"]'), ('TEN-OFF', 50, 'amount', 10, null, '[]'),
            ('FIFTEEN', 100, 'percent', 15, 25, '[]')) as k(code, cost, kind, value, cap, products)
    on conflict do nothing`);
  // A member's last activity: a moment of the last 90 days drawn from its number, independent of its name (before,
  // the day was g % 90 and the name g % 10, so every Sara's last activity was the sixth-newest day - a correlation no
  // restaurant has, which made a walk of the recent index for "sara" read 67,000 members to find 25).
  const batch = 500_000;
  if (s.newUsers)
    for (let from = 1; from <= s.members; from += batch) {
      const to = Math.min(s.members, from + batch - 1);
      await db.execute(sql`insert into app_users (phone, created_at)
        select '+966' || '5' || lpad(g::text, 8, '0'), now() from generate_series(${from}::int, ${to}::int) g`);
    }
  const [{ first }] = rowsOf<{ first: number }>(
    await db.execute(
      s.newUsers
        ? sql`select id::int as first from app_users where phone = '+96650' || lpad('1', 7, '0')`
        : sql`select min(id)::int as first from app_users`,
    ),
  );
  // The kept figures' triggers off during the bulk load: one rebuild at the end (as bulkOrders does for orders).
  await db.execute(sql`alter table loyalty_members disable trigger loyalty_members_keep_ins`);
  await db.execute(sql`alter table loyalty_ledger disable trigger loyalty_ledger_keep_ins`);
  try {
    for (let from = 1; from <= s.members; from += batch) {
      const to = Math.min(s.members, from + batch - 1);
      await db.execute(sql`insert into loyalty_members (restaurant_id, app_user_id, balance, lifetime_points, last_activity_at, joined_at)
        select (${rids})[1 + g % ${n}::int], ${first}::int + g - 1, 5000, 5000,
          now() - (abs(hashint4(g)) % (90 * 86400)) * interval '1 second', now() - interval '200 days'
        from generate_series(${from}::int, ${to}::int) g
        on conflict do nothing`);
    }
    const [{ m0 }] = rowsOf<{ m0: number }>(
      await db.execute(sql`select min(id)::int as m0 from loyalty_members where app_user_id = ${first}::int`),
    );
    // Nine earns in ten, a redeem in ten (with its business reference and code), over the last year.
    const ledgerBatch = 1_000_000;
    for (let from = 1; from <= s.ledger; from += ledgerBatch) {
      const to = Math.min(s.ledger, from + ledgerBatch - 1);
      await db.execute(sql`insert into loyalty_ledger (member_id, restaurant_id, kind, points, balance_after, value, spend,
          pos_order_id, reward_code, business_reference, created_at)
        select ${m0}::int + m - 1, (${rids})[1 + m % ${n}::int],
          case when g % 10 = 0 then 'redeem' else 'earn' end,
          case when g % 10 = 0 then -50 else 40 end, 5000, 40, 40,
          case when g % 10 = 0 then 'r-' else 'o-' end || g,
          case when g % 10 = 0 then 'TEN-OFF' end,
          case when g % 10 = 0 then 'bref-' || (1 + m % ${n}::int) end,
          now() - ((g % 365) || ' days')::interval
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select 1 + ((g::bigint * 7919) % ${s.members}::int)::int as m) x`);
    }
  } finally {
    await db.execute(sql`alter table loyalty_members enable trigger loyalty_members_keep_ins`);
    await db.execute(sql`alter table loyalty_ledger enable trigger loyalty_ledger_keep_ins`);
  }
  const r = performance.now();
  await db.execute(sql`select loyalty_insights_rebuild()`);
  const rebuildMs = Math.round(performance.now() - r);
  await db.execute(sql`vacuum analyze`);
  const [sizes] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`select (select count(*) from loyalty_members)::int as members,
      (select count(*) from loyalty_ledger)::int as ledger, pg_size_pretty(pg_database_size(current_database())) as size`),
  );
  return { ms: Math.round(performance.now() - t), rebuildMs, sizes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    queryTimeoutMs: 0,
  });
  await database.migrate();
  const { db } = database;
  const [bench] = rowsOf<{ id: number }>(
    await db.execute(sql`select min(id)::int as id from restaurants where name like 'Bench Restaurant%'`),
  );
  if (!bench?.id) throw new Error('No Bench Restaurant: seed the database with npm run seed:big first');
  const more = numArg('restaurants', 20) - 1;
  const made = rowsOf<{ id: number }>(
    await db.execute(sql`insert into restaurants (name, logo, token, branchs_token, system_type, pos_business_ref)
      select 'Loyalty Bench ' || r, '/logo.svg', 't', 't', 'Foodics', 'bref-' || (r + 1)
      from generate_series(1, ${more}::int) r returning id`),
  );
  const seeded = await seedLoyalty(database, {
    restaurantIds: [bench.id, ...made.map((r) => r.id)],
    members: numArg('members', 1_000_000),
    ledger: numArg('ledger', 10_000_000),
    newUsers: false,
  });
  console.log(`Seeded loyalty in ${seeded.ms} ms (kept figures rebuilt in ${seeded.rebuildMs} ms):`, seeded.sizes);
  await database.close();
}
