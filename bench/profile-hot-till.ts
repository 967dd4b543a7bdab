// A CPU profile of the hot till as `npm start` runs it (node --cpu-prof dist-server/main.js, LOG_LEVEL default,
// output to a file) under 32 connections; prints the functions with the most self time, grouped by package.
// `--refusals` keeps the one address's view limit at its default, so nearly every answer is a 429 (a flood's answer).
// Usage: npx tsx bench/profile-hot-till.ts [--seconds 15] [--level info|warn] [--top 40] [--refusals]
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFoodicsStandIn } from '../server/stand-ins/foodics/server';
import { FIXTURE } from '../server/stand-ins/foodics/fixture';
import { benchTill, freePort, ONE_ADDRESS_CROWD, ROOT } from './lib';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const seconds = Number(arg('seconds', '15'));
const level = arg('level', 'info');
const top = Number(arg('top', '40'));
const ADMIN = { email: 'bench@specter.sa', password: 'bench-password-1' };

const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-prof-'));
const foodics = await startFoodicsStandIn();
foodics.addOrder(FIXTURE.devices[0].id);
const port = await freePort();
const logFile = path.join(dir, 'product.log');
const out = openSync(logFile, 'w');
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'dist-server/main.js'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'data'),
    DEMO_DATA: '0',
    FOODICS_STAND_IN: '0',
    FOODICS_BASE_URL: foodics.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMS_PROVIDER: 'console',
    LOG_LEVEL: level,
    ...(process.argv.includes('--refusals') ? {} : ONE_ADDRESS_CROWD),
  },
  stdio: ['ignore', out, out],
});
while (!/Specter is running at/.test(readFileSync(logFile, 'utf8'))) await new Promise((r) => setTimeout(r, 200));
const base = `http://127.0.0.1:${port}`;
const { tillPath } = await benchTill(base, foodics, FIXTURE.devices[0].id, ADMIN);
const url = `${base}${tillPath}`;
if (process.argv.includes('--headers')) {
  const a = await fetch(url);
  console.log(`status ${a.status}`, [...a.headers].map(([k, v]) => `${k}: ${v}`).join('\n'));
}
// Warm-up, then the profiled run.
await autocannon({ url, connections: 32, duration: 5 });
const r = await autocannon({ url, connections: 32, duration: seconds });
console.log(`load ${os.loadavg()[0].toFixed(1)}; ${Math.round(r.requests.average)} req/s, non-2xx ${r.non2xx}`);
child.kill('SIGTERM');
await new Promise((res) => child.once('exit', res));
await foodics.close();

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
// Only the samples of the profiled run: the last `seconds` before the stop (not start-up, not the warm-up).
const at: number[] = [];
prof.timeDeltas.reduce((t, d, i) => (at[i] = t + d), 0);
const end = at.at(-1)! - 300_000;
prof.samples.forEach((id, i) => {
  if (at[i] < end - seconds * 1e6 || at[i] > end) return;
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map<string, number>();
const pkg = new Map<string, number>();
for (const [id, t] of self) {
  const { functionName, url: u, lineNumber, columnNumber } = byId.get(id)!.callFrame;
  const short = u.replace(/^.*node_modules\//, 'nm/').replace(ROOT, '');
  const key = `${functionName || '(anon)'} ${short}:${lineNumber + 1}:${columnNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + t);
  const p =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1] ?? (u ? (u.startsWith('node:') ? 'node' : short) : functionName);
  pkg.set(p, (pkg.get(p) ?? 0) + t);
}
const pct = (t: number) => ((100 * t) / total).toFixed(1).padStart(5) + '%';
console.log('--- by package/file');
for (const [k, t] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(t), k);
console.log('--- by function (self)');
for (const [k, t] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(t), k);
// Inclusive time of the functions named by --inclusive (comma-separated), e.g. requestCompleted,admit.
const wanted = arg('inclusive', '').split(',').filter(Boolean);
if (wanted.length) {
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  for (const [id, t] of self) {
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const name = byId.get(n)!.callFrame.functionName;
      if (wanted.includes(name) && !seen.has(name)) {
        seen.add(name);
        incl.set(name, (incl.get(name) ?? 0) + t);
      }
    }
  }
  console.log('--- inclusive');
  for (const w of wanted) console.log(pct(incl.get(w) ?? 0), w);
}
console.log(`profile: ${path.join(dir, file)}`);
if (process.argv.includes('--clean')) rmSync(dir, { recursive: true, force: true });
