// The guestbook (docs/ARCHITECTURE.md, The guestbook): each app user's row per restaurant they saved a receipt at,
// kept in the transaction of every change to what it sums (keepGuest), their consents, the back-office's list,
// one guest with their orders, the CSV batches, and the owner's figures (guestInsights). Only consented rows are
// ever read out; the insights count every save (counts and sums only). This file only gathers the guestbook's
// parts, one concern a file under guests/ (issue 46), so its importers reach them by the one name they always had.
export { keepGuest } from './guests/keep';
export { consentsOf, forgetGuest, recordConsent, saidYesAt, saidYesInScope, withdrawConsent } from './guests/consent';
export { findGuest, guestsBatch, guestsList, type GuestRow, type GuestScope } from './guests/list';
export {
  insightsFromKeptRows,
  insightsFromOrders,
  type InsightsSource,
  type MoneyRow,
  type Restaurants,
} from './guests/insightSources';
export { addDays, guestInsights, periodsOf, salesOf } from './guests/insights';
