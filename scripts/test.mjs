// npm test: every suite. Typecheck; lint (ESLint, Prettier); Vitest (web components, server on PGlite, and server
// on PostgreSQL - its tests reported as skipped when DATABASE_URL is unset, like those needing REDIS_URL); then the
// end-to-end journeys in Chromium (reported as skipped when Chromium is missing, except under CI where
// they must run). Closes with the ten slowest test files (where the time goes), the failed tests by name, then one
// "N passed, N failed, N skipped" line, always the last.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCTION_BUILD } from './lib/productionBuild.mjs';
import { failedLines } from './lib/failedTests.mjs';
import { slowestLines } from './lib/slowestFiles.mjs';
import { addReport, closingLine, emptyTotals } from './lib/testTotals.mjs';

const node = process.execPath;
const reports = mkdtempSync(path.join(os.tmpdir(), 'specter-test-'));
const totals = emptyTotals();
const timed = [];
let failedSuites = 0;

/** Runs a suite, its output streamed as it comes; resolves when it ends, counted. */
function run(label, args, jsonReport, short = label, bin = node, env = {}) {
  console.log(`\n=== ${label} ===`);
  const child = spawn(bin, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env, SPECTER_TEST_REPORT: jsonReport ?? '' },
  });
  return new Promise((resolve) => child.on('close', (code) => resolve(counted(code, jsonReport, short))));
}

/** Adds a finished suite to the totals: its JSON report's counts, or one passed/failed check without one. */
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
  return status === 0;
}

/** Commands run side by side, beside whatever runs in the foreground, their output kept and printed whole by
 * the returned function once all have ended; with `count`, each counts as one passed or failed check. */
function runAside(commands, { count = true } = {}) {
  const outcomes = Promise.all(
    commands.map(
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
  return async () => {
    let allOk = true;
    for (const { label, output, ok } of await outcomes) {
      console.log(`\n=== ${label} ===`);
      if (output) process.stdout.write(output);
      allOk &&= ok;
      if (count) counted(ok ? 0 : 1, undefined, label);
      else if (!ok) failedSuites++;
    }
    return allOk;
  };
}

// Where the time goes (docs/RELIABILITY.md, Test suite speed): every suite but one keeps both cores busy and runs
// alone (beside one another they took longer: contention took back more than the idle they filled); the
// journeys' build runs beside server-pg, which waits on PostgreSQL a third of its time.
await runAside([
  ['typecheck', ['node_modules/typescript7/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint: eslint (house rules as import boundaries)', ['node_modules/eslint/bin/eslint.js', '.']],
  ['lint: prettier --check', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']],
])();
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
// The journeys' production build (tests/e2e/run.mjs makes it itself when it is not told it was made).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const buildAside = () => (existsSync(chromium) ? runAside(PRODUCTION_BUILD, { count: false }) : async () => false);
// SPECTER_LTS_NODE (a Node binary; .ci/run sets it to Node 24): the PostgreSQL project and the journeys (their
// products included) run on that Node instead, so one CI run checks the server on two Node versions and the product
// as it runs for most users on the current LTS (docs/RELIABILITY.md, Node versions).
const ltsNode = process.env.SPECTER_LTS_NODE;
const ltsVersion = ltsNode && spawnSync(ltsNode, ['--version'], { encoding: 'utf8' }).stdout?.trim();
let built;
if (!ltsNode) {
  await run('vitest: web, server, server-pg', vitest(unit), unit, 'vitest');
  built = buildAside();
} else {
  const pg = path.join(reports, 'vitest-pg.json');
  await run('vitest: web, web-public, server', vitest(unit, ['web', 'web-public', 'server']), unit, 'vitest');
  built = buildAside();
  await run(
    `vitest: server-pg on Node ${ltsVersion} (${ltsNode})`,
    vitest(pg, ['server-pg']),
    pg,
    'vitest server-pg',
    ltsNode,
  );
}
const madeBuild = await built();
await run(
  `end to end (Chromium)${ltsNode ? ` on Node ${ltsVersion}` : ''}`,
  ['tests/e2e/run.mjs'],
  path.join(reports, 'e2e.json'),
  'e2e',
  ltsNode ?? node,
  { SPECTER_E2E_BUILT: madeBuild ? '1' : '' },
);

console.log('');
for (const line of slowestLines(timed)) console.log(line);
for (const line of failedLines(timed)) console.error(line);
if (failedSuites) console.error(`${failedSuites} suite(s) failed`);
console.log(closingLine(totals));
process.exit(failedSuites ? 1 : 0);
