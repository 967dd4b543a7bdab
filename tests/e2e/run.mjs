// Entry of the end-to-end suite. Finds Chromium; without it, says so and (outside CI, where the browser
// tests must run) reports every journey's tests as skipped, so the closing count of `npm test` shows them.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { PRODUCTION_BUILD } from '../../scripts/lib/productionBuild.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const report = process.env.SPECTER_TEST_REPORT
  ? ['--reporter=default', '--reporter=json', `--outputFile.json=${process.env.SPECTER_TEST_REPORT}`]
  : [];
const vitest = (extra, env = {}) =>
  spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/e2e/vitest.e2e.config.ts', ...report, ...extra],
    {
      stdio: 'inherit',
      env: { ...process.env, CHROMIUM_PATH: chromium, ...env },
    },
  );

if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`e2e: Chromium not found at ${chromium}; CI must run the browser tests (.ci/run installs it).`);
    process.exit(1);
  }
  console.log(
    `e2e: SKIPPED - Chromium not found at ${chromium}. Install it with 'apt-get install -y chromium' to run the browser tests.`,
  );
  // A name pattern nothing matches: Vitest collects every journey and reports each test as skipped,
  // without opening a browser or starting the product (no hook of a skipped suite runs, and the global setup
  // makes no database: harness/globalSetup.ts); one worker collects them all, without a fresh process per file.
  const r = vitest(['--testNamePattern', '^(?!)', '--no-isolate', '--maxWorkers', '1'], {
    SPECTER_E2E_COLLECT_ONLY: '1',
  });
  process.exit(r.status ?? 1);
}
// One production build for every journey (each file starts its own server from it): the web app, then the
// compiled server (dist-server/). npm test makes it beside the PostgreSQL suite and says so (SPECTER_E2E_BUILT).
for (const [, args] of process.env.SPECTER_E2E_BUILT ? [] : PRODUCTION_BUILD) {
  const build = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.exit(vitest([]).status ?? 1);
