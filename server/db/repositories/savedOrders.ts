// Saved orders: storing an order of the POS in a customer's account (the save call and the demo), the Orders
// screen's list, one order with its lines, the CSV batches, and the dashboard's latest orders. Queries use
// orders_created_idx / orders_restaurant_created_idx for the order, and pg_trgm indexes for the search.
import { and, desc, eq, exists, gte, ilike, like, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  SEARCH_TOO_SHORT,
  searchTooShort,
  type ListQuery,
  type SavedOrderFilters,
  type SaveLoyalty,
} from '../../../src/contract';
import { ordersResource } from '../../../src/contract/resources';
import { badRequest } from '../../lib/errors';
import type { PosOrder } from '../../core/posPort';
import { listSource, declaredOrder, type ListSource, type Placed } from '../paging';
import { dayStartOf } from './rowDays';
import type { Database, Db } from '../client';
import { restaurantsIn, seesEverything, seesRestaurant, type Scope } from '../scope';
import { cappedCount, cappedCountOfDisjoint, cappedTotal, ordersAtRestaurants, TOTAL_CAP } from './counts';
import { keepGuest, recordConsent, saidYesAt, saidYesInScope } from './guests';
import { earnForReceipt } from './loyalty';
import { appUsers, devices, guests, orderItems, orders, restaurants } from '../schema';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

export interface SaveInput {
  phone: string;
  restaurantId: number;
  deviceId: string;
  order: PosOrder;
  at?: Date;
  /** The customer's yes to the restaurant (the guestbook and its rewards: one yes), recorded with the save. */
  consent?: boolean;
}

/**
 * Stores the order in the phone's account, with its lines: one order, one account, once (the unique
 * (restaurant_id, pos_order_id) index decides between two savers). The new saved order's id, or null when
 * this order is saved already.
 */
export async function saveOrderToAccount(tx: Tx | Database['db'], input: SaveInput): Promise<number | null> {
  return (await saveOrderAndEarn(tx, input))?.id ?? null;
}

/**
 * saveOrderToAccount, and what the receipt earned at the restaurant's loyalty program in the same transaction
 * (db/repositories/loyalty.ts earnForReceipt: null when the restaurant runs none); null when the order is saved
 * already.
 */
export async function saveOrderAndEarn(
  tx: Tx | Database['db'],
  input: SaveInput,
): Promise<{ id: number; loyalty: SaveLoyalty | null } | null> {
  const at = input.at ?? new Date();
  const inv = input.order.invoice;
  const [user] = await tx
    .insert(appUsers)
    .values({ phone: input.phone, lastLogin: at })
    .onConflictDoUpdate({ target: appUsers.phone, set: { lastLogin: at, updatedAt: at } })
    .returning({ id: appUsers.id });
  const [saved] = await tx
    .insert(orders)
    .values({
      appUserId: user.id,
      restaurantId: input.restaurantId,
      posOrderId: input.order.posOrderId,
      deviceId: input.deviceId,
      branchName: inv.branch_name,
      orderNumber: inv.order_number,
      checkNumber: inv.check_number,
      orderDate: inv.order_date,
      orderTime: inv.order_time,
      paymentMethod: inv.payment_method,
      subTotalPrice: String(inv.sub_total_price),
      discountAmount: String(inv.discount_amount),
      totalPrice: String(inv.total_price),
      currency: inv.currency,
      // The VAT block shown when it was saved (its QR as text): My receipts and a shared link show the same.
      vat: input.order.savedVat ?? null,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: orders.id });
  if (!saved) return null;
  if (inv.order_items.length) {
    await tx.insert(orderItems).values(
      inv.order_items.map((l) => ({
        orderId: saved.id,
        itemName: l.item_name,
        itemQuantity: String(l.item_quantity),
        totalPrice: String(l.total_price),
      })),
    );
  }
  // The guestbook's row of this phone at this restaurant, in the same transaction (guests/keep.ts).
  await keepGuest(tx, input.restaurantId, user.id);
  // "Join {restaurant}'s rewards": the yes is recorded with the save (issue 34, issue 47), then the receipt earns.
  if (input.consent === true) await recordConsent(tx, input.phone, input.restaurantId, at);
  const loyalty = await earnForReceipt(tx, {
    restaurantId: input.restaurantId,
    appUserId: user.id,
    phone: input.phone,
    orderId: saved.id,
    posOrderId: input.order.posOrderId,
    total: inv.total_price,
    at,
  });
  return { id: saved.id, loyalty };
}

