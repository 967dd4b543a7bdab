// SIGTERM (docs/DEPLOYMENT.md "Stopping"): the real server process (server/main.ts) is sent a stream of saves
// from the invoice page's calls, each taking a while at the POS, and SIGTERM mid-stream. Every save it
// acknowledged is in the database afterwards, the funnel counted each one, every request it took in was answered
// (200, or 503 while closing), it closed the database and exited 0 within SHUTDOWN_GRACE_SECONDS. On PGlite (a
// data folder, read again after the exit) and on PostgreSQL (the server-pg project, a database of its own).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { funnelDaily, orders } from '../../../server/db/schema';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { startedAt } from '../../e2e/harness/product';
import { createPostgresDatabase } from '../helpers/db';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const onPostgres = process.env.TEST_DB === 'postgres';
const DEVICE = FIXTURE.devices[0].id;
// All on one till, whose known receipts hold its 20 newest orders (issue 29): an older one is no longer saveable.
const SAVES = 20;
// Wider than the default 10 s: the machine running the suite may be busy; the exit is still asserted within it.
const GRACE_SECONDS = 20;

interface Answer {
  i: number;
  status: number | null;
  /** The connection failed before any answer: refused, or reset before the request was read. */
  error?: string;
}

/** One HTTP call on a connection of its own (no keep-alive), so a refused connection is told apart from an answer. */
function call(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  /** When given, the body's second half is sent only once this resolves: the request is in flight until then. */
  restOfBody?: Promise<void>,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { ...(data ? { 'content-type': 'application/json' } : {}), accept: 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!restOfBody || !data) return req.end(data);
    const half = Math.floor(data.length / 2);
    req.setHeader('content-length', Buffer.byteLength(data));
    req.write(data.slice(0, half));
    void restOfBody.then(() => req.end(data.slice(half)));
  });
}

let foodics: FoodicsStandIn;
let child: ChildProcess;
let output = '';
let port = 0;
let dataDir = '';
let pgDb: { url: string; drop(): Promise<void> } | undefined;

