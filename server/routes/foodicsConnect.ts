// "Connect Foodics" and the connection's health (docs/API.md, "Connecting Foodics"; docs/POS.md):
// - POST /api/restaurants/foodics/connect (admin): a state for this admin and restaurant, and the authorize page's
//   address to send the browser to; a cookie binds the round trip to this browser and its admin: an HMAC of the
//   admin's id and of this round trip's state (issue 48: never the same twice, useless for any other round trip);
// - GET /pos/foodics/connected (Foodics sends the browser back here): the state checked, the code exchanged,
//   /whoami read, then in one transaction the account's role and restaurants read again, the business checked
//   against the other restaurants, the token stored sealed and the activity trail written; branches and devices
//   synced; then to the restaurant's branches and tills with ?foodics=connected (and its setup checklist), or back
//   with ?foodics=<what failed> and nothing changed, or ?foodics=ask&pending=<id> when the admin must answer first
//   (the business is another restaurant's: reconnect that one? / a reconnect would change the business);
// - GET, POST, DELETE /api/restaurants/foodics/pending/{id}: that question, yes (connect), no (nothing changes);
// - GET /api/restaurants/{id}/connection (admin): the health panel's facts, for the back-office and monitoring.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectionSchema, errorSchema, foodicsPendingSchema, idParam, roleMay } from '../../src/contract';
import { restaurantsResource } from '../../src/contract/resources';
import {
  BUSINESS_ELSEWHERE,
  confirmPendingConnect,
  dropPendingConnect,
  liveRestaurantId,
  newConnectState,
  pendingConnect,
  storeConnection,
  takeConnectState,
} from '../db/repositories/foodicsConnect';
import { connectionFacts, statusOf } from '../db/repositories/posHealth';
import { findLiveRestaurant } from '../db/repositories/restaurants';
import { NOT_ALLOWED, scopeOfRequest } from '../plugins/auth';
import { allow } from './resourceRoutes';
import { forbidden, HttpError, notFound } from '../lib/errors';
import { sealerOf } from '../lib/sealing';
import { authorizeUrl, CONNECTED_PATH, ConnectError, exchangeCode, type ConnectFailure } from '../pos';
import { syncRestaurant } from '../pos/sync';

const secured = { security: [{ bearer: [] }] };
/** The cookies that tie a round trip to the admin signed in in this browser (the callback has no bearer token):
 * one per round trip, named after its state (`specter.foodics_connect.<tag>`), so two tabs' round trips each find
 * their own. */
const BROWSER_COOKIE = 'specter.foodics_connect';

/** After connecting: the restaurant's branches and tills, where its setup checklist is (docs/POS.md). */
const landing = (reply: import('fastify').FastifyReply, restaurantId: number) =>
  reply.redirect(`/restaurants/branches/${restaurantId}?foodics=connected`, 302);

export const NOT_CONFIGURED =
  'Connecting Foodics needs FOODICS_CLIENT_ID and FOODICS_CLIENT_SECRET (the app registered in the Foodics developer console)';

