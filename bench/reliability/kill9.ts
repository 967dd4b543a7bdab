// kill -9 in the middle of saving orders, many times over (docs/RELIABILITY.md, Faults):
//   npx tsx bench/reliability/kill9.ts [--rounds 10]
// Runs the real server process on an embedded PGlite in a temporary DATA_DIR, with a Foodics stand-in in
// this process. Each round: start the server, save invoices from three tills at once (a new order at the
// till, POST /user for a code read from the server's log, POST add-order), kill -9 the server 1-3 s in,
// and restart it on the same folder. At the end the folder is opened directly and every acknowledged save
// must be there exactly once. Exit code 1 when anything was lost or doubled, or a start failed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { FIXTURE } from '../../server/stand-ins/foodics/fixture';
import { startFoodicsStandIn } from '../../server/stand-ins/foodics/server';
import { arg, call, phoneCounter, RAISED_LIMITS, startServer, table, type ServerProcess } from './lib';

const ROUNDS = arg('rounds', 10);
const ADMIN = { email: 'kill9@specter.local', password: 'kill9-password-123' };

interface Ack {
  id: number;
  posOrderId: string;
  round: number;
}

async function main() {
  const foodics = await startFoodicsStandIn();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'specter-kill9-'));
  const env = {
    DATA_DIR: dataDir,
    FOODICS_STAND_IN: '0',
    FOODICS_BASE_URL: foodics.url,
    DEMO_DATA: '0',
    FOODICS_CACHE_MS: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...RAISED_LIMITS,
  };
  const nextPhone = phoneCounter();
  const acks: Ack[] = [];
  const inFlightAtKill: string[] = [];
  const rows: Record<string, string | number>[] = [];
  let restaurantId = 0;
  let failed = false;

  for (let round = 1; round <= ROUNDS; round++) {
    let server: ServerProcess;
    try {
      server = await startServer(env);
    } catch (err) {
      console.error(`round ${round}: the server did not start after the previous kill -9:\n${(err as Error).message}`);
      failed = true;
      break;
    }
    const health = await call(server.url, 'GET', '/healthz');
    // The orders acknowledged before this start must all be visible to the restarted server.
    const login = await call(server.url, 'POST', '/admin/login', ADMIN);
    const token = login.body?.data?.token as string;
    if (!token) throw new Error(`login failed: ${JSON.stringify(login)}`);
    const stats = await call(server.url, 'GET', '/statistics', undefined, token);
    const visible = Number(stats.body?.orders);

    if (!restaurantId) {
      const r = await call(
        server.url,
        'POST',
        '/restaurant',
        {
          name: 'Kill Nine Grill',
          logo: 'https://x.example/l.png',
          token: foodics.token,
          branchs_token: foodics.token,
          system_type: 'Foodics',
        },
        token,
      );
      if (r.status !== 200) throw new Error(`creating the restaurant failed: ${JSON.stringify(r)}`);
      restaurantId = r.body.id;
    }

    let stop = false;
    let roundAcks = 0;
    let roundOther = 0;
    const inFlight = new Set<string>();
    // One worker per till: each till's newest order is the one its customer saves.
    const worker = async (device: string) => {
      while (!stop) {
        const order = foodics.addOrder(device);
        const phone = nextPhone();
        inFlight.add(order.id);
        const sent = await call(server.url, 'POST', '/user', { phone: phone.local });
        if (sent.status !== 200) {
          inFlight.delete(order.id);
          // status 0: the server was killed under the call (expected); anything else is not.
          if (sent.status !== 0) {
            roundOther++;
            console.error(`round ${round}: send answered ${sent.status} ${JSON.stringify(sent.body)}`);
          }
          continue;
        }
        let code: string;
        try {
          code = await server.code(phone.e164);
        } catch {
          inFlight.delete(order.id);
          continue;
        }
        const saved = await call(server.url, 'POST', '/order/foodics/web/add-order', {
          casherId: device,
          restaurantId,
          phone: phone.local,
          otp: code,
        });
        if (saved.status === 200) {
          acks.push({ id: saved.body.id, posOrderId: order.id, round });
          roundAcks++;
        } else if (saved.status !== 0) {
          roundOther++;
          console.error(`round ${round}: save answered ${saved.status} ${JSON.stringify(saved.body)}`);
        }
        if (saved.status !== 0) inFlight.delete(order.id);
      }
    };
    const workers = FIXTURE.devices.map((d) => worker(d.id));
    const killAfter = 1000 + Math.random() * 2000;
    await new Promise((r) => setTimeout(r, killAfter));
    await server.kill9();
    stop = true;
    await Promise.all(workers);
    inFlightAtKill.push(...inFlight);
    rows.push({
      round,
      'start (ms)': server.startMs,
      healthz: health.status,
      'orders visible at start': visible,
      'acked before': acks.length - roundAcks,
      'killed after (ms)': Math.round(killAfter),
      'saves acked': roundAcks,
      'in flight at kill': inFlight.size,
      'unexpected answers': roundOther,
    });
    if (health.status !== 200 || visible < acks.length - roundAcks) failed = true;
    if (roundOther) failed = true;
  }

  // One last clean start: the folder still opens after the final kill -9; then stop it cleanly.
  const last = await startServer(env).catch((err) => {
    failed = true;
    console.error(err.message);
    return null;
  });
  const finalStart = last?.startMs ?? NaN;
  await last?.stop();

  // Open the folder directly and check every acknowledged save.
  const database = await openDatabase({ dataDir });
  const res = await database.db.execute(sql`select id, pos_order_id from orders where restaurant_id = ${restaurantId}`);
  const stored = (res as unknown as { rows: { id: number; pos_order_id: string }[] }).rows;
  const byPos = new Map<string, number>();
  for (const r of stored) byPos.set(r.pos_order_id, (byPos.get(r.pos_order_id) ?? 0) + 1);
  const ids = new Set(stored.map((r) => Number(r.id)));
  const missing = acks.filter((a) => !ids.has(a.id) || !byPos.has(a.posOrderId));
  const duplicates = [...byPos.values()].filter((n) => n > 1).length;
  const landedInFlight = inFlightAtKill.filter((p) => byPos.has(p)).length;
  const integrity = await database.db.execute(
    sql`select count(*)::int as n from order_items i left join orders o on o.id = i.order_id where o.id is null`,
  );
  const orphans = Number((integrity as unknown as { rows: { n: number }[] }).rows[0].n);
  await database.close();

  console.log('');
  console.log(`kill -9 while saving: ${ROUNDS} rounds, PGlite in ${dataDir}`);
  table(rows);
  console.log('');
  table([
    {
      rounds: ROUNDS,
      'saves acknowledged': acks.length,
      found: acks.length - missing.length,
      missing: missing.length,
      duplicates,
      'in flight at kill (landed / total)': `${landedInFlight} / ${inFlightAtKill.length}`,
      'orphan order lines': orphans,
      'stored orders': stored.length,
      'start after kill p50/max (ms)': `${median(rows.slice(1).map((r) => Number(r['start (ms)'])))} / ${Math.max(...rows.slice(1).map((r) => Number(r['start (ms)'])))}`,
      'final clean start (ms)': finalStart,
    },
  ]);
  if (missing.length || duplicates || orphans || stored.length !== acks.length + landedInFlight) failed = true;
  console.log(
    failed
      ? '\nFAILED'
      : '\nOK: every acknowledged save is there exactly once, and the database opened after every kill -9',
  );
  await foodics.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}

function median(v: number[]) {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
