// The short per-instance memories of answers (ANSWER_CACHE_MS, docs/PERFORMANCE.md), one place for all: what
// each holds, and who drops it. One set per app, decorated as `app.answers` (server/plugins/services.ts).
import type { Config } from '../config';
import { memo, type Memo } from './memo';
import type { RememberedList } from './rememberedList';
import { createPageMarks, type PageMarks } from './pageMarks';

export interface AnswerCaches {
  /** GET /statistics and GET /order/last-orders answers, encoded. Dropped by a saved order, a deleted app user and a
   * restaurant created, edited or deleted on this instance. */
  dashboard: Memo<string>;
  /** The live admin behind an admin id. Dropped when an admin is soft-deleted on this instance. */
  liveAdmins: Memo<{ id: number; name: string; email: string } | null>;
  /** The encoded answer of GET /order/foodics/web/last-order per till ("<restaurant id>:<device id>"). Dropped
   * when an order of the restaurant is saved, and when the restaurant is edited, synced or deleted, on this instance. */
  tills: Memo<string>;
  /** The back-office lists' answers, encoded with their total headers, by address (server/lib/rememberedList.ts).
   * Every write through this instance drops them all (server/plugins/services.ts). */
  lists: Memo<RememberedList>;
  /** Where the lists' deep pages began and ended (server/lib/pageMarks.ts); dropped with the lists. */
  pageMarks: PageMarks;
  /** Drops every list and its pages' marks: any write through this instance (server/plugins/services.ts). */
  forgetLists(): void;
  /** Drops what this instance remembers of one restaurant's tills (and the dashboard, which names restaurants). */
  forgetRestaurant(restaurantId: number): void;
}

export function createAnswerCaches(config: Pick<Config, 'ANSWER_CACHE_MS' | 'FOODICS_CACHE_MS'>): AnswerCaches {
  const dashboard = memo<string>(config.ANSWER_CACHE_MS);
  const tills = memo<string>(Math.min(config.ANSWER_CACHE_MS, config.FOODICS_CACHE_MS));
  const lists = memo<RememberedList>(config.ANSWER_CACHE_MS);
  const pageMarks = createPageMarks();
  return {
    dashboard,
    liveAdmins: memo(config.ANSWER_CACHE_MS),
    tills,
    lists,
    pageMarks,
    forgetLists() {
      lists.forget();
      pageMarks.forget();
    },
    forgetRestaurant(restaurantId) {
      tills.forgetPrefix(`${restaurantId}:`);
      dashboard.forget();
    },
  };
}
