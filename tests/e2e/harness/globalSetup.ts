// Once per run of the journeys: one embedded database created and migrated, whose data folder each journey's
// product starts from (a copy), instead of every journey running PostgreSQL's initdb and the migrations at its
// start (docs/RELIABILITY.md, "Test suite speed"). The product still migrates (nothing left to do) and seeds
// its demo data at start, so each journey sees the same fresh product `npm start` gives.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/db/client';

export default async function setup() {
  // Without Chromium (run.mjs) every journey is only collected and reported skipped: no product will start.
  if (process.env.SPECTER_E2E_COLLECT_ONLY) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-e2e-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await database.close();
  // The journeys' workers are started after this and inherit the environment (harness/product.ts reads it).
  process.env.SPECTER_E2E_DATA_TEMPLATE = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
