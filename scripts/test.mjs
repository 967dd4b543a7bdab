// npm test: every suite. Unit, component and server suites (Vitest: web, server on PGlite, and server on
// PostgreSQL when DATABASE_URL is set), then the end-to-end suite in Chromium (skipped with a clear
// line when Chromium is missing, except under CI where it must run).
import { spawnSync } from 'node:child_process';

const node = process.execPath;
const run = (args, label) => {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(node, args, { stdio: 'inherit', env: process.env });
  return r.status ?? 1;
};

let failed = 0;
failed += run(['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], 'typecheck') ? 1 : 0;
failed += run(['node_modules/vitest/vitest.mjs', 'run'], 'vitest: web, server' + (process.env.DATABASE_URL ? ', server-pg' : '')) ? 1 : 0;
failed += run(['tests/e2e/run.mjs'], 'end to end (Chromium)') ? 1 : 0;
if (failed) {
  console.error(`\n${failed} suite(s) failed`);
  process.exit(1);
}
console.log('\nAll suites passed');
