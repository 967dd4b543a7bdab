// Shared by the benches: start the product as its own process (npm start's path) on a free port with a
// fresh data folder, and print tables.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * The product as production runs it (NODE_ENV=production, no demo data, a real SMS provider's settings so no
 * demo admin) against a PostgreSQL database seeded beforehand (`npm run seed:big`), signed in as BENCH_ADMIN.
 * Sign-in limits are opened: the benches sign in once per run, and a previous run's failures must not bite.
 */
export async function startOnSeededPostgres(pgUrl: string, env: Record<string, string> = {}) {
  const server = await startProcess(
    ['--import', 'tsx', 'server/main.ts'],
    {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'specter-bench-pg-')),
      DATABASE_URL: pgUrl,
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
