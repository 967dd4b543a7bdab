// Optional paging of the admin lists (docs/DECISIONS.md): no paging parameters -> the bare array of the contract
// (docs/API.md); any of page/perPage/sort/order/q -> paged, sorted and searched in the database, total in
// X-Total-Count.
import { and, asc, desc, ilike, inArray, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { listTotal, type CountedRows } from './repositories/counts';
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

/** An ORDER BY; from orderBy it also says how to seek in it. */
export type Ordering = SQL[] & { seek?: Seek };

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
  const dir = isDesc ? desc : asc;
  return Object.assign([dir(column), dir(tieBreaker)], { seek: { column, tieBreaker, desc: isDesc } });
}

/**
 * Search: every word of the term must appear (ILIKE '%word%') in one of the columns, so "Sara Saleh" finds
 * first name Sara and last name Saleh. Each word is an OR over plain columns, which the pg_trgm GIN indexes
 * serve (no expression over several columns, which no index could).
 */
export function searchWhere(term: string | undefined, columns: AnyColumn[]): SQL | undefined {
  const words = (term ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (!words.length) return undefined;
  const escape = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(...words.map((w) => or(...columns.map((c) => ilike(c, escape(w))))));
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
  page: (window: { limit: number; offset: number }, marks?: ListMarks) => PromiseLike<R[]>;
  /** The total for X-Total-Count; `exact: false` when it is a lower bound (db/repositories/counts.ts). */
  total: () => PromiseLike<{ total: number; exact: boolean }>;
}

/** What a list is made of; listSource turns it into a ListSource. */
export interface ListSpec<R> {
  /** The rows' select (a table, joins allowed), before WHERE. */
  select: () => Selectable<R>;
  /** The table that `scope` and `filter` name, its id: for deep pages and counts. */
  table: PgTable;
  id: PgColumn;
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
}

export function listSource<R>(db: Db, spec: ListSpec<R>): ListSource<R> {
  const where = and(spec.scope, spec.filter);
  return {
    all: spec.alwaysPaged
      ? undefined
      : () =>
          spec
            .select()
            .where(spec.scope)
            .orderBy(...spec.order),
    page: (window, marks) => pageOf(db, spec.select, spec.table, spec.id, where, spec.order, window, marks),
    total: spec.total ?? (() => listTotal(db, spec.table, where, spec.whole)),
  };
}

/**
 * The one way a list answers: the bare array of the contract unless page/perPage/sort/order/q is given (or the
 * list has no bare form); otherwise one window of rows with its total in X-Total-Count (and X-Total-Exact).
 */
export async function pagedList<R>(q: ListQuery, reply: HeaderSink, source: ListSource<R>): Promise<R[]> {
  if (source.all && !wantsPaging(q)) return source.all();
  const [rows, counted] = await Promise.all([source.page(pageWindow(q), reply.marks), source.total()]);
  setTotal(reply, counted.total, counted.exact);
  return rows;
}

/**
 * One page of rows of `select` (a select over `table`, joins allowed). A deep page (page 2,000 is 50,000 rows
 * in) first picks the page's ids in the order asked for - an index-only scan when an index covers the sort and
 * the search, e.g. (created_at, id) for the unfiltered list - and only then reads those 25 rows, instead of
 * reading and throwing away 50,000 rows. Where the list's deep pages are remembered (`marks`) and the sort column
 * is never null, the ids are sought past the nearest remembered page start or end (server/lib/pageMarks.ts).
 * `where` and `order` name columns of `table` only.
 */
export async function pageOf<R>(
  db: Db,
  select: () => Selectable<R>,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  order: Ordering,
  { limit, offset }: { limit: number; offset: number },
  marks?: ListMarks,
): Promise<R[]> {
  if (offset < DEEP_OFFSET)
    return select()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const seek = order.seek;
  if (!marks || !seek || !(seek.column as PgColumn).notNull)
    return select()
      .where(inArray(id, pageIds(db, table, id, where, order, limit, offset)))
      .orderBy(...order);
  const mark = marks.near(offset);
  // The key is written as text only for the page's rows, after the sort (the sort carries id and key only).
  const page = db
    .select({ id, k: sql`${seek.column}`.as('k') })
    .from(table)
    .where(mark ? and(where, seekPast(seek, mark)) : where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset - (mark?.offset ?? 0))
    .as('page');
  const dir = seek.desc ? desc : asc;
  const keyed = await db
    .select({ id: page.id, key: sql<string>`${page.k}::text` })
    .from(page)
    .orderBy(dir(page.k), dir(page.id));
  if (!keyed.length) return [];
  const [first, last] = [keyed[0], keyed[keyed.length - 1]];
  marks.note(
    { offset, key: first.key, id: Number(first.id), inclusive: true },
    { offset: offset + keyed.length, key: last.key, id: Number(last.id), inclusive: false },
  );
  return select()
    .where(
      inArray(
        id,
        keyed.map((k) => k.id),
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
export function pageIds(
  db: Db,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
) {
  return db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
