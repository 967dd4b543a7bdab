// The CSV export of saved orders at size (docs/PERFORMANCE.md, "The CSV export"): the product as production runs
// it against a PostgreSQL database seeded beforehand (`npm run seed:big`), one admin downloading
// GET /order/export.csv over real HTTP, the body read as it streams. Prints, per run: rows, bytes, the time to
// the first byte, the whole time, rows a second, and the product's CPU seconds (from /proc), with the machine's
// load average before and after (other work shares the two cores). The target is 50,000 rows a second.
// Usage: BENCH_PG_URL=postgres://.../specter_big npx tsx bench/csv-export.ts [--runs 3] [--limit 0]
//   --limit N stops reading after N rows (0: the whole export).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { startOnSeededPostgres, table } from './lib';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const runs = Number(arg('runs', '3'));
const limit = Number(arg('limit', '0'));
const pgUrl = process.env.BENCH_PG_URL;
if (!pgUrl) throw new Error('BENCH_PG_URL names a database seeded with npm run seed:big');

const load1 = () => os.loadavg()[0].toFixed(1);

/** CPU seconds a process has used (utime + stime), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Counts the lines of a streamed body (a CSV row per line: no field of an order holds a line break). */
async function download(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`the export answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    if (limit && lines - 1 >= limit) {
      await reader.cancel();
      break;
    }
  }
  return { rows: lines - 1, bytes, firstByteMs: firstByte, ms: performance.now() - t0 };
}

const server = await startOnSeededPostgres(pgUrl);
try {
  const rows: Record<string, string | number>[] = [];
  for (let run = 1; run <= runs; run++) {
    await new Promise((r) => setTimeout(r, 2000)); // the server idle between runs
    const before = load1();
    const cpu0 = cpuSeconds(server.pid);
    const r = await download(`${server.url}/order/export.csv`, server.auth);
    const cpu = cpuSeconds(server.pid) - cpu0;
    rows.push({
      run,
      rows: r.rows,
      MB: (r.bytes / 1e6).toFixed(1),
      'first byte ms': r.firstByteMs.toFixed(0),
      s: (r.ms / 1000).toFixed(1),
      'rows/s': Math.round(r.rows / (r.ms / 1000)),
      'server CPU s': cpu.toFixed(1),
      'µs CPU/row': Math.round((cpu * 1e6) / Math.max(1, r.rows)),
      load: `${before} -> ${load1()}`,
    });
  }
  table(rows);
} finally {
  await server.stop();
}
