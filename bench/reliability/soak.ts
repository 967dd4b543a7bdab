// Soak (docs/RELIABILITY.md, Load and scale-out): two server processes on one PostgreSQL database and one Redis, and
// some minutes of mixed traffic from this process over loopback:
//   npx tsx bench/reliability/soak.ts [--seconds 120] [--customers 3] [--viewers 2] [--admins 2]
// Env: DATABASE_URL (a PostgreSQL where this script may CREATE DATABASE; default
// postgres://postgres@127.0.0.1:5432/test), REDIS_URL (default redis://127.0.0.1:6379).
// Customers load their till's newest invoice and save it with a one-time code (sometimes typing a wrong
// code first: an expected 400); viewers load invoices (sometimes of an unknown restaurant: an expected 404);
// admins list users, admins, restaurants, the latest orders and the statistics, and edit the restaurant.
// Calls alternate between the instances at random. Reports requests per instance, answers by status
// (expected 4xx apart from unexpected ones), p50/p99 latency, each instance's RSS at the start, after a
// warm-up and at the end, and checks every acknowledged save is in the database exactly once.
// Exit code 1 on any unexpected answer or a lost or doubled save.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { redisKey } from '../../server/db/rateLimit';
import { FIXTURE } from '../../server/stand-ins/foodics/fixture';
import { startFoodicsStandIn } from '../../server/stand-ins/foodics/server';
import {
  arg,
  call,
  percentile,
  phoneCounter,
  RAISED_LIMITS,
  startServer,
  table,
  type Answer,
  type ServerProcess,
} from './lib';

const SECONDS = arg('seconds', 120);
const CUSTOMERS = Math.min(arg('customers', 3), FIXTURE.devices.length);
const VIEWERS = arg('viewers', 2);
const ADMINS = arg('admins', 2);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'soak@specter.local', password: 'soak-password-123' };

interface Rec {
  instance: number;
  kind: string;
  status: number;
  ms: number;
  expected: boolean;
  error?: string;
}

