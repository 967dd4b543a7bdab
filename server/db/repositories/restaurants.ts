// Restaurants with their live branches and devices, in the shapes of docs/PRODUCT.md, Entities: the list,
// one restaurant, one branch's devices, creation and changes to a live restaurant.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ListQuery, RestaurantBody } from '../../../src/contract';
import { restaurantsResource } from '../../../src/contract/resources';
import type { Tx } from '../audit';
import { listSource, declaredOrder, type ListSource } from '../paging';
import { searchWhere } from '../search';
import type { Database, Db } from '../client';
import { restaurantsIn, type Scope } from '../scope';
import { branches, devices, restaurants } from '../schema';
import type { PosRestaurant } from '../../core/posPort';
import { isMasked, maskStored, type Sealer } from '../../lib/sealing';
import { connectionBadges } from './posHealth';

export type RestaurantRow = typeof restaurants.$inferSelect;

/** The restaurant as its POS adapter needs it: the tokens opened (they are sealed at rest, docs/SECURITY.md). */
export function posRestaurant(r: RestaurantRow, sealer: Sealer): PosRestaurant {
  return {
    id: r.id,
    name: r.name,
    logo: r.logo,
    token: sealer.open(r.token),
    branchsToken: sealer.open(r.branchsToken),
    systemType: r.systemType,
  };
}

export function toRestaurant(r: RestaurantRow) {
  return {
    id: r.id,
    name: r.name,
    logo: r.logo,
    // Never the token itself: its last 4 characters (docs/SECURITY.md, "POS tokens").
    token: maskStored(r.token),
    branchs_token: maskStored(r.branchsToken),
    system_type: r.systemType,
    name_api: r.nameApi,
    vat_number: r.vatNumber,
    zatca_phase: r.zatcaPhase,
    legal_name: r.legalName,
    time_zone: r.timeZone,
    pos_legal_name: r.posLegalName,
    sync_error: r.syncError,
    synced_at: r.syncedAt?.toISOString() ?? null,
    push_key_rotated_at: r.pushKeyRotatedAt?.toISOString() ?? null,
    webhook_at: r.webhookAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A live restaurant of the scope, or undefined (another scope's answers as if there were none: 404). */
export async function findLiveRestaurant(
  database: Database,
  id: number,
  scope: Scope,
): Promise<RestaurantRow | undefined> {
  const [row] = await database.db
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.id, id), eq(restaurants.isDeleted, false), restaurantsIn(scope, restaurants.id)))
    .limit(1);
  return row;
}

/** Live branches of the given restaurants, each with its live devices, in POS order of arrival. */
export async function branchesWithDevices(database: Database, restaurantIds: number[]) {
  if (!restaurantIds.length) return [];
  const { db } = database;
  const [branchRows, deviceRows] = await Promise.all([
    db
      .select()
      .from(branches)
      .where(and(inArray(branches.restaurantId, restaurantIds), isNull(branches.removedAt)))
      .orderBy(asc(branches.id)),
    db
      .select()
      .from(devices)
      .where(and(inArray(devices.restaurantId, restaurantIds), isNull(devices.removedAt)))
      .orderBy(asc(devices.id)),
  ]);
  const devicesByBranch = new Map<number, { id: number; name: string; device_id: string; link_key: string }[]>();
  for (const d of deviceRows) {
    const list = devicesByBranch.get(d.branchRef) ?? [];
    list.push({ id: d.id, name: d.name, device_id: d.deviceId, link_key: d.linkKey });
    devicesByBranch.set(d.branchRef, list);
  }
  return branchRows.map((b) => ({
    restaurantId: b.restaurantId,
    id: b.id,
    name: b.name,
    branch_id: b.branchId,
    Devices: devicesByBranch.get(b.id) ?? [],
  }));
}

/** Restaurants with their `Branchs` (the contract's spelling, docs/DECISIONS.md) and each branch's `Devices`. */
export async function withBranches(database: Database, rows: RestaurantRow[]) {
  const [all, badges] = await Promise.all([
    branchesWithDevices(
      database,
      rows.map((r) => r.id),
    ),
    connectionBadges(database.db, rows),
  ]);
  return rows.map((r) => ({
    ...toRestaurant(r),
    connection_status: badges.get(r.id) ?? 'unknown',
    Branchs: all.filter((b) => b.restaurantId === r.id).map(({ restaurantId: _, ...b }) => b),
  }));
}

const sortable = {
  id: restaurants.id,
  name: restaurants.name,
  system_type: restaurants.systemType,
  createdAt: restaurants.createdAt,
};
const live = eq(restaurants.isDeleted, false);

/** GET /restaurant: live restaurants of the scope (rows; withBranches makes the answer), searched by name. */
export function restaurantsList(db: Db, scope: Scope, q: ListQuery): ListSource<RestaurantRow> {
  return listSource(db, {
    select: () => db.select().from(restaurants),
    table: restaurants,
    id: restaurants.id,
    scope: and(live, restaurantsIn(scope, restaurants.id)),
    filter: searchWhere(q.q, [restaurants.name]),
    order: declaredOrder(restaurantsResource, q, sortable, restaurants.id),
  });
}

