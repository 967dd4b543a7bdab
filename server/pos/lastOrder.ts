// The order of one till a customer sees and saves (which ones qualify: claim.ts). In front of the POS:
// the recent orders every instance knows (readThrough.ts: FOODICS_CACHE_MS, longer while webhooks arrive,
// stale ones when the token's call budget is spent), at most a second of memory per instance on top, and
// in-flight coalescing, so a crowd scanning one till costs at most one POS call per cache period. The restaurant and device are checked in our database on every call, so a deleted
// restaurant or a removed device stops answering at once. Whether an order is saved is read from our
// database on every call, never cached.
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../deps';
import { batchedLimit, enforce, type RateLimiter } from '../db/rateLimit';
import { limitAddress } from '../lib/clientAddress';
import { devices, orders, restaurants } from '../db/schema';
import { conflict, HttpError, notFound } from '../lib/errors';
import { TILL_EMPTY_HEADER } from '../../src/contract/invoicePageRender';
import { CLAIM_MESSAGES, unavailableReason } from '../core/claim';
import { PosError, type PosAdapter, type PosOrder, type PosRestaurant } from '../core/posPort';
import { withReceiptVat } from '../vat/receiptVat';
import { ownToken } from '../lib/metrics';
import { readThrough } from './readThrough';
import { posRestaurant } from '../db/repositories/restaurants';
import { sealerOf } from '../lib/sealing';
import { noteOrderRead } from '../db/repositories/posHealth';
import { withShownLogo } from '../db/repositories/logoCopies';
import type { ReceiptStore } from './receiptStore';

export interface LastOrderResult {
  restaurantId: number;
  deviceId: string;
  order: PosOrder;
  /** Saved to an account already. */
  saved: boolean;
}

/** Who calls for a till: the client address and the till's link key from the link, when it has one. */
export interface TillCaller {
  ip: string;
  key?: string;
}

/** The one 404 of the public calls for an unknown restaurant, a device that is not its own (or removed), or a
 * link key that is wrong or missing when required: nothing tells them apart (docs/SECURITY.md, "Till links"). */
export const TILL_NOT_FOUND = 'Restaurant not found';
const SLOW_DOWN = 'Too many attempts, please try again later';
/** How often an address's receipt views counted by one instance are added to the shared counter. */
const VIEW_COUNT_SYNC_MS = 1000;