const likeEscape = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Past this many customers whose phone holds the digits, their orders are found by walking the orders. */
const PHONE_MATCHES_LISTED = 5000;

/** Shorter terms than this have no trigram: they are matched with strpos, which no index is asked for. */
const TRIGRAM = 3;

/** The customers (of the page's join, `phone_owner`) whose phone holds the digits, without the trigram index. */
const phoneOwner = alias(appUsers, 'phone_owner');
const ownerHolds = (digits: string) => sql`strpos(${phoneOwner.phone}, ${digits}) > 0`;

/** The order's customer said yes to the order's restaurant (issue 48): a probe of guests_restaurant_user_uq. */
const customerSaidYes = (db: Db) => saidYesAt(db, orders.restaurantId, orders.appUserId);

/**
 * The orders of the customers whose phone holds these digits: `where` for the rows, and how to count them.
 * - A few customers (up to 5,000, found by the phone's trigram index) are named as one array: the planner then
 *   knows how many orders can match and picks its way - the customers' index for a few hundred of them, the
 *   newest-first index for thousands - where a subquery left it guessing and walked ten million orders.
 * - More customers, or one or two digits (nearly every phone holds them): each order walked newest first is
 *   checked against its customer's phone (`exists`, one primary-key read each); the count walks the customers
 *   instead, each one's orders by orders_user_idx, up to the cap. An `in (subquery)` here let the planner scan
 *   every customer for each order (minutes at ten million orders), and capping that subquery dropped rows.
 * Under a manager's or staff's scope a phone finds only its customers who said yes (issue 48, docs/SECURITY.md
 * "Roles"): the array names those who said yes to one of the scope's restaurants, and each order is kept only when
 * its customer said yes to that order's restaurant (a probe of guests_restaurant_user_uq).
 */
async function ordersOfPhonesWith(
  db: Db,
  scope: Scope,
  digits: string,
): Promise<{ where: SQL; count?: (rest: SQL | undefined) => Promise<number> } | undefined> {
  const known = seesEverything(scope) ? undefined : customerSaidYes(db);
  // The array below names customers who said yes to one of the scope's restaurants: with one restaurant, every
  // order of theirs there is known already, and the per-order probe is left out (the count reads the index alone).
  const knownOfNamed = scope.restaurantIds && scope.restaurantIds.length > 1 ? known : undefined;
  if (digits.length >= TRIGRAM) {
    const ids = (
      await db
        .select({ id: appUsers.id })
        .from(appUsers)
        .where(and(ilike(appUsers.phone, likeEscape(digits)), saidYesInScope(db, scope, appUsers.id, 'probe')))
        .limit(PHONE_MATCHES_LISTED + 1)
    ).map((u) => u.id);
    if (!ids.length) return undefined;
    if (ids.length <= PHONE_MATCHES_LISTED)
      return { where: and(sql`${orders.appUserId} = any(${`{${ids.join(',')}}`}::int[])`, knownOfNamed)! };
  }
  return {
    where: and(
      exists(
        db
          .select({ one: sql`1` })
          .from(phoneOwner)
          .where(and(eq(phoneOwner.id, orders.appUserId), ownerHolds(digits))),
      ),
      known,
    )!,
    count: async (rest) => {
      // Under a manager's or staff's scope, the orders of the consenting guests (a join, not a probe per order): the
      // planner starts from whichever side is smaller - the phones holding the digits, or the restaurant's guests who
      // said yes when few did (0.82 s -> 73 ms with 1 % yeses: docs/PERFORMANCE.md, section 9).
      const matches = (
        known
          ? db
              .select({ one: sql`1` })
              .from(guests)
              .innerJoin(phoneOwner, eq(phoneOwner.id, guests.appUserId))
              .innerJoin(
                orders,
                and(eq(orders.restaurantId, guests.restaurantId), eq(orders.appUserId, guests.appUserId)),
              )
              .where(
                and(eq(guests.consented, true), restaurantsIn(scope, guests.restaurantId), ownerHolds(digits), rest),
              )
          : db
              .select({ one: sql`1` })
              .from(phoneOwner)
              .innerJoin(orders, eq(orders.appUserId, phoneOwner.id))
              .where(and(ownerHolds(digits), rest))
      )
        .limit(TOTAL_CAP + 1)
        .as('matches');
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
      return n;
    },
  };
}

