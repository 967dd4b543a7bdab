// The API under load and one call at a time (docs/PERFORMANCE.md, section 3). Method:
// - the product runs in its own process as a user starts it (npm start's scripts/start.mjs: the compiled server,
//   its access log at the default level into a file; production mode), the ceiling - a bare Fastify route
//   (bench/bare-server.ts) - in another; autocannon drives both from this process over loopback;
// - every case is measured right after its own ceiling run (bare, then the case, same connections, same
//   length), so each ratio compares two runs seconds apart in the same conditions;
// - before each run the server (and, on PostgreSQL, the bench's database) must be idle: its CPU under 5% of
//   a core for a second, no query of the bench's database still running;
// - each list/search case is first run against the product with its answer memory off (ANSWER_CACHE_MS=0), so
//   every call reaches the database: one connection (one call at a time, p50/p99/max), then 32 connections;
//   then every case runs against the product with its defaults (a list's answer remembered for a second);
// Data: PGlite with 100,000 app users and 100,000 saved orders (seeded here); PostgreSQL with 1,000,000 app users and 10,000,000 saved
// orders - BENCH_PG_URL names a database seeded beforehand (npm run seed:big), else DATABASE_URL gets a new one
// seeded here (--users / --orders). A Foodics restaurant is synced from a stand-in in this process, so the
// Foodics calls can be counted. Usage: npx tsx bench/api-load.ts [--seconds 5] [--db pglite|postgres|both]
// [--cases <regular expression>] (only the cases whose name matches, e.g. --cases 'hot till|statistics').
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { startFoodicsStandIn } from '../server/stand-ins/foodics/server';
import { FIXTURE } from '../server/stand-ins/foodics/fixture';
import {
  benchTill,
  BENCH_ADMIN,
  ONE_ADDRESS_CROWD,
  PRODUCTION_BENCH_ENV,
  startAsUser,
  startProcess,
  table,
  type Started,
} from './lib';
import { seedBig } from './seed-big';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const seconds = Number(arg('seconds', '5'));
const only = new RegExp(arg('cases', '.'), 'i');
const ADMIN = BENCH_ADMIN;
type Kind = 'pglite' | 'postgres';

