// The schema as code (server/db/schema.ts), drizzle-kit's snapshot of it and the hand-written migrations agree
// (issue 46, docs/ARCHITECTURE.md "The database"):
// - `npm run db:generate` on the committed tree writes nothing (drizzle-kit generate, run on a copy of the
//   migrations folder): a change of schema.ts without its snapshot (`npm run db:snapshot`), or a snapshot behind
//   the schema, fails here - so the next resource's generate writes exactly its own table.
// - the database the migrations build has the tables, columns, defaults, constraints and indexes schema.ts says
//   (the SQL drizzle-kit writes for the whole schema, applied to an empty database, read back beside a migrated
//   one): a migration that does not match schema.ts, or schema.ts that does not match the migrations, fails here.
//   What Drizzle does not model - the migrations' functions, triggers and types (kept counts, insights) - is not
//   compared.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client';
import { checkSnapshot } from '../../../scripts/db-snapshot.mjs';

const root = process.cwd();
const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});

/** What a database's public schema is, as comparable lines. */
async function shapeOf(database: Database) {
  const rows = async (query: string) =>
    ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
      Object.values(r).join(' | '),
    );
  return {
    columns: await rows(`SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, '')
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`),
    constraints: await rows(`SELECT rel.relname, c.conname, pg_get_constraintdef(c.oid)
      FROM pg_constraint c JOIN pg_class rel ON rel.oid = c.conrelid JOIN pg_namespace n ON n.oid = rel.relnamespace
      WHERE n.nspname = 'public' ORDER BY 1, 2`),
    indexes: await rows(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
    ),
  };
}

describe('the schema, its snapshot and the migrations', () => {
  it('npm run db:generate on the committed tree writes nothing (else: npm run db:snapshot)', () => {
    const { written, sql: statements } = checkSnapshot();
    expect(statements).toBe('');
    expect(written).toEqual([]);
  }, 120_000);

  it('the migrations build what schema.ts says: tables, columns, defaults, constraints, indexes', async () => {
    // The whole schema as drizzle-kit writes it for an empty database.
    const dir = mkdtempSync(path.join(tmpdir(), 'specter-schema-'));
    try {
      execFileSync(
        process.execPath,
        [
          path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'),
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './server/db/schema.ts',
          '--out',
          path.relative(root, dir),
          '--name',
          'whole',
        ],
        { cwd: root, stdio: 'pipe' },
      );
      const file = readdirSync(dir).find((f) => f.endsWith('.sql'))!;
      const whole = readFileSync(path.join(dir, file), 'utf8');
      const fromSchema = await openDatabase({ dataDir: 'memory://' });
      opened.push(fromSchema);
      await fromSchema.db.execute(sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm'));
      for (const statement of whole.split('--> statement-breakpoint')) await fromSchema.db.execute(sql.raw(statement));
      const migrated = await openDatabase({ dataDir: 'memory://' });
      opened.push(migrated);
      await migrated.migrate!();
      const [want, got] = [await shapeOf(fromSchema), await shapeOf(migrated)];
      expect(got.columns).toEqual(want.columns);
      expect(got.constraints).toEqual(want.constraints);
      expect(got.indexes).toEqual(want.indexes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
