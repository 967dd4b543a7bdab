// Restaurants with their branches and devices (docs/API.md, Restaurants, branches, devices). Branches and devices are
// read from the restaurant's POS on create, on edit and on demand (POST /restaurant/{id}/sync).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ActivityKind,
  branchSchema,
  deviceSchema,
  errorSchema,
  idParam,
  pushKeyAnswer,
  restaurantWithBranches,
} from '../../src/contract';
import { branchesResource, devicesResource, restaurantsResource } from '../../src/contract/resources';
import {
  branchesWithDevices,
  findLiveBranch,
  findLiveRestaurant,
  insertRestaurant,
  liveDevicesOf,
  restaurantColumns,
  rotateLinkKey,
  restaurantsList,
  removeTillsOf,
  updateLiveRestaurant,
  withBranches,
} from '../db/repositories/restaurants';
import { BUSINESS_ELSEWHERE } from '../db/repositories/foodicsConnect';
import { badRequest, conflict, isUniqueViolation, notFound } from '../lib/errors';
import { isMasked, sealerOf } from '../lib/sealing';
import type { Scope } from '../db/scope';
import { allow, resourceRoutes } from './resourceRoutes';
import { scopeOfRequest } from '../plugins/auth';
import { syncRestaurant } from '../pos/sync';
import { actorOf, recordActivity } from '../db/audit';
import { hashPushKey, newPushKey, newTillLinkKey } from '../pos';
import { foodicsWebhooksOn } from '../db/secrets';

const MASKED_ON_CREATE = 'Paste the whole token: a masked one (****) only keeps the token a restaurant already has';
const secured = { security: [{ bearer: [] }] };
/** The webhook address's secret as every admin sees it. */
const MASKED_SECRET = '••••••••';

