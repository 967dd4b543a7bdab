// A returned or void order's points (issue 47, docs/ARCHITECTURE.md "Loyalty: how points are kept right"): a Foodics
// webhook that says an order is returned (5) or void (7) is a hint, as every webhook is (docs/SECURITY.md, "Foodics
// webhooks"): when the order moved points, it is read back from the POS by its id, within the call budget's
// background share, and only what the POS says undoes it (db/repositories/loyalty.ts undoOrder: its earn taken back,
// the rewards redeemed on it given back, each once). A pushing POS (Specter) is our own database: its word is the
// POS's. Nothing here runs before a webhook's answer.
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import { UNDOING_STATUSES } from '../core/loyalty';
import { PosError } from '../core/posPort';
import { loyaltyLedger, restaurants } from '../db/schema';
import { undoOrder, type UndoResult } from '../db/repositories/loyalty';
import { posRestaurant } from '../db/repositories/restaurants';
import { sealerOf } from '../lib/sealing';

export type UndoOutcome =
  | { outcome: 'nothing to undo' | 'not undone' }
  | { outcome: 'undone'; result: UndoResult }
  | { outcome: 'later'; retryAfterMs: number };

/** Whether the order moved points at the restaurant (an earn or a redeem): only then is the POS asked. */
async function movedPoints(deps: Deps, restaurantId: number, posOrderId: string): Promise<boolean> {
  const [row] = await deps.database.db
    .select({ id: loyaltyLedger.id })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.restaurantId, restaurantId),
        eq(loyaltyLedger.posOrderId, posOrderId),
        inArray(loyaltyLedger.kind, ['earn', 'redeem']),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Reads the order back from the restaurant's POS and undoes its points when the POS says it is returned or void.
 * 'later' when the POS could not answer now (the call budget, a fault), with the wait it gave.
 */
export async function undoIfReturned(deps: Deps, restaurantId: number, posOrderId: string): Promise<UndoOutcome> {
  if (!(await movedPoints(deps, restaurantId, posOrderId))) return { outcome: 'nothing to undo' };
  const [r] = await deps.database.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  const adapter = r ? deps.pos[r.systemType] : undefined;
  if (!r || !adapter) return { outcome: 'not undone' };
  let status: number | undefined;
  try {
    status = (await adapter.order(posRestaurant(r, sealerOf(deps.config)), posOrderId, 'readBack'))?.status;
  } catch (err) {
    const wait = err instanceof PosError ? (err.retryAfterSeconds ?? 30) * 1000 : 30_000;
    return { outcome: 'later', retryAfterMs: wait };
  }
  if (status === undefined || !UNDOING_STATUSES.has(status)) return { outcome: 'not undone' };
  return { outcome: 'undone', result: await undoOrder(deps.database.db, restaurantId, posOrderId, status) };
}

/** An order a pushing POS (our own database) reports returned or void: undone at once. */
export async function undoPushedOrder(deps: Deps, restaurantId: number, posOrderId: string, status: number) {
  if (!UNDOING_STATUSES.has(status)) return null;
  return undoOrder(deps.database.db, restaurantId, posOrderId, status);
}
