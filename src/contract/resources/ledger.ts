// The loyalty ledger (issue 47, docs/API.md "Loyalty"): /api/loyalty/ledger - every movement of points (earn,
// redeem, take-back, give-back, expire, adjust) with its order, reward, branch, cashier, reason and time, newest
// first, filtered by member, restaurant, kind and dates, and its CSV. Append-only: read, never written here (an
// adjustment is the members' `adjust` action). Staff read it with phones masked.
import { z } from 'zod';
import { listQuery } from '../common';
import { ALL_ROLES, declareResource, MANAGERS } from '../resource';

const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

export const LEDGER_KINDS = ['earn', 'redeem', 'take-back', 'give-back', 'expire', 'adjust'] as const;

/** The ledger's filters (also its CSV's): a member, a restaurant, a kind, and dates (inclusive, business days). */
export const ledgerFilters = z.object({
  memberId: dbId.optional(),
  restaurantId: dbId.optional(),
  kind: z.enum(LEDGER_KINDS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const ledgerQuery = listQuery.extend(ledgerFilters.shape);

export const ledgerEntrySchema = z.object({
  id: z.number(),
  /** When it was written (ISO 8601). */
  at: z.string(),
  restaurant_id: z.number(),
  restaurant: z.string(),
  member_id: z.number(),
  name: z.string().nullable(),
  /** The member's phone (E.164); staff see it masked to its last 3 digits. */
  phone: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: given (+) or taken (-). */
  points: z.number(),
  balance_after: z.number(),
  /** The saved receipt's order number (an earn, a take-back) and the POS's order id (a redeem's order too). */
  order_number: z.string().nullable(),
  pos_order_id: z.string().nullable(),
  reward_code: z.string().nullable(),
  /** The till's branch and cashier as Foodics named them (a redeem). */
  branch_id: z.string().nullable(),
  user_id: z.string().nullable(),
  /** The back-office account of an adjustment. */
  admin: z.string().nullable(),
  reason: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerResource = declareResource({
  name: 'ledger',
  path: '/api/loyalty/ledger',
  row: ledgerEntrySchema,
  query: ledgerQuery,
  search: [],
  sort: { fields: ['id'], default: { field: 'id', order: 'DESC' } },
  actions: { list: ALL_ROLES, export: MANAGERS },
  scope: { restaurant: 'restaurant_id' },
});
