// The scan-to-save funnel (admin): the last N days for the dashboard (totals and a figure per day), per
// branch of a restaurant, per till of a branch, and as CSV. Counting happens in funnel/recorder.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorSchema, funnelByBranch, funnelByDevice, funnelQuery, funnelSummary, idParam } from '../../src/contract';
import { branches, devices, funnelDaily, restaurants } from '../db/schema';
import { notFound } from '../lib/errors';
import { dayRange } from '../funnel/days';
import { keysetRows, sendCsv } from '../export/csv';
import { requireAdminOrTicket } from '../export/tickets';

const sums = {
  views: sql<string>`coalesce(sum(${funnelDaily.views}), 0)`,
  codes: sql<string>`coalesce(sum(${funnelDaily.codes}), 0)`,
  saves: sql<string>`coalesce(sum(${funnelDaily.saves}), 0)`,
};
const figures = (r: { views: string; codes: string; saves: string }) => ({
  views: Number(r.views),
  codes: Number(r.codes),
  saves: Number(r.saves),
});

export const FUNNEL_CSV_HEADER = [
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

  app.get(
    '/funnel',
    {
      onRequest: app.requireAdmin,
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
      const rows = await db
        .select({ day: funnelDaily.day, ...sums })
        .from(funnelDaily)
        .innerJoin(restaurants, and(eq(restaurants.id, funnelDaily.restaurantId), eq(restaurants.isDeleted, false)))
        .where(between(funnelDaily.day, from, to))
        .groupBy(funnelDaily.day);
      const byDay = new Map(rows.map((r) => [String(r.day), figures(r)]));
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
      schema: {
        tags: ['funnel'],
        ...secured,
        summary: 'The funnel of each live branch of a restaurant over the last `days` days',
        params: z.object({ restId: idParam.shape.id }),
        querystring: funnelQuery,
        response: { 200: funnelByBranch, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const [r] = await db
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(and(eq(restaurants.id, req.params.restId), eq(restaurants.isDeleted, false)))
        .limit(1);
      if (!r) throw notFound('Restaurant not found');
      const { from, to } = dayRange(tz, req.query.days);
      const rows = await db
        .select({ id: branches.id, name: branches.name, ...sums })
        .from(branches)
        .leftJoin(devices, eq(devices.branchRef, branches.id))
        .leftJoin(
          funnelDaily,
          and(
            eq(funnelDaily.restaurantId, devices.restaurantId),
            eq(funnelDaily.deviceId, devices.deviceId),
            between(funnelDaily.day, from, to),
          ),
        )
        .where(and(eq(branches.restaurantId, r.id), isNull(branches.removedAt)))
        .groupBy(branches.id, branches.name)
        .orderBy(asc(branches.id));
      return { branches: rows.map((b) => ({ id: b.id, name: b.name, ...figures(b) })) };
    },
  );

  app.get(
    '/funnel/devices/:branchId',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['funnel'],
        ...secured,
        summary: 'The funnel of each live till of a branch over the last `days` days',
        params: z.object({ branchId: idParam.shape.id }),
        querystring: funnelQuery,
        response: { 200: funnelByDevice, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const [b] = await db
        .select({ id: branches.id })
        .from(branches)
        .innerJoin(restaurants, and(eq(restaurants.id, branches.restaurantId), eq(restaurants.isDeleted, false)))
        .where(and(eq(branches.id, req.params.branchId), isNull(branches.removedAt)))
        .limit(1);
      if (!b) throw notFound('Branch not found');
      const { from, to } = dayRange(tz, req.query.days);
      const rows = await db
        .select({ id: devices.id, deviceId: devices.deviceId, name: devices.name, ...sums })
        .from(devices)
        .leftJoin(
          funnelDaily,
          and(
            eq(funnelDaily.restaurantId, devices.restaurantId),
            eq(funnelDaily.deviceId, devices.deviceId),
            between(funnelDaily.day, from, to),
          ),
        )
        .where(and(eq(devices.branchRef, b.id), isNull(devices.removedAt)))
        .groupBy(devices.id, devices.deviceId, devices.name)
        .orderBy(asc(devices.id));
      return { devices: rows.map((d) => ({ id: d.id, device_id: d.deviceId, name: d.name, ...figures(d) })) };
    },
  );

  app.get(
    '/funnel/export.csv',
    {
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
      const select = () =>
        db
          .select({
            day: funnelDaily.day,
            restaurantId: funnelDaily.restaurantId,
            deviceId: funnelDaily.deviceId,
            restaurant: restaurants.name,
            branch: branches.name,
            device: devices.name,
            views: funnelDaily.views,
            codes: funnelDaily.codes,
            saves: funnelDaily.saves,
          })
          .from(funnelDaily)
          .innerJoin(restaurants, and(eq(restaurants.id, funnelDaily.restaurantId), eq(restaurants.isDeleted, false)))
          .leftJoin(
            devices,
            and(eq(devices.restaurantId, funnelDaily.restaurantId), eq(devices.deviceId, funnelDaily.deviceId)),
          )
          .leftJoin(branches, eq(branches.id, devices.branchRef));
      type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
      const rows = keysetRows<Row>(app.deps.config.EXPORT_BATCH_SIZE, (after, limit) =>
        select()
          .where(
            and(
              between(funnelDaily.day, from, to),
              after
                ? sql`(${funnelDaily.day}, ${funnelDaily.restaurantId}, ${funnelDaily.deviceId}) > (${after.day}::date, ${after.restaurantId}, ${after.deviceId})`
                : undefined,
            ),
          )
          .orderBy(asc(funnelDaily.day), asc(funnelDaily.restaurantId), asc(funnelDaily.deviceId))
          .limit(limit),
      );
      return sendCsv(reply, 'funnel.csv', FUNNEL_CSV_HEADER, rows, (r) => [
        String(r.day),
        r.restaurant,
        r.branch,
        r.device,
        r.deviceId,
        r.views,
        r.codes,
        r.saves,
      ]);
    },
  );
}
