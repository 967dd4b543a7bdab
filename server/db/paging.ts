// Optional paging of the admin lists (docs/DECISIONS.md): no paging parameters -> the bare array of the contract
// (docs/API.md); any of page/perPage/sort/order/q -> paged, sorted and searched in the database, total in
// X-Total-Count.
import { and, asc, desc, getTableColumns, inArray, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { cappedTotal, rowCountsOf, TOTAL_CAP, type CountedRows } from './repositories/counts';
import { TOTAL_EXACT_HEADER, TOTAL_HEADER, type ListQuery } from '../../src/contract';
import { badRequest } from '../lib/errors';
import type { HeaderSink, ListMarks, PageMark } from '../lib/pageMarks';

export const DEFAULT_PER_PAGE = 25;

export function wantsPaging(q: ListQuery): boolean {
  return (
    q.page !== undefined ||
    q.perPage !== undefined ||
    q.sort !== undefined ||
    q.order !== undefined ||
    q.q !== undefined
  );
}

/** A list's sort column, its tie-breaker and direction: what a deep page seeks by (see pageOf). */
export interface Seek {
  column: AnyColumn;
  tieBreaker: AnyColumn;
  desc: boolean;
}

/** An ORDER BY; from orderBy it also says how to seek in it, and gives the same order read from its other end
 * (`backwards`: every direction flipped; the tie-breaker is unique, so it is exactly the rows backwards). */
export type Ordering = SQL[] & { seek?: Seek; backwards?: SQL[] };

/** The ORDER BY for a requested sort field, from a whitelist; an unknown field is a 400, not a silent default. */
export function orderBy(
  q: ListQuery,
  sortable: Record<string, AnyColumn>,
  fallback: { field: string; order: 'ASC' | 'DESC' },
  tieBreaker: AnyColumn,
): Ordering {
  const field = q.sort ?? fallback.field;
  // Own keys only: `sort=__proto__` or `constructor` must be a 400, not Object.prototype used as a column.
  const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
  if (!column) {
    throw badRequest(`sort: must be one of ${Object.keys(sortable).join(', ')}`);
  }
  const isDesc = (q.order ?? (q.sort ? 'ASC' : fallback.order)).toUpperCase() === 'DESC';
  const [dir, back] = isDesc ? [desc, asc] : [asc, desc];
  return Object.assign([dir(column), dir(tieBreaker)], {
    seek: { column, tieBreaker, desc: isDesc },
    // ASC puts nulls last and DESC first (PostgreSQL's defaults), so flipping the direction flips the nulls too.
    backwards: [back(column), back(tieBreaker)],
  });
}

/** The ORDER BY of a declared resource's list (src/contract/resources): a column for each of its declared sortable
 * fields (the type asks for every one), its declared default sort. */
export function declaredOrder<F extends string>(
  declaration: { name: string; sort?: { fields: readonly F[]; default: { field: string; order: 'ASC' | 'DESC' } } },
  q: ListQuery,
  columns: Record<F, AnyColumn>,
  tieBreaker: AnyColumn,
): Ordering {
  if (!declaration.sort) throw new Error(`${declaration.name}: its declaration names no sort`);
  return orderBy(q, columns, declaration.sort.default, tieBreaker);
}

export function pageWindow(q: ListQuery): { limit: number; offset: number } {
  const limit = q.perPage ?? DEFAULT_PER_PAGE;
  return { limit, offset: ((q.page ?? 1) - 1) * limit };
}

/** The total of a paged list; `exact: false` when it is a lower bound (a capped search, db/repositories/counts.ts). */
export function setTotal(reply: HeaderSink, total: number, exact = true) {
  reply.header(TOTAL_HEADER, String(total));
  if (!exact) reply.header(TOTAL_EXACT_HEADER, 'false');
}

/** Past this offset a page is found by its ids first (see pageOf). */
export const DEEP_OFFSET = 1000;

/** The part of a Drizzle select that a page needs: WHERE, ORDER BY, LIMIT/OFFSET. */
export interface Selectable<R> {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): PromiseLike<R[]> & { limit(n: number): { offset(n: number): PromiseLike<R[]> } };
  };
}

/** Where a list's rows come from (server/db/repositories): the page, its total, and the whole list when bare. */
export interface ListSource<R> {
  /** The whole list, when no paging is asked for; without it the list always pages (the contract's paged calls). */
  all?: () => PromiseLike<R[]>;
  /** One window of rows; with the list's exact `total`, a page nearer the end is read from the end (see pageOf). */
  page: (window: { limit: number; offset: number }, marks?: ListMarks, total?: number) => PromiseLike<R[]>;
  /** The total for X-Total-Count; `exact: false` when it is a lower bound (db/repositories/counts.ts). */
  total: () => PromiseLike<{ total: number; exact: boolean }>;
}

/** A list's joins, applied to any select from its table (Drizzle's dynamic mode): `(q) => q.innerJoin(...)`. */
export type Joins = (q: PgSelect) => PgSelect;

