// The plans behind the first-visit cases (docs/PERFORMANCE.md, section 3a): each case runs the product's own
// repository code (the list's page and total, the dashboard's counts) against a seeded PostgreSQL database with every
// query it sends captured, then runs EXPLAIN (ANALYZE, BUFFERS) of each captured query with its parameters and
// prints the plan's nodes, execution time and buffers - what to look at when a case misses.
// Usage: BENCH_PG_URL=postgres://.../specter_big npx tsx bench/explain-lists.ts [--cases <regexp>] [--full]
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../server/db/schema';
import type { Db } from '../server/db/client';
import { testConfig } from '../server/config';
import { pagedList } from '../server/db/paging';
import { countsIn } from '../server/db/repositories/counts';
import { appUsersList } from '../server/db/repositories/appUsers';
import { guestsList } from '../server/db/repositories/guests';
import { savedOrdersList } from '../server/db/repositories/savedOrders';
import { membersBatch, membersList } from '../server/db/repositories/loyaltyMembers';
import { ledgerBatch, ledgerList } from '../server/db/repositories/loyaltyLedger';
import type { Scope } from '../server/db/scope';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const only = new RegExp(arg('cases', '.'), 'i');
const full = process.argv.includes('--full');
const pgUrl = process.env.BENCH_PG_URL;
if (!pgUrl) throw new Error('BENCH_PG_URL names a database seeded with npm run seed:big');

const pool = new pg.Pool({ connectionString: pgUrl, max: 4 });
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (query, params) => void captured.push({ query, params }) },
}) as unknown as Db;
const config = testConfig();

const one = async (q: string) => (await pool.query(q)).rows[0];
const restaurant = Number(
  (await one("select id from restaurants where name like 'Bench Restaurant%' order by id limit 1")).id,
);
const consented = Number((await one(`select n from row_counts where name = 'consented@${restaurant}'`))?.n ?? 0);
const users = Number((await one("select n from row_counts where name = 'app_users'")).n);
const admin: Scope = { adminId: 0, role: 'admin', restaurantIds: null };
const manager: Scope = { adminId: 0, role: 'manager', restaurantIds: [restaurant] };
const per = 25;
const lastGuests = Math.ceil(consented / per);
const lastUsers = Math.ceil(users / per);
const reply = { header: () => undefined };
const page = (page: number, sort?: string, order?: 'ASC' | 'DESC', q?: string) => ({
  page,
  perPage: per,
  ...(sort ? { sort, order } : {}),
  ...(q ? { q } : {}),
});

const cases: [string, () => Promise<unknown>][] = [
  ['admin: GET /statistics', () => countsIn(db, admin)],
  ['manager: GET /statistics', () => countsIn(db, manager)],
  [
    'manager: App Users page 2,000',
    async () => pagedList(page(2000), reply, await appUsersList(db, config, manager, page(2000))),
  ],
  [
    `manager: App Users last page (${lastUsers})`,
    async () => pagedList(page(lastUsers), reply, await appUsersList(db, config, manager, page(lastUsers))),
  ],
  [
    'App Users "sara" page 2,000',
    async () =>
      pagedList(
        page(2000, 'createdAt', 'DESC', 'sara'),
        reply,
        await appUsersList(db, config, admin, page(2000, 'createdAt', 'DESC', 'sara')),
      ),
  ],
  [
    'manager: Orders page 2,000',
    async () => pagedList(page(2000), reply, await savedOrdersList(db, manager, page(2000))),
  ],
];
for (const [who, scope] of [
  ['admin', undefined],
  ['manager', { restaurantIds: [restaurant] }],
] as const)
  for (const [sort, order] of [
    ['last_visit_at', 'DESC'],
    ['visits', 'DESC'],
    ['spend', 'DESC'],
    ['average_ticket', 'DESC'],
    ['first_visit_at', 'ASC'],
    ['name', 'ASC'],
    ['phone', 'ASC'],
  ] as const)
    for (const [label, n] of [
      ['page 1', 1],
      ['page 2,000', 2000],
      [`last page (${lastGuests})`, lastGuests],
    ] as const)
      cases.push([
        `${who}: Guests by ${sort} ${order}, ${label}`,
        async () => pagedList(page(n, sort, order), reply, await guestsList(db, page(n, sort, order), scope)),
      ]);

for (const [who, scope] of [
  ['admin', undefined],
  ['manager', { restaurantIds: [restaurant] }],
] as const)
  for (const q of ['sara', '0501'])
    cases.push([
      `${who}: Guests search "${q}"`,
      async () =>
        pagedList(
          page(1, undefined, undefined, q),
          reply,
          await guestsList(db, page(1, undefined, undefined, q), scope),
        ),
    ]);

// Loyalty's Members and Ledger (issue 47; bench/loyaltySeed.ts), as first-visit.ts's cases of them.
for (const [who, scope] of [
  ['admin', admin],
  ['manager', manager],
] as const) {
  for (const [label, q] of [
    ['Members page 2,000', page(2000, 'last_activity_at', 'DESC')],
    ['Members search "sara"', page(1, undefined, undefined, 'sara')],
    ['Members search phone "0501"', page(1, undefined, undefined, '0501')],
    ['Members search phone "1234"', page(1, undefined, undefined, '1234')],
  ] as const)
    cases.push([
      `${who}: ${label}`,
      async () => pagedList(q, reply, await membersList(db, scope, q, config.PHONE_DEFAULT_COUNTRY)),
    ]);
  cases.push([
    `${who}: Ledger page 2,000`,
    async () => pagedList(page(2000), reply, await ledgerList(db, scope, page(2000), config.FUNNEL_TIME_ZONE)),
  ]);
  // The CSVs' first two batches (the second is what a download cancelled after its first bytes still reads).
  const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const batch = config.EXPORT_BATCH_SIZE;
  cases.push([
    `${who}: Members CSV, batches 1-2`,
    async () => {
      const first = await membersBatch(db, scope, {}, config.PHONE_DEFAULT_COUNTRY, undefined, batch);
      await membersBatch(db, scope, {}, config.PHONE_DEFAULT_COUNTRY, first.at(-1), batch);
    },
  ]);
  cases.push([
    `${who}: Ledger CSV of the last 7 days, batches 1-2`,
    async () => {
      const q = { from: days(6), to: days(0) };
      const first = await ledgerBatch(db, scope, q, config.FUNNEL_TIME_ZONE, undefined, batch);
      await ledgerBatch(db, scope, q, config.FUNNEL_TIME_ZONE, first.at(-1), batch);
    },
  ]);
}

/** The plan's lines worth reading: every node line (with its actual time and rows) and the totals. */
const summary = (plan: string[]) =>
  full ? plan : plan.filter((l) => /->|^\S|Execution Time|Buffers: shared|Index Cond|Filter|Rows Removed/.test(l));

for (const [name, run] of cases.filter(([n]) => only.test(n))) {
  captured.length = 0;
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  console.log(`\n=== ${name}: ${ms.toFixed(1)} ms through the repository, ${captured.length} queries`);
  for (const { query, params } of [...captured]) {
    const { rows } = await pool.query(`explain (analyze, buffers) ${query}`, params);
    const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    console.log(`--- ${query.slice(0, 160).replace(/\s+/g, ' ')}${query.length > 160 ? ' ...' : ''}`);
    for (const line of summary(plan)) console.log(`    ${line}`);
  }
}
await pool.end();
