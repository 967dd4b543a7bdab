// Once per run of the journeys (docs/RELIABILITY.md, "Test suite speed"):
// - one embedded database created and migrated, whose data folder each journey's product starts from (a copy),
//   instead of every journey running PostgreSQL's initdb and the migrations at its start. The product still
//   migrates (nothing left to do) and seeds its demo data at start, so each journey sees the same fresh product
//   `npm start` gives;
// - one Chromium, to which each journey file connects for fresh contexts of its own (harness/browser.ts), instead
//   of a browser start per journey.
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { openDatabase } from '../../../server/db/client';
import { LAUNCH_OPTIONS, SHARED_BROWSER_ENV } from './browser';
import { scratchFolder } from './scratch';

export default async function setup() {
  // Without Chromium (run.mjs) every journey is only collected and reported skipped: no product will start.
  if (process.env.SPECTER_E2E_COLLECT_ONLY) return;
  const dir = scratchFolder('specter-e2e-template-');
  const [database, browser] = await Promise.all([
    openDatabase({ dataDir: dir }),
    chromium.launchServer(LAUNCH_OPTIONS),
  ]);
  await database.migrate();
  await database.close();
  // The journeys' workers are started after this and inherit the environment (harness/product.ts and
  // harness/browser.ts read it).
  process.env.SPECTER_E2E_DATA_TEMPLATE = dir;
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  return async () => {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
