// A restaurant's loyalty members (issue 47): the declared resource `members` (src/contract/resources/members.ts) at
// /api/loyalty/members - the list (paged, searched by name or phone, filtered by restaurant) and one member - on its
// repository (db/repositories/loyaltyMembers.ts), and its own actions: the CSV (export) and an adjustment of a
// balance with a reason (adjust: the ledger's entry and the activity trail, in one transaction). Staff see phones
// masked to their last 3 digits; every listed member said yes to its restaurant, so admins and managers see them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParam } from '../../src/contract';
import { adjustBody, memberSchema, membersQuery, membersResource, type Member } from '../../src/contract/resources';
import { adjustBalance, membersBatch, membersRepository, type MemberRow } from '../db/repositories/loyaltyMembers';
import { actorOf, recordActivity, recordExport } from '../db/audit';
import type { Scope } from '../db/scope';
import { expiresAt } from '../core/loyalty';
import { maskPhone } from '../core/phone';
import { keysetBatches, sendCsv, text } from '../export/csv';
import { localDateTime } from '../export/isoTime';
import { requireAdminOrTicket } from '../export/tickets';
import { notFound } from '../lib/errors';
import { scopeOfRequest } from '../plugins/auth';
import { allow, resourceRoutes } from './resourceRoutes';

const nameOf = (r: MemberRow) => [r.firstName, r.lastName].filter(Boolean).join(' ').trim() || null;

/** When the balance expires: only while the program runs with an expiry (the daily job expires only then). */
const expiryOf = (r: MemberRow) => (r.enabled ? expiresAt(r.lastActivityAt, r.expiryDays ?? 0, r.balance) : null);

export const toMember =
  (scope: Scope) =>
  (r: MemberRow): Member => ({
    id: r.id,
    restaurant_id: r.restaurantId,
    restaurant: r.restaurant,
    name: nameOf(r),
    phone: scope.role === 'staff' ? maskPhone(r.phone) : r.phone,
    balance: r.balance,
    lifetime_points: r.lifetimePoints,
    last_activity_at: r.lastActivityAt.toISOString(),
    joined_at: r.joinedAt.toISOString(),
    expires_at: expiryOf(r)?.toISOString() ?? null,
  });

/** The members file, by the CSV convention (server/export/csv.ts): readable headers, the restaurant named, its local
 * dates and times in columns of their own, ids and phones kept as text. */
const CSV_HEADER = [
  'id',
  'restaurant',
  'name',
  'phone',
  'balance',
  'lifetime points',
  'last activity date',
  'last activity time',
  'joined date',
  'joined time',
  'expiry date',
];

export default async function loyaltyMembersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const country = app.deps.config.PHONE_DEFAULT_COUNTRY;

  resourceRoutes(app, membersResource, membersRepository(db, country), {
    tags: ['loyalty'],
    summaries: {
      list: "The loyalty members of the caller's restaurants, the latest activity first: name, phone (masked for staff), balance, lifetime points, last activity, expiry; paged (X-Total-Count), searched by name or phone, filtered by restaurantId",
      show: "One loyalty member; 404 when it is not a current member of the caller's restaurants",
    },
    shape: (rows, scope) => rows.map(toMember(scope)),
  });

  app.get(
    '/api/loyalty/members/export.csv',
    {
      // The export is recorded in the audit trail (the Activity screen).
      config: { changes: ['activity'], ...allow(membersResource, 'export') },
      onRequest: requireAdminOrTicket(app),
      schema: {
        tags: ['loyalty'],
        summary:
          'The loyalty members of the current filters as CSV (UTF-8 with BOM), streamed; a ticket from POST /export/ticket or a bearer token',
        security: [{ bearer: [] }],
        querystring: membersQuery
          .pick({ q: true, restaurantId: true })
          .extend({ ticket: z.string().max(2000).optional() }),
        response: { 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const scope = scopeOfRequest(req);
      const shape = toMember(scope);
      const zone = app.deps.config.FUNNEL_TIME_ZONE;
      const rows = keysetBatches<MemberRow>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
        membersBatch(db, scope, req.query, country, after, limit),
      );
      return sendCsv(
        reply,
        'members.csv',
        CSV_HEADER,
        rows,
        (r) => {
          const m = shape(r);
          const local = r.restaurantTimeZone ?? zone;
          return [
            text(m.id),
            m.restaurant,
            m.name,
            text(m.phone),
            m.balance,
            m.lifetime_points,
            ...localDateTime(r.lastActivityAt, local),
            ...localDateTime(r.joinedAt, local),
            localDateTime(expiryOf(r), local)[0],
          ];
        },
        recordExport(db, req, 'members'),
      );
    },
  );

  app.post(
    '/api/loyalty/members/:id/adjust',
    {
      onRequest: app.requireAdmin,
      config: { changes: ['loyalty', 'activity'], ...allow(membersResource, 'adjust') },
      schema: {
        tags: ['loyalty'],
        summary:
          "Adjusts a member's balance by hand (points added or taken, never below zero) with a reason: the ledger's adjust entry and the activity trail",
        security: [{ bearer: [] }],
        params: idParam,
        body: adjustBody,
        response: { 200: memberSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const scope = scopeOfRequest(req);
      const done = await db.transaction(async (tx) => {
        const adjusted = await adjustBalance(tx, scope, req.params.id, req.body, scope.adminId);
        if (!adjusted) throw notFound('Member not found');
        const { member, entryId } = adjusted;
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'loyalty.balanceAdjusted',
          target: { type: 'member', id: member.id, label: maskPhone(member.phone) },
          detail: { restaurantId: member.restaurantId, points: req.body.points, reason: req.body.reason, entryId },
        });
        return member;
      });
      return toMember(scope)(done);
    },
  );
}
