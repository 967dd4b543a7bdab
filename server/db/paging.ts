// Optional paging of the admin lists (docs/DECISIONS.md): no paging parameters -> the bare array of the contract
// (docs/API.md); any of page/perPage/sort/order/q -> paged, sorted and searched in the database, total in
// X-Total-Count.
import { and, asc, desc, getTableColumns, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { cappedTotal, rowCountsOf, TOTAL_CAP, type CountedRows } from './repositories/counts';
import { TOTAL_EXACT_HEADER, TOTAL_HEADER, type ListQuery } from '../../src/contract';
import { badRequest } from '../lib/errors';
import type { HeaderSink, ListMarks } from '../lib/pageMarks';
import { DEEP_OFFSET, pageOf, type From, type Ordering, type Placed, type Seek, type Selectable } from './deepPages';

export { DEEP_OFFSET, type From, type Ordering, type Placed, type Seek, type Selectable };

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
