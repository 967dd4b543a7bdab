// The API's route table: server/app.ts registers these groups in this order. Each group's operations get their
// OpenAPI description completed here, once, so no route writes it by hand and none is left without it:
// - operationId from the method and path (GET /restaurant/branches/{restId} -> getRestaurantBranchesByRestId),
//   for generated clients;
// - security: the bearer token of an admin when the route is guarded by app.requireAdmin, else the group's
//   (the customer's session cookie, a till's push key), else `[]` (public); a route may state its own;
// - the statuses every route can answer: 400 when it validates input, 401 behind the admin guard, 403 for any call
//   taking an admin's token (a role the route leaves out, two-step sign-in to set up first), 414 (a path
//   parameter too long) and 431 (headers too large) from the server itself (server/app.ts, lib/clientError.ts).
// Every operation must have a summary (the table refuses to start without one: tests/server/api/openApi.test.ts).
// Adding an admin resource: its plugin here, one line; its paths start with ADMIN_API_PREFIX.
import type { FastifyContextConfig, FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { CUSTOMER_COOKIE, errorSchema } from '../../src/contract';
import activityRoutes from './activity';
import adminsRoutes from './admins';
import authRoutes from './auth';
import customerRoutes from './customer';
import dashboardRoutes from './dashboard';
import exportRoutes from './exports';
import foodicsConnectRoutes from './foodicsConnect';
import foodicsWebhookRoutes from './foodicsWebhook';
import funnelRoutes from './funnel';
import guestsRoutes from './guests';
import foodicsLoyaltyRoutes from './foodicsLoyalty';
import healthRoutes from './health';
import invoiceRoutes from './invoice';
import loyaltyRoutes from './loyalty';
import loyaltyLedgerRoutes from './loyaltyLedger';
import loyaltyMembersRoutes from './loyaltyMembers';
import metricsRoutes from './metrics';
import ordersRoutes from './orders';
import posPushRoutes from './posPush';
import publicConfigRoutes from './publicConfig';
import restaurantsRoutes from './restaurants';
import restaurantSetupRoutes from './restaurantSetup';
import rewardsRoutes from './rewards';
import savedOrdersRoutes from './savedOrders';
import sharedReceiptRoutes from './sharedReceipt';
import statisticsRoutes from './statistics';
import tillsRoutes from './tills';
import totpRoutes from './totp';
import userLocksRoutes from './userLocks';
import usersRoutes from './users';

/** New admin APIs live under this prefix: never a screen's path (a reload of /tills is the screen, /api/tills the
 * data), and the dev server already forwards it (vite.config.ts). The spec's own paths stay as they are. */
export const ADMIN_API_PREFIX = '/api';

type Security = Record<string, string[]>[];

export interface RouteGroup {
  plugin: FastifyPluginAsync;
  /** The security of the group's routes that are not behind the admin guard and state none (default: public). */
  security?: Security;
}

export const ROUTES: RouteGroup[] = [
  { plugin: healthRoutes },
  { plugin: metricsRoutes },
  { plugin: authRoutes },
  { plugin: totpRoutes },
  { plugin: statisticsRoutes },
  { plugin: dashboardRoutes },
  { plugin: ordersRoutes },
  { plugin: usersRoutes },
  { plugin: userLocksRoutes },
  { plugin: adminsRoutes },
  { plugin: restaurantsRoutes },
  { plugin: foodicsConnectRoutes },
  { plugin: restaurantSetupRoutes },
  { plugin: invoiceRoutes },
  { plugin: posPushRoutes, security: [{ pushKey: [] }] },
  { plugin: foodicsWebhookRoutes },
  { plugin: publicConfigRoutes },
  { plugin: customerRoutes, security: [{ customerSession: [] }] },
  { plugin: sharedReceiptRoutes },
  { plugin: savedOrdersRoutes },
  { plugin: funnelRoutes },
  { plugin: exportRoutes },
  { plugin: activityRoutes },
  { plugin: tillsRoutes },
  { plugin: guestsRoutes },
  { plugin: loyaltyRoutes },
  { plugin: rewardsRoutes },
  { plugin: loyaltyMembersRoutes },
  { plugin: loyaltyLedgerRoutes },
  { plugin: foodicsLoyaltyRoutes, security: [{ foodicsLoyalty: [] }] },
];

/** The security schemes the table names (server/app.ts puts them in the OpenAPI document). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "An admin's token (POST /admin/login)" },
  pushKey: { type: 'http', scheme: 'bearer', description: "A restaurant's Specter POS push key" },
  customerSession: { type: 'apiKey', in: 'cookie', name: CUSTOMER_COOKIE, description: 'My receipts session' },
  foodicsLoyalty: {
    type: 'http',
    scheme: 'bearer',
    description: "FOODICS_LOYALTY_TOKEN: Foodics' POS calling the loyalty adapter (docs/POS.md)",
  },
} as const;

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** GET /restaurant/branches/:restId -> getRestaurantBranchesByRestId; /order/export.csv -> ...OrderExportCsv. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((part) =>
      part.startsWith(':') || part.startsWith('{')
        ? ['by', ...part.replace(/^[:{]|}$/g, '').split(/[^A-Za-z0-9]+/)]
        : part.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return method.toLowerCase() + words.map(upperFirst).join('');
}

function completeOperation(app: FastifyInstance, group: RouteGroup, route: RouteOptions) {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return;
  const method = ([] as string[]).concat(route.method)[0];
  if (method === 'HEAD') return;
  const key = `${method} ${route.url}`;
  if (!schema.summary) throw new Error(`${key}: every operation needs a summary (server/routes/index.ts)`);
  const hooks = ([] as unknown[]).concat(route.onRequest ?? [], route.preHandler ?? []);
  const admin = hooks.includes(app.requireAdmin);
  schema.operationId ??= operationIdOf(method, route.url);
  schema.security ??= admin ? [{ bearer: [] }] : (group.security ?? []);
  const response = (schema.response ??= {}) as Record<string, unknown>;
  const validates = schema.querystring || schema.params || schema.body;
  // 403 for any call taking an admin's token: a role the route's roles leave out, or an account that must set up
  // two-step sign-in first.
  const bearer = (schema.security as Security).some((scheme) => 'bearer' in scheme);
  for (const status of [...(validates ? [400] : []), ...(admin ? [401] : []), ...(bearer ? [403] : []), 414, 431])
    response[status] ??= errorSchema;
}

type OpenApiOperation = { responses?: Record<string, unknown> };
type OpenApiDocument = {
  info?: object;
  paths?: Record<string, Record<string, OpenApiOperation>>;
};

/**
 * The document as Redocly's recommended lint wants it (issue 49, tests/server/api/openApiLint.test.ts): a licence,
 * and the 2xx answers the zod schemas cannot describe - a CSV export streams `text/csv`, a shared receipt is an
 * HTML page. `GET /pos/foodics/connected` only ever redirects (302) and keeps Redocly's one warning for it; the
 * spec's own paths (`/restaurant/{id}/sync` beside `/restaurant/devices/{branchId}`) keep theirs: docs/API.md,
 * "The OpenAPI document".
 */
export function completeDocument<T extends OpenApiDocument>(doc: T): T {
  doc.info = { ...doc.info, license: { name: 'Proprietary: all rights reserved', url: 'https://specter.sa/terms' } };
  for (const [path, byMethod] of Object.entries(doc.paths ?? {}))
    for (const op of Object.values(byMethod)) {
      const responses = (op.responses ??= {});
      if (Object.keys(responses).some((s) => s.startsWith('2'))) continue;
      if (path.endsWith('.csv'))
        responses['200'] = {
          description: 'The CSV file (UTF-8 with a byte-order mark), streamed as an attachment',
          content: { 'text/csv': { schema: { type: 'string' } } },
        };
      else if (path === '/r/{token}')
        responses['200'] = {
          description: 'The shared receipt, an HTML page',
          content: { 'text/html': { schema: { type: 'string' } } },
        };
    }
  return doc;
}

/** What the app knows of each of its routes once registered (`app.routeFacts`): the tests hold them to the
 * declarations (tests/server/security/declaredRoles.test.ts) and walk the writes. */
export interface RouteFact {
  method: string;
  url: string;
  /** Behind app.requireAdmin. */
  admin: boolean;
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeFacts: RouteFact[];
  }
}

/** Registers every group of the table (or of `groups`: a test adds its own), each operation described as above. */
export async function registerRoutes(app: FastifyInstance, groups: readonly RouteGroup[] = ROUTES) {
  const facts: RouteFact[] = [];
  app.decorate('routeFacts', facts);
  for (const group of groups) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        completeOperation(app, group, route);
        const hooks = ([] as unknown[]).concat(route.onRequest ?? [], route.preHandler ?? []);
        for (const method of ([] as string[]).concat(route.method))
          if (method !== 'HEAD')
            facts.push({ method, url: route.url, admin: hooks.includes(app.requireAdmin), config: route.config ?? {} });
      });
      await scope.register(group.plugin);
    });
  }
}
