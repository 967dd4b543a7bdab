// The hot till as a user starts the product (docs/PERFORMANCE.md, "The hot till as it ships"): `npm start`'s own
// path (scripts/start.mjs -> node dist-server/main.js, the compiled server; NODE_ENV and LOG_LEVEL left at their
// defaults, so every request writes its access line), the embedded database, no demo data, a Foodics stand-in in
// this process serving one till with a two-line order; 32 connections for N seconds, interleaved with a bare
// Fastify route from the same node_modules (bare, product, bare, product...), twice. The product's output goes to
// a file, as a service's log would, not through this process (reading it here would load the client's core).
// `--also-warn` adds the same runs with LOG_LEVEL=warn, to show the log's cost; `--also-refusals` the same runs with
// the one address's view limit at its default (nearly every answer a 429: a flood from one address).
// Before its rounds each server answers the same crowd for --warmup seconds, not measured (a till's server has been
// running for hours: its code compiled, its memory grown), and each case starts after --idle seconds of nothing, so
// neither side measures the other's leftover work (the collector, the kernel's sockets).
// Usage: npx tsx bench/hot-till.ts [--seconds 8] [--rounds 2] [--warmup 4] [--idle 2] [--also-warn] [--also-refusals]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFoodicsStandIn } from '../server/stand-ins/foodics/server';
import { FIXTURE } from '../server/stand-ins/foodics/fixture';
import { benchTill, ONE_ADDRESS_CROWD, startAsUser, startProcess, table } from './lib';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const seconds = Number(arg('seconds', '8'));
const rounds = Number(arg('rounds', '2'));
const warmup = Number(arg('warmup', '4'));
const idle = Number(arg('idle', '2'));
const alsoWarn = process.argv.includes('--also-warn');
const alsoRefusals = process.argv.includes('--also-refusals');
const ADMIN = { email: 'bench@specter.sa', password: 'bench-password-1' };

const load1 = () => os.loadavg()[0].toFixed(1);

/** CPU seconds a process has used, in user space and in the kernel (utime, stime), from /proc. */
function cpuSeconds(pid: number): { user: number; sys: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) / 100, sys: Number(fields[12]) / 100 };
}

/**
 * 32 connections for `seconds`: requests a second, p99, and the server's CPU time per answer (µs). On a machine
 * other work is loading, req/s swings with what the other processes do; CPU per answer barely does, so the ratio of
 * the bare route's CPU per answer to the product's is the steadier "of bare" (both are CPU-bound here).
 */
async function run(url: string, pid: number) {
  await new Promise((resolve) => setTimeout(resolve, idle * 1000));
  const cpu = cpuSeconds(pid);
  const r = await autocannon({ url, connections: 32, duration: seconds });
  const after = cpuSeconds(pid);
  const perAnswer = (s: number) => Math.round((s * 1e6) / Math.max(1, r.requests.total));
  return {
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    bad: `${r.non2xx} / ${r.errors + r.timeouts}`,
    cpuUs: perAnswer(after.user - cpu.user + after.sys - cpu.sys),
    userSys: `${perAnswer(after.user - cpu.user)}+${perAnswer(after.sys - cpu.sys)}`,
  };
}

export async function hotTill() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-hot-till-'));
  const foodics = await startFoodicsStandIn();
  const bare = await startProcess(['--import', 'tsx', 'bench/bare-server.ts'], {}, /bare listening/);
  const rows: Record<string, string | number>[] = [];
  // One closed two-line order on the till (the stand-in's default order).
  foodics.addOrder(FIXTURE.devices[0].id);
  // A crowd at a till is many phones: the one address of this bench gets its view limit opened, so it measures
  // receipts, not refusals. `--also-refusals` measures the other reading of "as npm start runs it": every setting at
  // its default, so past the address's 300 views in 10 minutes every answer is a 429 (a flood from one address).
  const variants: [string, Record<string, string>][] = [['as npm start runs it (LOG_LEVEL info)', ONE_ADDRESS_CROWD]];
  if (alsoWarn) variants.push(['LOG_LEVEL=warn', { ...ONE_ADDRESS_CROWD, LOG_LEVEL: 'warn' }]);
  if (alsoRefusals) variants.push(['every setting at its default: 429s past the address limit', {}]);
  try {
    for (const [name, extra] of variants) {
      const server = await startAsUser(
        {
          // No demo data and no demo stand-in: one restaurant on this process's Foodics stand-in.
          DEMO_DATA: '0',
          FOODICS_STAND_IN: '0',
          FOODICS_BASE_URL: foodics.url,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SMS_PROVIDER: 'console',
          SKIP_BUILD: '1',
          ...extra,
        },
        // A database of its own per variant: the next variant's restaurant would be a second one on the stand-in's
        // Foodics business, which a business refuses (docs/POS.md, "One business, one restaurant").
        mkdtempSync(path.join(dir, 'variant-')),
      );
      try {
        const { tillPath } = await benchTill(server.url, foodics, FIXTURE.devices[0].id, ADMIN);
        const url = `${server.url}${tillPath}`;
        const answer = await fetch(url);
        const bytes = (await answer.arrayBuffer()).byteLength;
        // The phones of a crowd open the till's receipt page before anything else (the QR's link): the server
        // draws it once here, so the rounds measure the process as it runs after its first page, not before it.
        const page = await fetch(`${server.url}/user/invoice?restId=1&deviceId=${FIXTURE.devices[0].id}`, {
          headers: { accept: 'text/html' },
        });
        if (!page.ok || !(await page.text()).includes('class="receipt'))
          throw new Error(`receipt page: ${page.status}`);
        if (warmup > 0)
          for (const warm of [`${bare.url}/bare`, url])
            await autocannon({ url: warm, connections: 32, duration: warmup });
        for (let round = 1; round <= rounds; round++) {
          const before = load1();
          const ceiling = await run(`${bare.url}/bare`, bare.pid);
          const product = await run(url, server.pid);
          rows.push({
            variant: name,
            round,
            'answer bytes': bytes,
            'product req/s': product.rps,
            'p99 ms': product.p99,
            'non-2xx / errors': product.bad,
            'bare req/s': ceiling.rps,
            'of bare (req/s)': (product.rps / ceiling.rps).toFixed(2),
            'CPU µs/answer product / bare': `${product.cpuUs} / ${ceiling.cpuUs}`,
            'user+kernel µs product / bare': `${product.userSys} / ${ceiling.userSys}`,
            'of bare (CPU)': (ceiling.cpuUs / product.cpuUs).toFixed(2),
            'load (1 min) before / after': `${before} / ${load1()}`,
          });
          console.error(JSON.stringify(rows.at(-1)));
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await bare.stop();
    await foodics.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1]?.endsWith('hot-till.ts')) {
  console.log(
    `uptime: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min), ${os.cpus().length} cores`,
  );
  table(await hotTill());
}
