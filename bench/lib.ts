// Shared by the benches: start the product as its own process (npm start's path) on a free port with a
// fresh data folder, print tables; build the app in this process on a seeded database, make a scratch
// PostgreSQL database, bulk-load saved orders, and read command-line numbers and percentiles.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { admins } from '../server/db/schema';
import { hashPassword } from '../server/lib/passwords';
import { createTokenService } from '../server/lib/tokens';
import { createPosAdapters } from '../server/pos';
import { createSmsSender } from '../server/sms';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Started {
  url: string;
  log(): string;
  pid: number;
  stop(): Promise<void>;
}

/** Runs `node <script>` with env until its output matches ready; kills it (and its data folder) on stop. */
export async function startProcess(
  script: string[],
  env: Record<string, string>,
  ready: RegExp,
  dataDir?: string,
): Promise<Started> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, script, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const until = Date.now() + 180_000;
  while (!ready.test(out)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => out,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The node process start.mjs runs (dist-server/main.js): the child running it. */
function childOf(pid: number): number {
  // start.mjs may first run a build (a stale dist/): that child is not the server, and measuring it reads 0 µs.
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    const cmdline = (k: string) => {
      try {
        return readFileSync(`/proc/${k}/cmdline`, 'utf8');
      } catch {
        return ''; // gone since it was listed
      }
    };
    const server = kids.find((k) => cmdline(k).includes('dist-server/main.js'));
    if (server) return Number(server);
  }
  throw new Error('start.mjs runs no dist-server/main.js');
}

/** The product as a user starts it: `npm start` (scripts/start.mjs, so the compiled server, NODE_ENV and LOG_LEVEL at
 * their defaults unless `env` sets them), its output into a file in `dir` as a service's log would go (not through
 * the bench's process, which would load the client's core); resolves once it says it is running, with the pid of
 * the server process itself (dist-server/main.js), whose CPU the benches read. */
export async function startAsUser(env: Record<string, string>, dir: string): Promise<Started> {
  const port = await freePort();
  const logFile = path.join(dir, `product-${port}.log`);
  const out = openSync(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), ...env },
    stdio: ['ignore', out, out],
  });
  const until = Date.now() + 240_000;
  while (!/Specter is running at/.test(readFileSync(logFile, 'utf8'))) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`did not start:\n${readFileSync(logFile, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => readFileSync(logFile, 'utf8'),
    pid: childOf(child.pid!),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

export async function startProduct(
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'specter-bench-')),
) {
  const s = await startProcess(
    ['scripts/start.mjs'],
    { DATA_DIR: dataDir, NODE_ENV: 'development', SKIP_BUILD: '1', ...env },
    /Specter is running at/,
    dataDir,
  );
  const creds = /Sign in with: (\S+) \/ (\S+)/.exec(s.log());
  return { ...s, dataDir, admin: creds ? { email: creds[1], password: creds[2] } : null };
}

/** The bench's own admin on a seeded PostgreSQL (created by the product's start from ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench@specter.sa', password: 'bench-password-1' };

/**
 * The environment of the product as production runs it in the benches: NODE_ENV=production, no demo data, a real
 * SMS provider's settings (so no demo admin: BENCH_ADMIN is created), no Redis, and the sign-in limits opened (the
 * benches sign in once per run, and a previous run's failures must not bite).
 */
export const PRODUCTION_BENCH_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  DEMO_DATA: '0',
  ADMIN_EMAIL: BENCH_ADMIN.email,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'x',
  TWILIO_AUTH_TOKEN: 'x',
  TWILIO_FROM: '+1',
  JWT_SECRET: 'bench-secret-bench-secret-0123456789',
  LOGIN_FAILURES_PER_15M: '1000000',
  LOGIN_EMAIL_FAILURES_PER_15M: '1000000',
  LOGIN_IP_FAILURES_PER_15M: '1000000',
  REDIS_URL: '',
};

/** The product (PRODUCTION_BENCH_ENV) on a PostgreSQL database seeded beforehand (`npm run seed:big`), signed in
 * as BENCH_ADMIN. */
export async function startOnSeededPostgres(pgUrl: string, env: Record<string, string> = {}) {
  const server = await startProcess(
    ['--import', 'tsx', 'server/main.ts'],
    {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'specter-bench-pg-')),
      DATABASE_URL: pgUrl,
      ...PRODUCTION_BENCH_ENV,
      ...env,
    },
    /Specter is running at/,
  );
  const login = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (login.status !== 200) {
    await server.stop();
    throw new Error(`the bench admin could not sign in (${login.status}): ${await login.text()}`);
  }
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { ...server, auth: { authorization: `Bearer ${token}` } };
}

/**
 * Signs in as `admin` on a product at `base` and adds one Foodics restaurant on the stand-in's token (its sync
 * reads the stand-in's branches and tills): the admin's headers and the address of the restaurant's first
 * till's receipt (the hot till of the benches).
 */
export async function benchTill(
  base: string,
  standIn: { token: string },
  device: string,
  admin: { email: string; password: string } = BENCH_ADMIN,
) {
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${base}/restaurant`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Grill',
      logo: 'https://x.example/l.png',
      token: standIn.token,
      branchs_token: standIn.token,
      system_type: 'Foodics',
    }),
  });
  const restId = ((await created.json()) as { id: number }).id;
  return { auth, tillPath: `/order/foodics/web/last-order?restaurantId=${restId}&casherId=${device}` };
}

