// The API's route table: server/app.ts registers these groups in this order. Each group's operations get their
// OpenAPI description completed here, once, so no route writes it by hand and none is left without it:
// - operationId from the method and path (GET /restaurant/branches/{restId} -> getRestaurantBranchesByRestId),
//   for generated clients;
// - security: the bearer token of an admin when the route is guarded by app.requireAdmin, else the group's
//   (the customer's session cookie, a till's push key), else `[]` (public); a route may state its own;
// - the statuses every route can answer: 400 when it validates input, 401 behind the admin guard, 414 (a path
//   parameter too long) and 431 (headers too large) from the server itself (server/app.ts, lib/clientError.ts).
// Every operation must have a summary (the table refuses to start without one: tests/server/api/openApi.test.ts).
// Adding an admin resource: its plugin here, one line; its paths start with ADMIN_API_PREFIX.
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { CUSTOMER_COOKIE, errorSchema } from '../../src/contract';
import activityRoutes from './activity';
import adminsRoutes from './admins';
import authRoutes from './auth';
import customerRoutes from './customer';
import exportRoutes from './exports';
import foodicsConnectRoutes from './foodicsConnect';
import foodicsWebhookRoutes from './foodicsWebhook';
import funnelRoutes from './funnel';
import guestsRoutes from './guests';
import healthRoutes from './health';
import invoiceRoutes from './invoice';
import metricsRoutes from './metrics';
import ordersRoutes from './orders';
import posPushRoutes from './posPush';
import publicConfigRoutes from './publicConfig';
import restaurantsRoutes from './restaurants';
import restaurantSetupRoutes from './restaurantSetup';
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
];

/** The security schemes the table names (server/app.ts puts them in the OpenAPI document). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "An admin's token (POST /admin/login)" },
  pushKey: { type: 'http', scheme: 'bearer', description: "A restaurant's Specter POS push key" },
  customerSession: { type: 'apiKey', in: 'cookie', name: CUSTOMER_COOKIE, description: 'My receipts session' },
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
  for (const status of [...(validates ? [400] : []), ...(admin ? [401] : []), 414, 431])
    response[status] ??= errorSchema;
}

/** Registers every group of the table, each operation described as above. */
export async function registerRoutes(app: FastifyInstance) {
  for (const group of ROUTES) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => completeOperation(app, group, route));
      await scope.register(group.plugin);
    });
  }
}
