// The API under load (issue 6): autocannon from this process against the server in its own process on
// loopback, 10 s per case (--seconds N), each case as a ratio of a bare Fastify route in the same run.
// Data: 100,000 app users seeded in bulk; a Foodics restaurant synced from a stand-in in this process (so
// the calls Foodics received can be counted). PGlite by default; PostgreSQL too when DATABASE_URL is set.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { startFoodicsStandIn } from '../server/stand-ins/foodics/server';
import { FIXTURE } from '../server/stand-ins/foodics/fixture';
import { startProcess, table } from './lib';
import { seedBig } from './seed-big';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const ADMIN = { email: 'bench@specter.sa', password: 'bench-password-1' };

async function load(url: string, opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}) {
  const r = await autocannon({ url, connections: 32, duration: seconds, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

async function prepareDatabase(kind: 'pglite' | 'postgres'): Promise<{ env: Record<string, string>; dataDir?: string }> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'specter-load-'));
    const db = await openDatabase({ dataDir });
    await db.migrate();
    await seedBig(db, 100_000, 0);
    await db.close();
    return { env: { DATA_DIR: dataDir }, dataDir };
  }
  const base = process.env.DATABASE_URL!;
  const name = `specter_load_${Date.now()}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: u.toString() });
  await db.migrate();
  await seedBig(db, 100_000, 0);
  await db.close();
  return { env: { DATABASE_URL: u.toString(), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'specter-load-')) } };
}

export async function apiLoad() {
  const rows: Record<string, string | number>[] = [];
  const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts'], {}, /bare listening/);
  const ceiling = await load(`${bare.url}/bare`);
  await bare.stop();
  rows.push({ case: 'bare Fastify route (ceiling)', db: '-', 'req/s': ceiling.rps, 'p50 ms': ceiling.p50, 'p99 ms': ceiling.p99, '% of ceiling': '100%', notes: '' });

  const kinds: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const foodics = await startFoodicsStandIn();
    const prepared = await prepareDatabase(kind);
    const server = await startProcess(['--import', 'tsx', 'server/main.ts'], {
      ...prepared.env, NODE_ENV: 'production', DEMO_DATA: '0', FOODICS_STAND_IN: '0', FOODICS_BASE_URL: foodics.url,
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'x', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+1',
      JWT_SECRET: 'bench-secret-bench-secret-0123456789', LOGIN_FAILURES_PER_15M: '1000000', REDIS_URL: '',
    }, /Specter is running at/, prepared.dataDir);
    try {
      const login = await fetch(`${server.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const auth = { authorization: `Bearer ${token}` };
      const created = await fetch(`${server.url}/restaurant`, {
        method: 'POST', headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench Grill', logo: 'https://x.example/l.png', token: foodics.token, branchs_token: foodics.token, system_type: 'Foodics' }),
      });
      const restId = ((await created.json()) as { id: number }).id;

      const before = foodics.calls('/orders');
      const hot = await load(`${server.url}/order/foodics/web/last-order?restaurantId=${restId}&casherId=${FIXTURE.devices[0].id}`);
      const foodicsCalls = foodics.calls('/orders') - before;
      const pct = (x: { rps: number }) => `${Math.round((100 * x.rps) / ceiling.rps)}%`;
      rows.push({ case: 'GET last-order, one hot till', db: kind, 'req/s': hot.rps, 'p50 ms': hot.p50, 'p99 ms': hot.p99, '% of ceiling': pct(hot), notes: `${foodicsCalls} Foodics calls in ${seconds} s (cache 10 s); non-2xx ${hot.non2xx}` });
      const stats = await load(`${server.url}/statistics`, { headers: auth });
      rows.push({ case: 'GET /statistics', db: kind, 'req/s': stats.rps, 'p50 ms': stats.p50, 'p99 ms': stats.p99, '% of ceiling': pct(stats), notes: `non-2xx ${stats.non2xx}` });
      const users = await load(`${server.url}/user?page=1&perPage=25&sort=createdAt&order=DESC&q=0001234`, { headers: auth });
      rows.push({ case: 'GET /user paged + search (phone part), 100k',  db: kind, 'req/s': users.rps, 'p50 ms': users.p50, 'p99 ms': users.p99, '% of ceiling': pct(users), notes: `non-2xx ${users.non2xx}` });
      const broad = await load(`${server.url}/user?page=3&perPage=25&sort=createdAt&order=DESC&q=sara`, { headers: auth });
      rows.push({ case: 'GET /user search matching 10,000 of 100k', db: kind, 'req/s': broad.rps, 'p50 ms': broad.p50, 'p99 ms': broad.p99, '% of ceiling': pct(broad), notes: `non-2xx ${broad.non2xx}; exact total over 10,000 matches` });
      const page = await load(`${server.url}/user?page=40&perPage=25&sort=createdAt&order=DESC`, { headers: auth });
      rows.push({ case: 'GET /user page 40, no search, 100k', db: kind, 'req/s': page.rps, 'p50 ms': page.p50, 'p99 ms': page.p99, '% of ceiling': pct(page), notes: `non-2xx ${page.non2xx}; estimated total` });
      const logins = await load(`${server.url}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      rows.push({ case: 'POST /admin/login (argon2id)', db: kind, 'req/s': logins.rps, 'p50 ms': logins.p50, 'p99 ms': logins.p99, '% of ceiling': pct(logins), notes: `non-2xx ${logins.non2xx}; bound by the password hash` });
    } finally {
      await server.stop();
      await foodics.close();
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) table(await apiLoad());