type NewRestaurant = typeof restaurants.$inferInsert;

/** A token as sent by the form: sealed, or left out when it is the masked form shown (the stored one stays). */
const sealedToken = (value: string | undefined, sealer: Sealer) =>
  value === undefined || isMasked(value) ? undefined : sealer.seal(value);

/** The form's fields (docs/API.md) as the table's columns, the tokens sealed; a field not sent is left out. */
export function restaurantColumns(b: Partial<RestaurantBody>, sealer: Sealer): Partial<NewRestaurant> {
  const newToken = b.token !== undefined && !isMasked(b.token);
  return Object.fromEntries(
    Object.entries({
      name: b.name,
      logo: b.logo,
      token: sealedToken(b.token, sealer),
      tokenKey: newToken ? sealer.lookupKey(b.token!) : undefined,
      // A new token starts with a clean record: the refusal was the old one's.
      posRefusedAt: newToken ? null : undefined,
      branchsToken: sealedToken(b.branchs_token, sealer),
      systemType: b.system_type,
      nameApi: b.name_api,
      vatNumber: b.vat_number,
      zatcaPhase: b.zatca_phase,
      legalName: b.legal_name,
      timeZone: b.time_zone,
    }).filter(([, v]) => v !== undefined),
  );
}

export async function insertRestaurant(tx: Tx, b: RestaurantBody, sealer: Sealer) {
  // A whole body holds every required column; the optional ones not sent are null.
  const values = { nameApi: null, vatNumber: null, ...restaurantColumns(b, sealer) } as NewRestaurant;
  const [created] = await tx
    .insert(restaurants)
    .values(values)
    .returning({ id: restaurants.id, name: restaurants.name });
  return created;
}

/** Changes a live restaurant of the scope; its id and name, or undefined when the scope has no live restaurant of
 * that id. */
export async function updateLiveRestaurant(
  tx: Tx,
  scope: Scope,
  id: number,
  set: Partial<typeof restaurants.$inferInsert>,
) {
  const [row] = await tx
    .update(restaurants)
    .set(set)
    .where(and(eq(restaurants.id, id), live, restaurantsIn(scope, restaurants.id)))
    .returning({ id: restaurants.id, name: restaurants.name });
  return row;
}

/** A deleted restaurant's branches and tills are removed with it (their QR codes already answer "Restaurant not
 * found"); a Foodics till is then free for the restaurant its business is connected to next. */
export async function removeTillsOf(tx: Tx, restaurantId: number) {
  const now = new Date();
  await tx
    .update(devices)
    .set({ removedAt: now, updatedAt: now })
    .where(and(eq(devices.restaurantId, restaurantId), isNull(devices.removedAt)));
  await tx
    .update(branches)
    .set({ removedAt: now, updatedAt: now })
    .where(and(eq(branches.restaurantId, restaurantId), isNull(branches.removedAt)));
}

/** A live branch of a live restaurant of the scope, or undefined. */
export async function findLiveBranch(db: Db, id: number, scope: Scope) {
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .innerJoin(restaurants, eq(restaurants.id, branches.restaurantId))
    .where(and(eq(branches.id, id), isNull(branches.removedAt), live, restaurantsIn(scope, branches.restaurantId)))
    .limit(1);
  return branch;
}

/** A branch's live devices, in POS order of arrival. */
export function liveDevicesOf(db: Db, branchId: number) {
  return db
    .select({ id: devices.id, name: devices.name, device_id: devices.deviceId, link_key: devices.linkKey })
    .from(devices)
    .where(and(eq(devices.branchRef, branchId), isNull(devices.removedAt)))
    .orderBy(devices.id);
}

/** A live device of a live restaurant of the scope gets a new link key (a reprint: docs/SECURITY.md, "Till
 * links"); answers the device with its restaurant, or undefined when there is none (or it is another scope's). */
export async function rotateLinkKey(db: Tx, scope: Scope, deviceRowId: number, linkKey: string) {
  const [row] = await db
    .update(devices)
    .set({ linkKey, linkKeyRotatedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(devices.id, deviceRowId),
        isNull(devices.removedAt),
        inArray(
          devices.restaurantId,
          db
            .select({ id: restaurants.id })
            .from(restaurants)
            .where(and(eq(restaurants.isDeleted, false), restaurantsIn(scope, restaurants.id))),
        ),
      ),
    )
    .returning({
      id: devices.id,
      name: devices.name,
      device_id: devices.deviceId,
      link_key: devices.linkKey,
      restaurantId: devices.restaurantId,
    });
  return row;
}

/** The first live till of the first live restaurant: the demo's "open this receipt" link at start-up. */
export async function firstLiveTill(
  db: Db,
): Promise<{ restaurantId: number; deviceId: string; linkKey: string } | undefined> {
  const [row] = await db
    .select({ restaurantId: restaurants.id, deviceId: devices.deviceId, linkKey: devices.linkKey })
    .from(devices)
    .innerJoin(restaurants, eq(restaurants.id, devices.restaurantId))
    .where(and(eq(restaurants.isDeleted, false), isNull(devices.removedAt)))
    .orderBy(asc(restaurants.id), asc(devices.id))
    .limit(1);
  return row;
}
