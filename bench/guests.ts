// The guestbook at size (docs/PERFORMANCE.md, section 6): seeds one restaurant's saved orders and guests straight
// into a fresh PGlite (and PostgreSQL when DATABASE_URL is set) - --users N app users (default 5,000), --orders N
// saved orders (default 50,000), half of the guests consenting - builds the guest rows the way migration 0016
// backfills them, then times the guestbook's list, search, filters and insights through the real app (median and
// max of 7 runs; the answer memory off, so every run reads the database). The 10-million-order run is the scale
// work's (issue 35): `npx tsx bench/guests.ts --users 1000000 --orders 10000000`.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { admins, restaurants } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { createTokenService } from '../server/lib/tokens';
import { createPosAdapters } from '../server/pos';
import { createSmsSender } from '../server/sms';
import { ROOT, table } from './lib';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const USERS = arg('users', 5_000);
const ORDERS = arg('orders', 50_000);

/** One restaurant, USERS app users, ORDERS saved orders over the last 120 days, two lines each; guest rows as
 * migration 0016 builds them; half the guests consenting. */
async function seed(database: Database): Promise<{ restaurantId: number; ms: number }> {
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
  await db.execute(sql`insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name,
      order_number, order_date, order_time, payment_method, sub_total_price, discount_amount, total_price, currency, created_at)
    select u.id, ${r.id}, 'b-' || g, 'till-' || (g % 6), 'Branch ' || (g % 3), g::text,
      to_char(now() - ((g % 120) || ' days')::interval, 'YYYY-MM-DD'), '12:00', 'Cash',
      (10 + g % 90)::numeric, 0, (10 + g % 90)::numeric, 'SAR', now() - ((g % 120) || ' days')::interval
    from generate_series(1, ${ORDERS}) g
    join app_users u on u.phone = '+9665' || lpad((1 + (g * 7919) % ${USERS})::text, 8, '0')`);
  await db.execute(sql`insert into order_items (order_id, item_name, item_quantity, total_price)
    select o.id, 'Item ' || (o.id % 7), 1 + o.id % 2, o.total_price from orders o where o.restaurant_id = ${r.id}`);
  // The guest rows as the migration's backfill builds them (its INSERT ... SELECT), then half of them consenting.
  const migration = readFileSync(path.join(ROOT, 'server/db/migrations/0016_guests.sql'), 'utf8');
  const backfill = migration.slice(migration.indexOf('INSERT INTO "guests"'));
  await db.execute(sql.raw(backfill));
  await db.execute(sql`insert into guest_consents (restaurant_id, phone, wording_version)
    select ${r.id}, u.phone, 1 from app_users u join guests g on g.app_user_id = u.id where g.id % 2 = 0`);
  await db.execute(sql`update guests set consented = (id % 2 = 0)`);
  await db.execute(sql`analyze`);
  return { restaurantId: r.id, ms: Math.round(performance.now() - t) };
}

async function timeCalls(database: Database, kind: string, restaurantId: number) {
  const config = testConfig({ ANSWER_CACHE_MS: '0' });
  const tokens = createTokenService(config.JWT_SECRET!, config.JWT_TTL);
  const app = await buildApp({
    config,
    database,
    tokens,
    pos: createPosAdapters(config, database),
    sms: createSmsSender(config, { info: () => {} }),
  });
  await app.ready();
  const [a] = await database.db
    .insert(admins)
    .values({ name: 'Bench', email: `bench-${Date.now()}@x.sa`, passwordHash: await hashPassword('bench-pass-1') })
    .returning();
  const headers = { authorization: `Bearer ${await tokens.issue(a.id)}` };
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const rows = [];
  for (const [name, url] of [
    ['list page 1 (latest visit)', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25`],
    ['list page 40 (latest visit)', `/api/guest?restaurantId=${restaurantId}&page=40&perPage=25`],
    ['list sorted by spend', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&sort=spend&order=DESC`],
    ['search phone part', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&q=0001234`],
    ['search name', `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&q=Guest12`],
    [
      'lapsed (last visit > 60 days)',
      `/api/guest?restaurantId=${restaurantId}&page=1&perPage=25&lastVisitBefore=${day(60)}&minVisits=2`,
    ],
    ['insights today', `/api/guest/insights?restaurantId=${restaurantId}`],
    ['insights 7 days', `/api/guest/insights?restaurantId=${restaurantId}&from=${day(6)}&to=${day(0)}`],
    ['insights 30 days', `/api/guest/insights?restaurantId=${restaurantId}&from=${day(29)}&to=${day(0)}`],
    ['insights 90 days', `/api/guest/insights?restaurantId=${restaurantId}&from=${day(89)}&to=${day(0)}`],
  ]) {
    const times = [];
    let status = 0;
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - t);
      status = res.statusCode;
    }
    times.sort((x, y) => x - y);
    rows.push({ db: kind, call: name, 'median ms': times[3].toFixed(1), 'max ms': times[6].toFixed(1), status });
  }
  await app.close();
  return rows;
}

export async function guestsBench() {
  const rows: Record<string, string | number>[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-guests-'));
  const lite = await openDatabase({ dataDir: dir });
  await lite.migrate();
  const s = await seed(lite);
  rows.push({
    db: 'pglite',
    call: `seed ${USERS} users + ${ORDERS} orders`,
    'median ms': s.ms,
    'max ms': '-',
    status: '-',
  });
  rows.push(...(await timeCalls(lite, 'pglite', s.restaurantId)));
  await lite.close();
  rmSync(dir, { recursive: true, force: true });

  if (process.env.DATABASE_URL) {
    const name = `specter_guests_${Date.now()}`;
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    const pgdb = await openDatabase({ databaseUrl: u.toString(), queryTimeoutMs: 0 });
    await pgdb.migrate();
    const p = await seed(pgdb);
    rows.push({
      db: 'postgres',
      call: `seed ${USERS} users + ${ORDERS} orders`,
      'median ms': p.ms,
      'max ms': '-',
      status: '-',
    });
    rows.push(...(await timeCalls(pgdb, 'postgres', p.restaurantId)));
    await pgdb.close();
    await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await c.end();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) table(await guestsBench());
