// Where a deep page of a whole list begins (docs/PERFORMANCE.md, "Run 14"): the rows of each calendar day (UTC) of
// app users' sign-ups and saved orders, kept by triggers in row_days (migration 0032). A list in created_at order
// that nothing but its restaurants narrows finds the day holding its row at any offset by summing days (a few
// thousand rows at most), then walks that day alone: page 200,000 of ten million orders reads one day's index
// entries instead of five million.
import { asc, desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { PageMark } from '../../lib/pageMarks';
import { rowDays } from '../schema';

const DAY_MS = 86_400_000;

/**
 * The start of the day holding the row at `offset` of a list in created_at order (newest first when `newestFirst`),
 * as a page mark: the rows before that day in the list's order, and the seek that starts the list there
 * (`created_at < the next day` newest first, `created_at >= the day` oldest first: id 0 sits below every id).
 * `names`: the day counts that make the list ('orders', or a manager's 'orders@1', 'orders@2'). Undefined when the
 * counts end before the offset (a row written since; the caller walks from the start as before).
 */
export async function dayStartOf(
  db: Db,
  names: readonly string[],
  offset: number,
  newestFirst: boolean,
): Promise<PageMark | undefined> {
  if (!names.length) return undefined;
  const days = await db
    .select({ day: rowDays.day, n: sql<number>`sum(${rowDays.n})`.mapWith(Number) })
    .from(rowDays)
    .where(inArray(rowDays.name, [...new Set(names)]))
    .groupBy(rowDays.day)
    .orderBy(newestFirst ? desc(rowDays.day) : asc(rowDays.day));
  let before = 0;
  for (const { day, n } of days) {
    if (before + n > offset) {
      const start = Date.parse(`${day}T00:00:00Z`);
      const key = new Date(newestFirst ? start + DAY_MS : start).toISOString();
      return { offset: before, key, id: 0, inclusive: !newestFirst };
    }
    before += n;
  }
  return undefined;
}
