// A fresh database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a new database
// created on the PostgreSQL of DATABASE_URL and dropped afterwards. Tests own their data.
// Both start as a copy of the one migrated database of the run (helpers/globalSetup.ts): a PGlite loads the
// migrated data folder's snapshot, a PostgreSQL database is created from the migrated template. Run without
// that setup (another config), each database is migrated on its own, as before.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';

export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const created = await createPostgresDatabase(url, 'specter_t_');
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 5 });
    const close = database.close;
    return {
      ...database,
      async close() {
        await close();
        await created.drop();
      },
    };
  }
  return openMigratedPglite();
}

/** A new, migrated database on the PostgreSQL server of `url`: its address, and how to drop it. */
export async function createPostgresDatabase(url: string, prefix: string) {
  const name = `${prefix}${randomBytes(5).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  if (!template) {
    const direct = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
    await direct.migrate();
    await direct.close();
  }
  return {
    name,
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

let snapshot: Promise<Blob> | undefined;

/** A fresh in-memory PGlite with the schema. */
export async function openMigratedPglite(): Promise<Database> {
  const file = inject('pgliteSnapshot');
  if (!file) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  snapshot ??= readFile(file).then((b) => new Blob([b]));
  return openDatabase({ dataDir: 'memory://', loadDataDir: await snapshot });
}
