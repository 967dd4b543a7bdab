// The order of one till a customer sees and saves (which ones qualify: claim.ts). In front of the POS:
// the recent orders every instance knows (readThrough.ts: FOODICS_CACHE_MS, longer while webhooks arrive,
// stale ones when the token's call budget is spent), at most a second of memory per instance on top, and
// in-flight coalescing, so a crowd scanning one till costs at most one POS call per cache period. The restaurant and device are checked in our database on every call, so a deleted
// restaurant or a removed device stops answering at once. Whether an order is saved is read from our
// database on every call, never cached.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../deps';
import { devices, orders, restaurants } from '../db/schema';
import { conflict, HttpError, notFound } from '../lib/errors';
import { CLAIM_MESSAGES, unavailableReason } from '../core/claim';
import { PosError, type PosAdapter, type PosOrder, type PosRestaurant } from '../core/posPort';
import { withReceiptVat } from '../vat/receiptVat';
import { ownToken } from '../lib/metrics';
import { readThrough } from './readThrough';
import type { ReceiptStore } from './receiptStore';

export interface LastOrderResult {
  restaurantId: number;
  deviceId: string;
  order: PosOrder;
  /** Saved to an account already. */
  saved: boolean;
}

export interface LastOrderService {
  /** What the page shows: the till's newest closed order within the claim window, with whether it is saved
   * (a saved one is shown as saved, never replaced by an older order); 404 when the till has none. */
  get(restaurantId: number, deviceId: string): Promise<LastOrderResult>;
  /** The order a code is sent for and saved: the one named (fetched by its id at the POS) or, without a name,
   * the till's newest order of get() - 409 "This invoice has already been saved" when that one is saved, never
   * an older one; 409 with the reason when a named order cannot be saved. */
  claimable(restaurantId: number, deviceId: string, posOrderId?: string): Promise<LastOrderResult>;
  /** Drops what this instance remembers of the tills (their POS orders, their restaurant's checks): a restaurant
   * or a till's orders changed (server/lib/answerCaches.ts). */
  forget(): void;
}

/** How long an instance trusts "this restaurant is live and this device is one of its devices". Edits and
 * deletes on the same instance drop it at once; another instance sees them within this time. */
const CHECK_TTL_MS = 1000;
/** How long an instance answers from memory before looking at the shared store again: a webhook received by
 * another instance shows here within this time. */
const LOCAL_TTL_MS = 1000;

