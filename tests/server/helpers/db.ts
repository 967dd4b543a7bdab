// A fresh database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a new database
// created on the PostgreSQL of DATABASE_URL and dropped afterwards. Tests own their data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../../server/db/client';

export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const name = `specter_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
    await database.migrate();
    const close = database.close;
    return {
      ...database,
      async close() {
        await close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  return openMigratedPglite();
}

/** A fresh in-memory PGlite with the schema. */
export async function openMigratedPglite(): Promise<Database> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  return database;
}