/** An order number holding the term: ILIKE (the trigram index) from three characters, strpos below. */
const numberHolds = (term: string) =>
  [...term].length >= TRIGRAM
    ? ilike(orders.orderNumber, likeEscape(term))
    : sql`strpos(lower(${orders.orderNumber}), ${term.toLowerCase()}) > 0`;

/**
 * Whether more than TOTAL_CAP orders have a number that starts with `digits` - a part of those holding them - read
 * as a range of an order-number index (orders_number_idx; orders_restaurant_number_idx within restaurants), where a
 * capped count of the numbers holding the digits anywhere walks the table: about 122,000 orders for 1,001 numbers
 * holding three digits at 10,000,000 (docs/PERFORMANCE.md, run 13). When it says no, the walk counts as before.
 * Only with no filter but restaurants: a date or a customer would make the range read far past its matches.
 */
async function numbersStartingPastCap(db: Db, digits: string, restaurantsOnly: (SQL | undefined)[]): Promise<boolean> {
  const last = digits.charCodeAt(digits.length - 1);
  const next = digits.slice(0, -1) + String.fromCharCode(last + 1);
  // The range finds them in the index's order; LIKE keeps only numbers that start with the digits in any collation.
  const starting = and(
    gte(orders.orderNumber, digits),
    lt(orders.orderNumber, next),
    like(orders.orderNumber, `${digits}%`),
    ...restaurantsOnly,
  );
  return !(await cappedCount(db, orders, starting)).exact;
}

/** WHERE of the Orders screen's filters, and how to count the same rows when a plain count would not do.
 * Digits search phones (a local 05... drops its 0) and order numbers; a term of one or two letters is a 400
 * (SEARCH_TOO_SHORT: no index answers it). */
export async function savedOrdersFilter(
  db: Db,
  scope: Scope,
  f: SavedOrderFilters,
): Promise<{ where?: SQL; total?: () => Promise<{ total: number; exact: boolean }>; placed?: Placed }> {
  // The scope's restaurants first: in the rows, and in every count (issue 26).
  const rest: (SQL | undefined)[] = [restaurantsIn(scope, orders.restaurantId)];
  if (f.restaurantId) rest.push(eq(orders.restaurantId, f.restaurantId));
  if (f.appUserId) rest.push(eq(orders.appUserId, f.appUserId));
  if (f.from) rest.push(gte(orders.orderDate, f.from));
  if (f.to) rest.push(lte(orders.orderDate, f.to));
  const term = f.q?.trim() ?? '';
  if (!term) {
    // Only restaurants narrow the list (a manager's Orders, an admin's Orders of a restaurant): its total is exact
    // from the per-restaurant counts, so its last page is read from the end (paging.ts pageOf).
    const atOnly = !f.appUserId && !f.from && !f.to;
    const ids = !atOnly
      ? undefined
      : f.restaurantId
        ? seesRestaurant(scope, f.restaurantId)
          ? [f.restaurantId]
          : []
        : scope.restaurantIds;
    // Their rows of each day too: a deep page newest (or oldest) first starts at its day (repositories/rowDays.ts).
    const days = !atOnly ? undefined : ids ? ids.map((id) => `orders@${id}`) : ['orders'];
    return {
      where: rest.some(Boolean) ? and(...rest) : undefined,
      total: ids ? async () => ({ total: await ordersAtRestaurants(db, ids), exact: true }) : undefined,
      placed: days && {
        column: orders.createdAt,
        at: (offset, newestFirst) => dayStartOf(db, days, offset, newestFirst),
      },
    };
  }
  if (searchTooShort(term)) throw badRequest(SEARCH_TOO_SHORT);
  const digits = term.replace(/[\s\-()]/g, '');
  const byNumber = numberHolds(term);
  const byPhone = /^\+?\d+$/.test(digits)
    ? await ordersOfPhonesWith(db, scope, digits.replace(/^\+/, '').replace(/^0/, ''))
    : undefined;
  if (!byPhone) return { where: and(byNumber, ...rest) };
  // The order numbers that match, and the customers' orders whose number does not (order_number is never null):
  // no order is in both parts, so their counts add up.
  const others = and(not(byNumber), ...rest);
  const { count } = byPhone;
  const counted = count
    ? async () => {
        const [numbers, phones] = await Promise.all([cappedCount(db, orders, and(byNumber, ...rest)), count(others)]);
        return cappedTotal(numbers.total + phones, numbers.exact);
      }
    : () => cappedCountOfDisjoint(db, orders, [and(byNumber, ...rest)!, and(byPhone.where, others)!]);
  const startsFirst = /^\d+$/.test(term) && !f.appUserId && !f.from && !f.to;
  return {
    where: and(or(byNumber, byPhone.where), ...rest),
    total: startsFirst
      ? async () => ((await numbersStartingPastCap(db, term, rest)) ? cappedTotal(TOTAL_CAP + 1) : counted())
      : counted,
  };
}

