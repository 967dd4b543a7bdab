// The guestbook at size (docs/PERFORMANCE.md, section 6): seeds one restaurant's saved orders and guests with
// set-based SQL - --users N app users (default 5,000), --orders N saved orders (default 50,000) over 120 days at
// three branches, half of the guests consenting - builds the guest rows the way migration 0016 backfills them and
// the insights' kept rows the way 0017 does, then times:
// - the insights of 7, 30 and 90 days (and today) read from the period's saved orders (the first version, kept
//   as the reference) and from the kept rows, in the same run (--runs N each, default 50), and the endpoint;
// - a save's cost with the insights' trigger on and off;
// - the guestbook's list, search and filters through the real app.
// Every call with the answer memory off. PGlite and, with DATABASE_URL, PostgreSQL (database
// specter_guests_bench, dropped at the end); --engines postgres for the big run:
// `DATABASE_URL=postgres://... npx tsx bench/guests.ts --engines postgres --users 100000 --orders 1000000`.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { restaurants } from '../server/db/schema';
import { guestInsights, insightsFromKeptRows, insightsFromOrders } from '../server/db/repositories/guests';
import { saveOrderToAccount } from '../server/db/repositories/savedOrders';
import type { PosOrder } from '../server/core/posPort';
import { ROOT, benchApp, bulkOrders, numArg, percentiles, scratchPostgres, table } from './lib';

const USERS = numArg('users', 5_000);
const ORDERS = numArg('orders', 50_000);
const RUNS = numArg('runs', 50);
const engines = (() => {
  const i = process.argv.indexOf('--engines');
  return i > 0 ? process.argv[i + 1].split(',') : ['pglite', 'postgres'];
})();

type Row = Record<string, string | number>;
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** One restaurant, USERS app users, ORDERS saved orders over the last 120 days at three branches (day and branch
 * drawn by a hash of the order's number, so a guest's visits fall on any days), two lines each;
 * guest rows as migration 0016 builds them, half the guests consenting; the insights' rows as 0017 builds them. */
async function seed(database: Database) {
  const t = performance.now();
  const { db } = database;
  const [r] = await db
    .insert(restaurants)
    .values({
      name: 'Bench Grill',
      logo: 'https://example.com/b.png',
      token: 't',
      branchsToken: 't',
      systemType: 'Foodics',
    })
    .returning({ id: restaurants.id });
  await db.execute(sql`insert into app_users (first_name, last_name, phone)
    select case when g % 3 = 0 then null else 'Guest' || g end, case when g % 3 = 0 then null else 'Bench' end,
      '+9665' || lpad(g::text, 8, '0') from generate_series(1, ${USERS}) g`);
  const [{ first }] = (
    (await db.execute(sql`select min(id)::int as first from app_users`)) as unknown as { rows: { first: number }[] }
  ).rows;
  const batch = 1_000_000;
  const rebuildMs = await bulkOrders(database, async () => {
    for (let from = 1; from <= ORDERS; from += batch) {
      const to = Math.min(ORDERS, from + batch - 1);
      await db.execute(sql`insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name,
          order_number, order_date, order_time, payment_method, sub_total_price, discount_amount, total_price, currency, created_at)
        select ${first}::int + ((g::bigint * 7919) % ${USERS}::int)::int, ${r.id}::int, 'b-' || g, 'till-' || (g % 6), 'Branch ' || (h / 120 % 3), g::text,
          to_char(now() - ((h % 120) || ' days')::interval, 'YYYY-MM-DD'), '12:00', 'Cash',
          (10 + g % 90)::numeric, 0, (10 + g % 90)::numeric, 'SAR', now() - ((h % 120) || ' days')::interval
        from generate_series(${from}::int, ${to}::int) g, lateral (select hashint4(g) & 2147483647 as h) x`);
    }
  });
  await db.execute(sql`insert into order_items (order_id, item_name, item_quantity, total_price)
    select o.id, 'Item ' || (o.id % 7), 1 + o.id % 2, o.total_price from orders o where o.restaurant_id = ${r.id}`);
  // Statistics first: the backfill's per-guest subqueries go through orders_user_restaurant_idx only when the
  // planner knows the table's size.
  await db.execute(sql`analyze`);
  // The guest rows as the migration's backfill builds them (its INSERT ... SELECT), then half of them consenting.
  const migration = readFileSync(path.join(ROOT, 'server/db/migrations/0016_guests.sql'), 'utf8');
  await db.execute(sql.raw(migration.slice(migration.indexOf('INSERT INTO "guests"'))));
  await db.execute(sql`insert into guest_consents (restaurant_id, phone, wording_version)
    select ${r.id}, u.phone, 1 from app_users u join guests g on g.app_user_id = u.id where g.id % 2 = 0`);
  await db.execute(sql`update guests set consented = (id % 2 = 0)`);
  await db.execute(sql`vacuum analyze`);
  const [sizes] = (
    (await db.execute(sql`select (select count(*) from insight_days)::int as days,
      (select count(*) from insight_guest_days)::int as pairs, (select count(*) from insight_branch_guest_days)::int as branch_pairs,
      (select count(*) from guests)::int as guests`)) as unknown as { rows: Row[] }
  ).rows;
  return { restaurantId: r.id, ms: Math.round(performance.now() - t), rebuildMs, sizes };
}