export default async function foodicsConnectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps.database;
  const { config } = deps;

  const origin = (req: FastifyRequest) => config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
  const redirectUri = (req: FastifyRequest) => `${origin(req)}${CONNECTED_PATH}`;
  const sign = (adminId: number, state: string) =>
    createHmac('sha256', config.JWT_SECRET ?? '')
      .update(`foodics-connect:${adminId}:${state}`)
      .digest('base64url');
  /** The admin this browser started this very round trip (its state) as, or null: no cookie, one not made by this
   * server, or one made for another round trip (another admin's, or this browser's older one). */
  /** This round trip's cookie's name: a tag of its state (an HMAC: the name tells nothing of the state). */
  const cookieOf = (state: string) =>
    `${BROWSER_COOKIE}.${createHmac('sha256', config.JWT_SECRET ?? '')
      .update(`foodics-connect-cookie:${state}`)
      .digest('base64url')
      .slice(0, 12)}`;
  function browserAdmin(req: FastifyRequest, state: string): number | null {
    const [id, mac] = (req.cookies?.[cookieOf(state)] ?? '').split('.');
    if (!/^\d{1,10}$/.test(id ?? '') || !mac) return null;
    const want = Buffer.from(sign(Number(id), state));
    const got = Buffer.from(mac);
    return want.length === got.length && timingSafeEqual(want, got) ? Number(id) : null;
  }

  app.post(
    '/api/restaurants/foodics/connect',
    {
      onRequest: app.requireAdmin,
      // A manager connects or reconnects their own restaurants; adding a restaurant is an admin's (issue 26).
      config: { changes: [], ...allow(restaurantsResource, 'connect', 'create') },
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary:
          'Start "Connect Foodics": the authorize page to send the browser to (single-use state, 10 minutes); restaurantId reconnects that restaurant, none adds one',
        body: z.object({ restaurantId: idParam.shape.id.optional() }).strict().optional(),
        response: {
          200: z.object({ url: z.string(), expires_in: z.number() }),
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (req, reply) => {
      if (!config.FOODICS_CLIENT_ID || !config.FOODICS_CLIENT_SECRET) throw new HttpError(503, NOT_CONFIGURED);
      const restaurantId = req.body?.restaurantId ?? null;
      const scope = scopeOfRequest(req);
      // Connecting a new restaurant is creating one (restaurants' `create`); reconnecting one is `connect`.
      if (!roleMay(restaurantsResource, scope.role, restaurantId === null ? 'create' : 'connect'))
        throw forbidden(NOT_ALLOWED);
      if (restaurantId !== null && !(await findLiveRestaurant(deps.database, restaurantId, scope))) {
        throw notFound('Restaurant not found');
      }
      const adminId = req.admin!.id;
      const ttl = config.FOODICS_CONNECT_STATE_SECONDS;
      const state = await newConnectState(db, adminId, restaurantId, ttl * 1000);
      reply.setCookie(cookieOf(state), `${adminId}.${sign(adminId, state)}`, {
        path: CONNECTED_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: origin(req).startsWith('https:'),
        // Outlives the state by an hour: a late return must read "expired", not "another browser".
        maxAge: ttl + 3600,
      });
      return { url: authorizeUrl(config, state, redirectUri(req)), expires_in: ttl };
    },
  );

  app.get(
    CONNECTED_PATH,
    {
      config: { changes: ['restaurants', 'activity'] },
      schema: {
        tags: ['restaurants'],
        summary:
          "Foodics' redirect after its authorize page: connects the restaurant, then sends the browser to its page (?foodics=connected or what failed)",
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
        response: { 302: z.null() },
      },
    },
    async (req, reply) => {
      const page = (restaurantId: number | null, outcome: ConnectFailure | 'connected') =>
        reply.redirect(
          `${restaurantId === null ? '/restaurants' : `/restaurants/edit/${restaurantId}`}?foodics=${outcome}`,
          302,
        );
      const { code, state, error } = req.query;
      if (!state) return page(null, error ? 'declined' : 'state_unknown');
      const admin = browserAdmin(req, state);
      // Without this round trip's cookie a known state is another browser's (left for it); an unknown one says so.
      const taken = await takeConnectState(db, state, admin ?? 0);
      const check =
        admin === null && !taken.ok && taken.failure === 'state_other_admin'
          ? ({ ok: false, failure: 'state_other_browser', restaurantId: null } as const)
          : taken;
      if (!check.ok) return page(await liveRestaurantId(db, check.restaurantId), check.failure);
      const back = await liveRestaurantId(db, check.restaurantId);
      if (error || !code) return page(back, 'declined');
      let connected;
      try {
        connected = await exchangeCode(config, code, redirectUri(req));
      } catch (err) {
        if (err instanceof ConnectError) return page(back, err.failure);
        throw err;
      }
      const decision = await storeConnection(
        db,
        sealerOf(config),
        {
          adminId: check.adminId,
          restaurantId: check.restaurantId,
          token: connected.token,
          business: connected.business,
          ip: req.ip,
        },
        config.FOODICS_CONNECT_STATE_SECONDS * 1000,
      );
      reply.clearCookie(BROWSER_COOKIE, { path: CONNECTED_PATH });
      if (decision.kind === 'gone') return page(null, 'state_unknown');
      if (decision.kind === 'refused') return page(back, decision.failure);
      if (decision.kind === 'ask') {
        const at = back === null ? '/restaurants' : `/restaurants/edit/${back}`;
        return reply.redirect(`${at}?foodics=ask&pending=${decision.pendingId}`, 302);
      }
      await syncRestaurant(deps, decision.restaurantId);
      return landing(reply, decision.restaurantId);
    },
  );

  const pendingParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'must be a pending approval id') });
  const pendingAnswer = foodicsPendingSchema;
  const GONE = 'This Foodics approval is unknown, was already answered or expired: nothing was changed';

  app.get(
    '/api/restaurants/foodics/pending/:id',
    {
      onRequest: app.requireAdmin,
      config: allow(restaurantsResource, 'connect'),
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary:
          "A Foodics approval waiting for its admin: the business is another restaurant's (reconnect that one?) or a reconnect would change the restaurant's business",
        params: pendingParams,
        response: { 200: pendingAnswer, 404: errorSchema },
      },
    },
    async (req) => {
      const p = await pendingConnect(db, req.params.id, req.admin!.id);
      if (!p) throw notFound(GONE);
      return {
        kind: p.kind,
        business: { name: p.businessName, reference: p.businessRef },
        restaurant: {
          id: p.restaurantId,
          name: p.restaurant.name,
          business: { name: p.restaurant.businessName, reference: p.restaurant.businessRef },
        },
        started_for: p.startedFor,
        expires_in: Math.max(0, Math.round((p.expiresAt.getTime() - Date.now()) / 1000)),
      };
    },
  );

  app.post(
    '/api/restaurants/foodics/pending/:id',
    {
      onRequest: app.requireAdmin,
      config: { changes: ['restaurants', 'activity'], ...allow(restaurantsResource, 'connect') },
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary:
          'Yes to a waiting Foodics approval: the restaurant it names is connected (role and business checked again), its branches and tills synced',
        params: pendingParams,
        response: {
          200: z.object({ restaurant_id: z.number(), message: z.string() }),
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req) => {
      const done = await confirmPendingConnect(db, sealerOf(config), req.params.id, req.admin!.id, req.ip);
      if (done.kind === 'gone') throw notFound(GONE);
      if (done.kind === 'refused')
        throw done.failure === 'not_allowed' ? forbidden(NOT_ALLOWED) : new HttpError(409, BUSINESS_ELSEWHERE);
      await syncRestaurant(deps, done.restaurantId);
      return { restaurant_id: done.restaurantId, message: 'Foodics connected' };
    },
  );

  app.delete(
    '/api/restaurants/foodics/pending/:id',
    {
      onRequest: app.requireAdmin,
      config: { changes: [], ...allow(restaurantsResource, 'connect') },
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary: 'No to a waiting Foodics approval: it is dropped and nothing changes',
        params: pendingParams,
        response: { 200: z.object({ message: z.string() }), 404: errorSchema },
      },
    },
    async (req) => {
      if (!(await dropPendingConnect(db, req.params.id, req.admin!.id))) throw notFound(GONE);
      return { message: 'Nothing was changed' };
    },
  );

  app.get(
    '/api/restaurants/:id/connection',
    {
      onRequest: app.requireAdmin,
      config: allow(restaurantsResource, 'connect'),
      schema: {
        tags: ['restaurants'],
        ...secured,
        summary:
          "The POS connection's health: business, connected since and by whom, last sync, last order read, webhooks (24 h), call budget used (1 h), last error; status ok / refused / quiet / unknown",
        params: idParam,
        response: { 200: connectionSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const r = await findLiveRestaurant(deps.database, req.params.id, scopeOfRequest(req));
      if (!r) throw notFound('Restaurant not found');
      const facts = await connectionFacts(db, r);
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      const perHour = config.FOODICS_CALLS_PER_MINUTE * 60;
      return {
        restaurant_id: r.id,
        system_type: r.systemType,
        status: statusOf({ ...r, tillsActive: facts.tillsActive }),
        business: { name: r.posBusinessName ?? r.nameApi, reference: r.posBusinessRef },
        connected_at: iso(r.connectedAt),
        connected_by: facts.connectedBy,
        last_sync_ok_at: iso(r.syncOkAt),
        sync_error: r.syncError,
        last_order: r.lastOrderAt
          ? { reference: r.lastOrderRef, at: iso(r.lastOrderAt)!, via: r.lastOrderVia as 'polling' | 'webhook' }
          : null,
        webhooks_24h: facts.webhooksLast24h,
        last_webhook_at: iso(r.webhookAt),
        calls_last_hour: facts.callsLastHour,
        budget_per_hour: perHour,
        budget_used_last_hour: Math.min(1, Math.round((facts.callsLastHour / perHour) * 10_000) / 10_000),
        last_error: r.posErrorAt ? { message: r.posError ?? '', at: iso(r.posErrorAt)! } : null,
        refused_at: iso(r.posRefusedAt),
        tills: facts.tills,
        tills_active: facts.tillsActive,
      };
    },
  );
}
