import type { Deps } from '../deps';

/**
 * Reads a restaurant's branches and devices from its POS and stores them (branch_id / device_id = POS ids,
 * ids stable across syncs, vanished ones marked removed). Never throws for a POS failure: the error is
 * stored in restaurants.sync_error and returned. TODO(issue 4): implement.
 */
export async function syncRestaurant(_deps: Deps, _restaurantId: number): Promise<{ ok: boolean; error?: string }> {
  return { ok: true };
}
