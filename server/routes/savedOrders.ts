// The Orders screen's calls (admin): GET /order (saved orders, paged, newest first, searched by phone or
// order number, filtered by restaurant, customer and dates), GET /order/{id} (with its item lines) and
// GET /order/export.csv (the same filters, streamed). Queries use orders_created_idx /
// orders_restaurant_created_idx for the order, and pg_trgm indexes for the search.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  errorSchema,
  idParam,
  savedOrderDetail,
  savedOrderFilters,
  savedOrderSchema,
  savedOrdersQuery,
  type SavedOrderFilters,
} from '../../src/contract';
import { appUsers, devices, orderItems, orders, restaurants } from '../db/schema';
import { cappedCount, rowCountsOf } from '../db/queries/counts';
import { notFound } from '../lib/errors';
import { DEEP_OFFSET, orderBy, pageIds, pageWindow, setTotal } from '../lib/paging';
import { keysetRows, sendCsv } from '../export/csv';
import { requireAdminOrTicket } from '../export/tickets';
import { displayName } from './orders';

const likeEscape = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** WHERE of the Orders screen's filters. Digits search phones (a local 05... drops its 0) and order numbers. */
export function savedOrdersWhere(db: FastifyInstance['deps']['database']['db'], f: SavedOrderFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  const term = f.q?.trim() ?? '';
  if (term) {
    const digits = term.replace(/[\s\-()]/g, '');
    const byNumber = ilike(orders.orderNumber, likeEscape(term));
    if (/^\+?\d+$/.test(digits)) {
      const phonePart = digits.replace(/^\+/, '').replace(/^0/, '');
      const users = db
        .select({ id: appUsers.id })
        .from(appUsers)
        .where(ilike(appUsers.phone, likeEscape(phonePart)));
      parts.push(or(byNumber, inArray(orders.appUserId, users)));
    } else {
      parts.push(byNumber);
    }
  }
  if (f.restaurantId) parts.push(eq(orders.restaurantId, f.restaurantId));
  if (f.appUserId) parts.push(eq(orders.appUserId, f.appUserId));
  if (f.from) parts.push(gte(orders.orderDate, f.from));
  if (f.to) parts.push(lte(orders.orderDate, f.to));
  return parts.length ? and(...parts) : undefined;
}

const columns = {
  id: orders.id,
  restaurantId: orders.restaurantId,
  restaurantName: restaurants.name,
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

function selectOrders(db: FastifyInstance['deps']['database']['db']) {
  return db
    .select(columns)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(appUsers, eq(appUsers.id, orders.appUserId))
    .leftJoin(devices, and(eq(devices.restaurantId, orders.restaurantId), eq(devices.deviceId, orders.deviceId)));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectOrders>['execute']>>[number];

const toSavedOrder = (r: Row) => ({
  id: r.id,
  restaurant: { id: r.restaurantId, name: r.restaurantName },
  branch_name: r.branchName,
  device: { device_id: r.deviceId, name: r.deviceName },
  order_number: r.orderNumber,
  check_number: r.checkNumber,
  customer: { id: r.appUserId, name: displayName(r) },
  order_date: r.orderDate,
  order_time: r.orderTime,
  payment_method: r.paymentMethod,
  total_price: Number(r.totalPrice),
  currency: r.currency,
  createdAt: r.createdAt.toISOString(),
});

export const SAVED_ORDERS_CSV_HEADER = [
  'id',
  'restaurant',
  'branch',
  'device',
  'order number',
  'check number',
  'customer',
  'order date',
  'order time',
  'payment method',
  'total',
  'currency',
  'saved at',
];

export default async function savedOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const sortable = {
    createdAt: orders.createdAt,
    id: orders.id,
    totalPrice: orders.totalPrice,
    orderNumber: orders.orderNumber,
  };

  app.get(
    '/order',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary:
          'Saved orders, newest first; paged (X-Total-Count), searched by phone or order number, filtered by restaurant, customer and dates',
        security: [{ bearer: [] }],
        querystring: savedOrdersQuery,
        response: { 200: z.array(savedOrderSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const where = savedOrdersWhere(db, q);
      const { limit, offset } = pageWindow(q);
      const order = orderBy(q, sortable, { field: 'createdAt', order: 'DESC' }, orders.id);
      const [rows, counted] = await Promise.all([
        // A deep page picks its ids first, from the (created_at, id) index (server/lib/paging.ts, pageOf).
        offset < DEEP_OFFSET
          ? selectOrders(db)
              .where(where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset)
          : selectOrders(db)
              .where(inArray(orders.id, pageIds(db, orders, orders.id, where, order, limit, offset)))
              .orderBy(...order),
        // All orders: the trigger-kept count; a search or filter: counted up to 1,000 (db/queries/counts.ts).
        where
          ? cappedCount(db, orders, where)
          : rowCountsOf(db, ['orders']).then((c) => ({ total: c.orders, exact: true })),
      ]);
      setTotal(reply, counted.total, counted.exact);
      return rows.map(toSavedOrder);
    },
  );

  app.get(
    '/order/export.csv',
    {
      onRequest: requireAdminOrTicket(app),
      schema: {
        tags: ['orders'],
        summary:
          'The saved orders of the current filters as CSV (UTF-8 with BOM), streamed; a ticket from POST /export/ticket or a bearer token',
        security: [{ bearer: [] }],
        querystring: savedOrderFilters.extend({ ticket: z.string().max(2000).optional() }),
        response: { 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const where = savedOrdersWhere(db, req.query);
      const rows = keysetRows<Row>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
        selectOrders(db)
          .where(
            and(
              where,
              after
                ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
                : undefined,
            ),
          )
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit),
      );
      return sendCsv(reply, 'orders.csv', SAVED_ORDERS_CSV_HEADER, rows, (r) => [
        r.id,
        r.restaurantName,
        r.branchName,
        r.deviceName ?? r.deviceId,
        r.orderNumber,
        r.checkNumber,
        displayName(r),
        r.orderDate,
        r.orderTime,
        r.paymentMethod,
        Number(r.totalPrice),
        r.currency,
        r.createdAt.toISOString(),
      ]);
    },
  );

  app.get(
    '/order/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['orders'],
        summary: 'One saved order with its item lines',
        security: [{ bearer: [] }],
        params: idParam,
        response: { 200: savedOrderDetail, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const [row] = await selectOrders(db).where(eq(orders.id, req.params.id)).limit(1);
      if (!row) throw notFound('Order not found');
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(orderItems.id);
      return {
        ...toSavedOrder(row),
        order_items: items.map((i) => ({
          item_name: i.itemName,
          item_quantity: Number(i.itemQuantity),
          total_price: Number(i.totalPrice),
        })),
      };
    },
  );
}
