// Who may see which restaurants' data (issue 26, docs/SECURITY.md "Roles"): one Scope per request, built by the
// admin guard (server/plugins/auth.ts) from the signed-in account, passed by routes into repositories, which
// filter by restaurant where the data is read. Routes never filter by hand.
//
//   const rows = await savedOrdersList(db, req.scope, q);            // a repository takes the scope
//   where: and(restaurantsIn(scope, orders.restaurantId), ...)         // and narrows its WHERE with it
//
// An admin's scope is every restaurant (`restaurantIds: null`): its queries are the same as before roles.
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Role } from '../../src/contract';

export type { Role };

export interface Scope {
  /** The signed-in account. */
  readonly adminId: number;
  readonly role: Role;
  /** The restaurants this account sees; null for every restaurant (an admin). */
  readonly restaurantIds: readonly number[] | null;
}

/** The scope of work no signed-in account asks for (start-up, the demo, the customer's own calls): everything. */
export const EVERY_RESTAURANT: Scope = Object.freeze({ adminId: 0, role: 'admin', restaurantIds: null });

/** An account's scope: an admin sees every restaurant; a manager or staff only the ones it is tied to. */
export function scopeOf(account: { id: number; role: Role; restaurantIds: readonly number[] }): Scope {
  return {
    adminId: account.id,
    role: account.role,
    restaurantIds: account.role === 'admin' ? null : [...account.restaurantIds].sort((a, b) => a - b),
  };
}

/** Whether the scope is every restaurant (an admin's). */
export function seesEverything(scope: Scope): boolean {
  return scope.restaurantIds === null;
}

/** Whether the scope holds this restaurant. */
export function seesRestaurant(scope: Scope, restaurantId: number): boolean {
  return scope.restaurantIds === null || scope.restaurantIds.includes(restaurantId);
}

/**
 * The WHERE that keeps a query to the scope's restaurants: `column IN (...)`; undefined (no condition) for every
 * restaurant; `false` for an account tied to none. `column` is the query's restaurant id column.
 */
export function restaurantsIn(scope: Scope, column: AnyColumn | SQL): SQL | undefined {
  if (scope.restaurantIds === null) return undefined;
  if (!scope.restaurantIds.length) return sql`false`;
  return inArray(column as AnyColumn, [...scope.restaurantIds]);
}

/** A short key of what the scope sees, for answer memories shared by everyone with the same view ('' = everything). */
export function scopeKey(scope: Scope): string {
  return scope.restaurantIds === null ? '' : `${scope.role}:${scope.restaurantIds.join(',')}|`;
}
