// The PostgreSQL pool's per-connection settings (server/db/client.ts): JIT compilation off on every connection, since
// compiling a short query whose estimate crossed jit_above_cost cost 100-120 ms on a first visit (docs/PERFORMANCE.md,
// run 10). PGlite has no JIT: the check is the PostgreSQL suite's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('every pooled PostgreSQL connection runs with jit off', async (ctx) => {
  // The PGlite suite runs with DATABASE_URL set too (in CI): the engine decides.
  if (t.database.kind !== 'postgres') ctx.skip();
  // Several at once, so the pool opens several connections.
  const settings = await Promise.all(
    Array.from({ length: 4 }, () =>
      t.database.db.transaction(async (tx) => {
        const res = (await tx.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`)) as unknown as {
          rows: { jit: string }[];
        };
        return res.rows[0].jit;
      }),
    ),
  );
  expect(settings).toEqual(['off', 'off', 'off', 'off']);
});
