// Loyalty (issue 47, docs/API.md "Loyalty"): a restaurant's program and rewards (the back-office), what a save earned
// (the invoice page), the customer's cards (My receipts). Foodics' loyalty adapter's own bodies live beside its
// handlers (server/routes/foodicsLoyalty.ts): the web app never sends them.
import { z } from 'zod';
import { currencySumSchema, insightsQuery } from './guests';

/** The largest points per unit of currency a program may give (a rate over it is a typo). */
export const MAX_POINTS_PER_UNIT = 100;

const money = z.number().finite().min(0, 'must be 0 or more').max(1_000_000_000, 'must be at most 1000000000');

/** GET /api/loyalty/programs/{restaurantId}: a restaurant's program (off until turned on). */
export const loyaltyProgramSchema = z.object({
  restaurant_id: z.number(),
  enabled: z.boolean(),
  /** Points per one unit of the restaurant's currency paid (the receipt's total after discount, tax included). */
  points_per_unit: z.number(),
  /** The least a receipt must total to earn (0 = any). */
  min_spend: z.number(),
  /** Days without an earn or a redeem after which a balance expires (0 = never). */
  expiry_days: z.number(),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgramSchema>;

/** PUT /api/loyalty/programs/{restaurantId}: the fields to change (the others keep their value). */
export const loyaltyProgramBody = z
  .object({
    enabled: z.boolean(),
    points_per_unit: z
      .number()
      .finite()
      .gt(0, 'must be more than 0')
      .max(MAX_POINTS_PER_UNIT, `must be at most ${MAX_POINTS_PER_UNIT}`),
    min_spend: money,
    expiry_days: z
      .number()
      .int('must be a whole number of days')
      .min(0, 'must be 0 or more')
      .max(3650, 'must be at most 3650'),
  })
  .partial()
  .strict();
export type LoyaltyProgramBody = z.infer<typeof loyaltyProgramBody>;

export const REWARD_KINDS = ['amount', 'percent', 'products'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** A reward (the back-office resource `rewards`): what `cost` points buy at the till. */
export const rewardSchema = z.object({
  id: z.number(),
  /** What Foodics sends back as `reward_code`: unique per restaurant, never reused. */
  code: z.string(),
  restaurant_id: z.number(),
  name_en: z.string(),
  name_ar: z.string(),
  cost: z.number(),
  kind: z.enum(REWARD_KINDS),
  /** amount: that much off; percent: that percent off (at most max_discount); products: how many free. */
  value: z.number(),
  max_discount: z.number().nullable(),
  product_ids: z.array(z.string()),
  active: z.boolean(),
});
export type Reward = z.infer<typeof rewardSchema>;

const rewardFields = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(40, 'must be at most 40 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only'),
  restaurant_id: z.number().int().positive(),
  name_en: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  name_ar: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  cost: z.number().int('must be a whole number of points').min(1, 'must be at least 1').max(10_000_000, 'is too large'),
  kind: z.enum(REWARD_KINDS),
  value: z.number().finite().gt(0, 'must be more than 0').max(1_000_000, 'is too large'),
  max_discount: money.nullable().optional(),
  product_ids: z.array(z.string().trim().min(1).max(100)).max(100, 'at most 100 products').optional(),
  active: z.boolean().optional(),
});

/** The rules every reward keeps, whatever the change: a percent is at most 100, products name at least one. */
const rewardRules = (r: Partial<z.infer<typeof rewardFields>>, ctx: z.RefinementCtx) => {
  if (r.kind === 'percent' && r.value !== undefined && r.value > 100)
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percent must be at most 100' });
  if (r.kind === 'products' && r.value !== undefined && !Number.isInteger(r.value))
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be a whole number of products' });
  if (r.kind === 'products' && r.product_ids !== undefined && !r.product_ids.length)
    ctx.addIssue({ code: 'custom', path: ['product_ids'], message: 'name at least one product' });
};

/** A new reward. */
export const rewardCreateBody = rewardFields.strict().superRefine((r, ctx) => {
  rewardRules(r, ctx);
  if (r.kind === 'products' && !r.product_ids?.length)
    ctx.addIssue({ code: 'custom', path: ['product_ids'], message: 'name at least one product' });
  // Foodics' answer caps a percent with max_discount_amount: a percent reward says its cap.
  if (r.kind === 'percent' && (r.max_discount === undefined || r.max_discount === null))
    ctx.addIssue({ code: 'custom', path: ['max_discount'], message: 'a percent reward needs its largest discount' });
});
export type RewardCreateBody = z.infer<typeof rewardCreateBody>;

/** A change of a reward: its code and restaurant stay (a code is never reused). */
export const rewardUpdateBody = rewardFields.omit({ code: true, restaurant_id: true }).partial().strict();
export type RewardUpdateBody = z.infer<typeof rewardUpdateBody>;
export const checkRewardRules = rewardRules;

/** What a save did at the restaurant's program (add-order's `loyalty`; absent when the restaurant runs none). */
export const saveLoyaltySchema = z.object({
  /** The phone is a member there (it said yes): `points` were earned. Not a member: joining would earn `points`. */
  member: z.boolean(),
  points: z.number(),
  /** The member's balance after the save (null when not a member). */
  balance: z.number().nullable(),
  /** Below the program's least spend: the receipt earns nothing. */
  below_min_spend: z.boolean(),
});
export type SaveLoyalty = z.infer<typeof saveLoyaltySchema>;

/** POST /customer/loyalty/join: the receipt just saved (add-order's `id`) and the save's `proof`. */
export const loyaltyJoinBody = z.object({
  receipt_id: z.number().int().positive().max(2_147_483_647),
  proof: z.string().min(1).max(2000).optional(),
});
export const loyaltyJoinSchema = z.object({ message: z.string(), points: z.number(), balance: z.number() });
export type LoyaltyJoin = z.infer<typeof loyaltyJoinSchema>;

/** One movement of the member's points, newest first. */
export const loyaltyEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(['earn', 'redeem', 'take-back', 'give-back', 'expire', 'adjust']),
  points: z.number(),
  balance_after: z.number(),
  at: z.string(),
  /** The receipt's order number (an earn, a take-back) or the reward's name (a redeem, a give-back). */
  order_number: z.string().nullable(),
  reward: z.string().nullable(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

/** GET /customer/loyalty: a card per restaurant the signed-in customer is a member of. */
export const customerLoyaltySchema = z.object({
  programs: z.array(
    z.object({
      restaurant_id: z.number(),
      restaurant: z.object({ name: z.string(), logo: z.string() }),
      balance: z.number(),
      /** The cheapest reward the balance does not reach yet, and how many points are missing; null when none. */
      next_reward: z.object({ name: z.string(), cost: z.number(), missing: z.number() }).nullable(),
      rewards: z.array(z.object({ id: z.number(), name: z.string(), cost: z.number(), affordable: z.boolean() })),
      /** When the balance expires if nothing is earned or redeemed before (null: never, or nothing to expire). */
      expires_at: z.string().nullable(),
      /** What the member's QR holds for the cashier to scan: Foodics' adapter JSON, no name. */
      qr: z.string(),
      entries: z.array(loyaltyEntrySchema),
    }),
  ),
});
export type CustomerLoyalty = z.infer<typeof customerLoyaltySchema>;
export type LoyaltyCard = CustomerLoyalty['programs'][number];

// --- The back-office's loyalty members (src/contract/resources/members.ts) and figures (resources/loyalty.ts) ---

export const memberSchema = z.object({
  id: z.number(),
  restaurant_id: z.number(),
  /** The restaurant's name. */
  restaurant: z.string(),
  name: z.string().nullable(),
  /** E.164; staff see it masked to its last 3 digits. */
  phone: z.string(),
  balance: z.number(),
  lifetime_points: z.number(),
  last_activity_at: z.string(),
  joined_at: z.string(),
  /** When the balance expires if nothing is earned or redeemed before (null: never, or nothing to expire). */
  expires_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** POST /api/loyalty/members/{id}/adjust: points added (positive) or taken (negative), and why. */
export const adjustBody = z
  .object({
    points: z
      .number()
      .int('must be a whole number')
      .min(-1_000_000, 'is too large')
      .max(1_000_000, 'is too large')
      .refine((n) => n !== 0, 'must not be 0'),
    reason: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  })
  .strict();
export type AdjustBody = z.infer<typeof adjustBody>;

/** GET /api/loyalty/insights: one of the caller's restaurants (or all of them) and a period of business dates. */
export const loyaltyInsightsQuery = insightsQuery;

/** Receipts saved by a group of savers (members, or everyone else) in a period: how many, by how many people, how
 * often each came, and the money per currency (never riyals and pounds added together). */
const groupSchema = z.object({
  receipts: z.number(),
  guests: z.number(),
  /** Receipts per guest (null with no guest). */
  visits_per_guest: z.number().nullable(),
  by_currency: z.array(currencySumSchema),
});

export const loyaltyPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Members at the period's end, those who joined in it, those who saved a receipt (earned) in it. */
  members: z.number(),
  new_members: z.number(),
  active_members: z.number(),
  /** Points given (earned, minus taken back for returns, plus added by hand), spent at the till (minus given back
   * for returns), expired, and taken by hand or forfeited on leaving. */
  points_issued: z.number(),
  points_redeemed: z.number(),
  points_expired: z.number(),
  points_forfeited: z.number(),
  /** Points redeemed / points issued in the period (null when none were issued). */
  redemption_rate: z.number().nullable(),
  /** Unredeemed points at the period's end, and what they are worth at the rewards' value, per currency (points of a
   * restaurant with no reward that says its worth in money, or no currency yet, are `unvalued_points`). */
  outstanding_points: z.number(),
  liability: z.array(z.object({ currency: z.string(), points: z.number(), value: z.number() })),
  unvalued_points: z.number(),
  /** The lift: members' receipts (those that earned points) beside everyone else's. */
  members_group: groupSchema,
  others_group: groupSchema,
});
export type LoyaltyPeriod = z.infer<typeof loyaltyPeriodSchema>;

export const loyaltyInsightsSchema = z.object({
  current: loyaltyPeriodSchema,
  previous: loyaltyPeriodSchema,
  /** What one point is worth per restaurant now (the most a point buys among its rewards), for the liability. */
  point_values: z.array(
    z.object({ restaurant_id: z.number(), restaurant: z.string(), currency: z.string(), value: z.number().nullable() }),
  ),
});
export type LoyaltyInsights = z.infer<typeof loyaltyInsightsSchema>;
