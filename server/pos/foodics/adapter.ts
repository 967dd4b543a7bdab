// The Foodics adapter of the POS port: branches with their devices, the recent orders of a till, one order by id,
// the business's reference (for webhooks), and what a webhook's order needs (its till, its PosOrder).
import { PosError, type PosAdapter, type PosBranch, type PosOrder, type PosRestaurant } from '../../core/posPort';
import { createFoodicsClient, type FoodicsClientOptions } from './client';
import { deviceOf, toPosOrder as toPosOrderWithoutVat } from './mapping';
import { withFoodicsVat } from './taxes';
import type { FoodicsBranch, FoodicsList, FoodicsOrder, FoodicsSettings } from './types';

// Plain paging stops after 10 pages at Foodics (docs/POS.md): a business with more than 500 branches is walked
// by reference instead (sort=reference, filter[reference_after]=<the last one read>), which has no such stop.
const MAX_PAGES = 10;
/** A walk by reference reads at most this many pages (50,000 branches): a POS answering in circles ends. */
const MAX_REFERENCE_PAGES = 1000;
const SETTINGS_TTL_MS = 60 * 60 * 1000;
const ORDER_INCLUDE = 'products.product,payments.payment_method,branch,device,charges';

/** The order as the port wants it, with its VAT (taxes.ts). */
const toPosOrder: typeof toPosOrderWithoutVat = (order, settings, shownAs) =>
  withFoodicsVat(toPosOrderWithoutVat(order, settings, shownAs), order, settings);
/** Foodics' "closed": the only orders a customer is shown (server/core/claim.ts checks it again). */
const CLOSED = '4';

export interface FoodicsAdapter extends PosAdapter {
  /** The till of a webhook's order: from the payload, else from one GET /orders/{id}, whose full order is
   * then used instead of the payload. deviceId null: Foodics does not say. */
  completeWebhookOrder(token: string, order: FoodicsOrder): Promise<{ deviceId: string | null; order: FoodicsOrder }>;
  /** A Foodics order as this restaurant's PosOrder (currency and time zone from the token's settings). */
  webhookPosOrder(restaurant: PosRestaurant, order: FoodicsOrder): Promise<PosOrder>;
}

