// The short per-instance memories of answers (ANSWER_CACHE_MS, docs/PERFORMANCE.md), one place for all: what
// each holds, what it depends on, and the one way they are dropped. One set per app, decorated as `app.answers`
// (server/plugins/services.ts).
//
// One forget after every write (docs/ARCHITECTURE.md, "Short memories"): every write endpoint says what it
// changes in its route options (`config: { changes: [...] }`, a `Change` below; a write route without it stops the
// app from starting), and the write hook of server/plugins/services.ts calls `changed()` with it before the answer
// leaves. `changed()` drops every memory that depends on one of those changes (DEPENDS below), so the next read on
// this instance is fresh; another instance sees the change when its own memory expires (ANSWER_CACHE_MS).
import type { Config } from '../config';
import type { Role } from '../../src/contract';
import { memo, type Memo } from './memo';
import type { RememberedList } from './rememberedList';
import { createPageMarks, type PageMarks } from './pageMarks';

/** What a write can change, as the memories see it. */
export const CHANGES = [
  /** Admins: created, removed, signed in (the Admins list's last sign-in). */
  'admins',
  /** App users: created by a save, signed in, deleted (the App Users list, the dashboard's counts). */
  'appUsers',
  /** Saved orders: a save, a deleted customer's receipts (the Orders list, the dashboard, a till's saved flag). */
  'savedOrders',
  /** Restaurants with their branches and devices: created, edited, deleted, synced, a push key, a pushed till, a
   * webhook received (webhook_at). */
  'restaurants',
  /** A till's recent orders as the POS reports them: a Foodics webhook, a Specter push. */
  'receipts',
  /** A phone's lock after wrong codes (the App Users list's lock): a code checked, a lock lifted, data deleted. */
  'phoneLocks',
  /** The audit trail (the Activity list). */
  'activity',
  /** The guestbook: a consent given or withdrawn (a save already says savedOrders). */
  'guests',
  /** A declared resource's rows (server/routes/resourceRoutes.ts: its writes' default), shown by its list. */
  'records',
  /** Loyalty: a program or reward changed, points earned, redeemed, taken back, given back, a membership ended. */
  'loyalty',
] as const;
export type Change = (typeof CHANGES)[number];

/** A signed-in back-office account as the admin guard reads it (server/db/repositories/admins.ts). */
export interface LiveAccount {
  id: number;
  name: string;
  email: string;
  role: Role;
  restaurantIds: number[];
  /** The account signs in with a second factor (docs/SECURITY.md, "Two-step sign-in"). */
  totpOn?: boolean;
}

/** A memory another part of the app keeps that depends on the same changes (the tills' POS orders, pos/lastOrder.ts). */
export interface Forgettable {
  forget(): void;
}

export interface AnswerCaches {
  /** GET /statistics and GET /order/last-orders answers, encoded. */
  dashboard: Memo<string>;
  /** The live account behind an admin id, with its role and restaurants (issue 26: read per request, kept no
   * longer than this memory, dropped by any change of an account on this instance). */
  liveAdmins: Memo<LiveAccount | null>;
  /** The encoded answer of GET /order/foodics/web/last-order per till ("<restaurant id>:<device id>"). */
  tills: Memo<string>;
  /** The back-office lists' answers, encoded with their total headers, by address (server/lib/rememberedList.ts). */
  lists: Memo<RememberedList>;
  /** Where the lists' deep pages began and ended (server/lib/pageMarks.ts); dropped with the lists. */
  pageMarks: PageMarks;
  /** Drops every memory that depends on one of these changes: a write through this instance changed them. */
  changed(changes: readonly Change[]): void;
}

/** Which memory holds what: a change drops every memory whose list names it. */
export const DEPENDS = {
  dashboard: ['appUsers', 'savedOrders', 'restaurants'],
  liveAdmins: ['admins'],
  tills: ['savedOrders', 'restaurants', 'receipts'],
  tillOrders: ['restaurants', 'receipts'],
  lists: ['admins', 'appUsers', 'savedOrders', 'restaurants', 'phoneLocks', 'activity', 'guests', 'records', 'loyalty'],
} as const satisfies Record<string, readonly Change[]>;

export function createAnswerCaches(
  config: Pick<Config, 'ANSWER_CACHE_MS' | 'FOODICS_CACHE_MS'>,
  also: { tillOrders: Forgettable },
): AnswerCaches {
  const dashboard = memo<string>(config.ANSWER_CACHE_MS);
  const liveAdmins = memo<LiveAccount | null>(config.ANSWER_CACHE_MS);
  const tills = memo<string>(Math.min(config.ANSWER_CACHE_MS, config.FOODICS_CACHE_MS));
  const lists = memo<RememberedList>(config.ANSWER_CACHE_MS);
  const pageMarks = createPageMarks();
  const forget: Record<keyof typeof DEPENDS, () => void> = {
    dashboard: () => dashboard.forget(),
    liveAdmins: () => liveAdmins.forget(),
    tills: () => tills.forget(),
    tillOrders: () => also.tillOrders.forget(),
    lists: () => {
      lists.forget();
      pageMarks.forget();
    },
  };
  return {
    dashboard,
    liveAdmins,
    tills,
    lists,
    pageMarks,
    changed(changes) {
      if (!changes.length) return;
      for (const name of Object.keys(DEPENDS) as (keyof typeof DEPENDS)[])
        if (DEPENDS[name].some((c: Change) => changes.includes(c))) forget[name]();
    },
  };
}