async function timed(runs: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  return percentiles(times);
}

async function timeCalls(database: Database, kind: string, restaurantId: number): Promise<Row[]> {
  const { app, headers } = await benchApp(database, { ANSWER_CACHE_MS: '0' });
  const rows: Row[] = [];
  const today = day(0);
  const fromOrders = insightsFromOrders(database.db);
  const fromKept = insightsFromKeptRows(database.db);
  for (const [name, days] of [
    ['today', 1],
    ['7 days', 7],
    ['30 days', 30],
    ['90 days', 90],
  ] as const) {
    const q = { restaurantId, from: day(days - 1), to: today };
    // The same answer from both, or the figures below compare different work.
    const [a, b] = [await guestInsights(database.db, q, today, fromOrders), await guestInsights(database.db, q, today)];
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`insights ${name} differ:\n${JSON.stringify([a, b])}`);
    const before = await timed(Math.min(RUNS, 20), () => guestInsights(database.db, q, today, fromOrders));
    rows.push({ db: kind, call: `insights ${name}: from the orders (before)`, runs: Math.min(RUNS, 20), ...before });
    const after = await timed(RUNS, () => guestInsights(database.db, q, today, fromKept));
    rows.push({ db: kind, call: `insights ${name}: from the kept rows (after)`, runs: RUNS, ...after });
    const url = `/api/guest/insights?restaurantId=${restaurantId}&from=${q.from}&to=${q.to}`;
    const endpoint = await timed(RUNS, async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(res.body);
    });
    rows.push({ db: kind, call: `GET /guest/insights ${name} (kept rows)`, runs: RUNS, ...endpoint });
  }

  // A save of a known guest on today's date: the insights' trigger's share of it.
  let n = 0;
  const order = (): PosOrder =>
    ({
      posOrderId: `bench-save-${kind}-${++n}`,
      deviceId: 'till-1',
      status: 4,
      closedAt: new Date(),
      invoice: {
        currency: 'SAR',
        branch_name: `Branch ${n % 3}`,
        order_date: today,
        order_time: '12:00',
        order_number: `S${n}`,
        check_number: null,
        payment_method: 'Cash',
        sub_total_price: 25,
        discount_amount: 0,
        total_price: 25,
        order_items: [{ item_name: 'Tea', item_quantity: 1, total_price: 25 }],
      },
    }) as unknown as PosOrder;
  const saveOne = () =>
    database.db.transaction((tx) =>
      saveOrderToAccount(tx, {
        phone: `+9665${String(1 + (n % USERS)).padStart(8, '0')}`,
        restaurantId,
        deviceId: 'till-1',
        order: order(),
      }),
    );
  rows.push({ db: kind, call: 'a save (trigger on)', runs: 30, ...(await timed(30, saveOne)) });
  await database.db.execute(sql`alter table orders disable trigger orders_insights_ins`);
  rows.push({ db: kind, call: 'a save (trigger off)', runs: 30, ...(await timed(30, saveOne)) });
  await database.db.execute(sql`alter table orders enable trigger orders_insights_ins`);
  await database.db.execute(sql`select insights_rebuild(${sql.raw(`array[${restaurantId}]`)})`);

  for (const [name, url] of [
    ['list page 1 (latest visit)', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25`],
    ['list page 40 (latest visit)', `/api/guest?restaurantId=${restaurantId}&page=40&perPage=25`],
    ['list sorted by spend', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&sort=spend&order=DESC`],
    ['search phone part', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&q=0001234`],
    ['search name', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&q=Guest12`],
    [
      'lapsed (last visit > 60 days, 2+ visits)',
      `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&lastVisitBefore=${day(60)}&minVisits=2`,
    ],
  ]) {
    const p = await timed(Math.min(RUNS, 20), async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(res.body);
    });
    rows.push({ db: kind, call: name, runs: Math.min(RUNS, 20), ...p });
  }
  await app.close();
  return rows;
}

async function run(kind: string, database: Database): Promise<Row[]> {
  const s = await seed(database);
  console.error(`${kind}: seeded in ${s.ms} ms (rebuild ${s.rebuildMs} ms), ${JSON.stringify(s.sizes)}`);
  const seeded: Row[] = [
    {
      db: kind,
      call: `seed ${USERS} users + ${ORDERS} orders (+ guests, kept rows)`,
      runs: 1,
      p50: s.ms,
      p99: '-',
      max: '-',
    },
    {
      db: kind,
      call: `0017's rebuild of the kept rows (${JSON.stringify(s.sizes)})`,
      runs: 1,
      p50: s.rebuildMs,
      p99: '-',
      max: '-',
    },
  ];
  return [...seeded, ...(await timeCalls(database, kind, s.restaurantId))];
}

export async function guestsBench() {
  const rows: Row[] = [];
  if (engines.includes('pglite')) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-guests-'));
    const lite = await openDatabase({ dataDir: dir });
    await lite.migrate();
    rows.push(...(await run('pglite', lite)));
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (engines.includes('postgres') && process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, 'specter_guests_bench');
    try {
      rows.push(...(await run('postgres', scratch.database)));
    } finally {
      await scratch.drop();
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.error(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${new Date().toISOString()})`,
  );
  table(await guestsBench());
  console.error(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${new Date().toISOString()})`,
  );
}
