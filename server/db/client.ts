// Opens the database: embedded PGlite (data in DATA_DIR) when DATABASE_URL is unset,
// a pooled PostgreSQL connection otherwise. Both are driven through the same Drizzle schema.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations in server/db/migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's pool as /metrics reads it: connections open, idle, and queries waiting for one. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** Key of the advisory lock taken while migrating a PostgreSQL database (any fixed 64-bit number). */
const MIGRATION_LOCK = 7_031_995_401;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data folder; 'memory://' for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** Longest wait for one PostgreSQL query, ms (default 15 s); 0 = none (bulk loads of the benches). */
  queryTimeoutMs?: number;
  /** A PGlite data folder to start from (`dumpDataDir()` of a migrated one): skips initdb and migrations. */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.queryTimeoutMs ?? 15_000);
  return openPglite(opts.dataDir ?? './data', opts.loadDataDir);
}

async function openPostgres(url: string, max: number, queryTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A database that is gone must not hang a request forever.
    connectionTimeoutMillis: 5000,
    query_timeout: queryTimeoutMs || undefined,
    idleTimeoutMillis: 30000,
  });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', () => {});
  // Settings for the product's short queries (a page, a batch, a count capped at 1,001), set on each new connection
  // (a startup option would be refused by some connection poolers; where a SET fails the database keeps its own):
  // - No JIT compilation: a plan whose estimate is large - a walk the LIMIT stops early - crossed jit_above_cost, and
  //   compiling it took 100-120 ms for 15 ms of work on a first visit (docs/PERFORMANCE.md, run 10).
  // - No synchronized scans: a sequential scan of a big table otherwise starts where the last one stopped, so a walk
  //   the LIMIT stops early (a search's count of up to 1,001) took 20 ms or 1 s by what ran before it; from the
  //   table's first page it costs the same each time (docs/PERFORMANCE.md, run 11).
  pool.on('connect', (client) => void client.query('SET jit = off; SET synchronize_seqscans = off').catch(() => {}));
  const db = drizzlePg(pool, { schema }) as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several instances may start at once on one database: one migrates, the others wait for it
      // (a session advisory lock on its own connection, so a pool of size 1 cannot deadlock).
      const lock = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await lock.end().catch(() => {});
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  let dir = dataDir;
  if (!dataDir.startsWith('memory://')) {
    dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir });
  // PGlite is one connection: Drizzle's pglite driver has the same query API as node-postgres.
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
