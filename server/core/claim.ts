// Which order of a till a customer may see and save (docs/ARCHITECTURE.md, "From the POS to the customer's
// phone"): it was taken on that till, it is closed at the POS (pending, active, declined, returned, joined,
// void and draft orders never are), it closed within the claim window, and (to be saved) it is not saved yet.
// One receipt rule for a till (server/pos/lastOrder.ts): what it shows, and what a save that names no order takes, is
// its newest order that qualifies (saved-ness aside); once saved it is shown as saved and such a save answers
// 409, never falling back to an older order (another customer's). An older order named by its id still saves
// while it qualifies. The messages a customer reads about it live here, as plain sentences, in one place.
import type { PosOrder } from './posPort';

/** Foodics' "closed" status; the Specter push uses the same numbering. */
export const CLOSED = 4;

export const CLAIM_MESSAGES = {
  noRecentOrder: 'No recent order on this till',
  alreadySaved: 'This invoice has already been saved',
  noLongerAvailable: 'This order is no longer available to save',
  otherTill: 'This order was not taken on this till',
  orderNeedsTill: 'restaurantId and casherId are required with orderId',
} as const;

/** Closed within windowMinutes of now (0 = no window). An order with no closing time counts as closed now. */
export function withinWindow(order: PosOrder, windowMinutes: number, now = Date.now()): boolean {
  if (windowMinutes === 0 || !order.closedAt) return true;
  return now - order.closedAt.getTime() <= windowMinutes * 60_000;
}

/** Why an order of this till may not be shown or saved (saved-ness aside), or null when it may. */
export function unavailableReason(order: PosOrder, deviceId: string, windowMinutes: number): string | null {
  if (order.deviceId !== null && order.deviceId !== deviceId) return CLAIM_MESSAGES.otherTill;
  if (order.status !== CLOSED || !withinWindow(order, windowMinutes)) return CLAIM_MESSAGES.noLongerAvailable;
  return null;
}
