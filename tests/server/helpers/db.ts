// A fresh database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a new database
// created on the PostgreSQL of DATABASE_URL and dropped afterwards. Tests own their data.
// Both start as a copy of the one migrated database of the run (helpers/globalSetup.ts): a PGlite loads the
// migrated data folder's snapshot, a PostgreSQL database is created from the migrated template. Run without
// that setup (another config), each database is migrated on its own, as before.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';

export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const template = inject('postgresTemplate');
    const kept = template ? idle.pop() : undefined;
    if (kept) return givenBackOnClose(kept);
    // Named after the run's template: what a worker still keeps when it ends is dropped with the template
    // (helpers/globalSetup.ts). Without a template (another config) each file's database is its own, dropped at close.
    const created = await createPostgresDatabase(url, template ? `${template}_kept_` : 'specter_t_');
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 5 });
    if (template) return givenBackOnClose(await withMigratedRowsKnown(database));
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

/** Databases a finished test file gave back, already reset to the migrated state (this worker's, reused). */
const idle: Database[] = [];
/** Never more kept than files run at once in a worker with a few databases each. */
const MAX_IDLE = 3;

/**
 * A fresh in-memory PGlite with the schema. Loading the migrated snapshot costs about half a second of CPU (the
 * data folder unpacked into PGlite's in-memory file system), and a PostgreSQL database copied from the template and
 * dropped afterwards costs both of them a checkpoint's disk writes: a database a file is done with is emptied back
 * to the migrated state and kept for the next file of the same worker (docs/RELIABILITY.md, "Test suite speed").
 */
export async function openMigratedPglite({ reuse = true }: { reuse?: boolean } = {}): Promise<Database> {
  const file = inject('pgliteSnapshot');
  if (!file) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  snapshot ??= readFile(file).then((b) => new Blob([b]));
  const kept = reuse ? idle.pop() : undefined;
  if (kept) return givenBackOnClose(kept);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await snapshot });
  // reuse: false for a test that closes the database under the app to see it fail: its close() is a real one.
  return reuse ? givenBackOnClose(await withMigratedRowsKnown(database)) : database;
}

/** `database` whose close() empties it back to the migrated state and keeps it, or closes it if that fails. */
function givenBackOnClose(database: Database): Database {
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (idle.length >= MAX_IDLE) throw new Error('enough kept');
        await resetToMigrated(database);
        idle.push(database);
      } catch {
        await database.close();
      }
    },
  };
}

/**
 * The migrated state, read from a worker's first fresh copy: its public schema (a database whose schema differs is
 * not reused) and the statements that bring a used copy back to it - every public table emptied with its identities
 * restarted, then what the migrations themselves wrote (the kept counts' rows, say) put back.
 */
let migrated: { schema: string; reset: string } | undefined;

const run = async (database: Database, query: string) =>
  (await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };

const schemaOf = async (database: Database) =>
  (
    await run(
      database,
      `SELECT string_agg(table_name || '.' || column_name || ':' || data_type, ',' ORDER BY table_name, column_name) AS s
       FROM information_schema.columns WHERE table_schema = 'public'`,
    )
  ).rows[0].s as string;

/** The first fresh copy of a worker tells what the migrated state holds, before any test writes to it. */
async function withMigratedRowsKnown(fresh: Database): Promise<Database> {
  if (migrated) return fresh;
  const schema = await schemaOf(fresh);
  const tables = (
    await run(fresh, `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
  ).rows.map((r) => String(r.t));
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const statements = [`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`];
  for (const table of tables) {
    const { rows } = await run(fresh, `SELECT coalesce(json_agg(t), '[]')::text AS j FROM "${table}" t`);
    if (rows[0].j !== '[]')
      statements.push(
        `INSERT INTO "${table}" OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::"${table}", ${quote(String(rows[0].j))})`,
      );
  }
  migrated = { schema, reset: statements.join(';\n') };
  return fresh;
}

/** The used copy brought back to the migrated state (see `migrated`), in one round trip. */
async function resetToMigrated(database: Database) {
  if (!migrated || (await schemaOf(database)) !== migrated.schema) throw new Error('schema changed');
  // PGlite's exec and node-postgres' query without parameters both take several statements.
  const client = (
    database.db as unknown as { $client: { exec?(q: string): Promise<unknown>; query(q: string): Promise<unknown> } }
  ).$client;
  await (database.kind === 'pglite' ? client.exec!(migrated.reset) : client.query(migrated.reset));
}
