// npm test: every suite. Typecheck; lint (ESLint, Prettier); Vitest (web components, server on PGlite, and server
// on PostgreSQL - its tests reported as skipped when DATABASE_URL is unset, like those needing REDIS_URL); then the
// end-to-end journeys in Chromium (reported as skipped when Chromium is missing, except under CI where
// they must run). Ends with one "N passed, N failed, N skipped" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addReport, closingLine, emptyTotals } from './lib/testTotals.mjs';

const node = process.execPath;
const reports = mkdtempSync(path.join(os.tmpdir(), 'specter-test-'));
const totals = emptyTotals();
let failedSuites = 0;

function run(label, args, jsonReport, bin = node) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(bin, args, { stdio: 'inherit', env: { ...process.env, SPECTER_TEST_REPORT: jsonReport ?? '' } });
  if (r.status !== 0) failedSuites++;
  if (jsonReport && existsSync(jsonReport)) {
    addReport(totals, JSON.parse(readFileSync(jsonReport, 'utf8')));
  } else if (r.status !== 0) {
    totals.failed += 1;
  } else if (!jsonReport) {
    totals.passed += 1; // a check without a report of its own (typecheck, lint) counts as one
  }
}

run('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
run('lint: eslint (house rules as import boundaries)', ['node_modules/eslint/bin/eslint.js', '.']);
run('lint: prettier --check', ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', '.']);
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
if (!pgNode) {
  run('vitest: web, server, server-pg', vitest(unit), unit);
} else {
  const pg = path.join(reports, 'vitest-pg.json');
  const version = spawnSync(pgNode, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  run('vitest: web, server', vitest(unit, ['web', 'server']), unit);
  run(`vitest: server-pg on Node ${version} (${pgNode})`, vitest(pg, ['server-pg']), pg, pgNode);
}
run('end to end (Chromium)', ['tests/e2e/run.mjs'], path.join(reports, 'e2e.json'));

console.log('');
if (failedSuites) console.error(`${failedSuites} suite(s) failed`);
console.log(closingLine(totals));
process.exit(failedSuites ? 1 : 0);