export interface LastOrderService {
  /** Before anything else on a public call for a till (no POS call before it): counts the call against the
   * client address's limit ('view': receipts; 'claim': codes and saves, which also count per till), then
   * checks the restaurant, the device and the link key: 404 TILL_NOT_FOUND, 429 over a limit. */
  admit(caller: TillCaller, restaurantId: number, deviceId: string, kind: 'view' | 'claim'): Promise<void>;
  /** admit(caller, restaurantId, deviceId, 'view') for a caller that must decide without waiting (the hot till's
   * front door), when this instance's count of the address is fresh: over the address's limit, the view is counted
   * and refused as admit refuses it (`{ message, retryAfter }`: answer 429 with them) - if the caller can refuse at
   * once (`can.refuse`); within it, 'admitted' (the view counted) when it can answer (`can.answer`) and this instance
   * checked the till a moment ago and found it live with this key. Anything else counts nothing and answers
   * 'unknown': the caller takes admit's way. */
  admitViewAtOnce(
    caller: TillCaller,
    restaurantId: number,
    deviceId: string,
    can: { answer: boolean; refuse: boolean },
  ): 'admitted' | { message: string; retryAfter: number } | 'unknown';
  /** A view of the till that goes past the instance's memory towards the POS: counted per till (429 over it). */
  tillViewed(restaurantId: number, deviceId: string): Promise<void>;
  /** The till's current link key rotated: forget what this instance remembers of its checks. */
  /** What the page shows: the till's newest confirmed closed order within the claim window, with whether it is
   * saved (a saved one is shown as saved, never replaced by an older order; a webhook's order once Foodics confirmed
   * it); 404 when the till has none. */
  get(restaurantId: number, deviceId: string): Promise<LastOrderResult>;
  /** The order a code is sent for and saved: the one named (fetched by its id at the POS) or, without a name,
   * the till's newest order of get() - 409 "This invoice has already been saved" when that one is saved, never
   * an older one; 409 with the reason when a named order cannot be saved. */
  claimable(restaurantId: number, deviceId: string, posOrderId?: string): Promise<LastOrderResult>;
  /** A webhook's order read back from the POS by its id in the background, within the call budget's background
   * share, at most a third of it (docs/SECURITY.md, "Foodics webhooks"): what the POS says replaces it, an id the POS does not know is
   * hidden (void). Only an order a customer could see is read (closed, of this till, recent); a spent budget or a
   * POS failure leaves it unconfirmed ('later', with the wait the budget gave), and it is read back before a code
   * or a save all the same. */
  confirmInBackground(
    restaurantId: number,
    deviceId: string,
    posOrderId: string,
  ): Promise<{ outcome: 'confirmed' | 'hidden' | 'nothing to do' } | { outcome: 'later'; retryAfterMs: number }>;
  /** Webhooks' orders of one restaurant read back together, in the background share as confirmInBackground: one
   * call lists the business's newest closed orders (every till), and each waiting order found there is confirmed
   * (what the POS says replaces it). `notFound`: the ones the list did not hold - older than its page, or unknown to
   * the POS (forged) - for confirmInBackground one by one. A chain closing an order every second needs a few calls a
   * minute, not one per order (docs/SECURITY.md, "Foodics webhooks"). */
  confirmBatch(
    restaurantId: number,
    orders: { deviceId: string; posOrderId: string }[],
  ): Promise<
    | { outcome: 'done'; confirmed: number; notFound: { deviceId: string; posOrderId: string }[] }
    | { outcome: 'later'; retryAfterMs: number }
  >;
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
/** Foodics' "void": what a webhook's order becomes when the POS does not know its id. */
const VOID = 7;

const digest = (s: string) => createHash('sha256').update(s).digest();

export function createLastOrderService(deps: Deps, store: ReceiptStore, limiter: RateLimiter): LastOrderService {
  const { config } = deps;
  const cacheMs = Math.min(config.FOODICS_CACHE_MS, LOCAL_TTL_MS);
  const cache = new Map<string, { until: number; order: unknown }>();
  const inFlight = new Map<string, Promise<unknown>>();
  /** Order ids a till's known recent orders did not hold (or the POS did not know): answered without the POS
   * for POS_UNKNOWN_ORDER_MS (docs/SECURITY.md, "The POS call budget"). */
  const unknownIds = new Map<string, number>();
  type Checked = { r: typeof restaurants.$inferSelect; deviceRef: number | null; linkKey: string | null } | null;
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

  const limit = (key: string, max: number, windowSeconds: number) =>
    enforce(limiter, { key, max, windowSeconds }, SLOW_DOWN);
  // An address's views are the one count of every receipt view (a crowd at one till is answered from memory):
  // counted here and written to the shared counter once a second per address, not once per view
  // (docs/PERFORMANCE.md, "The hot till as it ships").
  const viewsOfAddress = batchedLimit(limiter, VIEW_COUNT_SYNC_MS);

  const addressViewLimit = (addr: string) => ({
    key: `till:view-addr:${addr}`,
    max: config.TILL_VIEWS_PER_ADDRESS_10M,
    windowSeconds: 600,
  });

  /** The restaurant is live, the device is one of its live devices, and the link's key is the till's (or no key
   * is needed). */
  function tillOpens(row: Checked, given: string | undefined): row is NonNullable<Checked> {
    const key = given === undefined || given === '' ? undefined : given;
    const keyOk =
      key === undefined
        ? !config.TILL_KEY_REQUIRED
        : row?.linkKey != null && timingSafeEqual(digest(key), digest(row.linkKey));
    return !!row && !!row.deviceRef && keyOk;
  }

  function rememberUnknown(key: string) {
    if (!config.POS_UNKNOWN_ORDER_MS) return;
    if (unknownIds.size > 10_000) unknownIds.clear();
    unknownIds.set(key, Date.now() + config.POS_UNKNOWN_ORDER_MS);
  }
  const knownUnknown = (key: string) => (unknownIds.get(key) ?? 0) > Date.now();

  /** The newest order polled for a restaurant (the health panel), written at most once a minute per restaurant
   * by this instance unless it changed, never awaited. */
  const noted = new Map<number, { ref: string; at: number }>();
  function noteRead(restaurantId: number, order: PosOrder) {
    const ref = String(order.invoice.order_number);
    const last = noted.get(restaurantId);
    if (last && last.ref === ref && Date.now() - last.at < 60_000) return;
    if (noted.size > 10_000) noted.clear();
    noted.set(restaurantId, { ref, at: Date.now() });
    void noteOrderRead(deps.database.db, restaurantId, ref, 'polling').catch(() => {});
  }

  return {
    forget() {
      checks.clear();
      cache.clear();
      unknownIds.clear();
    },
    async admit(caller, restaurantId, deviceId, kind) {
      const addr = limitAddress(caller.ip);
      // The address counts every call, guesses included, before the till is even looked up.
      if (kind === 'view') await viewsOfAddress(addressViewLimit(addr), SLOW_DOWN);
      else await limit(`till:claim-addr:${addr}`, config.TILL_CLAIMS_PER_ADDRESS_10M, 600);
      const row = await checked(restaurantId, deviceId);
      if (!tillOpens(row, caller.key)) throw notFound(TILL_NOT_FOUND);
      if (kind === 'claim')
        await limit(`till:claim-till:${row.r.id}:${deviceId}`, config.TILL_CLAIMS_PER_TILL_MINUTE, 60);
    },
    admitViewAtOnce(caller, restaurantId, deviceId, can) {
      // As in admit: the address's count first (a refusal whatever the till), then the till - only one this
      // instance checked a moment ago and found open with this key (a wrong key or a removed till takes admit's
      // way, to its 404).
      const tillOpen = () => {
        if (!can.answer) return false;
        const hit = checks.get(`${restaurantId}:${deviceId}`);
        return !!hit && hit.until > Date.now() && tillOpens(hit.row, caller.key);
      };
      const verdict = viewsOfAddress.countAtOnce(addressViewLimit(limitAddress(caller.ip)), tillOpen, can.refuse);
      if (verdict === 'within') return 'admitted';
      if (verdict === 'unknown') return 'unknown';
      return { message: SLOW_DOWN, retryAfter: verdict.retryAfter };
    },
    async tillViewed(restaurantId, deviceId) {
      await limit(`till:view-till:${restaurantId}:${deviceId}`, config.TILL_VIEWS_PER_TILL_MINUTE, 60);
    },
    async get(restaurantId, deviceId) {
      const r = await liveRestaurant(restaurantId, deviceId);
      const recent = await recentOf(r, deviceId);
      const window = deps.config.CLAIM_WINDOW_MINUTES;
      // The newest that qualifies, saved or not: never an older order in its place (claim.ts). An order a webhook
      // brought is not shown until Foodics confirmed it (read back by its id): until then the till keeps showing the
      // last confirmed one, so a forged event never reaches a customer's screen (docs/SECURITY.md, "Foodics webhooks").
      const order = recent.find((o) => !o.unconfirmed && unavailableReason(o, deviceId, window) === null);
      // An empty till is not a failure: the header lets the page draw a calm "no receipt yet" (docs/CUSTOMER.md).
      if (!order) throw new HttpError(404, CLAIM_MESSAGES.noRecentOrder, { [TILL_EMPTY_HEADER]: '1' });
      const saved = (await savedIds(r.id, [order.posOrderId])).size > 0;
      return { restaurantId: r.id, deviceId, order: await withReceiptVat(order, r), saved };
    },
    async confirmInBackground(restaurantId, deviceId, posOrderId) {
      const row = await checked(restaurantId, deviceId);
      const adapter = row?.deviceRef ? deps.pos[row.r.systemType] : undefined;
      if (!row || !adapter || adapter.local) return { outcome: 'nothing to do' };
      const held = (await store.get(row.r.id, deviceId))?.orders.find((o) => o.posOrderId === posOrderId);
      if (!held?.unconfirmed || unavailableReason(held, deviceId, config.CLAIM_WINDOW_MINUTES))
        return { outcome: 'nothing to do' };
      let real: PosOrder | null;
      try {
        real = await adapter.order(posRestaurant(row.r, sealerOf(config)), posOrderId, 'readBack');
      } catch (err) {
        const wait = err instanceof PosError ? (err.retryAfterSeconds ?? 30) * 1000 : 30_000;
        return { outcome: 'later', retryAfterMs: wait };
      }
      await readBack(row.r.id, deviceId, held, real);
      return { outcome: real ? 'confirmed' : 'hidden' };
    },
    async confirmBatch(restaurantId, wanted) {
      const none = { outcome: 'done' as const, confirmed: 0, notFound: [] };
      if (!wanted.length) return none;
      const row = await checked(restaurantId, wanted[0].deviceId);
      const adapter = row ? deps.pos[row.r.systemType] : undefined;
      if (!row || !adapter || adapter.local) return none;
      if (!adapter.closedOrders) return { ...none, notFound: wanted };
      // Only the orders still waiting that a customer could see (closed, of that till, within the claim window).
      const waiting: { deviceId: string; held: PosOrder }[] = [];
      for (const w of wanted) {
        const held = (await store.get(row.r.id, w.deviceId))?.orders.find((o) => o.posOrderId === w.posOrderId);
        if (held?.unconfirmed && !unavailableReason(held, w.deviceId, config.CLAIM_WINDOW_MINUTES))
          waiting.push({ deviceId: w.deviceId, held });
      }
      if (!waiting.length) return none;
      let listed: PosOrder[];
      try {
        listed = await adapter.closedOrders(posRestaurant(row.r, sealerOf(config)), 'readBack');
      } catch (err) {
        const wait = err instanceof PosError ? (err.retryAfterSeconds ?? 30) * 1000 : 30_000;
        return { outcome: 'later', retryAfterMs: wait };
      }
      const byId = new Map(listed.map((o) => [o.posOrderId, o]));
      const notFound: { deviceId: string; posOrderId: string }[] = [];
      let confirmed = 0;
      for (const { deviceId, held } of waiting) {
        const real = byId.get(held.posOrderId);
        if (!real) notFound.push({ deviceId, posOrderId: held.posOrderId });
        else {
          await readBack(row.r.id, deviceId, held, real);
          confirmed++;
        }
      }
      return { outcome: 'done', confirmed, notFound };
    },
    async claimable(restaurantId, deviceId, posOrderId) {
      if (posOrderId === undefined) {
        const newest = await this.get(restaurantId, deviceId);
        if (newest.saved) throw conflict(CLAIM_MESSAGES.alreadySaved);
        // A webhook's order is read back from the POS before a code or a save: a forged one is never saved.
        if (!newest.order.unconfirmed) return newest;
        posOrderId = newest.order.posOrderId;
      }
      const r = await liveRestaurant(restaurantId, deviceId);
      const order = await namedOrder(r, deviceId, posOrderId);
      if (!order) throw conflict(CLAIM_MESSAGES.noLongerAvailable);
      const reason = unavailableReason(order, deviceId, deps.config.CLAIM_WINDOW_MINUTES);
      if (reason) throw conflict(reason);
      if ((await savedIds(r.id, [order.posOrderId])).size) throw conflict(CLAIM_MESSAGES.alreadySaved);
      return { restaurantId: r.id, deviceId, order: await withReceiptVat(order, r), saved: false };
    },
  };

  /** The till's recent orders: from our database for a pushing POS, else through the shared known receipts. */
  function recentOf(r: typeof restaurants.$inferSelect, deviceId: string) {
    return askPos(r, `${r.id}:${r.updatedAt.getTime()}:${deviceId}`, (adapter, pr) =>
      adapter.local
        ? adapter.recentOrders(pr, deviceId)
        : readThrough(config, store, r, deviceId, () =>
            adapter.recentOrders(pr, deviceId).then((orders) => {
              if (orders[0]) noteRead(r.id, orders[0]);
              return orders;
            }),
          ),
    );
  }

  /**
   * An order named by the page or the app. A pushing POS reads it from our database. Otherwise the POS is asked
   * for it by its id only when the till's known recent orders hold it (anything else: "no longer available", and
   * remembered for POS_UNKNOWN_ORDER_MS), and only when it came from a webhook and was not read back yet: a
   * polled order is the POS's own answer. The order read back replaces the webhook's in the known receipts.
   */
  async function namedOrder(
    r: typeof restaurants.$inferSelect,
    deviceId: string,
    posOrderId: string,
  ): Promise<PosOrder | null> {
    const adapter = deps.pos[r.systemType];
    if (adapter?.local)
      return askPos(r, `${r.id}:${r.updatedAt.getTime()}:order:${posOrderId}`, (a, pr) => a.order(pr, posOrderId));
    const unknownKey = `${r.id}:${deviceId}:${posOrderId}`;
    if (knownUnknown(unknownKey)) return null;
    const held = (await recentOf(r, deviceId)).find((o) => o.posOrderId === posOrderId);
    if (!held) {
      rememberUnknown(unknownKey);
      return null;
    }
    if (!held.unconfirmed) return held;
    const real = await askPos(r, `${r.id}:${r.updatedAt.getTime()}:order:${posOrderId}`, (a, pr) =>
      a.order(pr, posOrderId, 'named'),
    );
    await readBack(r.id, deviceId, held, real);
    return real;
  }

  /** What the POS said replaces what the webhook said; an id the POS does not know is hidden (void). */
  async function readBack(restaurantId: number, deviceId: string, held: PosOrder, real: PosOrder | null) {
    await store.put(restaurantId, deviceId, [real ?? { ...held, status: VOID, unconfirmed: false }], 'event');
    cache.clear();
    if (!real) rememberUnknown(`${restaurantId}:${deviceId}:${held.posOrderId}`);
  }

  /** The restaurant with the device's row and link key, remembered for CHECK_TTL_MS; null when no live restaurant. */
  async function checked(restaurantId: number, deviceId: string): Promise<Checked> {
    const checkKey = `${restaurantId}:${deviceId}`;
    let hit = checks.get(checkKey);
    if (!hit || hit.until <= Date.now()) {
      const [found] = await deps.database.db
        .select({ r: restaurants, deviceRef: devices.id, linkKey: devices.linkKey })
        .from(restaurants)
        .leftJoin(
          devices,
          and(eq(devices.restaurantId, restaurants.id), eq(devices.deviceId, deviceId), isNull(devices.removedAt)),
        )
        .where(and(eq(restaurants.id, restaurantId), eq(restaurants.isDeleted, false)))
        .limit(1);
      if (checks.size > 10_000) checks.clear();
      // The receipt names the logo's copy on this site when there is one (logoCopy.ts).
      hit = { until: Date.now() + CHECK_TTL_MS, row: found ? { ...found, r: withShownLogo(found.r) } : null };
      checks.set(checkKey, hit);
    }
    return hit.row;
  }

  /** The restaurant, when it is live and the device is one of its live devices; the one 404 otherwise. */
  async function liveRestaurant(restaurantId: number, deviceId: string) {
    const row = await checked(restaurantId, deviceId);
    if (!row || !row.deviceRef) throw notFound(TILL_NOT_FOUND);
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
    const opened = posRestaurant(r, sealerOf(deps.config));
    ownToken(r.id, opened.token, opened.branchsToken);
    try {
      return await fetchOrder(key, () => call(adapter, opened));
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
