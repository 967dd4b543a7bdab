import { defineConfig } from 'vitest/config';

// The browser journeys run two files at a time (each its own product and browser, on free ports: the two cores
// are rarely both busy while a journey waits on its page) against one production build of the product.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    maxWorkers: 2,
    // A worker loads playwright-core and the harness once for its files (each journey still starts its own
    // product and browser context): 50 -> 38 CPU seconds of the workers per run.
    isolate: false,
    // One migrated embedded database per run, copied by each journey's product (harness/globalSetup.ts).
    globalSetup: ['tests/e2e/harness/globalSetup.ts'],
    testTimeout: 60_000,
    // expect.poll's own default (1 s) is shorter than one render of a back-office page on a slow CI machine: the
    // connection panel was still loading (data-status '') after a Reconnect there. A poll that never matches still
    // fails, only later.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    passWithNoTests: true,
  },
});