export default async function restaurantsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps.database;

  /** A live restaurant of the scope, or 404 (another scope's restaurant is not confirmed to exist). */
  async function liveOr404(scope: Scope, id: number) {
    const row = await findLiveRestaurant(deps.database, id, scope);
    if (!row) throw notFound('Restaurant not found');
    return row;
  }

  /** Changes a live restaurant and records the change in one transaction; 404 when there is none. */
  const changeLive = (
    req: FastifyRequest,
    id: number,
    set: Parameters<typeof updateLiveRestaurant>[3],
    kind: ActivityKind,
    detail?: Record<string, unknown>,
    also?: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], id: number) => Promise<void>,
  ) =>
    db
      .transaction(async (tx) => {
        const row = await updateLiveRestaurant(tx, scopeOfRequest(req), id, set);
        if (!row) throw notFound('Restaurant not found');
        await also?.(tx, row.id);
        await recordActivity(tx, {
          ...actorOf(req),
          kind,
          target: { type: 'restaurant', id: row.id, label: row.name },
          detail,
        });
      })
      .catch((err: unknown) => {
        // A Foodics business is one restaurant's (migration 0023): an edit making it another's is refused.
        if (isUniqueViolation(err)) throw conflict(BUSINESS_ELSEWHERE);
        throw err;
      });

  /** After a change that can move its branches and devices: read them again from the POS, answer. */
  async function syncedAnswer(scope: Scope, id: number, record?: Parameters<typeof syncRestaurant>[2]) {
    await syncRestaurant(deps, id, record);
    return answerOne(scope, id);
  }

  async function answerOne(scope: Scope, id: number) {
    // Tokens come masked for every role (the repository, docs/SECURITY.md "POS tokens").
    return (await withBranches(deps.database, [await liveOr404(scope, id)]))[0];
  }

  resourceRoutes(
    app,
    restaurantsResource,
    {
      list: (scope, q) => restaurantsList(db, scope, q),
      one: (scope, id) => findLiveRestaurant(deps.database, id, scope),
      create: (tx, _scope, b) => insertRestaurant(tx, b, sealerOf(deps.config)),
      // A form sends masked tokens back as shown: restaurantColumns leaves the stored token as it is.
      update: async (tx, scope, id, b) => {
        try {
          return await updateLiveRestaurant(tx, scope, id, {
            ...restaurantColumns(b, sealerOf(deps.config)),
            updatedAt: new Date(),
          });
        } catch (err) {
          // A Foodics business is one restaurant's (migration 0023): an edit making it another's is refused.
          if (isUniqueViolation(err)) throw conflict(BUSINESS_ELSEWHERE);
          throw err;
        }
      },
      remove: async (tx, scope, id) => {
        const row = await updateLiveRestaurant(tx, scope, id, {
          isDeleted: true,
          deletedAt: new Date(),
          updatedAt: new Date(),
        });
        // Its branches and tills go with it: a till belongs to one restaurant, so connecting its business again
        // (a new restaurant) finds them free (docs/POS.md, "One business, one restaurant").
        if (row) await removeTillsOf(tx, row.id);
        return row;
      },
    },
    {
      summaries: {
        list: 'Live restaurants with Branchs[] and their Devices[]; paged and searched (name) on request',
        show: 'One live restaurant with its branches (the edit form)',
        create:
          'Create a restaurant, then read its branches and devices from its POS (a failure is kept in sync_error)',
        edit: 'Edit a restaurant (the form fields; any subset), then re-read its branches and devices',
        delete: 'Soft-delete a restaurant: { isDeleted: true }; its QR codes stop working',
      },
      changes: ['restaurants', 'activity'],
      // Tokens come masked for every role (the repository, docs/SECURITY.md "POS tokens").
      shape: (rows) => withBranches(deps.database, rows),
      // A new restaurant has no stored token for a masked one to stand for.
      check: (action, b) => {
        if (action === 'create' && (isMasked(b.token as string) || isMasked(b.branchs_token as string)))
          throw badRequest(MASKED_ON_CREATE);
      },
      // After a change that can move its branches and devices: read them again from the POS.
      afterWrite: async (row) => void (await syncRestaurant(deps, row.id)),
      detail: async (row, _scope, req) => {
        const [answer] = await withBranches(deps.database, [row]);
        // Whether webhooks are on, shown on the edit page with the address's secret masked: the address itself is
        // only for those who configure the Foodics app (GET /pos/foodics/webhook-secret, docs/SECURITY.md).
        const on = await foodicsWebhooksOn(deps.database, deps.config.FOODICS_WEBHOOK_SECRET);
        const origin = deps.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
        return {
          ...answer,
          webhook_url: on && answer.system_type === 'Foodics' ? `${origin}/pos/foodics/webhook/${MASKED_SECRET}` : null,
        };
      },
    },
  );

  app.post(
    '/restaurant/:id/sync',
    {
      onRequest: app.requireAdmin,
      config: { changes: ['restaurants', 'activity'], ...allow(restaurantsResource, 'sync') },
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary: 'Read the branches and devices again from the POS',
        params: idParam,
        response: { 200: restaurantWithBranches, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const scope = scopeOfRequest(req);
      const found = await liveOr404(scope, req.params.id);
      return syncedAnswer(scope, found.id, (tx, result) =>
        recordActivity(tx, {
          ...actorOf(req),
          kind: 'restaurant.synced',
          target: { type: 'restaurant', id: found.id, label: found.name },
          detail: result.ok ? { ok: true } : { ok: false, error: result.error },
        }),
      );
    },
  );

  app.post(
    '/restaurant/:id/push-key',
    {
      onRequest: app.requireAdmin,
      config: { changes: ['restaurants', 'activity'], ...allow(restaurantsResource, 'connect') },
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary:
          "A new push key for the restaurant's Specter POS; the old one stops working. Shown here once, stored hashed",
        params: idParam,
        response: { 200: pushKeyAnswer, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const key = newPushKey();
      const rotatedAt = new Date();
      await changeLive(
        req,
        req.params.id,
        { pushKeyHash: hashPushKey(key), pushKeyRotatedAt: rotatedAt },
        'restaurant.pushKeyRotated',
      );
      return { push_key: key, push_key_rotated_at: rotatedAt.toISOString() };
    },
  );

  app.get(
    '/restaurant/branches/:restId',
    {
      onRequest: app.requireAdmin,
      config: allow(branchesResource, 'list'),
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary: "A restaurant's live branches with their devices",
        params: z.object({ restId: idParam.shape.id }),
        response: {
          200: z.object({ branches: z.array(branchSchema) }),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req) => {
      const restaurant = await liveOr404(scopeOfRequest(req), req.params.restId);
      const list = await branchesWithDevices(deps.database, [restaurant.id]);
      return {
        branches: list.map(({ restaurantId: _, ...b }) => ({
          ...b,
          restaurant: { id: restaurant.id, name: restaurant.name },
        })),
      };
    },
  );

  app.post(
    '/restaurant/device/:id/link-key',
    {
      onRequest: app.requireAdmin,
      // The tills' checks (lastOrder.ts) and the lists that carry the key. A manager reprints their own
      // restaurants' tills (the repository keeps to the scope: another's device is 404).
      config: { changes: ['restaurants', 'activity'], ...allow(devicesResource, 'reprint') },
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary:
          "A reprint: a new link key for a till (id = the device's id here). Links and QR codes printed before no longer open its receipt",
        params: idParam,
        response: { 200: deviceSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const device = await db.transaction(async (tx) => {
        const row = await rotateLinkKey(tx, scopeOfRequest(req), req.params.id, newTillLinkKey());
        if (!row) throw notFound('Device not found');
        await recordActivity(tx, {
          ...actorOf(req),
          kind: 'device.linkKeyRotated',
          target: { type: 'device', id: row.id, label: `${row.name} (${row.device_id})` },
          detail: { restaurantId: row.restaurantId },
        });
        return row;
      });
      return { id: device.id, name: device.name, device_id: device.device_id, link_key: device.link_key };
    },
  );

  app.get(
    '/restaurant/devices/:branchId',
    {
      onRequest: app.requireAdmin,
      config: allow(devicesResource, 'list'),
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary: "A branch's live devices (branchId is the branch's id here, not at the POS)",
        params: z.object({ branchId: idParam.shape.id }),
        response: {
          200: z.object({ devices: z.array(deviceSchema) }),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req) => {
      const branch = await findLiveBranch(db, req.params.branchId, scopeOfRequest(req));
      if (!branch) throw notFound('Branch not found');
      return { devices: await liveDevicesOf(db, branch.id) };
    },
  );
}
