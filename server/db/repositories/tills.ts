// Tills: every live till of every live restaurant with its branch and restaurant, as read by GET /api/tills
// (the Tills screen). The list joins: its scope and search name the restaurant and the branch, so it gives its
// joins to listSource, which counts and picks deep pages over the same FROM as the rows (lib/paging.ts).
import { and, eq, isNull } from 'drizzle-orm';
import type { ListQuery } from '../../../src/contract';
import { tillsResource } from '../../../src/contract/resources';
import { declaredOrder, listSource, type Joins, type ListSource } from '../paging';
import { searchWhere } from '../search';
import type { Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
import { branches, devices, restaurants } from '../schema';

const columns = {
  id: devices.id,
  name: devices.name,
  posId: devices.deviceId,
  branch: branches.name,
  restaurantId: restaurants.id,
  restaurant: restaurants.name,
};
export type TillRow = {
  id: number;
  name: string;
  posId: string;
  branch: string;
  restaurantId: number;
  restaurant: string;
};

const sortable = { id: devices.id, name: devices.name, branch: branches.name, restaurant: restaurants.name };

const join: Joins = (q) =>
  q
    .innerJoin(branches, eq(branches.id, devices.branchRef))
    .innerJoin(restaurants, eq(restaurants.id, devices.restaurantId));

/** Tills still at the POS, of branches still there, of restaurants not deleted; searched by till, branch or
 * restaurant name; filtered by restaurant; the scope's restaurants only. */
export function tillsList(db: Db, scope: Scope, q: ListQuery & { restaurantId?: number }): ListSource<TillRow> {
  return listSource<TillRow>(db, {
    columns,
    table: devices,
    id: devices.id,
    join,
    scope: and(
      isNull(devices.removedAt),
      isNull(branches.removedAt),
      eq(restaurants.isDeleted, false),
      restaurantsIn(scope, devices.restaurantId),
    ),
    filter: and(
      searchWhere(q.q, [devices.name, branches.name, restaurants.name]),
      q.restaurantId === undefined ? undefined : eq(devices.restaurantId, q.restaurantId),
    ),
    order: declaredOrder(tillsResource, q, sortable, devices.id),
  });
}
