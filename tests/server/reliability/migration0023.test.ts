// Migration 0023 (one business, one till, one POS order per restaurant) on a database that already broke the rule -
// one Foodics business connected to two restaurants, as issue 49 found it - settles the duplicates without deleting
// anything a customer or a restaurant holds (docs/POS.md, "One business, one restaurant"): the first restaurant keeps
// the business and the shared tills, the second says why in its sync_error; a till of a deleted restaurant is removed
// with it; a later save of an order saved first elsewhere is kept, marked outside the rule. A fresh database is
// migrated up to the migration before 0023, filled, then migrated to the end (PGlite; PostgreSQL when configured).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { BUSINESS_ELSEWHERE } from '../../../server/db/repositories/foodicsConnect';
import { isUniqueViolation } from '../../../server/lib/errors';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/db/migrations');
/** Migration 0023's `when` in the journal: everything before it is the database as issue 49 found it. */
const WHEN_0023 = 1795602000000;

let database: Database;
let folder: string;
let dropDatabase: (() => Promise<void>) | undefined;

const rows = async <T>(query: string) => ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  // The migrations folder as it was before 0023 (the journal stops there).
  folder = mkdtempSync(path.join(tmpdir(), 'specter-0023-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  journal.entries = journal.entries.filter((e) => e.when < WHEN_0023);
  writeFileSync(journalFile, JSON.stringify(journal));

  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const name = `specter_m0023_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
    await migratePg(database.db as never, { migrationsFolder: folder });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
    await migratePglite(database.db as never, { migrationsFolder: folder });
  }

  // One business (reference 'biz') connected twice - Najd (1) first, its copy (2) later - with a till in both and
  // an order saved at both; a deleted restaurant (3) with a live till row; two Specter restaurants (4, 5) whose POS
  // named their tills and orders alike.
  const fill = `
    insert into restaurants (id, name, logo, token, branchs_token, system_type, pos_business_ref, is_deleted) values
      (1, 'Najd Grill', '/l.svg', 't', 't', 'Foodics', 'biz', false),
      (2, 'Najd Grill (again)', '/l.svg', 't', 't', 'Foodics', 'biz', false),
      (3, 'Gone Grill', '/l.svg', 't', 't', 'Foodics', 'biz-gone', true),
      (4, 'Specter One', '/l.svg', 't', 't', 'Specter', null, false),
      (5, 'Specter Two', '/l.svg', 't', 't', 'Specter', null, false);
    insert into branches (id, restaurant_id, branch_id, name) values
      (1, 1, 'b1', 'Olaya'), (2, 2, 'b1', 'Olaya'), (3, 3, 'b9', 'Gone'), (4, 4, 'b', 'One'), (5, 5, 'b', 'Two');
    insert into devices (branch_ref, restaurant_id, device_id, name) values
      (1, 1, 'dev-1', 'Cashier 1'), (1, 1, 'dev-2', 'Cashier 2'),
      (2, 2, 'dev-1', 'Cashier 1'), (2, 2, 'dev-3', 'Cashier 3'),
      (3, 3, 'dev-9', 'Cashier 9'),
      (4, 4, 'till-1', 'Till'), (5, 5, 'till-1', 'Till');
    insert into orders (restaurant_id, pos_order_id, device_id, branch_name, order_number, order_date, order_time,
      payment_method, sub_total_price, discount_amount, total_price, currency, created_at) values
      (1, 'ord-1', 'dev-1', 'Olaya', '1', '2026-11-20', '12:00', 'Cash', 10, 0, 11.5, 'SAR', '2026-11-20T09:00:00Z'),
      (2, 'ord-1', 'dev-1', 'Olaya', '1', '2026-11-20', '12:00', 'Cash', 10, 0, 11.5, 'SAR', '2026-11-20T09:05:00Z'),
      (2, 'ord-2', 'dev-3', 'Olaya', '2', '2026-11-20', '12:10', 'Cash', 10, 0, 11.5, 'SAR', '2026-11-20T09:10:00Z'),
      (4, '1001', 'till-1', 'One', '1001', '2026-11-20', '12:00', 'Cash', 10, 0, 11.5, 'SAR', '2026-11-20T09:00:00Z'),
      (5, '1001', 'till-1', 'Two', '1001', '2026-11-20', '12:00', 'Cash', 10, 0, 11.5, 'SAR', '2026-11-20T09:00:00Z');
    select setval('restaurants_id_seq', 5); select setval('branches_id_seq', 5)`;
  for (const statement of fill.split(';')) await database.db.execute(sql.raw(statement));
  await database.migrate();
}, 120_000);

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 0023 on a business connected twice', () => {
  it('the first restaurant keeps the business; the second loses it and says why', async () => {
    const r = await rows<{ id: number; pos_business_ref: string | null; sync_error: string | null }>(
      'select id, pos_business_ref, sync_error from restaurants order by id',
    );
    expect(r.find((x) => x.id === 1)).toMatchObject({ pos_business_ref: 'biz', sync_error: null });
    expect(r.find((x) => x.id === 2)).toMatchObject({ pos_business_ref: null, sync_error: BUSINESS_ELSEWHERE });
  });

  it('a shared till stays live where the business is; a deleted restaurant’s till is removed; Specter tills stay', async () => {
    const d = await rows<{ restaurant_id: number; device_id: string; live: boolean; pos_system: string }>(
      'select restaurant_id, device_id, removed_at is null as live, pos_system from devices order by id',
    );
    const of = (restaurantId: number, deviceId: string) =>
      d.find((x) => x.restaurant_id === restaurantId && x.device_id === deviceId);
    expect(of(1, 'dev-1')).toMatchObject({ live: true, pos_system: 'Foodics' });
    expect(of(1, 'dev-2')?.live).toBe(true);
    expect(of(2, 'dev-1')?.live).toBe(false);
    expect(of(2, 'dev-3')?.live).toBe(true);
    expect(of(3, 'dev-9')?.live).toBe(false);
    expect([of(4, 'till-1'), of(5, 'till-1')]).toEqual([
      expect.objectContaining({ live: true, pos_system: 'Specter' }),
      expect.objectContaining({ live: true, pos_system: 'Specter' }),
    ]);
    expect(d).toHaveLength(7);
  });

  it('every saved order is kept: the first save holds the order, a later one elsewhere is marked', async () => {
    const o = await rows<{ restaurant_id: number; pos_order_id: string; pos_system: string }>(
      'select restaurant_id, pos_order_id, pos_system from orders order by id',
    );
    expect(o).toEqual([
      { restaurant_id: 1, pos_order_id: 'ord-1', pos_system: 'Foodics' },
      { restaurant_id: 2, pos_order_id: 'ord-1', pos_system: 'Foodics (duplicate)' },
      { restaurant_id: 2, pos_order_id: 'ord-2', pos_system: 'Foodics' },
      { restaurant_id: 4, pos_order_id: '1001', pos_system: 'Specter' },
      { restaurant_id: 5, pos_order_id: '1001', pos_system: 'Specter' },
    ]);
  });

  it('from now on the database refuses a second copy', async () => {
    const refused = async (query: string) => {
      const err = await database.db.execute(sql.raw(query)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUniqueViolation(err), String(err)).toBe(true);
    };
    await refused(`update restaurants set pos_business_ref = 'biz' where id = 2`);
    await refused(`insert into devices (branch_ref, restaurant_id, device_id, name) values (2, 2, 'dev-2', 'x')`);
    await refused(`insert into orders (restaurant_id, pos_order_id, device_id, branch_name, order_number, order_date,
      order_time, payment_method, sub_total_price, discount_amount, total_price, currency)
      values (1, 'ord-2', 'dev-2', 'Olaya', '2', '2026-11-20', '12:10', 'Cash', 10, 0, 11.5, 'SAR')`);
  });
});
