// The Orders screen's calls (admin): GET /order (saved orders, paged, newest first, searched by phone or
// order number, filtered by restaurant, customer and dates), GET /order/{id} (with its item lines) and
// GET /order/export.csv (the same filters, streamed). The queries: db/repositories/savedOrders.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, isoCurrency, savedOrderFilters } from '../../src/contract';
import { ordersResource } from '../../src/contract/resources';
import {
  findSavedOrder,
  savedOrdersBatch,
  savedOrdersList,
  savedOrdersWhere,
  type SavedOrderRow as Row,
} from '../db/repositories/savedOrders';
import { recordExport } from '../db/audit';
import { allow, resourceRoutes } from './resourceRoutes';
import { keysetBatches, sendCsv, text } from '../export/csv';
import { localDateTime } from '../export/isoTime';
import { requireAdminOrTicket } from '../export/tickets';
import { displayName } from './orders';
import { scopeOfRequest } from '../plugins/auth';

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

const SAVED_ORDERS_CSV_HEADER = [
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
  'saved date',
  'saved time',
];

export default async function savedOrdersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  resourceRoutes(
    app,
    ordersResource,
    {
      list: (scope, q) => savedOrdersList(db, scope, q),
      one: (scope, id) => findSavedOrder(db, scope, id),
    },
    {
      summaries: {
        list: 'Saved orders, newest first; paged (X-Total-Count), searched by phone or order number, filtered by restaurant, customer and dates',
        show: 'One saved order with its item lines',
      },
      shape: (rows) => rows.map(toSavedOrder),
      detail: ({ row, items }) => ({
        ...toSavedOrder(row),
        order_items: items.map((i) => ({
          item_name: i.itemName,
          item_quantity: Number(i.itemQuantity),
          total_price: Number(i.totalPrice),
        })),
      }),
    },
  );

  app.get(
    '/order/export.csv',
    {
      // The export is recorded in the audit trail (the Activity screen).
      config: { changes: ['activity'], ...allow(ordersResource, 'export') },
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
      const where = await savedOrdersWhere(db, scopeOfRequest(req), req.query);
      const zone = app.deps.config.FUNNEL_TIME_ZONE;
      const rows = keysetBatches<Row>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
        savedOrdersBatch(db, where, after, limit),
      );
      return sendCsv(
        reply,
        'orders.csv',
        SAVED_ORDERS_CSV_HEADER,
        rows,
        (r) => [
          text(r.id),
          r.restaurantName,
          r.branchName,
          text(r.deviceName ?? r.deviceId),
          text(r.orderNumber),
          text(r.checkNumber),
          displayName(r),
          r.orderDate,
          r.orderTime,
          r.paymentMethod,
          Number(r.totalPrice),
          // The code the screens show (EGY is written EGP).
          isoCurrency(r.currency),
          // When it was saved, in the restaurant's own time zone (when set, else the app's business day's); the
          // order date and time above are the POS's, already that zone's wall time.
          ...localDateTime(r.createdAt, r.restaurantTimeZone ?? zone),
        ],
        recordExport(db, req, 'orders'),
      );
    },
  );
}
