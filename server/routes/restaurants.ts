// Restaurants with their branches and devices (SPEC.md sections 3 and 7). Branches and devices are read
// from the restaurant's POS on create, on edit and on demand (POST /restaurant/{id}/sync).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  branchSchema, deviceSchema, errorSchema, idParam, listQuery, restaurantBody, restaurantWithBranches, softDeleteBody,
} from '../../src/contract';
import { branches, devices, restaurants } from '../db/schema';
import { branchesWithDevices, findLiveRestaurant, withBranches } from '../db/queries/restaurants';
import { notFound } from '../lib/errors';
import { orderBy, pageWindow, searchWhere, setTotal, wantsPaging } from '../lib/paging';
import { syncRestaurant } from '../pos/sync';
import { lastOrderService } from '../pos/lastOrder';

const messageAnswer = z.object({ message: z.string() });
const secured = { security: [{ bearer: [] }] };

export default async function restaurantsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps.database;
  const sortable = { id: restaurants.id, name: restaurants.name, system_type: restaurants.systemType, createdAt: restaurants.createdAt };

  async function answerOne(id: number) {
    const row = await findLiveRestaurant(deps.database, id);
    if (!row) throw notFound('Restaurant not found');
    return (await withBranches(deps.database, [row]))[0];
  }

  app.get('/restaurant', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      summary: 'Live restaurants with Branchs[] and their Devices[]; paged and searched (name) on request',
      querystring: listQuery,
      response: { 200: z.object({ restaurants: z.array(restaurantWithBranches) }), 400: errorSchema, 401: errorSchema },
    },
  }, async (req, reply) => {
    const q = req.query;
    const order = orderBy(q, sortable, { field: 'id', order: 'ASC' }, restaurants.id);
    const live = eq(restaurants.isDeleted, false);
    if (!wantsPaging(q)) {
      const rows = await db.select().from(restaurants).where(live).orderBy(...order);
      return { restaurants: await withBranches(deps.database, rows) };
    }
    const where = and(live, searchWhere(q.q, [restaurants.name]));
    const { limit, offset } = pageWindow(q);
    const [rows, [{ n }]] = await Promise.all([
      db.select().from(restaurants).where(where).orderBy(...order).limit(limit).offset(offset),
      db.select({ n: count() }).from(restaurants).where(where),
    ]);
    setTotal(reply, n);
    return { restaurants: await withBranches(deps.database, rows) };
  });

  app.post('/restaurant', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      summary: 'Create a restaurant, then read its branches and devices from its POS (a failure is kept in sync_error)',
      body: restaurantBody,
      response: { 200: restaurantWithBranches, 400: errorSchema, 401: errorSchema },
    },
  }, async (req) => {
    const b = req.body;
    const [row] = await db.insert(restaurants).values({
      name: b.name, logo: b.logo, token: b.token, branchsToken: b.branchs_token, systemType: b.system_type,
      nameApi: b.name_api ?? null,
    }).returning({ id: restaurants.id });
    await syncRestaurant(deps, row.id);
    return answerOne(row.id);
  });

  app.get('/restaurant/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      params: idParam,
      response: { 200: restaurantWithBranches, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (req) => answerOne(req.params.id));

  app.patch('/restaurant/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      summary: 'Edit a restaurant (the form fields; any subset), then re-read its branches and devices',
      params: idParam,
      body: restaurantBody.partial(),
      response: { 200: restaurantWithBranches, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (req) => {
    const b = req.body;
    const changes = Object.fromEntries(Object.entries({
      name: b.name, logo: b.logo, token: b.token, branchsToken: b.branchs_token, systemType: b.system_type,
      nameApi: b.name_api,
    }).filter(([, v]) => v !== undefined));
    const updated = await db.update(restaurants).set({ ...changes, updatedAt: new Date() })
      .where(and(eq(restaurants.id, req.params.id), eq(restaurants.isDeleted, false)))
      .returning({ id: restaurants.id });
    if (!updated.length) throw notFound('Restaurant not found');
    await syncRestaurant(deps, req.params.id);
    lastOrderService(deps).forget(req.params.id);
    return answerOne(req.params.id);
  });

  app.patch('/restaurant/delete/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      summary: 'Soft-delete a restaurant: { isDeleted: true }; its QR codes stop working',
      params: idParam,
      body: softDeleteBody,
      response: { 200: messageAnswer, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (req) => {
    const gone = await db.update(restaurants).set({ isDeleted: true, deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(restaurants.id, req.params.id), eq(restaurants.isDeleted, false)))
      .returning({ id: restaurants.id });
    if (!gone.length) throw notFound('Restaurant not found');
    lastOrderService(deps).forget(req.params.id);
    return { message: 'The Restaurants has been removed' };
  });

  app.post('/restaurant/:id/sync', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      summary: 'Read the branches and devices again from the POS',
      params: idParam,
      response: { 200: restaurantWithBranches, 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (req) => {
    if (!(await findLiveRestaurant(deps.database, req.params.id))) throw notFound('Restaurant not found');
    await syncRestaurant(deps, req.params.id);
    lastOrderService(deps).forget(req.params.id);
    return answerOne(req.params.id);
  });

  app.get('/restaurant/branches/:restId', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      summary: "A restaurant's live branches with their devices",
      params: z.object({ restId: idParam.shape.id }),
      response: { 200: z.object({ branches: z.array(branchSchema) }), 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (req) => {
    const restaurant = await findLiveRestaurant(deps.database, req.params.restId);
    if (!restaurant) throw notFound('Restaurant not found');
    const list = await branchesWithDevices(deps.database, [restaurant.id]);
    return {
      branches: list.map(({ restaurantId: _, ...b }) => ({ ...b, restaurant: { id: restaurant.id, name: restaurant.name } })),
    };
  });

  app.get('/restaurant/devices/:branchId', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['restaurants'], ...secured,
      summary: "A branch's live devices (branchId is the branch's id here, not at the POS)",
      params: z.object({ branchId: idParam.shape.id }),
      response: { 200: z.object({ devices: z.array(deviceSchema) }), 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (req) => {
    const [branch] = await db.select({ id: branches.id }).from(branches)
      .innerJoin(restaurants, eq(restaurants.id, branches.restaurantId))
      .where(and(eq(branches.id, req.params.branchId), isNull(branches.removedAt), eq(restaurants.isDeleted, false)))
      .limit(1);
    if (!branch) throw notFound('Branch not found');
    const rows = await db.select({ id: devices.id, name: devices.name, device_id: devices.deviceId }).from(devices)
      .where(and(eq(devices.branchRef, branch.id), isNull(devices.removedAt)))
      .orderBy(devices.id);
    return { devices: rows };
  });
}
