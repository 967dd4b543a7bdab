// The short per-instance memories of answers (ANSWER_CACHE_MS, docs/PERFORMANCE.md), one place for all:
// what each holds, and who drops it.
import type { Deps } from '../deps';
import { memoOf, type Memo } from './memo';

/** GET /statistics and GET /order/last-orders answers. Dropped by a saved order, a deleted app user and a
 * restaurant created, edited or deleted on this instance. */
export const dashboardAnswers = (deps: Deps): Memo<unknown> => memoOf(deps, 'dashboard', deps.config.ANSWER_CACHE_MS);

/** The live admin behind an admin id. Dropped when an admin is soft-deleted on this instance. */
export const liveAdmins = (deps: Deps): Memo<{ id: number; name: string; email: string } | null> =>
  memoOf(deps, 'liveAdmins', deps.config.ANSWER_CACHE_MS);

/** The encoded answer of GET /order/foodics/web/last-order per till ("<restaurant id>:<device id>"). Dropped
 * when an order of the restaurant is saved, and when the restaurant is edited, synced or deleted, on this instance. */
export const tillAnswers = (deps: Deps): Memo<string> =>
  memoOf(deps, 'tillAnswers', Math.min(deps.config.ANSWER_CACHE_MS, deps.config.FOODICS_CACHE_MS));

/** Drops what this instance remembers of one restaurant's tills (and the dashboard, which names restaurants). */
export function forgetRestaurantAnswers(deps: Deps, restaurantId: number) {
  tillAnswers(deps).forgetPrefix(`${restaurantId}:`);
  dashboardAnswers(deps).forget();
}
