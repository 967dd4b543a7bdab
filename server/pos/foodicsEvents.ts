// What a Foodics webhook event changes (docs/ARCHITECTURE.md, "Foodics webhooks"): order.created and
// order.updated are routed to the restaurants whose stored business reference (GET /whoami at sync) matches
// business.reference, and to the till named by the order (from the payload, else one GET /orders/{id});
// the order then joins that till's known recent orders on every instance (receiptStore.ts), where the same
// rules as for polled orders decide whether a customer sees it (claim.ts: closed, recent, not saved). It is held
// unconfirmed until it is read back from Foodics by its id: in the background as the call budget allows (the
// caller's onUnconfirmed), and always before a code or a save (lastOrder.ts). Each event is applied once. Businesses, tills and event types we do not know are answered and ignored.
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../deps';
import { devices, restaurants } from '../db/schema';
import { ownToken } from '../lib/metrics';
import type { ReceiptStore } from './receiptStore';
import type { FoodicsAdapter } from './foodics/adapter';
import type { FoodicsOrder } from './foodics/types';
import { posRestaurant } from '../db/repositories/restaurants';
import { sealerOf } from '../lib/sealing';
import { noteOrderRead, noteWebhook } from '../db/repositories/posHealth';
import { UNDOING_STATUSES } from '../core/loyalty';

export const foodicsEvent = z
  .object({
    timestamp: z.union([z.number(), z.string()]).optional(),
    event: z.string().max(100),
    business: z
      .object({ name: z.string().nullish(), reference: z.union([z.string().min(1).max(100), z.number()]) })
      .loose(),
    order: z.object({ id: z.string().min(1).max(100) }).loose(),
  })
  .loose();
export type FoodicsEvent = z.infer<typeof foodicsEvent>;

const ORDER_EVENTS = new Set(['order.created', 'order.updated']);

export type WebhookOutcome = 'applied' | 'duplicate' | 'unknown business' | 'unknown till' | 'not an order event';

const isFoodicsAdapter = (a: unknown): a is FoodicsAdapter =>
  !!a && typeof (a as FoodicsAdapter).completeWebhookOrder === 'function';

/** Told of each order an event put on a till, unconfirmed: the caller reads it back later (never before answering). */
export type OnUnconfirmed = (restaurantId: number, deviceId: string, posOrderId: string) => void;
/** Told of an order an event says is returned or void, per restaurant of the business: the caller reads it back and
 * undoes its loyalty points when the POS confirms (pos/loyaltyUndo.ts), never before answering. */
export type OnUndoing = (restaurantId: number, posOrderId: string) => void;

export async function applyFoodicsEvent(
  deps: Deps,
  store: ReceiptStore,
  event: FoodicsEvent,
  onUnconfirmed: OnUnconfirmed = () => {},
  onUndoing: OnUndoing = () => {},
): Promise<WebhookOutcome> {
  if (!ORDER_EVENTS.has(event.event)) return 'not an order event';
  const adapter = deps.pos.Foodics;
  if (!isFoodicsAdapter(adapter)) return 'unknown business';
  const reference = String(event.business.reference);
  const { db } = deps.database;
  // Finding the restaurants and recording that their webhooks arrive is one statement.
  const found = await db
    .update(restaurants)
    .set({ webhookAt: new Date() })
    .where(
      and(
        eq(restaurants.posBusinessRef, reference),
        eq(restaurants.systemType, 'Foodics'),
        eq(restaurants.isDeleted, false),
      ),
    )
    .returning();
  if (!found.length) return 'unknown business';
  await noteWebhook(
    db,
    found.map((r) => r.id),
  ).catch(() => {});
  for (const r of found) {
    const opened = posRestaurant(r, sealerOf(deps.config));
    ownToken(r.id, opened.token, opened.branchsToken);
  }

  const raw = event.order as FoodicsOrder;
  const key = createHash('sha256')
    .update(JSON.stringify([reference, event.event, raw.id, raw.updated_at ?? null, event.timestamp ?? null]))
    .digest('hex');
  if (!(await store.firstTime(key))) return 'duplicate';
  // A returned or void order may have earned or redeemed points at any restaurant of the business (its till may be
  // gone since): each is told, whatever the till (issue 47).
  if (UNDOING_STATUSES.has(Number(raw.status))) for (const r of found) onUndoing(r.id, String(raw.id));
  try {
    const { deviceId, order } = await adapter.completeWebhookOrder(sealerOf(deps.config).open(found[0].token), raw);
    if (!deviceId) return 'unknown till';
    const tills = await db
      .select({ restaurantId: devices.restaurantId })
      .from(devices)
      .where(
        and(
          inArray(
            devices.restaurantId,
            found.map((r) => r.id),
          ),
          eq(devices.deviceId, deviceId),
          isNull(devices.removedAt),
        ),
      );
    const owners = found.filter((r) => tills.some((t) => t.restaurantId === r.id));
    if (!owners.length) return 'unknown till';
    for (const r of owners) {
      const posOrder = await adapter.webhookPosOrder(posRestaurant(r, sealerOf(deps.config)), order);
      // Unconfirmed until read back from Foodics by its id: never saved as the webhook said it (lastOrder.ts).
      await store.put(r.id, deviceId, [{ ...posOrder, unconfirmed: true }], 'event');
      await noteOrderRead(db, r.id, posOrder.invoice.order_number, 'webhook').catch(() => {});
      onUnconfirmed(r.id, deviceId, posOrder.posOrderId);
    }
    return 'applied';
  } catch (err) {
    // Not applied: Foodics' retry of the same event must be able to apply it.
    await store.forget(key);
    throw err;
  }
}
