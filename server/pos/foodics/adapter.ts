// The Foodics adapter of the POS port: branches with their devices, and the newest order of a till.
import type { PosAdapter, PosBranch, PosRestaurant } from '../port';
import { createFoodicsClient, type FoodicsClientOptions } from './client';
import { toInvoice } from './mapping';
import type { FoodicsBranch, FoodicsList, FoodicsOrder, FoodicsSettings } from './types';

// Plain paging stops after 10 pages at Foodics (FOODICS.md): 500 branches is far beyond any restaurant here.
const MAX_PAGES = 10;
const SETTINGS_TTL_MS = 60 * 60 * 1000;

export function createFoodicsAdapter(opts: FoodicsClientOptions): PosAdapter {
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

  return {
    async listBranches(restaurant: PosRestaurant): Promise<PosBranch[]> {
      const out: PosBranch[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const body = await client.get<FoodicsList<FoodicsBranch>>('/branches', restaurant.branchsToken, { include: 'devices', page });
        for (const b of body.data ?? []) {
          if (!b.id || b.deleted_at) continue;
          out.push({
            branchId: b.id,
            name: b.name ?? b.name_localized ?? b.id,
            devices: (b.devices ?? [])
              .filter((d) => d.id)
              .map((d) => ({ deviceId: d.id!, name: d.name ?? d.reference ?? d.id! })),
          });
        }
        if (!body.links?.next || (body.meta?.last_page ?? page) <= page) break;
      }
      return out;
    },

    async lastOrder(restaurant, deviceId) {
      const [settings, body] = await Promise.all([
        settingsFor(restaurant.token),
        client.get<FoodicsList<FoodicsOrder>>('/orders', restaurant.token, {
          'filter[device_id]': deviceId,
          sort: '-created_at',
          include: 'products.product,payments.payment_method,branch,device',
        }),
      ]);
      const order = body.data?.[0];
      if (!order) return null;
      return {
        posOrderId: String(order.id),
        invoice: toInvoice(order, settings, { name: restaurant.name, logo: restaurant.logo }),
      };
    },
  };
}
