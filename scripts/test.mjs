// npm test: every suite. Typecheck; Vitest (web components, server on PGlite, and server on PostgreSQL
// when DATABASE_URL is set); then the end-to-end journeys in Chromium (skipped with a clear line when
// Chromium is missing, except under CI where they must run). Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const node = process.execPath;
const reports = mkdtempSync(path.join(os.tmpdir(), 'specter-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;

function run(label, args, jsonReport) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, SPECTER_TEST_REPORT: jsonReport ?? '' } });
  if (r.status !== 0) failedSuites++;
  if (jsonReport && existsSync(jsonReport)) {
    const j = JSON.parse(readFileSync(jsonReport, 'utf8'));
    totals.passed += j.numPassedTests ?? 0;
    totals.failed += j.numFailedTests ?? 0;
    totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  } else if (r.status !== 0) {
    totals.failed += 1;
  }
}

run('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
const unit = path.join(reports, 'vitest.json');
run(`vitest: web, server${process.env.DATABASE_URL ? ', server-pg' : ''}`, [
  'node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unit}`,
], unit);
run('end to end (Chromium)', ['tests/e2e/run.mjs'], path.join(reports, 'e2e.json'));

console.log('');
if (failedSuites) console.error(`${failedSuites} suite(s) failed`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites ? 1 : 0);
