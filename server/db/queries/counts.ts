// Row counts for the dashboard and list totals. count(*) reads every row: ~0.6 s for 100,000 rows and
// ~1.5 s for 1,000,000 in PGlite (docs/PERFORMANCE.md). Small tables are counted exactly; past
// EXACT_COUNT_LIMIT rows the planner's estimate (pg_class.reltuples, kept fresh by autovacuum/ANALYZE) is
// used, which is what a dashboard tile of "about a million" needs.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

export const EXACT_COUNT_LIMIT = 50_000;

/** Exact count(*) of `from`, unless the table is estimated above EXACT_COUNT_LIMIT rows. */
export async function fastCount(db: Db, table: string, exact: () => Promise<number>): Promise<number> {
  const res = (await db.execute(sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${table})`)) as unknown as {
    rows: { n: string | number | null }[];
  };
  const estimate = Number(res.rows[0]?.n ?? -1);
  if (estimate > EXACT_COUNT_LIMIT) return estimate;
  return exact();
}
