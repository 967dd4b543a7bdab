// The Ledger's CSV of a date range across batches (issue 47, docs/PERFORMANCE.md "A manager's CSVs"): its entries go
// in time order, then id, each exactly once, though many share one time to the microsecond (one transaction's
// entries, as the daily expiry writes them) and times differ below the millisecond a JavaScript Date keeps.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { appUsers, loyaltyMembers } from '../../../server/db/schema';
import { loyaltyWorld, type LoyaltyWorld } from '../helpers/loyaltyWorld';

let w: LoyaltyWorld;
/** The UTC date n days ago. */
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
beforeAll(async () => {
  w = await loyaltyWorld({ EXPORT_BATCH_SIZE: '10' });
});
afterAll(() => w?.close());

it("a date range's CSV: time order then id across batches of 10, each entry once, microseconds kept", async () => {
  const { db } = w.t.database;
  await w.save('+966503330001', w.restA, 100, { consent: true });
  const [{ member }] = await db
    .select({ member: loyaltyMembers.id })
    .from(loyaltyMembers)
    .innerJoin(appUsers, eq(appUsers.id, loyaltyMembers.appUserId))
    .where(eq(appUsers.phone, '+966503330001'));
  // Written latest time first, so id order is not time order: 13 entries at .123457, then 12 at .123456 (within
  // one millisecond), then one a week earlier, outside the range.
  const at = (micro: string) => sql`(${`${day(5)} 12:00:00.${micro}+00`})::timestamptz`;
  const write = (n: number, when: ReturnType<typeof at>) =>
    db.execute(sql`insert into loyalty_ledger (member_id, restaurant_id, kind, points, balance_after, reason, created_at)
      select ${member}, ${w.restA}, 'adjust', g, 100, 'batch', ${when} from generate_series(1, ${n}) g`);
  await write(13, at('123457'));
  await write(12, at('123456'));
  await write(1, sql`now() - interval '12 days'`);

  const res = await w.as('admin', {
    method: 'GET',
    url: `/api/loyalty/ledger/export.csv?from=${day(5)}&to=${day(5)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const ids = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => Number(l.split(',')[0]));
  const expected = (
    await db.execute<{ id: number }>(sql`select id::int as id from loyalty_ledger
      where reason = 'batch' and created_at > now() - interval '10 days' order by created_at, id`)
  ).rows.map((r) => r.id);
  expect(expected).toHaveLength(25);
  // The twelve written second come first (their time is a microsecond earlier), then the thirteen.
  expect(ids).toEqual(expected);
  expect(ids.slice(0, 12)).toEqual([...ids.slice(0, 12)].sort((a, b) => a - b));
  expect(Math.min(...ids.slice(0, 12))).toBeGreaterThan(Math.max(...ids.slice(12)));
});
