// A chain on one Foodics token (docs/PERFORMANCE.md, section 5): 150 tills (the stand-in's 3 plus 49
// branches of 3), two app instances sharing one database and one Redis (PostgreSQL + Redis when
// DATABASE_URL and REDIS_URL are set, else one embedded PGlite), the production defaults (30 calls a
// minute, 10 s cache, 60 s stale receipts), orders closing at random on every till, a crowd scanning random
// tills, and each paying customer scanning their till from 1 s after the order closes, every 2 s, until the
// receipt shows their order (or 2 minutes pass). Run once without webhooks (polling only) and once with
// the stand-in sending its webhooks.
//   npx tsx bench/chain.ts [--minutes 3] [--order-every 120] [--crowd 3]
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { Redis } from 'ioredis';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { restaurants } from '../server/db/schema';
import { createTokenService } from '../server/lib/tokens';
import { createPosAdapters } from '../server/pos';
import { syncRestaurant } from '../server/pos/sync';
import { startFoodicsStandIn } from '../server/stand-ins/foodics/server';
import { table } from './lib';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MINUTES = arg('minutes', 3);
/** Mean seconds between two orders closing on one till. */
const ORDER_EVERY_S = arg('order-every', 120);
/** Scans per second by people who did not just pay (a crowd looking at every till). */
const CROWD_PER_S = arg('crowd', 3);
const PAYER_FIRST_SCAN_MS = 1000;
const PAYER_RESCAN_MS = 2000;
const PAYER_GIVES_UP_MS = 120_000;
const SECRET = `bench-${randomBytes(12).toString('hex')}`;
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function openShared(): Promise<{ pools: [Database, Database]; kind: string; drop(): Promise<void> }> {
  if (!DATABASE_URL) {
    const db = await openDatabase({ dataDir: 'memory://' });
    await db.migrate();
    return { pools: [db, db], kind: 'PGlite (one, in-process)', drop: () => db.close() };
  }
  const name = `specter_chain_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  const a = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
  await a.migrate();
  const b = await openDatabase({ databaseUrl: u.toString(), poolSize: 10 });
  return {
    pools: [a, b],
    kind: 'PostgreSQL (a pool each)',
    async drop() {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function scenario(webhooks: boolean) {
  const foodics = await startFoodicsStandIn({ chainBranches: 49, token: `chain-${randomBytes(8).toString('hex')}` });
  const tills = foodics.deviceIds();
  const shared = await openShared();
  const env = {
    FOODICS_BASE_URL: foodics.url,
    LOG_LEVEL: 'silent',
    ...(webhooks ? { FOODICS_WEBHOOK_SECRET: SECRET } : {}),
  };
  const config = testConfig(env);
  const tokens = createTokenService(config.JWT_SECRET!, config.JWT_TTL);
  const redis = REDIS_URL ? [new Redis(REDIS_URL), new Redis(REDIS_URL)] : [];
  const apps = await Promise.all(
    shared.pools.map(async (database, k) => {
      const app = await buildApp({
        config,
        database,
        tokens,
        redis: redis[k],
        pos: createPosAdapters(config, database, redis[k]),
        sms: { name: 'none', send: async () => {} },
      });
      return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
    }),
  );
  const [row] = await shared.pools[0].db
    .insert(restaurants)
    .values({
      name: 'Chain',
      logo: 'https://example.com/chain.png',
      token: foodics.token,
      branchsToken: foodics.token,
      systemType: 'Foodics',
    })
    .returning({ id: restaurants.id });
  const synced = await syncRestaurant(
    {
      config,
      database: shared.pools[0],
      tokens,
      pos: createPosAdapters(config, shared.pools[0], redis[0]),
      sms: { name: 'none', send: async () => {} },
      redis: redis[0],
    },
    row.id,
  );
  if (!synced.ok) throw new Error(`sync failed: ${synced.error}`);
  // Foodics posts to one URL (behind the balancer): the first instance here; customers use both.
  if (webhooks) foodics.setWebhookUrl(`${apps[0].url}/pos/foodics/webhook/${SECRET}`);

  const newest = new Map<string, { reference: string; at: number }>();
  const answers: { status: number; fresh: boolean }[] = [];
  const delays: number[] = [];
  let gaveUp = 0;
  let scanNo = 0;
  const started = Date.now();
  const callsBefore = foodics.callLog().length;
  const ends = started + MINUTES * 60_000;

  async function scan(till: string): Promise<string | null> {
    const expected = newest.get(till)?.reference;
    const base = apps[scanNo++ % 2].url;
    try {
      const res = await fetch(`${base}/order/foodics/web/last-order?restaurantId=${row.id}&casherId=${till}`);
      const body = (await res.json()) as { order_number?: string };
      const shown = res.ok ? (body.order_number ?? null) : null;
      // Fresh: the till's newest order, or "no order yet" (404) for a till that has had none.
      const fresh = expected === undefined ? res.ok || res.status === 404 : shown === expected;
      answers.push({ status: res.status, fresh });
      return shown;
    } catch {
      answers.push({ status: 0, fresh: false });
      return null;
    }
  }

  async function payer(till: string, reference: string, closedAt: number) {
    await sleep(PAYER_FIRST_SCAN_MS);
    while (Date.now() - closedAt < PAYER_GIVES_UP_MS) {
      const shown = await scan(till);
      // Their order, or one closed on the till after it: the receipt page has caught up.
      if (shown !== null && Number(shown) >= Number(reference)) {
        delays.push(Date.now() - closedAt);
        return;
      }
      await sleep(PAYER_RESCAN_MS);
    }
    gaveUp++;
  }

  const payers: Promise<void>[] = [];
  const crowd: Promise<unknown>[] = [];
  while (Date.now() < ends) {
    const tick = Date.now();
    for (const till of tills) {
      if (Math.random() < 1 / ORDER_EVERY_S) {
        const o = foodics.addOrder(till);
        const closedAt = Date.now();
        newest.set(till, { reference: String(o.reference), at: closedAt });
        payers.push(payer(till, String(o.reference), closedAt));
      }
    }
    for (let k = 0; k < CROWD_PER_S; k++) crowd.push(scan(tills[Math.floor(Math.random() * tills.length)]));
    await sleep(Math.max(0, 1000 - (Date.now() - tick)));
  }
  await Promise.all([...payers, ...crowd]);
  const seconds = (Date.now() - started) / 1000;

  const calls = foodics
    .callLog()
    .slice(callsBefore)
    .map((c) => c.at)
    .sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < calls.length; j++) {
    while (calls[j] - calls[i] >= 60_000) i++;
    most = Math.max(most, j - i + 1);
  }
  const ok = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 429).length;
  const orders = delays.length + gaveUp;
  const result = {
    webhooks: webhooks ? 'yes' : 'no',
    'orders closed': orders,
    scans: answers.length,
    'Foodics calls': `${calls.length} in ${(seconds / 60).toFixed(1)} min`,
    'Foodics calls/min (mean)': (calls.length / (seconds / 60)).toFixed(1),
    'most in any 60 s': most,
    'receipts fresh': `${((100 * answers.filter((a) => a.fresh).length) / Math.max(1, answers.length)).toFixed(1)}%`,
    'p50 / p95 order -> receipt': `${(pct(delays, 50) / 1000).toFixed(1)} s / ${gaveUp / Math.max(1, orders) > 0.05 ? `> ${PAYER_GIVES_UP_MS / 1000}` : (pct(delays, 95) / 1000).toFixed(1)} s`,
    'not shown within 2 min': gaveUp,
    '429s seen by customers': `${refused} (${((100 * refused) / Math.max(1, answers.length)).toFixed(1)}%)`,
    '200s': ok,
    'webhooks sent': foodics.webhooks().length,
  };
  for (const a of apps) await a.app.close();
  for (const r of redis) r.disconnect();
  await shared.drop();
  await foodics.close();
  return { result, kind: shared.kind };
}

console.log(
  `Chain bench - ${new Date().toISOString()} - ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, Node ${process.version}`,
);
console.log(
  `150 tills on one token, 2 instances, ${MINUTES} min per case, an order every ${ORDER_EVERY_S} s per till, crowd ${CROWD_PER_S} scans/s, FOODICS_CALLS_PER_MINUTE 30\n`,
);
const rows = [];
let kind = '';
for (const webhooks of [false, true]) {
  const r = await scenario(webhooks);
  kind = r.kind;
  rows.push(r.result);
  console.log(JSON.stringify(r.result));
}
console.log(`\nDatabase: ${kind}; Redis: ${REDIS_URL ? 'yes' : 'no (budget and receipts in the database)'}\n`);
table(rows);
process.exit(0);
