// Entry of the end-to-end suite. Finds Chromium; without it, says so and skips (but fails under CI).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`e2e: Chromium not found at ${chromium}; CI must run the browser tests (.ci/run installs it).`);
    process.exit(1);
  }
  console.log(`e2e: SKIPPED - Chromium not found at ${chromium}. Install it with 'apt-get install -y chromium' to run the browser tests.`);
  process.exit(0);
}
// One production build for every journey (each file starts its own server from it).
const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/e2e/vitest.e2e.config.ts', ...(process.env.SPECTER_TEST_REPORT ? ['--reporter=default', '--reporter=json', `--outputFile.json=${process.env.SPECTER_TEST_REPORT}`] : [])], { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } });
process.exit(r.status ?? 1);
