// Loyalty (issue 47, docs/API.md "Loyalty"): a restaurant's program and rewards (the back-office), what a save earned
// (the invoice page), the customer's cards (My receipts). Foodics' loyalty adapter's own bodies live beside its
// handlers (server/routes/foodicsLoyalty.ts): the web app never sends them.
import { z } from 'zod';

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
