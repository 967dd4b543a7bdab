// `npm test` counts what it could not run: without Chromium (outside CI) the journeys' tests, and without
// DATABASE_URL the server-pg project's tests, appear as skipped in the closing line instead of vanishing.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addReport, closingLine, emptyTotals } from '../../scripts/lib/testTotals.mjs';

interface Report {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string }[];
}

function runNode(args: string[], env: Record<string, string | undefined>) {
  const clean = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete clean[k];
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(process.execPath, args, { env: clean, maxBuffer: 20 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

const reportFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'specter-skips-')), 'report.json');
const read = (file: string): Report => JSON.parse(readFileSync(file, 'utf8'));

describe('the closing line of npm test', () => {
  it("adds the suites' reports up, todo counted as skipped, and reads exactly 'N passed, N failed, N skipped'", () => {
    const totals = emptyTotals();
    addReport(totals, { numPassedTests: 10, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1 });
    addReport(totals, { numPassedTests: 0, numFailedTests: 0, numPendingTests: 25 });
    expect(closingLine(totals)).toBe('10 passed, 1 failed, 28 skipped');
  });

  it('Chromium missing outside CI: every journey file is collected and each of its tests reported skipped, none run', async () => {
    const file = reportFile();
    const r = await runNode(['tests/e2e/run.mjs'], {
      CHROMIUM_PATH: '/nowhere/chromium',
      CI: undefined,
      SPECTER_TEST_REPORT: file,
    });
    expect(r.code).toBe(0);
    expect(r.out).toContain('e2e: SKIPPED - Chromium not found at /nowhere/chromium');
    const report = read(file);
    const journeys = readdirSync('tests/e2e/journeys')
      .filter((f) => f.endsWith('.e2e.ts'))
      .sort();
    expect(report.testResults.map((t) => path.basename(t.name)).sort()).toEqual(journeys);
    expect(report.numTotalTests).toBeGreaterThanOrEqual(journeys.length);
    expect([report.numPassedTests, report.numFailedTests, report.numPendingTests]).toEqual([
      0,
      0,
      report.numTotalTests,
    ]);
    expect(closingLine(addReport(emptyTotals(), report))).toBe(`0 passed, 0 failed, ${report.numTotalTests} skipped`);
  }, 180_000);

  it('Chromium missing under CI: the suite fails instead', async () => {
    const r = await runNode(['tests/e2e/run.mjs'], {
      CHROMIUM_PATH: '/nowhere/chromium',
      CI: '1',
      SPECTER_TEST_REPORT: undefined,
    });
    expect(r.code).toBe(1);
    expect(r.out).toContain('CI must run the browser tests');
  });

  it('DATABASE_URL unset: the server-pg project reports its tests as skipped, none run', async () => {
    const file = reportFile();
    const r = await runNode(
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--project',
        'server-pg',
        'tests/server/health.test.ts',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ],
      { DATABASE_URL: undefined },
    );
    expect(r.code).toBe(0);
    const report = read(file);
    expect(report.numTotalTests).toBeGreaterThan(0);
    expect([report.numPassedTests, report.numFailedTests, report.numPendingTests]).toEqual([
      0,
      0,
      report.numTotalTests,
    ]);
  }, 120_000);
});
