// The plans of what a manager's (or, with ROLE=admin, an admin's) App users and Orders ask the database, with the
// consent conditions of issue 48 (docs/PERFORMANCE.md, "Consent in the lists"): each call is made once through the
// repositories, every query it sent is printed with its EXPLAIN ANALYZE. On a database seeded by bench/seed-big.ts
// (with --guests), e.g.
//   DATABASE_URL=postgres://... npx tsx bench/consent-plans.ts   (ONLY=<part of a case's name> for one case;
//   REPEAT=n for the calls' times over n runs instead of the plans)
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../server/db/schema';
import { appUsersList, appUsersBatch, appUsersExportWhere } from '../server/db/repositories/appUsers';
import { savedOrdersList, savedOrdersBatch, savedOrdersWhere } from '../server/db/repositories/savedOrders';
import { pagedList } from '../server/db/paging';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
let captured: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) },
}) as unknown as Db;
const config = loadConfig();
const [{ id: rest }] = (await pool.query(`select min(id) as id from restaurants where name like 'Bench Restaurant%'`))
  .rows;
const role = (process.env.ROLE ?? 'manager') as 'manager' | 'admin';
const scope = { adminId: 1, role, restaurantIds: role === 'admin' ? null : [rest] };
const reply = {
  header() {
    return reply;
  },
  marks: undefined,
} as never;

async function explain(name: string, run: () => Promise<unknown>) {
  const repeat = Number(process.env.REPEAT ?? 0);
  if (repeat) {
    // REPEAT=n: the call's own time, n runs after one warm-up, without the plans.
    await run();
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
    console.log(`${name}: p50 ${at(0.5)} ms, max ${at(1)} ms`);
    return;
  }
  captured = [];
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  console.log(`\n=== ${name}: ${ms.toFixed(1)} ms (${captured.length} queries)`);
  for (const q of captured) {
    const plan = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params as unknown[]);
    const lines = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    console.log('--- ' + q.sql.slice(0, 160).replace(/\s+/g, ' '));
    console.log(
      lines
        .filter((l: string) => !/Buffers|Planning:/.test(l))
        .slice(0, 40)
        .join('\n'),
    );
  }
}
const list = (q: Record<string, unknown>) => ({ page: 1, perPage: 25, ...q });
for (const [name, fn] of [
  ['App users page 1', () => appUsersList(db, config, scope, list({})).then((s) => pagedList(list({}), reply, s))],
  [
    'App users page 2,000',
    () => appUsersList(db, config, scope, list({ page: 2000 })).then((s) => pagedList(list({ page: 2000 }), reply, s)),
  ],
  [
    'App users search 3 digits',
    () => appUsersList(db, config, scope, list({ q: '123' })).then((s) => pagedList(list({ q: '123' }), reply, s)),
  ],
  ['App users CSV first batch', () => appUsersBatch(db, scope, appUsersExportWhere(undefined, 'SA'), undefined, 5000)],
  ['Orders page 1', () => savedOrdersList(db, scope, list({})).then((s) => pagedList(list({}), reply, s))],
  [
    'Orders search 8 digits (one customer)',
    () => savedOrdersList(db, scope, list({ q: '10012345' })).then((s) => pagedList(list({ q: '10012345' }), reply, s)),
  ],
  [
    'Orders search 3 digits',
    () => savedOrdersList(db, scope, list({ q: '123' })).then((s) => pagedList(list({ q: '123' }), reply, s)),
  ],
  [
    'Orders search 2 digits',
    () => savedOrdersList(db, scope, list({ q: '12' })).then((s) => pagedList(list({ q: '12' }), reply, s)),
  ],
  [
    'Orders CSV first batch',
    async () => savedOrdersBatch(db, scope, await savedOrdersWhere(db, scope, {}), undefined, 5000),
  ],
] as [string, () => Promise<unknown>][]) {
  if (process.env.ONLY && !name.includes(process.env.ONLY)) continue;
  await explain(name, fn);
}
await pool.end();
