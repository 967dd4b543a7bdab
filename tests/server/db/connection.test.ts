// The PostgreSQL pool's per-connection settings (server/db/client.ts): JIT compilation off on every connection, since
// compiling a short query whose estimate crossed jit_above_cost cost 100-120 ms on a first visit (docs/PERFORMANCE.md,
// run 10), and synchronized scans off, since a count the LIMIT stops early then cost 20 ms or 1 s by where an earlier
// scan of the table had stopped (run 11). The check is the PostgreSQL suite's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('every pooled PostgreSQL connection runs with jit and synchronized scans off', async (ctx) => {
  // The PGlite suite runs with DATABASE_URL set too (in CI): the engine decides.
  if (t.database.kind !== 'postgres') ctx.skip();
  // Several at once, so the pool opens several connections.
  const settings = await Promise.all(
    Array.from({ length: 4 }, () =>
      t.database.db.transaction(async (tx) => {
        const res = (await tx.execute(
          sql`select current_setting('jit') as jit, current_setting('synchronize_seqscans') as sync, pg_sleep(0.05)`,
        )) as unknown as { rows: { jit: string; sync: string }[] };
        return `${res.rows[0].jit} ${res.rows[0].sync}`;
      }),
    ),
  );
  expect(settings).toEqual(['off off', 'off off', 'off off', 'off off']);
});
