// What a declared resource's repository is (docs/ARCHITECTURE.md, Add a resource): the reads and writes of its
// rows, each given the caller's scope (./scope.ts), so a query cannot be written without it. The route side is
// server/routes/resourceRoutes.ts. A restaurant's own records in one table need no hand-written repository:
//
//   export const offersRepository = (db: Db) =>
//     scopedTable(db, offersResource, {
//       table: offers, id: offers.id, restaurant: offers.restaurantId,
//       search: [offers.title], sortable: { id: offers.id, title: offers.title },
//       values: (b) => ({ restaurantId: b.restaurant_id, title: b.title }),
//     });
//
// Every query it writes keeps to the scope's restaurants (`restaurantsIn`), a create or an edit putting a row in
// another restaurant finds nothing (the route answers 404), and the declaration's sort is the one allowed.
import { and, eq, getTableColumns, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ListQuery, ResourceDeclaration } from '../../src/contract';
import type { Tx } from './audit';
import type { Db } from './client';
import { listSource, orderBy, type ListSource } from './paging';
import { searchWhere } from './search';
import { restaurantsIn, seesRestaurant, type Scope } from './scope';

/**
 * How a resource's rows are read and written. Every call gets the caller's scope: a read keeps to it, and a write
 * of a row outside it finds nothing (undefined: the route answers 404). Writes get the transaction their audit
 * record is written in and return what they wrote (`W`: at least its id; its name or title labels the audit
 * record). `R` is a list's row as read (the route's `shape` turns rows into the declaration's answer rows), `One`
 * what read-one reads (by default a row too).
 */
export interface ResourceRepository<R, Create = unknown, Edit = unknown, Q = ListQuery, One = R, W = R> {
  /** The list of the scope for this query (./paging.ts: listSource). */
  list?(scope: Scope, q: Q): ListSource<R> | Promise<ListSource<R>>;
  /** One row of the scope (with whatever its read-one answer adds, e.g. an order's lines), or undefined. */
  one?(scope: Scope, id: number): Promise<One | undefined>;
  create?(tx: Tx, scope: Scope, body: Create): Promise<W>;
  /** The row changed, or undefined when the scope has no such row. */
  update?(tx: Tx, scope: Scope, id: number, body: Edit): Promise<W | undefined>;
  /** The row removed (or soft-deleted), or undefined when the scope has no such row. */
  remove?(tx: Tx, scope: Scope, id: number): Promise<W | undefined>;
}

export interface ScopedTableSpec<T extends PgTable, Body, Q, Sort extends string> {
  table: T;
  /** The table's id column (a serial). */
  id: PgColumn;
  /** The rows' restaurant: every query keeps to the scope's restaurants by it. */
  restaurant: PgColumn;
  /** The columns a search (q) looks in, every word in one of them. */
  search: AnyColumn[];
  /** A column for each of the declaration's sortable fields. */
  sortable: Record<Sort, AnyColumn>;
  /** The list's filters (the declaration's query beyond paging) as a WHERE. */
  filter?: (q: Q) => SQL | undefined;
  /** A body's fields as the table's columns (an edit's body has only the fields sent). */
  values: (body: Partial<Body>) => Partial<T['$inferInsert']>;
  /** Which rows exist, for a table that keeps deleted rows (e.g. `isNull(offers.deletedAt)`). */
  live?: SQL;
  /** A soft delete: the columns set instead of deleting the row. */
  softDelete?: () => Partial<T['$inferInsert']>;
}

/** A restaurant-scoped table as a declared resource's repository (see the top of this file): the body is the
 * declaration's create body, the query its list query, the sortable columns its sort's fields. */
export function scopedTable<
  T extends PgTable,
  Create extends z.ZodType,
  QS extends z.ZodObject,
  const Sort extends string,
>(
  db: Db,
  declaration: ResourceDeclaration<z.ZodType, Create, z.ZodType, QS, Sort>,
  spec: ScopedTableSpec<T, z.output<Create>, z.output<QS> & ListQuery, Sort>,
): ResourceRepository<T['$inferSelect'], z.output<Create>, Partial<z.output<Create>>, z.output<QS> & ListQuery> {
  type Body = z.output<Create>;
  type Row = T['$inferSelect'];
  const table = spec.table as PgTable;
  const columns = getTableColumns(table);
  /** The property of the restaurant column in the table's rows and values (restaurantId). */
  const restaurantKey = Object.keys(columns).find((k) => columns[k] === spec.restaurant);
  if (!restaurantKey) throw new Error(`${declaration.name}: spec.restaurant is not a column of spec.table`);
  const sort = declaration.sort?.default ?? { field: 'id', order: 'ASC' as const };
  const visible = (scope: Scope) => and(spec.live, restaurantsIn(scope, spec.restaurant));
  const theRow = (scope: Scope, id: number) => and(eq(spec.id, id), visible(scope));
  /** A body's values without the fields it did not send. */
  const valuesOf = (body: Partial<Body>) =>
    Object.fromEntries(Object.entries(spec.values(body)).filter(([, v]) => v !== undefined)) as Record<string, unknown>;
  /** A write that would put the row in a restaurant outside the scope finds nothing. */
  const outside = (scope: Scope, values: Record<string, unknown>) =>
    values[restaurantKey] !== undefined && !seesRestaurant(scope, Number(values[restaurantKey]));

  async function read(from: Db | Tx, scope: Scope, id: number): Promise<Row | undefined> {
    const [row] = await from.select().from(table).where(theRow(scope, id)).limit(1);
    return row as Row | undefined;
  }

  return {
    list: (scope, q) =>
      listSource<Row>(db, {
        table,
        id: spec.id,
        scope: visible(scope),
        filter: and(searchWhere(q.q, spec.search), spec.filter?.(q)),
        order: orderBy(q, spec.sortable, sort, spec.id),
      }),
    one: (scope, id) => read(db, scope, id),
    async create(tx, scope, body) {
      const values = valuesOf(body);
      if (outside(scope, values)) throw new Error(`${declaration.name}: a row outside the caller's restaurants`);
      const [row] = await tx
        .insert(table)
        .values(values as T['$inferInsert'])
        .returning();
      return row as Row;
    },
    async update(tx, scope, id, body) {
      const values = valuesOf(body);
      if (outside(scope, values)) return undefined;
      // Nothing to change: the row as it is (read in the transaction: on PGlite another read would wait for it).
      if (!Object.keys(values).length) return read(tx, scope, id);
      const [row] = await tx
        .update(table)
        .set(values as Partial<T['$inferInsert']>)
        .where(theRow(scope, id))
        .returning();
      return row as Row | undefined;
    },
    async remove(tx, scope, id) {
      const [row] = spec.softDelete
        ? await tx
            .update(table)
            .set(spec.softDelete() as Partial<T['$inferInsert']>)
            .where(theRow(scope, id))
            .returning()
        : await tx.delete(table).where(theRow(scope, id)).returning();
      return row as Row | undefined;
    },
  };
}
