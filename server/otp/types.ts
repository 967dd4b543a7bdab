// What a code is asked for and what a send answers (docs/SECURITY.md "binding"): the types the code service, its
// callers and its halves (./codeSending.ts, ./codeChecking.ts) share, and how a code's bound order is compared.
import type { Deps } from '../deps';

export type Tx = Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0];

/** What a code is asked for: saving a till's order (the invoice page), signing in to My receipts, or confirming
 * Delete my data. A code is good for its own purpose only (docs/SECURITY.md "binding"). */
export type CodePurpose = 'save' | 'signIn' | 'deleteData';

/** The order a code is asked for: the code can save this order only ("bound to its request"). */
export interface BoundOrder {
  restaurantId: number;
  deviceId: string;
  posOrderId: string;
  /** When the order's claim window ends (null: no window): a send limit's wait past it is not promised. */
  saveableUntil?: Date | null;
}

/** What a send did: texted the code (`sent`), or found the phone's live code for the same order and purpose and
 * texted nothing; `resendIn` is how many seconds until a resend may text it again (docs/API.md, POST /user). */
export interface SendOutcome {
  sent: boolean;
  resendIn: number;
}

export const sameOrder = (a: BoundOrder | null, b: BoundOrder | null) =>
  a === b ||
  (!!a && !!b && a.restaurantId === b.restaurantId && a.deviceId === b.deviceId && a.posOrderId === b.posOrderId);

export const boundOf = (row: {
  restaurantId: number | null;
  deviceId: string | null;
  posOrderId: string | null;
}): BoundOrder | null =>
  row.restaurantId !== null && row.deviceId !== null && row.posOrderId !== null
    ? { restaurantId: row.restaurantId, deviceId: row.deviceId, posOrderId: row.posOrderId }
    : null;