/** WHERE of the Orders screen's filters within the scope (the list, the CSV export). */
export async function savedOrdersWhere(db: Db, scope: Scope, f: SavedOrderFilters): Promise<SQL | undefined> {
  return (await savedOrdersFilter(db, scope, f)).where;
}

const columns = {
  id: orders.id,
  restaurantId: orders.restaurantId,
  restaurantName: restaurants.name,
  restaurantTimeZone: restaurants.timeZone,
  branchName: orders.branchName,
  deviceId: orders.deviceId,
  deviceName: devices.name,
  orderNumber: orders.orderNumber,
  checkNumber: orders.checkNumber,
  appUserId: orders.appUserId,
  firstName: appUsers.firstName,
  lastName: appUsers.lastName,
  phone: appUsers.phone,
  orderDate: orders.orderDate,
  orderTime: orders.orderTime,
  paymentMethod: orders.paymentMethod,
  totalPrice: orders.totalPrice,
  currency: orders.currency,
  createdAt: orders.createdAt,
};

/**
 * The saved orders with their restaurant, customer and till. `customerKnown`: whether the scope may know the
 * customer (their name; issue 48): an admin always, a manager or staff when the customer said yes to the order's
 * restaurant (one probe of guests_restaurant_user_uq per row, made only under such a scope); the row shaping
 * (routes/orders.ts customerName) shows the others by their masked phone only.
 */
function selectOrders(db: Db, scope: Scope) {
  return db
    .select({
      ...columns,
      customerKnown: seesEverything(scope) ? sql<boolean>`true` : customerSaidYes(db),
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(appUsers, eq(appUsers.id, orders.appUserId))
    .leftJoin(devices, and(eq(devices.restaurantId, orders.restaurantId), eq(devices.deviceId, orders.deviceId)));
}
export type SavedOrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

const sortable = {
  createdAt: orders.createdAt,
  id: orders.id,
  totalPrice: orders.totalPrice,
  orderNumber: orders.orderNumber,
};

/** GET /order: always paged, newest first; a deep page picks its ids from the (created_at, id) index. */
export async function savedOrdersList(
  db: Db,
  scope: Scope,
  q: ListQuery & SavedOrderFilters,
): Promise<ListSource<SavedOrderRow>> {
  const { where, total, placed } = await savedOrdersFilter(db, scope, q);
  return listSource(db, {
    select: () => selectOrders(db, scope),
    table: orders,
    id: orders.id,
    filter: where,
    total,
    order: declaredOrder(ordersResource, q, sortable, orders.id),
    // All orders: the trigger-kept count; a search or filter: counted up to 1,000 (counts.ts).
    whole: 'orders',
    alwaysPaged: true,
    placed,
  });
}

/** One saved order of the scope with its item lines, or undefined. */
export async function findSavedOrder(db: Db, scope: Scope, id: number) {
  const [row] = await selectOrders(db, scope)
    .where(and(eq(orders.id, id), restaurantsIn(scope, orders.restaurantId)))
    .limit(1);
  if (!row) return undefined;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(orderItems.id);
  return { row, items };
}

/** One batch of the CSV export (`where`: savedOrdersWhere of the same scope), newest first, after `after`. */
export function savedOrdersBatch(
  db: Db,
  scope: Scope,
  where: SQL | undefined,
  after: SavedOrderRow | undefined,
  limit: number,
): Promise<SavedOrderRow[]> {
  return selectOrders(db, scope)
    .where(
      and(
        where,
        after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** The dashboard's Latest Orders of the scope: the newest rows of the (created_at, id) index, or of the
 * (restaurant_id, created_at, id) one under a scope. */
export function latestOrders(db: Db, scope: Scope, limit: number): Promise<SavedOrderRow[]> {
  return selectOrders(db, scope)
    .where(restaurantsIn(scope, orders.restaurantId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
