// Scale of the data (docs/PERFORMANCE.md, section 4): seed 100,000 app users and 1,000,000 saved orders (--orders N to
// change) into a fresh PGlite (and PostgreSQL when DATABASE_URL is set), then time what the screens ask for:
// the statistics, Latest Orders, and paged/searched lists, each the median of 5 runs through the real app.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../server/db/client';
import { benchApp, scratchPostgres, table } from './lib';
import { seedBig } from './seed-big';

const ordersArg = process.argv.indexOf('--orders');
const ORDERS = ordersArg > 0 ? Number(process.argv[ordersArg + 1]) : 1_000_000;

async function timeCalls(database: Database, kind: string) {
  const { app, headers } = await benchApp(database);
  const rows = [];
  for (const [name, url] of [
    ['GET /statistics', '/statistics'],
    ['GET /order/last-orders', '/order/last-orders'],
    ['GET /user page 1 (newest)', '/user?page=1&perPage=25&sort=createdAt&order=DESC'],
    ['GET /user page 2000', '/user?page=2000&perPage=25&sort=createdAt&order=DESC'],
    ['GET /user search phone part', '/user?page=1&perPage=25&q=0001234'],
    ['GET /user search full name (3,300 hits)', '/user?page=1&perPage=25&q=Sara%20Al-Harbi'],
  ]) {
    const times = [];
    let status = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - t);
      status = res.statusCode;
    }
    times.sort((x, y) => x - y);
    rows.push({ db: kind, call: name, 'median ms': times[2].toFixed(1), 'max ms': times[4].toFixed(1), status });
  }
  await app.close();
  return rows;
}

export async function scale() {
  const rows: Record<string, string | number>[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-scale-'));
  const lite = await openDatabase({ dataDir: dir });
  await lite.migrate();
  const seeded = await seedBig(lite, 100_000, ORDERS);
  rows.push({
    db: 'pglite',
    call: `seed ${seeded.users} users + ${seeded.orders} orders`,
    'median ms': seeded.usersMs + seeded.ordersMs,
    'max ms': '-',
    status: '-',
  });
  rows.push(...(await timeCalls(lite, 'pglite')));
  await lite.close();
  rmSync(dir, { recursive: true, force: true });

  if (process.env.DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.DATABASE_URL, `specter_scale_${Date.now()}`);
    const pgdb = scratch.database;
    const s = await seedBig(pgdb, 100_000, ORDERS);
    rows.push({
      db: 'postgres',
      call: `seed ${s.users} users + ${s.orders} orders`,
      'median ms': s.usersMs + s.ordersMs,
      'max ms': '-',
      status: '-',
    });
    rows.push(...(await timeCalls(pgdb, 'postgres')));
    await scratch.drop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) table(await scale());