/** What a list is made of; listSource turns it into a ListSource. */
export interface ListSpec<R> {
  /** The rows' select before WHERE; or `columns`, read from `table` with `join` (one FROM for the rows, the
   * count and the deep pages). */
  select?: () => Selectable<R>;
  columns?: Record<string, unknown>;
  /** The list's table and id; the count and the deep pages' id pick read `table` with `join`, as the rows do. */
  table: PgTable;
  id: PgColumn;
  /** The joins of the rows' select, when `scope`, `filter` or `order` name a joined table: without them the
   * count and the deep pages would read `table` alone and the database would refuse the joined column. */
  join?: Joins;
  /** What every row of the list is (e.g. live), bare or paged. */
  scope?: SQL;
  /** The search and filters asked for (paged lists only). */
  filter?: SQL;
  order: Ordering;
  /** How to count the list when the plain capped count would not do (db/repositories/counts.ts). */
  total?: () => PromiseLike<{ total: number; exact: boolean }>;
  /** The table's trigger-kept count, used for the total when nothing narrows the list (db/repositories/counts.ts). */
  whole?: CountedRows;
  /** A list of the contract that always pages (no bare form). */
  alwaysPaged?: boolean;
  /** Every page - not only a deep one - picks its ids first from `table`: where the order's index carries what the
   * filter checks, the walk to the page reads that index alone (an index-only scan) and only the page's rows are
   * read whole (the Members list: a search walked 19,000 members' rows for a page of 25). */
  idsFirst?: boolean;
  /** Where a deep page begins without walking to it, when the list is in `column`'s order (the rows of each day of a
   * whole list: repositories/rowDays.ts). Given only when nothing but the list's scope narrows it. */
  placed?: Placed;
}

/** Where the row at an offset of a list in `column`'s order begins to be sought (see ListSpec.placed). */
export interface Placed {
  column: AnyColumn;
  at(offset: number, desc: boolean): PromiseLike<PageMark | undefined>;
}

/** A list's FROM: its table and joins, for any selection (the rows, the count, the deep pages' ids). */
export type From = <F extends Record<string, unknown>>(fields: F) => PgSelect;

export function listSource<R>(db: Db, spec: ListSpec<R>): ListSource<R> {
  const where = and(spec.scope, spec.filter);
  const join: Joins = spec.join ?? ((q) => q);
  const from: From = (fields) =>
    join(
      db
        .select(fields as SelectedFields)
        .from(spec.table)
        .$dynamic() as PgSelect,
    );
  const select = spec.select ?? (() => from(spec.columns ?? getTableColumns(spec.table)) as unknown as Selectable<R>);
  return {
    all: spec.alwaysPaged
      ? undefined
      : () =>
          select()
            .where(spec.scope)
            .orderBy(...spec.order),
    page: (window, marks, total) =>
      pageOf(db, select, from, spec.id, where, spec.order, window, marks, total, spec.idsFirst, spec.placed),
    total: spec.total ?? (() => joinedTotal(db, from, where, spec.whole)),
  };
}

/**
 * A list's total: the trigger-kept count of the whole table when nothing narrows it (`whole`), else the matching
 * rows of the list's FROM (joins included) counted up to TOTAL_CAP (db/repositories/counts.ts).
 */
export async function joinedTotal(
  db: Db,
  from: From,
  where: SQL | undefined,
  whole?: CountedRows,
): Promise<{ total: number; exact: boolean }> {
  if (!where && whole) return rowCountsOf(db, [whole]).then((c) => ({ total: c[whole], exact: true }));
  const matches = from({ one: sql`1` })
    .where(where)
    .limit(TOTAL_CAP + 1)
    .as('matches');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return cappedTotal(n);
}

/**
 * The one way a list answers: the bare array of the contract unless page/perPage/sort/order/q is given (or the
 * list has no bare form); otherwise one window of rows with its total in X-Total-Count (and X-Total-Exact).
 */
export async function pagedList<R>(q: ListQuery, reply: HeaderSink, source: ListSource<R>): Promise<R[]> {
  if (source.all && !wantsPaging(q)) return source.all();
  const window = pageWindow(q);
  let rows: R[];
  let counted: { total: number; exact: boolean };
  if (window.offset < DEEP_OFFSET) {
    [rows, counted] = await Promise.all([source.page(window, reply.marks), source.total()]);
  } else {
    // A deep page waits for its total (for a whole list the trigger-kept count: one row read), so that a page
    // past the middle - the last page react-admin offers one click from the first - is read from the end.
    counted = await source.total();
    rows = await source.page(window, reply.marks, counted.exact ? counted.total : undefined);
  }
  setTotal(reply, counted.total, counted.exact);
  return rows;
}

/**
 * One page of rows of `select` (the rows of `from`: a table and its joins). A deep page (page 2,000 is 50,000 rows
 * in) first picks the page's ids in the order asked for - an index-only scan when an index covers the sort and
 * the search, e.g. (created_at, id) for the unfiltered list - and only then reads those 25 rows, instead of
 * reading and throwing away 50,000 rows. Where the list's deep pages are remembered (`marks`) and the sort column
 * is never null, the ids are sought past the nearest remembered page start or end (server/lib/pageMarks.ts).
 * Given the list's exact `total`, a page nearer the end than the start (or a mark) is read backwards from the end.
 * `where` and `order` may name any table of `from`.
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