async function main() {
  const dbName = `specter_soak_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(`CREATE DATABASE ${dbName}`);
  await c.end();
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${dbName}`;

  const foodics = await startFoodicsStandIn();
  const env = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL,
    JWT_SECRET: randomBytes(24).toString('hex'),
    DATA_DIR: '/tmp',
    FOODICS_STAND_IN: '0',
    FOODICS_BASE_URL: foodics.url,
    FOODICS_CACHE_MS: '0',
    DEMO_DATA: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATABASE_POOL_SIZE: '10',
    ...RAISED_LIMITS,
  };
  // One after the other: the first migrates the empty database and creates the first admin.
  const servers: ServerProcess[] = [];
  servers.push(await startServer(env));
  servers.push(await startServer(env));
  const rss = servers.map((s) => ({ start: s.rssMb(), warm: NaN, end: NaN, max: s.rssMb() }));

  const login = await call(servers[0].url, 'POST', '/admin/login', ADMIN);
  const token = login.body?.data?.token as string;
  if (!token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const made = await call(
    servers[0].url,
    'POST',
    '/restaurant',
    {
      name: 'Soak Grill',
      logo: 'https://x.example/l.png',
      token: foodics.token,
      branchs_token: foodics.token,
      system_type: 'Foodics',
    },
    token,
  );
  if (made.status !== 200) throw new Error(`creating the restaurant failed: ${JSON.stringify(made)}`);
  const restaurantId = made.body.id as number;

  const recs: Rec[] = [];
  const acks: { id: number; posOrderId: string }[] = [];
  const pick = () => Math.floor(Math.random() * servers.length);
  const deadline = Date.now() + SECONDS * 1000;
  const run = async (
    instance: number,
    kind: string,
    method: string,
    path: string,
    ok: number[],
    body?: unknown,
    auth?: string,
  ): Promise<Answer> => {
    const a = await call(servers[instance].url, method, path, body, auth);
    recs.push({ instance, kind, status: a.status, ms: a.ms, expected: ok.includes(a.status), error: a.error });
    if (!ok.includes(a.status) && recs.filter((r) => !r.expected).length <= 10) {
      console.error(
        `unexpected: ${kind} on ${instance} -> ${a.status} ${a.error ?? JSON.stringify(a.body).slice(0, 200)}`,
      );
    }
    return a;
  };
  const nextPhone = phoneCounter();
  let codesSent = 0;

  const customer = async (device: string) => {
    while (Date.now() < deadline) {
      const order = foodics.addOrder(device);
      const q = `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${device}`;
      await run(pick(), 'invoice', 'GET', q, [200]);
      if (Math.random() < 0.2) continue; // looked, did not save
      const phone = nextPhone();
      const sender = pick();
      const sent = await run(sender, 'send code', 'POST', '/user', [200], { phone: phone.local });
      if (sent.status !== 200) continue;
      codesSent++;
      const code = await servers[sender].code(phone.e164);
      const saveBody = (otp: string) => ({ casherId: device, restaurantId, phone: phone.local, otp });
      if (Math.random() < 0.1) {
        const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
        await run(pick(), 'save (wrong code)', 'POST', '/order/foodics/web/add-order', [400], saveBody(wrong));
      }
      const saved = await run(pick(), 'save', 'POST', '/order/foodics/web/add-order', [200], saveBody(code));
      if (saved.status === 200) acks.push({ id: saved.body.id, posOrderId: order.id });
    }
  };
  const viewer = async () => {
    while (Date.now() < deadline) {
      const device = FIXTURE.devices[Math.floor(Math.random() * FIXTURE.devices.length)].id;
      if (Math.random() < 0.1) {
        await run(
          pick(),
          'invoice (unknown restaurant)',
          'GET',
          `/order/foodics/web/last-order?restaurantId=999999&casherId=${device}`,
          [404],
        );
      } else {
        await run(
          pick(),
          'invoice',
          'GET',
          `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${device}`,
          [200],
        );
      }
    }
  };
  let edits = 0;
  const admin = async () => {
    while (Date.now() < deadline) {
      const i = pick();
      const r = Math.random();
      if (r < 0.2)
        await run(
          i,
          'admin: users',
          'GET',
          `/user?page=${1 + Math.floor(Math.random() * 3)}&perPage=25&sort=id&order=DESC`,
          [200],
          undefined,
          token,
        );
      else if (r < 0.35) await run(i, 'admin: admins', 'GET', '/admin', [200], undefined, token);
      else if (r < 0.5) await run(i, 'admin: restaurants', 'GET', '/restaurant', [200], undefined, token);
      else if (r < 0.65) await run(i, 'admin: statistics', 'GET', '/statistics', [200], undefined, token);
      else if (r < 0.8)
        await run(i, 'admin: latest orders', 'GET', '/order/last-orders?limit=10', [200], undefined, token);
      else if (r < 0.93)
        await run(i, 'admin: restaurant', 'GET', `/restaurant/${restaurantId}`, [200], undefined, token);
      else
        await run(
          i,
          'admin: edit restaurant',
          'PATCH',
          `/restaurant/${restaurantId}`,
          [200],
          { name: `Soak Grill ${++edits}` },
          token,
        );
    }
  };

  // RSS: sampled every second; "warm" is taken after the first 10 s of traffic.
  const sampler = setInterval(() => {
    servers.forEach((s, k) => {
      rss[k].max = Math.max(rss[k].max, s.rssMb());
    });
  }, 1000);
  const warm = setTimeout(
    () =>
      servers.forEach((s, k) => {
        rss[k].warm = s.rssMb();
      }),
    Math.min(10_000, SECONDS * 500),
  );
  const started = Date.now();
  await Promise.all([
    ...FIXTURE.devices.slice(0, CUSTOMERS).map((d) => customer(d.id)),
    ...Array.from({ length: VIEWERS }, viewer),
    ...Array.from({ length: ADMINS }, admin),
  ]);
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(sampler);
  clearTimeout(warm);
  servers.forEach((s, k) => {
    rss[k].end = s.rssMb();
    rss[k].max = Math.max(rss[k].max, rss[k].end);
  });
  await Promise.all(servers.map((s) => s.stop()));

  // Every acknowledged save, exactly once.
  const check = new pg.Client({ connectionString: dbUrl.toString() });
  await check.connect();
  const { rows } = await check.query<{ id: number; pos_order_id: string }>(
    'select id, pos_order_id from orders where restaurant_id = $1',
    [restaurantId],
  );
  await check.end();
  const byPos = new Map<string, number>();
  for (const r of rows) byPos.set(r.pos_order_id, (byPos.get(r.pos_order_id) ?? 0) + 1);
  const ids = new Set(rows.map((r) => Number(r.id)));
  const missing = acks.filter((a) => !ids.has(a.id) || byPos.get(a.posOrderId) !== 1).length;
  const duplicates = [...byPos.values()].filter((n) => n > 1).length;

  console.log('');
  console.log(
    `Soak: ${elapsed.toFixed(0)} s, 2 instances on PostgreSQL (${dbName}) + Redis; ${CUSTOMERS} customers, ${VIEWERS} invoice viewers, ${ADMINS} admins in parallel`,
  );
  table(
    servers.map((s, k) => {
      const mine = recs.filter((r) => r.instance === k);
      return {
        instance: k === 0 ? 'A' : 'B',
        pid: s.pid,
        requests: mine.length,
        'req/s': (mine.length / elapsed).toFixed(1),
        'p50 (ms)': percentile(
          mine.map((r) => r.ms),
          50,
        ).toFixed(1),
        'p99 (ms)': percentile(
          mine.map((r) => r.ms),
          99,
        ).toFixed(1),
        'max (ms)': Math.max(...mine.map((r) => r.ms)).toFixed(0),
        'RSS start (MB)': rss[k].start.toFixed(0),
        'RSS warm (MB)': rss[k].warm.toFixed(0),
        'RSS end (MB)': rss[k].end.toFixed(0),
        'RSS max (MB)': rss[k].max.toFixed(0),
      };
    }),
  );
  console.log('');
  const kinds = [...new Set(recs.map((r) => r.kind))].sort();
  table(
    kinds.map((kind) => {
      const mine = recs.filter((r) => r.kind === kind);
      const statuses = [...new Set(mine.map((r) => r.status))]
        .sort()
        .map((s) => `${s}×${mine.filter((r) => r.status === s).length}`)
        .join(' ');
      return {
        call: kind,
        requests: mine.length,
        statuses,
        unexpected: mine.filter((r) => !r.expected).length,
        'p50 (ms)': percentile(
          mine.map((r) => r.ms),
          50,
        ).toFixed(1),
        'p99 (ms)': percentile(
          mine.map((r) => r.ms),
          99,
        ).toFixed(1),
      };
    }),
  );
  console.log('');
  const unexpected = recs.filter((r) => !r.expected);
  const expected4xx = recs.filter((r) => r.expected && r.status >= 400);
  table([
    {
      requests: recs.length,
      'p99 all (ms)': percentile(
        recs.map((r) => r.ms),
        99,
      ).toFixed(1),
      'expected 4xx': expected4xx.length,
      'unexpected answers': unexpected.length,
      'unexpected by status':
        [...new Set(unexpected.map((r) => r.status))]
          .map((s) => `${s}×${unexpected.filter((r) => r.status === s).length}`)
          .join(' ') || '-',
      'saves acknowledged': acks.length,
      'found once': acks.length - missing,
      missing,
      duplicates,
      'stored orders': rows.length,
    },
  ]);

  const admin2 = new pg.Client({ connectionString: BASE_URL });
  await admin2.connect();
  if (!process.argv.includes('--keep')) await admin2.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin2.end();
  await foodics.close();
  await giveBackGlobalSmsCount(codesSent);
  const failed = unexpected.length > 0 || missing > 0 || duplicates > 0 || rows.length !== acks.length;
  console.log(failed ? '\nFAILED' : '\nOK: no unexpected answers; every acknowledged save stored exactly once');
  process.exit(failed ? 1 : 0);
}

/**
 * The global SMS caps (SMS_GLOBAL_PER_HOUR/DAY) count in Redis for every instance using it. This script's
 * sends would eat into the hour's cap of anything else on the same Redis (another run of the tests, say),
 * so they are taken off the counters again at the end (never below 0, keeping the window's expiry).
 */
async function giveBackGlobalSmsCount(n: number) {
  if (!n) return;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
  const lua = `if redis.call('EXISTS', KEYS[1]) == 1 then
    local v = redis.call('DECRBY', KEYS[1], ARGV[1])
    if v < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') end
  end
  return 0`;
  try {
    for (const key of [redisKey('otp:global-hour'), redisKey('otp:global-day')])
      await redis.eval(lua, 1, key, String(n));
  } finally {
    redis.disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