beforeAll(async () => {
  foodics = await startFoodicsStandIn({});
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'specter-shutdown-'));
  if (onPostgres) pgDb = await createPostgresDatabase(process.env.DATABASE_URL!, 'specter_sd_');
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // Port 0, the address read from the banner: a port picked first could be taken before the server listens.
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: pgDb?.url ?? '',
      REDIS_URL: '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      FOODICS_BASE_URL: foodics.url,
      FOODICS_STAND_IN: 'false',
      DEMO_DATA: 'false',
      FOODICS_CALLS_PER_MINUTE: '10000',
      FOODICS_CACHE_MS: '0',
      ADMIN_EMAIL: 'shutdown@example.com',
      ADMIN_PASSWORD: 'shutdown-password-1',
      SMS_PROVIDER: 'console',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      // One address asks for every code here: the per-address, per-till and per-restaurant caps opened wide.
      OTP_IP_SENDS_PER_10M: '10000',
      OTP_IP_SENDS_PER_DAY: '10000',
      OTP_IP_CHECKS_PER_10M: '10000',
      OTP_SENDS_PER_TILL_HOUR: '10000',
      OTP_SENDS_PER_RESTAURANT_HOUR: '10000',
      // ...and a till's view and claim limits (issue 29), which count every call of the stream first.
      TILL_VIEWS_PER_ADDRESS_10M: '10000',
      TILL_VIEWS_PER_TILL_MINUTE: '10000',
      TILL_CLAIMS_PER_ADDRESS_10M: '10000',
      TILL_CLAIMS_PER_TILL_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // A first start creates and migrates the database: over a minute on a busy machine.
  const deadline = Date.now() + 240_000;
  while (!startedAt(output)) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  port = Number(new URL(startedAt(output)!).port);
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await foodics?.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The code the console SMS provider printed for the phone ending in these 3 digits, after `from` in the output. */
async function codeFor(ending: string, from: number): Promise<string> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const line = output
      .slice(from)
      .split('\n')
      .find((l) => l.startsWith('  SMS to ') && l.includes(`${ending}: `));
    const code = line?.slice(line.indexOf(`${ending}: `) + 5).match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code for •••${ending}`);
}

describe(`SIGTERM mid-stream of saves (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers every request it took in, keeps every acknowledged save and funnel count, exits 0 in time', async () => {
    // A restaurant on the Foodics stand-in, through the admin API (its sync reads the till).
    const login = await call(port, 'POST', '/admin/login', {
      email: 'shutdown@example.com',
      password: 'shutdown-password-1',
    });
    expect(login.status).toBe(200);
    const token = (login.json as { data: { token: string } }).data.token;
    const created = await call(
      port,
      'POST',
      '/restaurant',
      {
        name: 'Shutdown Grill',
        logo: 'https://example.com/logo.png',
        token: foodics.token,
        branchs_token: foodics.token,
        system_type: 'Foodics',
      },
      { authorization: `Bearer ${token}` },
    );
    expect(created.status).toBe(200);
    const restaurantId = (created.json as { id: number }).id;

    // SAVES orders on the till, each with a code asked for it by a phone of its own (ending 100 + i).
    const shown: { phone: string; orderId: string; code: string; agent: string }[] = [];
    for (let i = 0; i < SAVES; i++) {
      const order = foodics.addOrder(DEVICE);
      const phone = `+966500000${100 + i}`;
      const from = output.length;
      const agent = `Mozilla/5.0 (shutdown test ${i}) Chrome/130.0`;
      const sent = await call(
        port,
        'POST',
        '/user',
        { phone, restaurantId, casherId: DEVICE, orderId: order.id },
        { 'user-agent': agent },
      );
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      shown.push({ phone, orderId: order.id, code: await codeFor(String(100 + i), from), agent });
    }

    // The POS is slow (400 ms) for any save that reads the order again; four streams, SIGTERM after the first few
    // are acknowledged, with one save held in flight across it (below).
    foodics.setMode('slow', { delayMs: 400 });
    const answers: Answer[] = [];
    let termAt = 0;
    const answeredAfterTerm: number[] = [];
    let next = 0;
    const stream = async () => {
      while (next < SAVES) {
        const i = next++;
        const s = shown[i];
        // The 7th save sends half its body, then SIGTERM lands (100 ms later, the server has surely taken the
        // request in), and the rest of the body only 200 ms after it: that save is in flight across SIGTERM,
        // whatever the machine's speed (a save no longer waits at the POS: its order is known).
        let restOfBody: Promise<void> | undefined;
        if (i === 6)
          restOfBody = new Promise<void>((resume) =>
            setTimeout(() => {
              termAt = Date.now();
              child.kill('SIGTERM');
              setTimeout(resume, 200);
            }, 100),
          );
        try {
          const res = await call(
            port,
            'POST',
            '/order/foodics/web/add-order',
            { phone: s.phone, otp: s.code, restaurantId, casherId: DEVICE, orderId: s.orderId },
            { 'user-agent': s.agent },
            restOfBody,
          );
          answers.push({ i, status: res.status, ...(res.status === 409 ? { error: JSON.stringify(res.json) } : {}) });
          if (termAt && res.status === 200) answeredAfterTerm.push(i);
        } catch (err) {
          answers.push({ i, status: null, error: (err as NodeJS.ErrnoException).code ?? String(err) });
        }
      }
    };
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await Promise.all([stream(), stream(), stream(), stream()]);
    const code = await exited;
    const stoppedIn = Date.now() - termAt;

    expect(termAt, JSON.stringify(answers.slice(0, 6))).toBeGreaterThan(0);
    expect(code, output.slice(-3000)).toBe(0);
    expect(stoppedIn).toBeLessThan(GRACE_SECONDS * 1000);
    expect(output).toContain('stopped cleanly');
    // Requests sent before SIGTERM were still answered after it: the test did catch saves in flight.
    expect(answeredAfterTerm.length).toBeGreaterThan(0);

    const acknowledged = answers.filter((a) => a.status === 200).map((a) => shown[a.i].orderId);
    // An answer, or a connection the server never took in (refused, or reset unread): nothing else.
    for (const a of answers) {
      if (a.status !== null) expect([200, 503], JSON.stringify(a)).toContain(a.status);
      else expect(['ECONNREFUSED', 'ECONNRESET'], JSON.stringify(a)).toContain(a.error);
    }

    const database: Database = pgDb
      ? await openDatabase({ databaseUrl: pgDb.url, poolSize: 2 })
      : await openDatabase({ dataDir });
    try {
      const saved = await database.db
        .select({ id: orders.posOrderId })
        .from(orders)
        .where(eq(orders.restaurantId, restaurantId));
      const savedIds = saved.map((r) => r.id).sort();
      // Every acknowledged save is there, and nothing was saved that the customer was not told of.
      expect(savedIds).toEqual([...acknowledged].sort());
      const [funnel] = await database.db
        .select({ saves: sql<number>`coalesce(sum(${funnelDaily.saves}), 0)::int` })
        .from(funnelDaily)
        .where(eq(funnelDaily.restaurantId, restaurantId));
      // Each save came from a browser of its own: the funnel's counts were written before the database closed.
      expect(Number(funnel.saves)).toBe(acknowledged.length);
    } finally {
      await database.close();
    }
  }, 120_000);
});
