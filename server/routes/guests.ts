// The guestbook (issue 34, docs/API.md "The guestbook"): GET /guest (consented guests, paged, searched by name and
// phone, filtered), GET /guest/{id} (one guest with their saved orders at that restaurant), GET /guest/export.csv
// (the same filters, streamed, in the activity trail) and GET /guest/insights (every save of a period beside the
// one before it). The issue writes the paths without the house's admin prefix: each is served at the path
// and under ADMIN_API_PREFIX (/api/guest...), which the back-office uses (docs/API.md). The queries:
// db/repositories/guests.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, guestFilters, insightsQuery, insightsSchema } from '../../src/contract';
import { guestsResource } from '../../src/contract/resources';
import {
  findGuest,
  guestInsights,
  guestsBatch,
  guestsList,
  type GuestRow,
  type GuestScope,
} from '../db/repositories/guests';
import { recordExport } from '../db/audit';
import { badRequest, notFound } from '../lib/errors';
import { maskPhone } from '../core/phone';
import { keysetBatches, sendCsv, text } from '../export/csv';
import { requireAdminOrTicket } from '../export/tickets';
import { dayIn } from '../funnel/days';
import { localDateTime } from '../export/isoTime';
import { isoCurrency } from '../../src/contract/currency';
import { allow, resourceRoutes } from './resourceRoutes';
import { type Scope, seesRestaurant } from '../db/scope';
import { scopeOfRequest } from '../plugins/auth';

/** A role's view of the guestbook (issue 26): a manager or staff only their restaurants' guests, staff with masked
 * phones (and no export: the route's roles); an admin every restaurant's. */
export function guestOf(scope: Scope): GuestScope {
  return { restaurantIds: scope.restaurantIds ?? undefined, maskPhones: scope.role === 'staff' };
}

export function guestScope(req: FastifyRequest): GuestScope {
  return guestOf(scopeOfRequest(req));
}

const nameOf = (r: GuestRow) => [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || null;

const toGuest = (scope: GuestScope) => (r: GuestRow) => ({
  id: r.id,
  restaurant_id: r.restaurantId,
  name: nameOf(r),
  phone: scope.maskPhones ? maskPhone(r.phone) : r.phone,
  first_visit_at: r.firstVisitAt.toISOString(),
  last_visit_at: r.lastVisitAt.toISOString(),
  visits: r.visits,
  spend: Number(r.spend),
  average_ticket: Math.round(Number(r.averageTicket) * 100) / 100,
  currency: r.currency,
  favourite_item: r.favouriteItem,
  top_branch: r.topBranch,
});

/** The guests file, by the CSV convention (server/export/csv.ts): readable headers, the restaurant named, its
 * local dates and times in columns of their own, ids and phones kept as text. */
const CSV_HEADER = [
  'id',
  'restaurant',
  'name',
  'phone',
  'first visit date',
  'first visit time',
  'last visit date',
  'last visit time',
  'visits',
  'spend',
  'average ticket',
  'currency',
  'favourite item',
  'usual branch',
];

/** Longest insights period, in days (two years). */
export const MAX_PERIOD_DAYS = 731;

/** A period's dates in order and at most MAX_PERIOD_DAYS long (400 otherwise). */
export function checkPeriod(from: string | undefined, to: string | undefined) {
  if (from && to && from > to) throw badRequest('from: must not be after to');
  if (from && to && (Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_PERIOD_DAYS)
    throw badRequest(`The period can be at most ${MAX_PERIOD_DAYS} days`);
}

export default async function guestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  for (const base of ['/guest', '/api/guest']) {
    app.get(
      `${base}/insights`,
      {
        onRequest: app.requireAdmin,
        config: allow(guestsResource, 'list'),
        schema: {
          tags: ['guests'],
          summary:
            "A restaurant's (or all the caller's restaurants') saved receipts, spend and average ticket per currency, unique, returning and new guests for a period (business dates, both default today) beside the period before it, by branch (named with its restaurant) and by day; every save counts, consented or not",
          security: [{ bearer: [] }],
          querystring: insightsQuery,
          response: { 200: insightsSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (req) => {
        const { from, to } = req.query;
        // A manager or staff reads their own restaurants (all of them, or one); another's is not there (404).
        const scope = scopeOfRequest(req);
        if (req.query.restaurantId !== undefined && !seesRestaurant(scope, req.query.restaurantId))
          throw notFound('Restaurant not found');
        checkPeriod(from, to);
        return guestInsights(
          db,
          req.query,
          dayIn(app.deps.config.FUNNEL_TIME_ZONE),
          undefined,
          scope.restaurantIds ?? undefined,
        );
      },
    );

    app.get(
      `${base}/export.csv`,
      {
        // The export is recorded in the audit trail (the Activity screen).
        config: { changes: ['activity'], ...allow(guestsResource, 'export') },
        onRequest: requireAdminOrTicket(app),
        schema: {
          tags: ['guests'],
          summary:
            'The consented guests of the current filters as CSV (UTF-8 with BOM), streamed; a ticket from POST /export/ticket or a bearer token',
          security: [{ bearer: [] }],
          querystring: guestFilters.extend({ ticket: z.string().max(2000).optional() }),
          response: { 400: errorSchema, 401: errorSchema },
        },
      },
      async (req, reply) => {
        const scope = guestScope(req);
        const shape = toGuest(scope);
        const rows = keysetBatches<GuestRow>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
          guestsBatch(db, req.query, scope, after, limit),
        );
        return sendCsv(
          reply,
          'guests.csv',
          CSV_HEADER,
          rows,
          (r) => {
            const g = shape(r);
            const zone = r.restaurantTimeZone ?? app.deps.config.FUNNEL_TIME_ZONE;
            return [
              text(g.id),
              r.restaurantName,
              g.name,
              text(g.phone),
              ...localDateTime(r.firstVisitAt, zone),
              ...localDateTime(r.lastVisitAt, zone),
              g.visits,
              g.spend.toFixed(2),
              g.average_ticket.toFixed(2),
              isoCurrency(g.currency),
              g.favourite_item,
              g.top_branch,
            ];
          },
          recordExport(db, req, 'guests'),
        );
      },
    );
  }

  resourceRoutes(
    app,
    guestsResource,
    {
      list: (scope, q) => guestsList(db, q, guestOf(scope)),
      one: (scope, id) => findGuest(db, id, guestOf(scope)),
    },
    {
      summaries: {
        list: 'The guestbook: consented guests one row per restaurant, the latest visit first; paged (X-Total-Count), searched by name or phone, filtered by restaurant, visits and visit dates',
        show: 'One consented guest and their saved orders at that restaurant, newest first (at most 200)',
      },
      shape: (rows, scope) => rows.map(toGuest(guestOf(scope))),
      detail: (found, scope, _req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return {
          ...toGuest(guestOf(scope))(found.row),
          orders: found.orders.map((o) => ({
            id: o.id,
            order_number: o.orderNumber,
            branch_name: o.branchName,
            order_date: o.orderDate,
            order_time: o.orderTime,
            total_price: Number(o.totalPrice),
            currency: o.currency,
            saved_at: o.createdAt.toISOString(),
          })),
        };
      },
    },
  );
}
