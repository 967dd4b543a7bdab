// The guestbook (issue 34, docs/API.md "The guestbook"): a restaurant's walk-in guests who said yes when saving a
// receipt, their consents in My receipts, and the owner's figures (insights) over every save.
import { z } from 'zod';
import { listQuery } from './common';

/** The version of the consent's wording: stored with each yes, raised whenever the sentence's meaning changes
 * (docs/CUSTOMER.md). 1: "Let {restaurant} know me as a guest (my visits and spend, and occasional offers by SMS)";
 * 2 (issue 47, one yes for the guestbook and the rewards): "Join {restaurant}'s rewards: it will know your visits and
 * spend". */
export const CONSENT_WORDING_VERSION = 2;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
/** A day (YYYY-MM-DD, read as its first instant, UTC) or an ISO 8601 time. */
const instant = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be a date YYYY-MM-DD or an ISO 8601 time')
  .refine((v) => !Number.isNaN(new Date(v).getTime()), 'must be a real date');
const dbId = z.coerce.number().int().positive().max(2_147_483_647);

/** Filters of the guestbook, shared by its list and its CSV export. */
export const guestFilters = z.object({
  /** Part of the guest's name or phone. */
  q: z.string().max(200).optional(),
  restaurantId: dbId.optional(),
  /** At least this many visits. */
  minVisits: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Lapsed guests: last visit before this. */
  lastVisitBefore: instant.optional(),
  /** New guests: first visit after this. */
  firstVisitAfter: instant.optional(),
});
export type GuestFilters = z.infer<typeof guestFilters>;
export const guestsQuery = listQuery.extend(guestFilters.shape);

export const guestSchema = z.object({
  id: z.number(),
  restaurant_id: z.number(),
  name: z.string().nullable(),
  phone: z.string(),
  first_visit_at: z.string(),
  last_visit_at: z.string(),
  visits: z.number(),
  spend: z.number(),
  average_ticket: z.number(),
  currency: z.string(),
  favourite_item: z.string().nullable(),
  top_branch: z.string().nullable(),
});
export type Guest = z.infer<typeof guestSchema>;

/** One of the guest's saved orders at that restaurant, newest first. */
export const guestOrderSchema = z.object({
  id: z.number(),
  order_number: z.string(),
  branch_name: z.string(),
  order_date: z.string(),
  order_time: z.string(),
  total_price: z.number(),
  currency: z.string(),
  saved_at: z.string(),
});
export const guestDetailSchema = guestSchema.extend({ orders: z.array(guestOrderSchema) });
export type GuestDetail = z.infer<typeof guestDetailSchema>;

export const insightsQuery = z.object({
  /** One of the caller's restaurants; left out, all of them (an admin's: every restaurant). */
  restaurantId: dbId.optional(),
  /** The period, inclusive, in business dates (the restaurant's time zone); both default to today. */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuery>;

/** Money of one currency (issue 49: riyals and pounds are never added together): the orders' currency code as the
 * Orders screen answers it (EGY, SAR, ...), how many saved receipts were in it and their sum. */
export const currencySumSchema = z.object({
  currency: z.string(),
  receipts: z.number(),
  spend: z.number(),
  average_ticket: z.number(),
});
export type CurrencySum = z.infer<typeof currencySumSchema>;

export const insightsPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Saved receipts, every currency. */
  receipts: z.number(),
  /** Spend and average ticket, one entry per currency (most receipts first). */
  by_currency: z.array(currencySumSchema),
  guests: z.number(),
  returning: z.number(),
  new: z.number(),
});
export type InsightsPeriod = z.infer<typeof insightsPeriodSchema>;

/** A branch named with its restaurant, in one currency. */
export const branchSumSchema = z.object({
  restaurant_id: z.number(),
  restaurant: z.string(),
  branch: z.string(),
  currency: z.string(),
  receipts: z.number(),
  spend: z.number(),
  average_ticket: z.number(),
});

export const insightsSchema = z.object({
  current: insightsPeriodSchema,
  previous: insightsPeriodSchema,
  by_branch: z.array(branchSumSchema.extend({ guests: z.number() })),
  by_day: z.array(
    z.object({ day: z.string(), receipts: z.number(), guests: z.number(), by_currency: z.array(currencySumSchema) }),
  ),
});
export type Insights = z.infer<typeof insightsSchema>;

/** GET /api/dashboard/sales: the dashboard's period (issue 49) - saved receipts, revenue and average ticket per
 * currency beside the period before, by branch and by day, over the caller's restaurants. */
export const salesQuery = insightsQuery;
export const salesPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  receipts: z.number(),
  by_currency: z.array(currencySumSchema),
});
export const salesSchema = z.object({
  current: salesPeriodSchema,
  previous: salesPeriodSchema,
  by_branch: z.array(branchSumSchema),
  by_day: z.array(z.object({ day: z.string(), receipts: z.number(), by_currency: z.array(currencySumSchema) })),
});
export type Sales = z.infer<typeof salesSchema>;
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

/** A restaurant the signed-in customer said yes to (My receipts). */
export const consentSchema = z.object({
  restaurant_id: z.number(),
  restaurant: z.object({ name: z.string(), logo: z.string() }),
  wording_version: z.number(),
  consented_at: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;
export const consentsSchema = z.object({ consents: z.array(consentSchema) });
export type Consents = z.infer<typeof consentsSchema>;
export const restaurantIdParam = z.object({ restaurantId: dbId });