export function createFoodicsAdapter(opts: FoodicsClientOptions): FoodicsAdapter {
  const client = createFoodicsClient(opts);
  // Currency and time zone change rarely: one /settings call per token per hour.
  const settingsCache = new Map<string, { at: number; value: Promise<FoodicsSettings> }>();

  function settingsFor(token: string): Promise<FoodicsSettings> {
    const hit = settingsCache.get(token);
    if (hit && Date.now() - hit.at < SETTINGS_TTL_MS) return hit.value;
    const value = client
      .get<{ data?: FoodicsSettings } & FoodicsSettings>('/settings', token)
      .then((body) => body.data ?? body);
    value.catch(() => settingsCache.delete(token));
    settingsCache.set(token, { at: Date.now(), value });
    return value;
  }

  type WhoAmI = { data?: { business?: { reference?: string | number | null; name?: unknown } } };
  // One GET /whoami serves a sync's reference and name (asked back to back): kept a few seconds per token.
  const whoamiCache = new Map<string, { at: number; value: Promise<WhoAmI> }>();
  function whoami(token: string): Promise<WhoAmI> {
    const hit = whoamiCache.get(token);
    if (hit && Date.now() - hit.at < 5000) return hit.value;
    if (whoamiCache.size > 1000) whoamiCache.clear();
    const value = client.get<WhoAmI>('/whoami', token, {}, 'background');
    value.catch(() => whoamiCache.delete(token));
    whoamiCache.set(token, { at: Date.now(), value });
    return value;
  }

  return {
    async webhookPosOrder(restaurant, order) {
      return toPosOrder(order, await settingsFor(restaurant.token), { name: restaurant.name, logo: restaurant.logo });
    },

    async completeWebhookOrder(token, order) {
      const known = deviceOf(order);
      if (known) return { deviceId: known, order };
      const body = await client.get<{ data?: FoodicsOrder }>(`/orders/${encodeURIComponent(order.id)}`, token, {
        include: ORDER_INCLUDE,
      });
      const full = body.data ?? order;
      return { deviceId: deviceOf(full), order: full };
    },

    async businessReference(restaurant) {
      const body = await whoami(restaurant.token);
      const ref = body.data?.business?.reference;
      return ref === undefined || ref === null || ref === '' ? null : String(ref);
    },

    // The seller's legal name on a ZATCA phase-1 QR (docs/POS.md: GET /whoami's business name).
    async businessName(restaurant) {
      const name = (await whoami(restaurant.token)).data?.business?.name;
      return typeof name === 'string' && name.trim() ? name.trim() : null;
    },

    async listBranches(restaurant: PosRestaurant): Promise<PosBranch[]> {
      const read = (query: Record<string, string | number>) =>
        client.get<FoodicsList<FoodicsBranch>>(
          '/branches',
          restaurant.branchsToken,
          { include: 'devices', ...query },
          'background',
        );
      const out: FoodicsBranch[] = [];
      let capped = false;
      for (let page = 1; page <= MAX_PAGES; page++) {
        const body = await read({ page });
        // More pages than plain paging reaches: walk the whole list by reference instead.
        if ((body.meta?.last_page ?? 0) > MAX_PAGES) {
          capped = true;
          break;
        }
        out.push(...(body.data ?? []));
        if (!body.links?.next || (body.meta?.last_page ?? page) <= page) break;
        if (page === MAX_PAGES) capped = true;
      }
      return (capped ? await walkByReference(read) : out).flatMap(toPosBranch);
    },

    async recentOrders(restaurant, deviceId) {
      // Settings first (cached an hour): an orders call is never spent on a receipt the budget cannot finish.
      const settings = await settingsFor(restaurant.token);
      const body = await client.get<FoodicsList<FoodicsOrder>>('/orders', restaurant.token, {
        'filter[device_id]': deviceId,
        'filter[status]': CLOSED,
        sort: '-created_at',
        include: ORDER_INCLUDE,
      });
      const shownAs = { name: restaurant.name, logo: restaurant.logo };
      return (body.data ?? []).filter((o) => o?.id).map((o) => toPosOrder(o, settings, shownAs));
    },

    async closedOrders(restaurant, purpose) {
      // One page: the business's 50 newest closed orders, every till (include=device names each one's till).
      const settings = await settingsFor(restaurant.token);
      const body = await client.get<FoodicsList<FoodicsOrder>>(
        '/orders',
        restaurant.token,
        { 'filter[status]': CLOSED, sort: '-created_at', include: ORDER_INCLUDE },
        purpose,
      );
      const shownAs = { name: restaurant.name, logo: restaurant.logo };
      return (body.data ?? []).filter((o) => o?.id).map((o) => toPosOrder(o, settings, shownAs));
    },

    async order(restaurant, posOrderId, purpose) {
      try {
        const settings = await settingsFor(restaurant.token);
        const body = await client.get<{ data?: FoodicsOrder }>(
          `/orders/${encodeURIComponent(posOrderId)}`,
          restaurant.token,
          { include: ORDER_INCLUDE },
          purpose ?? 'customer',
        );
        return body.data?.id ? toPosOrder(body.data, settings, { name: restaurant.name, logo: restaurant.logo }) : null;
      } catch (err) {
        // An id the POS does not know is an answer about the order, not a failure of the POS.
        if (err instanceof PosError && err.statusCode === 404) return null;
        throw err;
      }
    },
  };
}

/** Every branch, read in the order of their references, each page after the last reference of the one before. */
async function walkByReference(
  read: (query: Record<string, string | number>) => Promise<FoodicsList<FoodicsBranch>>,
): Promise<FoodicsBranch[]> {
  const out: FoodicsBranch[] = [];
  let after: string | null = null;
  for (let n = 0; n < MAX_REFERENCE_PAGES; n++) {
    const body = await read({ sort: 'reference', ...(after === null ? {} : { 'filter[reference_after]': after }) });
    const data = body.data ?? [];
    const last = data.at(-1)?.reference;
    out.push(...data);
    if (!data.length || !body.links?.next || last === undefined || last === null || String(last) === after) break;
    after = String(last);
  }
  return out;
}

function toPosBranch(b: FoodicsBranch): PosBranch[] {
  if (!b.id || b.deleted_at) return [];
  return [
    {
      branchId: b.id,
      name: b.name ?? b.name_localized ?? b.id,
      devices: (b.devices ?? [])
        .filter((d) => d.id)
        .map((d) => ({ deviceId: d.id!, name: d.name ?? d.reference ?? d.id! })),
    },
  ];
}