export function table(rows: Record<string, string | number>[]) {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i])).join(' | ')} |`;
  console.log(line(cols));
  console.log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(cols.map((c) => String(r[c]))));
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// --- shared by the benches that seed a database and time calls through the app in this process ---

/** A numeric command-line option, `--name N`. */
export const numArg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** p50 and p99 (nearest rank) of some times in ms, as text. */
export function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: at(50).toFixed(1), p99: at(99).toFixed(1), max: sorted[sorted.length - 1].toFixed(1) };
}

/** The real app on a database, in this process (inject), with an admin's bearer header. */
export async function benchApp(database: Database, env: Record<string, string> = {}) {
  const config = testConfig(env);
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
  return { app, headers: { authorization: `Bearer ${await tokens.issue(a.id)}` } };
}

/** A database of that name on the PostgreSQL of `url` (dropped first if left over), migrated; drop() when done. */
export async function scratchPostgres(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), queryTimeoutMs: 0 });
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Runs a bulk load of saved orders with the insights' trigger and the customers' count (migration 0025) off, then
 * rebuilds the kept rows once (migration 0017's backfill, 0025's recount): one rebuild instead of one per
 * million-row statement. Answers the rebuild's ms. */
export async function bulkOrders(database: Database, load: () => Promise<unknown>): Promise<number> {
  await database.db.execute(sql`alter table orders disable trigger orders_insights_ins`);
  await database.db.execute(sql`alter table orders disable trigger orders_restaurant_customers_ins`);
  try {
    await load();
  } finally {
    await database.db.execute(sql`alter table orders enable trigger orders_insights_ins`);
    await database.db.execute(sql`alter table orders enable trigger orders_restaurant_customers_ins`);
  }
  const t = performance.now();
  await database.db.execute(sql`select insights_rebuild()`);
  await database.db.execute(sql`select customers_recount()`);
  return Math.round(performance.now() - t);
}

/**
 * A crowd at one till is many phones; a bench's load comes from one address, whose receipt views would be refused
 * (429) past the default 300 in 10 minutes, and the bench would measure refusals. Opened wide for the benches of the
 * hot till; every other setting stays the default (docs/PERFORMANCE.md, "The hot till as it ships").
 */
export const ONE_ADDRESS_CROWD = { TILL_VIEWS_PER_ADDRESS_10M: '1000000000' } as const;
