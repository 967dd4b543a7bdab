// POST /export/ticket (a one-minute download ticket, see export/tickets.ts) and the app users' CSV export.
// The saved orders' and the funnel's exports live beside their lists (savedOrders.ts, funnel.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, exportProgress, exportTicket } from '../../src/contract';
import { usersResource } from '../../src/contract/resources';
import { appUsersBatch, appUsersExportWhere, type AppUser } from '../db/repositories/appUsers';
import { keysetBatches, sendCsv, text } from '../export/csv';
import { localDateTime } from '../export/isoTime';
import { issueTicket, requireAdminOrTicket, TICKET_SECONDS } from '../export/tickets';
import { recordExport } from '../db/audit';
import { MANAGERS } from './roles';
import { allow } from './resourceRoutes';
import { scopeOfRequest } from '../plugins/auth';

const APP_USERS_CSV_HEADER = [
  'id',
  'first name',
  'last name',
  'phone',
  'birth date',
  'gender',
  'last login date',
  'last login time',
  'signed up date',
  'signed up time',
];

export default async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    '/export/ticket',
    {
      // Staff export nothing (issue 26).
      config: { changes: [], roles: MANAGERS },
      onRequest: app.requireAdmin,
      schema: {
        tags: ['exports'],
        summary: `A download ticket for the CSV exports, valid ${TICKET_SECONDS} s: pass it as ?ticket= so a plain link can download`,
        security: [{ bearer: [] }],
        response: { 200: exportTicket, 401: errorSchema },
      },
    },
    async (req) => {
      const { ticket, id } = await issueTicket(app.deps.config.JWT_SECRET ?? '', req.admin!.id);
      return { ticket, expiresIn: TICKET_SECONDS, progress: id };
    },
  );

  app.get(
    '/export/progress/:id',
    {
      config: { roles: MANAGERS },
      onRequest: app.requireAdmin,
      schema: {
        tags: ['exports'],
        summary:
          "How far the caller's download opened by that ticket has got (rows written, done); 404 when this instance does not know it",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: exportProgress, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const p = app.exportProgress.read(req.params.id, req.admin!.id);
      if (!p) return reply.code(404).send({ message: 'No such export in progress' });
      return { rows: p.rows, done: p.done, complete: p.complete };
    },
  );

  app.get(
    '/user/export.csv',
    {
      // The export is recorded in the audit trail (the Activity screen).
      config: { changes: ['activity'], ...allow(usersResource, 'export') },
      onRequest: requireAdminOrTicket(app),
      schema: {
        tags: ['app users'],
        summary: 'App users as CSV (UTF-8 with BOM), streamed, optionally searched like GET /user (q)',
        security: [{ bearer: [] }],
        querystring: z.object({ q: z.string().max(200).optional(), ticket: z.string().max(2000).optional() }),
        response: { 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const where = appUsersExportWhere(req.query.q, app.deps.config.PHONE_DEFAULT_COUNTRY);
      const rows = keysetBatches<AppUser>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
        appUsersBatch(db, scopeOfRequest(req), where, after, limit),
      );
      return sendCsv(
        reply,
        'app-users.csv',
        APP_USERS_CSV_HEADER,
        rows,
        // An app user belongs to no one restaurant: their times are the business day's (FUNNEL_TIME_ZONE).
        (u) => [
          text(u.id),
          u.firstName,
          u.lastName,
          text(u.phone),
          u.birthDate,
          u.gender,
          ...localDateTime(u.lastLogin, app.deps.config.FUNNEL_TIME_ZONE),
          ...localDateTime(u.createdAt, app.deps.config.FUNNEL_TIME_ZONE),
        ],
        recordExport(db, req, 'appUsers'),
      );
    },
  );
}