export function createLastOrderService(deps: Deps, store: ReceiptStore): LastOrderService {
  const cacheMs = Math.min(deps.config.FOODICS_CACHE_MS, LOCAL_TTL_MS);
  const cache = new Map<string, { until: number; order: unknown }>();
  const inFlight = new Map<string, Promise<unknown>>();
  type Checked = { r: typeof restaurants.$inferSelect; deviceRef: number | null } | null;
  const checks = new Map<string, { until: number; row: Checked }>();

  function fetchOrder<T>(key: string, run: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.order as T);
    const pending = inFlight.get(key) as Promise<T> | undefined;
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
    forget() {
      checks.clear();
      cache.clear();
    },
    async get(restaurantId, deviceId) {
      const r = await liveRestaurant(restaurantId, deviceId);
      const recent = await askPos(r, `${r.id}:${r.updatedAt.getTime()}:${deviceId}`, (adapter, pr) =>
        adapter.local
          ? adapter.recentOrders(pr, deviceId)
          : readThrough(deps.config, store, r, deviceId, () => adapter.recentOrders(pr, deviceId)),
      );
      const window = deps.config.CLAIM_WINDOW_MINUTES;
      // The newest that qualifies, saved or not: never an older order in its place (claim.ts).
      const order = recent.find((o) => unavailableReason(o, deviceId, window) === null);
      if (!order) throw notFound(CLAIM_MESSAGES.noRecentOrder);
      const saved = (await savedIds(r.id, [order.posOrderId])).size > 0;
      return { restaurantId: r.id, deviceId, order: await withReceiptVat(order, r), saved };
    },
    async claimable(restaurantId, deviceId, posOrderId) {
      if (posOrderId === undefined) {
        const newest = await this.get(restaurantId, deviceId);
        if (newest.saved) throw conflict(CLAIM_MESSAGES.alreadySaved);
        return newest;
      }
      const r = await liveRestaurant(restaurantId, deviceId);
      const order = await askPos(r, `${r.id}:${r.updatedAt.getTime()}:order:${posOrderId}`, (adapter, pr) =>
        adapter.order(pr, posOrderId),
      );
      if (!order) throw conflict(CLAIM_MESSAGES.noLongerAvailable);
      const reason = unavailableReason(order, deviceId, deps.config.CLAIM_WINDOW_MINUTES);
      if (reason) throw conflict(reason);
      if ((await savedIds(r.id, [order.posOrderId])).size) throw conflict(CLAIM_MESSAGES.alreadySaved);
      return { restaurantId: r.id, deviceId, order, saved: false };
    },
  };

  /** The restaurant, when it is live and the device is one of its live devices; 404 otherwise. */
  async function liveRestaurant(restaurantId: number, deviceId: string) {
    const checkKey = `${restaurantId}:${deviceId}`;
    let hit = checks.get(checkKey);
    if (!hit || hit.until <= Date.now()) {
      const [found] = await deps.database.db
        .select({ r: restaurants, deviceRef: devices.id })
        .from(restaurants)
        .leftJoin(
          devices,
          and(eq(devices.restaurantId, restaurants.id), eq(devices.deviceId, deviceId), isNull(devices.removedAt)),
        )
        .where(and(eq(restaurants.id, restaurantId), eq(restaurants.isDeleted, false)))
        .limit(1);
      if (checks.size > 10_000) checks.clear();
      hit = { until: Date.now() + CHECK_TTL_MS, row: found ?? null };
      checks.set(checkKey, hit);
    }
    const row = hit.row;
    if (!row) throw notFound('Restaurant not found');
    if (!row.deviceRef) throw notFound('This device does not belong to the restaurant');
    return row.r;
  }

  /** One call to the restaurant's POS through the cache and the coalescing (the call budget and the pause
   * after a 429 are in the POS client); POS failures become the API's answers. */
  async function askPos<T>(
    r: typeof restaurants.$inferSelect,
    key: string,
    call: (adapter: PosAdapter, restaurant: PosRestaurant) => Promise<T>,
  ): Promise<T> {
    const adapter = deps.pos[r.systemType];
    if (!adapter) throw new HttpError(502, `No point-of-sale connection for system type ${r.systemType}`);
    ownToken(r.id, r.token, r.branchsToken);
    try {
      return await fetchOrder(key, () =>
        call(adapter, {
          id: r.id,
          name: r.name,
          logo: r.logo,
          token: r.token,
          branchsToken: r.branchsToken,
          systemType: r.systemType,
        }),
      );
    } catch (err) {
      if (err instanceof PosError) {
        const headers: Record<string, string> = err.retryAfterSeconds
          ? { 'Retry-After': String(err.retryAfterSeconds) }
          : {};
        throw new HttpError(err.statusCode === 404 ? 502 : err.statusCode, err.message, headers);
      }
      throw err;
    }
  }

  /** Which of these POS order ids of a restaurant are saved to an account already. */
  async function savedIds(restaurantId: number, posOrderIds: string[]): Promise<Set<string>> {
    if (!posOrderIds.length) return new Set();
    const rows = await deps.database.db
      .select({ id: orders.posOrderId })
      .from(orders)
      .where(and(eq(orders.restaurantId, restaurantId), inArray(orders.posOrderId, posOrderIds)));
    return new Set(rows.map((row) => row.id));
  }
}
