// A deep page of a list (docs/PERFORMANCE.md, section 3a): its ids picked first, sought past a remembered page or
// the start of its day, or read from the list's other end - instead of reading and throwing away the rows before it.
import { and, asc, desc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { ListMarks, PageMark } from '../lib/pageMarks';

/** A list's sort column, its tie-breaker and direction: what a deep page seeks by (see pageOf). */
export interface Seek {
  column: AnyColumn;
  tieBreaker: AnyColumn;
  desc: boolean;
}

/** An ORDER BY; from orderBy it also says how to seek in it, and gives the same order read from its other end
 * (`backwards`: every direction flipped; the tie-breaker is unique, so it is exactly the rows backwards). */
export type Ordering = SQL[] & { seek?: Seek; backwards?: SQL[] };

/** The part of a Drizzle select that a page needs: WHERE, ORDER BY, LIMIT/OFFSET. */
export interface Selectable<R> {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): PromiseLike<R[]> & { limit(n: number): { offset(n: number): PromiseLike<R[]> } };
  };
}

/** A list's FROM: its table and joins, for any selection (the rows, the count, the deep pages' ids). */
export type From = <F extends Record<string, unknown>>(fields: F) => PgSelect;

/** Past this offset a page is found by its ids first (see pageOf). */
export const DEEP_OFFSET = 1000;

/** Where the row at an offset of a list in `column`'s order begins to be sought (see ListSpec.placed). */
export interface Placed {
  column: AnyColumn;
  at(offset: number, desc: boolean): PromiseLike<PageMark | undefined>;
}

/**
 * One page of rows of `select` (the rows of `from`: a table and its joins). A deep page (page 2,000 is 50,000 rows
 * in) first picks the page's ids in the order asked for - an index-only scan when an index covers the sort and
 * the search, e.g. (created_at, id) for the unfiltered list - and only then reads those 25 rows, instead of
 * reading and throwing away 50,000 rows. Where the list's deep pages are remembered (`marks`) and the sort column
 * is never null, the ids are sought past the nearest remembered page start or end (server/lib/pageMarks.ts).
 * A list that knows how many of its rows each day holds (`placed`: repositories/rowDays.ts) starts at the day that
 * holds the page when no remembered page is nearer. Given the list's exact `total`, a page nearer the end than the
 * start (or a mark) is read backwards from the end. `where` and `order` may name any table of `from`.
 */
export async function pageOf<R>(
  db: Db,
  select: () => Selectable<R>,
  from: From,
  id: PgColumn,
  where: SQL | undefined,
  order: Ordering,
  { limit, offset }: { limit: number; offset: number },
  marks?: ListMarks,
  total?: number,
  idsFirst = false,
  placed?: Placed,
): Promise<R[]> {
  if (offset < DEEP_OFFSET && idsFirst)
    return select()
      .where(inArray(id, pageIds(from, id, where, order, limit, offset)))
      .orderBy(...order);
  if (offset < DEEP_OFFSET)
    return select()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const seek = order.seek;
  const keyed = marks && seek && (seek.column as PgColumn).notNull ? { marks, seek } : undefined;
  const remembered = keyed?.marks.near(offset);
  // A list that knows where its rows sit (the rows of each day) starts from the day holding the page, unless a
  // remembered page is nearer.
  const day =
    placed && seek && placed.column === seek.column && (seek.column as PgColumn).notNull
      ? await placed.at(offset, seek.desc)
      : undefined;
  const mark = day && (!remembered || day.offset > remembered.offset) ? day : remembered;
  // Past the middle of a list whose exact total is known, the page is read from the other end: page 400,000 of
  // ten million orders newest first is page 1 of oldest first, 25 index entries instead of ten million skipped.
  // Rows [offset, end) forwards are rows [total - end, total - offset) backwards. A remembered page nearer than
  // the end wins (the admin stepping on with Next follows the rows they saw).
  const behind = offset - (mark?.offset ?? 0);
  let walk: { where: SQL | undefined; order: SQL[]; limit: number; offset: number };
  if (total !== undefined && order.backwards && total - offset - limit < behind) {
    const end = Math.min(offset + limit, total);
    if (end <= offset) return [];
    walk = { where, order: order.backwards, limit: end - offset, offset: total - end };
  } else {
    walk = { where: mark && seek ? and(where, seekPast(seek, mark)) : where, order, limit, offset: behind };
  }
  if (!keyed)
    return select()
      .where(inArray(id, pageIds(from, id, walk.where, walk.order, walk.limit, walk.offset)))
      .orderBy(...order);
  // The key is written as text only for the page's rows, after the sort (the sort carries id and key only).
  const page = from({ id, k: sql`${keyed.seek.column}`.as('k') })
    .where(walk.where)
    .orderBy(...walk.order)
    .limit(walk.limit)
    .offset(walk.offset)
    .as('page');
  // The page's rows in the list's order (a page read from the end comes back forwards here).
  const dir = keyed.seek.desc ? desc : asc;
  const rows = await db
    .select({ id: page.id, key: sql<string>`${page.k}::text` })
    .from(page)
    .orderBy(dir(page.k), dir(page.id));
  if (!rows.length) return [];
  const [first, last] = [rows[0], rows[rows.length - 1]];
  keyed.marks.note(
    { offset, key: first.key, id: Number(first.id), inclusive: true },
    { offset: offset + rows.length, key: last.key, id: Number(last.id), inclusive: false },
  );
  return select()
    .where(
      inArray(
        id,
        rows.map((k) => k.id),
      ),
    )
    .orderBy(...order);
}

/** The rows from a mark on, in the list's order: `(column, id) <= / < / >= / > (the mark's)`. */
function seekPast(seek: Seek, mark: PageMark): SQL {
  const op = sql.raw(seek.desc ? (mark.inclusive ? '<=' : '<') : mark.inclusive ? '>=' : '>');
  // A serial column's values are integers (bigserial: bigint).
  const type = sql.raw((seek.column as PgColumn).getSQLType().replace(/serial$/, 'int'));
  return sql`(${seek.column}, ${seek.tieBreaker}) ${op} (cast(${mark.key} as ${type}), ${mark.id})`;
}

/** The ids of one page, in the order asked for: a subquery for `id IN (...)` (see pageOf). */
export function pageIds(from: From, id: PgColumn, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return from({ id })
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
