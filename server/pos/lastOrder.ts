// The newest order of one till, as the invoice page and the save call need it. In front of the POS:
// a short cache (FOODICS_CACHE_MS) and in-flight coalescing, so a crowd scanning one till costs at most
// one POS call per cache period (Foodics allows ~30 calls a minute per token), and a back-off after the
// POS answered 429. The restaurant and device are checked in our database on every call, so a deleted
// restaurant or a removed device stops answering at once.
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../deps';
import { devices, restaurants } from '../db/schema';
import { HttpError, notFound } from '../lib/errors';
import { PosError, type PosOrder } from './port';

export interface LastOrderResult {
  restaurantId: number;
  deviceId: string;
  order: PosOrder;
}

export interface LastOrderService {
  get(restaurantId: number, deviceId: string): Promise<LastOrderResult>;
  /** Drops what this instance remembers of a restaurant (called when it is edited, synced or deleted). */
  forget(restaurantId: number): void;
}

/** How long an instance trusts "this restaurant is live and this device is one of its devices". Edits and
 * deletes on the same instance drop it at once; another instance sees them within this time. */
const CHECK_TTL_MS = 1000;

export function createLastOrderService(deps: Deps): LastOrderService {
  const cacheMs = deps.config.FOODICS_CACHE_MS;
  const cache = new Map<string, { until: number; order: PosOrder | null }>();
  const inFlight = new Map<string, Promise<PosOrder | null>>();
  const backOffUntil = new Map<string, number>();
  type Checked = { r: typeof restaurants.$inferSelect; deviceRef: number | null } | null;
  const checks = new Map<string, { until: number; row: Checked }>();

  function fetchOrder(key: string, run: () => Promise<PosOrder | null>): Promise<PosOrder | null> {
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.order);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const p = run()
      .then((order) => {
        if (cacheMs > 0) {
          if (cache.size > 10_000) cache.clear();
          cache.set(key, { until: Date.now() + cacheMs, order });
        }
        return order;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    return p;
  }

  return {
    forget(restaurantId) {
      for (const key of checks.keys()) if (key.startsWith(`${restaurantId}:`)) checks.delete(key);
    },
    async get(restaurantId, deviceId) {
      const checkKey = `${restaurantId}:${deviceId}`;
      let hit = checks.get(checkKey);
      if (!hit || hit.until <= Date.now()) {
        const [found] = await deps.database.db
          .select({ r: restaurants, deviceRef: devices.id })
          .from(restaurants)
          .leftJoin(devices, and(eq(devices.restaurantId, restaurants.id), eq(devices.deviceId, deviceId), isNull(devices.removedAt)))
          .where(and(eq(restaurants.id, restaurantId), eq(restaurants.isDeleted, false)))
          .limit(1);
        if (checks.size > 10_000) checks.clear();
        hit = { until: Date.now() + CHECK_TTL_MS, row: found ?? null };
        checks.set(checkKey, hit);
      }
      const row = hit.row;
      if (!row) throw notFound('Restaurant not found');
      if (!row.deviceRef) throw notFound('This device does not belong to the restaurant');
      const r = row.r;
      const adapter = deps.pos[r.systemType];
      if (!adapter) throw new HttpError(502, `No point-of-sale connection for system type ${r.systemType}`);

      const blocked = backOffUntil.get(r.token) ?? 0;
      if (blocked > Date.now()) {
        const wait = Math.ceil((blocked - Date.now()) / 1000);
        throw new HttpError(429, 'The point-of-sale system is busy, please try again shortly', { 'Retry-After': String(wait) });
      }
      let order: PosOrder | null;
      try {
        order = await fetchOrder(`${r.id}:${r.updatedAt.getTime()}:${deviceId}`, () =>
          adapter.lastOrder({ id: r.id, name: r.name, logo: r.logo, token: r.token, branchsToken: r.branchsToken, systemType: r.systemType }, deviceId),
        );
      } catch (err) {
        if (err instanceof PosError) {
          if (err.statusCode === 429) backOffUntil.set(r.token, Date.now() + (err.retryAfterSeconds ?? 30) * 1000);
          const headers: Record<string, string> = err.retryAfterSeconds ? { 'Retry-After': String(err.retryAfterSeconds) } : {};
          throw new HttpError(err.statusCode === 404 ? 502 : err.statusCode, err.message, headers);
        }
        throw err;
      }
      if (!order) throw notFound('There is no order on this device yet');
      return { restaurantId: r.id, deviceId, order };
    },
  };
}

const services = new WeakMap<Deps, LastOrderService>();
/** One service (one cache) per app. */
export function lastOrderService(deps: Deps): LastOrderService {
  let s = services.get(deps);
  if (!s) services.set(deps, (s = createLastOrderService(deps)));
  return s;
}
