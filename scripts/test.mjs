// npm test: every suite. Typecheck; lint (ESLint, Prettier); Vitest (web components, server on PGlite, and server
// on PostgreSQL - its tests reported as skipped when DATABASE_URL is unset, like those needing REDIS_URL); then the
// end-to-end journeys in Chromium (reported as skipped when Chromium is missing, except under CI where
// they must run). Closes with the ten slowest test files (where the time goes), then one
// "N passed, N failed, N skipped" line, always the last.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { slowestLines } from './lib/slowestFiles.mjs';
import { addReport, closingLine, emptyTotals } from './lib/testTotals.mjs';

const node = process.execPath;
const reports = mkdtempSync(path.join(os.tmpdir(), 'specter-test-'));
const totals = emptyTotals();
const timed = [];
let failedSuites = 0;

function run(label, args, jsonReport, short = label, bin = node) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(bin, args, { stdio: 'inherit', env: { ...process.env, SPECTER_TEST_REPORT: jsonReport ?? '' } });
  counted(r.status, jsonReport, short);
}

/** A suite started now and left running while the next one runs in the foreground: its output goes to a file
 * (a pipe would need this process's event loop, which the foreground's spawnSync holds) and is printed whole by
 * the returned function, which waits for it to end and counts it. */
function runAlongside(label, args, jsonReport, short = label, bin = node) {
  const logFile = path.join(reports, `${short.replace(/\W+/g, '-')}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(bin, args, {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, SPECTER_TEST_REPORT: jsonReport ?? '' },
  });
  closeSync(fd);
  const ended = new Promise((resolve) => child.on('close', (code) => resolve(code)));
  console.log(`\n=== ${label}: started; its output follows the next suite's ===`);
  return async () => {
    const status = await ended;
    console.log(`\n=== ${label} ===`);
    process.stdout.write(readFileSync(logFile, 'utf8'));
    counted(status, jsonReport, short);
  };
}

/** Adds a finished suite to the totals: its JSON report's counts, or one failed/passed check without one. */
function counted(status, jsonReport, short) {
  if (status !== 0) failedSuites++;
  if (jsonReport && existsSync(jsonReport)) {
    const report = JSON.parse(readFileSync(jsonReport, 'utf8'));
    addReport(totals, report);
    timed.push({ label: short, report });
  } else if (status !== 0) {
    totals.failed += 1;
  } else if (!jsonReport) {
    totals.passed += 1; // a check without a report of its own (typecheck, lint) counts as one
  }
}

/** Checks without a report of their own, run side by side (each is one process on one core; the machine has
 * two), their output printed whole when each ends; each counts as one passed or failed. */
async function runTogether(checks) {
  const outcomes = await Promise.all(
    checks.map(
      ([label, args]) =>
        new Promise((resolve) => {
          const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => resolve({ label, output, ok: code === 0 }));
        }),
    ),
  );
  for (const { label, output, ok } of outcomes) {
    console.log(`\n=== ${label} ===`);
    if (output) process.stdout.write(output);
    if (ok) totals.passed += 1;
    else {
      failedSuites++;
      totals.failed += 1;
    }
  }
}

await runTogether([
  ['typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint: eslint (house rules as import boundaries)', ['node_modules/eslint/bin/eslint.js', '.']],
  ['lint: prettier --check', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']],
]);
const unit = path.join(reports, 'vitest.json');
if (!process.env.DATABASE_URL)
  console.log('server-pg: SKIPPED - DATABASE_URL is unset; its tests are counted as skipped.');
if (!process.env.REDIS_URL)
  console.log('Redis: SKIPPED - REDIS_URL is unset; the tests that need it are counted as skipped.');
const vitest = (report, projects = []) => [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
// SPECTER_PG_NODE (a Node binary; .ci/run sets it to Node 24): the PostgreSQL project runs on that Node instead, so
// one CI run checks the server on two Node versions (docs/RELIABILITY.md, Node versions).
const pgNode = process.env.SPECTER_PG_NODE;
let pgDone;
if (!pgNode) {
  run('vitest: web, server, server-pg', vitest(unit), unit, 'vitest');
} else {
  const pg = path.join(reports, 'vitest-pg.json');
  const version = spawnSync(pgNode, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  run('vitest: web, web-public, server', vitest(unit, ['web', 'web-public', 'server']), unit, 'vitest');
  // Beside the journeys: the PostgreSQL suite waits on its server a third of its time, the journeys keep both
  // cores busy; together they take about 2/3 of one after the other (docs/RELIABILITY.md, Test suite speed).
  pgDone = runAlongside(
    `vitest: server-pg on Node ${version} (${pgNode})`,
    vitest(pg, ['server-pg']),
    pg,
    'vitest server-pg',
    pgNode,
  );
}
run('end to end (Chromium)', ['tests/e2e/run.mjs'], path.join(reports, 'e2e.json'), 'e2e');
await pgDone?.();

console.log('');
for (const line of slowestLines(timed)) console.log(line);
if (failedSuites) console.error(`${failedSuites} suite(s) failed`);
console.log(closingLine(totals));
process.exit(failedSuites ? 1 : 0);
