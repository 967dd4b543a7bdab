// Once per run of a server project, before any test file: one migrated database that every test file's
// database is copied from, instead of running the migrations in each (docs/RELIABILITY.md, "Test suite speed").
// PGlite: a snapshot of a migrated data folder (dumpDataDir), loaded by each new in-memory PGlite.
// PostgreSQL (server-pg): a migrated template database; each file's database is CREATE DATABASE ... TEMPLATE.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of a migrated PGlite data folder's snapshot. */
    pgliteSnapshot: string;
    /** The name of a migrated PostgreSQL database to copy (on DATABASE_URL's server). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (project.name === 'server-pg') return url ? postgresTemplate(project, url) : undefined;
  return pgliteSnapshot(project);
}

async function pgliteSnapshot(project: TestProject) {
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const snapshot = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, url: string) {
  const name = `specter_tpl_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  // Migrate, then close every connection: a database can be copied only while nobody is connected to it.
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    // The databases the workers kept for reuse (helpers/db.ts) are named after the template.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const kept = await c.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [`${name}_kept_`],
      );
      for (const { datname } of kept.rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await c.end();
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
