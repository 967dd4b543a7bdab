// The scan-to-save funnel (admin): the last N days for the dashboard (totals and a figure per day), per
// branch of a restaurant, per till of a branch, and as CSV. Counting happens in funnel/recorder.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, funnelByBranch, funnelByDevice, funnelQuery, funnelSummary, idParam } from '../../src/contract';
import { funnelResource } from '../../src/contract/resources';
import {
  funnelBatch,
  funnelByDay,
  funnelPerBranch,
  funnelPerDevice,
  type FunnelTillDay,
} from '../db/repositories/funnel';
import { findLiveBranch, findLiveRestaurant } from '../db/repositories/restaurants';
import { notFound } from '../lib/errors';
import { recordExport } from '../db/audit';
import { dayRange } from '../funnel/days';
import { keysetBatches, sendCsv, text } from '../export/csv';
import { requireAdminOrTicket } from '../export/tickets';
import { allow } from './resourceRoutes';
import { scopeOfRequest } from '../plugins/auth';

const FUNNEL_CSV_HEADER = [
  'day',
  'restaurant',
  'branch',
  'device',
  'device id',
  'receipts opened',
  'codes requested',
  'saved',
];

export default async function funnelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const tz = app.deps.config.FUNNEL_TIME_ZONE;
  const secured = { security: [{ bearer: [] }] };

  /**
   * The funnel of each live child of a live parent (the branches of a restaurant, the tills of a branch) over
   * the last `days` days; 404 with `missing` when the parent is not live.
   */
  async function perChild<Row>(
    parentId: number,
    days: number,
    find: (id: number) => Promise<unknown>,
    missing: string,
    figures: (db: typeof app.deps.database.db, parentId: number, from: string, to: string) => Promise<Row[]>,
  ): Promise<Row[]> {
    if (!(await find(parentId))) throw notFound(missing);
    const { from, to } = dayRange(tz, days);
    return figures(db, parentId, from, to);
  }

  app.get(
    '/funnel',
    {
      onRequest: app.requireAdmin,
      config: allow(funnelResource, 'list'),
      schema: {
        tags: ['funnel'],
        ...secured,
        summary:
          'Receipts opened, codes requested and orders saved over the last `days` days (default 30), in all and per day',
        querystring: funnelQuery,
        response: { 200: funnelSummary, 400: errorSchema, 401: errorSchema },
      },
    },
    async (req) => {
      const { from, to, all } = dayRange(tz, req.query.days);
      const byDay = await funnelByDay(db, scopeOfRequest(req), from, to);
      const days = all.map((day) => ({ day, ...(byDay.get(day) ?? { views: 0, codes: 0, saves: 0 }) }));
      const totals = days.reduce(
        (t, d) => ({ views: t.views + d.views, codes: t.codes + d.codes, saves: t.saves + d.saves }),
        { views: 0, codes: 0, saves: 0 },
      );
      return { from, to, totals, days };
    },
  );

  app.get(
    '/funnel/branches/:restId',
    {
      onRequest: app.requireAdmin,
      config: allow(funnelResource, 'list'),
      schema: {
        tags: ['funnel'],
        ...secured,
        summary: 'The funnel of each live branch of a restaurant over the last `days` days',
        params: z.object({ restId: idParam.shape.id }),
        querystring: funnelQuery,
        response: { 200: funnelByBranch, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => ({
      branches: await perChild(
        req.params.restId,
        req.query.days,
        (id) => findLiveRestaurant(app.deps.database, id, scopeOfRequest(req)),
        'Restaurant not found',
        funnelPerBranch,
      ),
    }),
  );

  app.get(
    '/funnel/devices/:branchId',
    {
      onRequest: app.requireAdmin,
      config: allow(funnelResource, 'list'),
      schema: {
        tags: ['funnel'],
        ...secured,
        summary:
          "The funnel of each live till of a branch over the last `days` days, with its receipts' shared-link opens",
        params: z.object({ branchId: idParam.shape.id }),
        querystring: funnelQuery,
        response: { 200: funnelByDevice, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => ({
      devices: await perChild(
        req.params.branchId,
        req.query.days,
        (id) => findLiveBranch(db, id, scopeOfRequest(req)),
        'Branch not found',
        funnelPerDevice,
      ),
    }),
  );

  app.get(
    '/funnel/export.csv',
    {
      // The export is recorded in the audit trail (the Activity screen).
      config: { changes: ['activity'], ...allow(funnelResource, 'export') },
      onRequest: requireAdminOrTicket(app),
      schema: {
        tags: ['funnel'],
        ...secured,
        summary: 'The funnel per till per day over the last `days` days as CSV (UTF-8 with BOM), streamed',
        querystring: funnelQuery.extend({ ticket: z.string().max(2000).optional() }),
        response: { 400: errorSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const { from, to } = dayRange(tz, req.query.days);
      const rows = keysetBatches<FunnelTillDay>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
        funnelBatch(db, scopeOfRequest(req), from, to, after, limit),
      );
      return sendCsv(
        reply,
        'funnel.csv',
        FUNNEL_CSV_HEADER,
        rows,
        (r) => [String(r.day), r.restaurant, r.branch, r.device, text(r.deviceId), r.views, r.codes, r.saves],
        recordExport(db, req, 'funnel'),
      );
    },
  );
}
