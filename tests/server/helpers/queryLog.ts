// The same database seen through a Drizzle instance that logs every statement it sends (Drizzle's own logger
// option): what the database receives, with its parameters. An app built on it (buildApp({ ...deps, database }))
// lets a test observe the queries of a call, e.g. the batches of a CSV export, with no change to the product.
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database, Db } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';

export interface LoggedQuery {
  sql: string;
  params: unknown[];
}

export function withQueryLog(database: Database, log: LoggedQuery[]): Database {
  const logger = { logQuery: (sql: string, params: unknown[]) => void log.push({ sql, params }) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.kind === 'pglite'
      ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Db)
      : (drizzlePg(client as pg.Pool, { schema, logger }) as Db);
  return { ...database, db };
}
