// Between a customer's scan and the POS (docs/ARCHITECTURE.md): the recent orders every instance knows for
// the till are served while they are recent enough - FOODICS_CACHE_MS, or FOODICS_WEBHOOK_POLL_MS while the
// restaurant's webhooks are arriving (they keep the store current) - and the POS is asked only after that.
// When the POS cannot be asked now (the token's call budget is spent, or Foodics said 429), a receipt
// confirmed at most FOODICS_STALE_MS ago is served instead of the 429. A receipt confirmed before the
// restaurant was last edited or synced is not trusted (an edit or a sync on any instance asks the POS again),
// and a served receipt always carries the restaurant's current name and logo.
import type { Config } from '../config';
import { PosError, type PosOrder } from '../core/posPort';
import type { ReceiptStore } from './receiptStore';

export interface ReadThroughRestaurant {
  id: number;
  name: string;
  logo: string;
  webhookAt: Date | null;
  updatedAt: Date;
  syncedAt: Date | null;
}

/** How long a known receipt of this restaurant's tills is trusted without asking the POS. */
export function trustedForMs(config: Config, r: ReadThroughRestaurant, now = Date.now()): number {
  const webhooksArriving = r.webhookAt !== null && now - r.webhookAt.getTime() <= config.FOODICS_WEBHOOK_QUIET_MS;
  return webhooksArriving ? Math.max(config.FOODICS_CACHE_MS, config.FOODICS_WEBHOOK_POLL_MS) : config.FOODICS_CACHE_MS;
}

export async function readThrough(
  config: Config,
  store: ReceiptStore,
  r: ReadThroughRestaurant,
  deviceId: string,
  poll: () => Promise<PosOrder[]>,
): Promise<PosOrder[]> {
  const known = await store.get(r.id, deviceId);
  const since = Math.max(r.updatedAt.getTime(), r.syncedAt?.getTime() ?? 0);
  // A webhook's order not read back yet is not shown (lastOrder.ts): while one waits, the POS is asked again after
  // FOODICS_CACHE_MS, webhooks or not, so a read-back the budget put off never leaves the till behind for long.
  const waiting = known?.orders.some((o) => o.unconfirmed) ?? false;
  const trusted = waiting ? config.FOODICS_CACHE_MS : trustedForMs(config, r);
  if (known && known.checkedAt > since && Date.now() - known.checkedAt < trusted) return current(known.orders, r);
  let polled: PosOrder[];
  try {
    polled = await poll();
  } catch (err) {
    const busy = err instanceof PosError && err.statusCode === 429;
    if (busy && known && Date.now() - known.checkedAt <= config.FOODICS_STALE_MS) return current(known.orders, r);
    throw err;
  }
  return current((await store.put(r.id, deviceId, polled, 'poll')).orders, r);
}

const current = (orders: PosOrder[], r: ReadThroughRestaurant): PosOrder[] =>
  orders.map((o) => ({ ...o, invoice: { ...o.invoice, restaurant: { name: r.name, logo: r.logo } } }));