interface Run {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  bad: number;
}
async function load(
  url: string,
  connections: number,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<Run> {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

/** CPU seconds a process has used (utime + stime), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits (at most 60 s) until the server used under 5% of a core for a second and its database runs no query. */
async function untilIdle(server: Started, pgUrl?: string) {
  const until = Date.now() + 60_000;
  const pgClient = pgUrl ? new pg.Client({ connectionString: pgUrl }) : null;
  await pgClient?.connect();
  try {
    while (Date.now() < until) {
      const before = cpuSeconds(server.pid);
      await new Promise((r) => setTimeout(r, 1000));
      const busy = cpuSeconds(server.pid) - before > 0.05;
      const active = pgClient
        ? Number(
            (
              await pgClient.query(
                `select count(*) as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
              )
            ).rows[0].n,
          )
        : 0;
      if (!busy && active === 0) return;
    }
  } finally {
    await pgClient?.end();
  }
}

async function prepareDatabase(
  kind: Kind,
): Promise<{ env: Record<string, string>; dataDir?: string; pgUrl?: string; label: string }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'specter-load-'));
    const db = await openDatabase({ dataDir });
    await db.migrate();
    const s = await seedBig(db, 100_000, 100_000);
    await db.close();
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      label: `100,000 users and 100,000 orders (seeded in ${((s.usersMs + s.ordersMs) / 1000).toFixed(0)} s)`,
    };
  }
  const tmp = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'specter-load-')) };
  if (process.env.BENCH_PG_URL)
    return {
      env: { ...tmp, DATABASE_URL: process.env.BENCH_PG_URL },
      pgUrl: process.env.BENCH_PG_URL,
      label: 'seeded beforehand',
    };
  const base = process.env.DATABASE_URL!;
  const name = `specter_load_${Date.now()}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString(), queryTimeoutMs: 0 });
  await db.migrate();
  const s = await seedBig(db, Number(arg('users', '1000000')), Number(arg('orders', '10000000')));
  await db.close();
  return {
    env: { ...tmp, DATABASE_URL: u.toString() },
    pgUrl: u.toString(),
    label: `seeded ${s.users} users + ${s.orders} orders in ${Math.round((s.usersMs + s.ordersMs + s.vacuumMs) / 1000)} s`,
  };
}

/** A case: its address, whether it is a list (run alone and with the memory off too), a note after the run. */
interface Case {
  name: string;
  url: string;
  list?: boolean;
  opts?: Parameters<typeof load>[2];
  note?: () => string;
}

export async function apiLoad(
  kinds: Kind[] = process.env.DATABASE_URL || process.env.BENCH_PG_URL ? ['pglite', 'postgres'] : ['pglite'],
) {
  const rows: Record<string, string | number>[] = [];
  const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts'], {}, /bare listening/);
  try {
    for (const kind of kinds) {
      const foodics = await startFoodicsStandIn();
      const prepared = await prepareDatabase(kind);
      console.error(`[${kind}] ${prepared.label}`);
      // The product as a user starts it (bench/lib.ts startAsUser: scripts/start.mjs, the compiled server, its log
      // at the default level into a file), in production mode; `memory` is ANSWER_CACHE_MS (0 = every call reaches
      // the database). The data folder outlives each process and goes at the end.
      const logs = mkdtempSync(path.join(os.tmpdir(), 'specter-load-logs-'));
      const startServer = (memory: string) =>
        startAsUser(
          {
            ...prepared.env,
            ...PRODUCTION_BENCH_ENV,
            SKIP_BUILD: '1',
            FOODICS_STAND_IN: '0',
            FOODICS_BASE_URL: foodics.url,
            // The hot till's crowd is one address here: its receipt views would be refused (429) past the default
            // 300 in 10 minutes, and the case would measure refusals (docs/PERFORMANCE.md, The hot till as it ships).
            ...ONE_ADDRESS_CROWD,
            ANSWER_CACHE_MS: memory,
          },
          logs,
        );
      let server = await startServer('0');
      try {
        const { auth, tillPath } = await benchTill(server.url, foodics, FIXTURE.devices[0].id, ADMIN);
        foodics.addOrder(FIXTURE.devices[0].id);

        const cases: Case[] = [];
        let foodicsBefore = 0;
        cases.push({
          name: 'GET last-order, one hot till',
          url: tillPath,
          note: () => `${foodics.calls('/orders') - foodicsBefore} Foodics calls (cache 10 s)`,
        });
        cases.push({ name: 'GET /statistics', url: '/statistics', opts: { headers: auth } });
        cases.push({ name: 'GET /order/last-orders', url: '/order/last-orders', opts: { headers: auth } });
        const sorted = 'perPage=25&sort=createdAt&order=DESC';
        for (const [name, url] of [
          ['GET /user page 1, no term', `/user?page=1&${sorted}`],
          ['GET /user page 2,000, no term', `/user?page=2000&${sorted}`],
          ['GET /user "sara" (10% of users) page 1', `/user?page=1&${sorted}&q=sara`],
          ['GET /user "sara" page 2,000', `/user?page=2000&${sorted}&q=sara`],
          ['GET /user phone part "1234" page 1', `/user?page=1&${sorted}&q=1234`],
          ['GET /user phone part "1234" page 2,000', `/user?page=2000&${sorted}&q=1234`],
          ['GET /user by first name, page 2,000', '/user?page=2000&perPage=25&sort=firstName&order=ASC'],
          ['GET /order page 1', '/order?page=1&perPage=25'],
          ['GET /order page 2,000', '/order?page=2000&perPage=25'],
          ['GET /order phone part "1234" page 1', '/order?page=1&perPage=25&q=1234'],
          ['GET /order phone part "0501" page 1', '/order?page=1&perPage=25&q=0501'],
          ['GET /order by total, page 2,000', '/order?page=2000&perPage=25&sort=totalPrice&order=DESC'],
          ['GET /admin page 1, no term', '/admin?page=1&perPage=25'],
          ['GET /admin "bench" page 1', '/admin?page=1&perPage=25&q=bench'],
          ['GET /restaurant page 1, no term', '/restaurant?page=1&perPage=25'],
          ['GET /restaurant "grill" page 1', '/restaurant?page=1&perPage=25&q=grill'],
        ] as const)
          cases.push({ name, url, list: true, opts: { headers: auth } });
        cases.push({
          name: 'POST /admin/login (argon2id)',
          url: '/admin/login',
          opts: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) },
        });
        const chosen = cases.filter((x) => only.test(x.name));

        /** 32 connections on the case, right after 32 on the bare route, each after the server went idle. */
        const crowd = async (c: Case) => {
          await untilIdle(server, prepared.pgUrl);
          const ceiling = await load(`${bare.url}/bare`, 32);
          await untilIdle(server, prepared.pgUrl);
          foodicsBefore = foodics.calls('/orders');
          const run = await load(`${server.url}${c.url}`, 32, c.opts);
          return { run, ceiling, ratio: `${Math.round((100 * run.rps) / ceiling.rps)}%` };
        };
        const log = (what: string, x: unknown) =>
          console.error(`[${kind}] ${what}: ${JSON.stringify(x)} load ${os.loadavg()[0].toFixed(1)}`);

        // Lists first with the memory off: one call at a time (p50/p99/max), then 32 connections - every call
        // reaches the database.
        const fromDatabase = new Map<string, { alone: Run; crowd: Awaited<ReturnType<typeof crowd>> }>();
        for (const c of chosen.filter((x) => x.list)) {
          await untilIdle(server, prepared.pgUrl);
          const alone = await load(`${server.url}${c.url}`, 1, c.opts);
          const many = await crowd(c);
          fromDatabase.set(c.name, { alone, crowd: many });
          log(`${c.name} (memory off)`, { alone, many });
        }
        // Then every case with the product's defaults (ANSWER_CACHE_MS 1000).
        await server.stop();
        server = await startServer('1000');
        for (const c of chosen) {
          const many = await crowd(c);
          const db = fromDatabase.get(c.name);
          const ms = (r: Run) => `${r.p99} / ${r.max}`;
          rows.push({
            case: c.name,
            db: kind,
            'alone p50/p99/max ms': db ? `${db.alone.p50} / ${db.alone.p99} / ${db.alone.max}` : '-',
            'memory off: req/s, p99/max ms, of bare': db
              ? `${db.crowd.run.rps}, ${ms(db.crowd.run)}, ${db.crowd.ratio} (bare ${db.crowd.ceiling.rps})`
              : '-',
            '32 conn req/s': many.run.rps,
            'p99 / max ms': ms(many.run),
            'bare req/s': many.ceiling.rps,
            'of bare': many.ratio,
            notes: [
              c.note?.(),
              many.run.bad || db?.alone.bad || db?.crowd.run.bad
                ? `non-2xx/errors ${many.run.bad + (db?.alone.bad ?? 0) + (db?.crowd.run.bad ?? 0)}`
                : '',
            ]
              .filter(Boolean)
              .join('; '),
          });
          log(c.name, rows.at(-1));
        }
      } finally {
        await server.stop();
        await foodics.close();
        if (prepared.dataDir) rmSync(prepared.dataDir, { recursive: true, force: true });
        rmSync(logs, { recursive: true, force: true });
      }
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = arg('db', 'both');
  console.log(
    `api-load ${new Date().toISOString()} - ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`,
  );
  table(await apiLoad(which === 'both' ? undefined : [which as Kind]));
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}
