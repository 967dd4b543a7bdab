// The loyalty ledger (issue 47): the declared resource `ledger` (src/contract/resources/ledger.ts) at
// /api/loyalty/ledger - every movement of points, newest first, filtered by member, restaurant, kind and dates - on
// its repository (db/repositories/loyaltyLedger.ts), and its CSV. Read only: the ledger is append-only, written by
// the movements themselves (db/repositories/loyalty.ts) and an adjustment (routes/loyaltyMembers.ts). Staff see the
// members' phones masked to their last 3 digits.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../src/contract';
import { ledgerFilters, ledgerResource, type LedgerEntry } from '../../src/contract/resources';
import { ledgerBatch, ledgerRepository, type LedgerRow } from '../db/repositories/loyaltyLedger';
import { recordExport } from '../db/audit';
import type { Scope } from '../db/scope';
import { maskPhone } from '../core/phone';
import { keysetBatches, sendCsv, text } from '../export/csv';
import { localDateTime } from '../export/isoTime';
import { requireAdminOrTicket } from '../export/tickets';
import { scopeOfRequest } from '../plugins/auth';
import { allow, resourceRoutes } from './resourceRoutes';

export const toLedgerEntry =
  (scope: Scope) =>
  (r: LedgerRow): LedgerEntry => ({
    id: r.id,
    at: r.at.toISOString(),
    restaurant_id: r.restaurantId,
    restaurant: r.restaurant,
    member_id: r.memberId,
    name: [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || null,
    phone: scope.role === 'staff' ? maskPhone(r.phone) : r.phone,
    kind: r.kind,
    points: r.points,
    balance_after: r.balanceAfter,
    order_number: r.orderNumber,
    pos_order_id: r.posOrderId,
    reward_code: r.rewardCode,
    branch_id: r.branchId,
    user_id: r.userId,
    admin: r.admin,
    reason: r.reason,
  });

/** The ledger file, by the CSV convention (server/export/csv.ts). */
const CSV_HEADER = [
  'id',
  'date',
  'time',
  'restaurant',
  'member id',
  'name',
  'phone',
  'kind',
  'points',
  'balance after',
  'order number',
  'POS order id',
  'reward code',
  'branch id',
  'cashier id',
  'adjusted by',
  'reason',
];

export default async function loyaltyLedgerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const zone = app.deps.config.FUNNEL_TIME_ZONE;

  resourceRoutes(app, ledgerResource, ledgerRepository(db, zone), {
    tags: ['loyalty'],
    summaries: {
      list: "The loyalty ledger of the caller's restaurants, newest first: every earn, redeem, take-back, give-back, expiry and adjustment with its order, reward, branch, cashier, reason and time; paged (X-Total-Count), filtered by memberId, restaurantId, kind and from/to (business dates)",
    },
    shape: (rows, scope) => rows.map(toLedgerEntry(scope)),
  });

  app.get(
    '/api/loyalty/ledger/export.csv',
    {
      config: { changes: ['activity'], ...allow(ledgerResource, 'export') },
      onRequest: requireAdminOrTicket(app),
      schema: {
        tags: ['loyalty'],
        summary:
          'The loyalty ledger of the current filters as CSV (UTF-8 with BOM), oldest first, streamed; a ticket from POST /export/ticket or a bearer token',
        security: [{ bearer: [] }],
        querystring: ledgerFilters.extend({ ticket: z.string().max(2000).optional() }),
        response: { 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const scope = scopeOfRequest(req);
      const shape = toLedgerEntry(scope);
      const rows = keysetBatches<LedgerRow>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
        ledgerBatch(db, scope, req.query, zone, after, limit),
      );
      return sendCsv(
        reply,
        'ledger.csv',
        CSV_HEADER,
        rows,
        (r) => {
          const e = shape(r);
          return [
            text(e.id),
            ...localDateTime(r.at, r.restaurantTimeZone ?? zone),
            e.restaurant,
            text(e.member_id),
            e.name,
            text(e.phone),
            e.kind,
            e.points,
            e.balance_after,
            text(e.order_number),
            text(e.pos_order_id),
            text(e.reward_code),
            text(e.branch_id),
            text(e.user_id),
            e.admin,
            e.reason,
          ];
        },
        recordExport(db, req, 'ledger'),
      );
    },
  );
}
