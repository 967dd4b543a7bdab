import { z } from 'zod';
import { SYSTEM_TYPES } from './common';

const required = (max: number) => z.string({ error: 'Required' }).trim().min(1, 'Required').max(max);

/** Logos are shown as images: only http(s) URLs, a path on this site, or an inline image are accepted. */
const logoUrl = required(100_000).refine(
  (v) =>
    /^https?:\/\/[^\s]+$/i.test(v) ||
    /^\/(?!\/)[^\s]*$/.test(v) ||
    /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/i.test(v),
  'must be an http(s) URL',
);

/** Whether the runtime knows this IANA time zone name. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const restaurantBody = z.object({
  name: required(200),
  logo: logoUrl,
  token: required(4000),
  branchs_token: required(4000),
  system_type: z.enum(SYSTEM_TYPES, { error: 'Required' }),
  name_api: z.string().max(200).nullish(),
  /** Saudi VAT registration number (15 digits, 3 first and last), printed on receipts when the POS reports none. */
  vat_number: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^3\d{13}3$/, 'must be 15 digits starting and ending with 3')
      .nullish(),
  ),
  /** ZATCA e-invoicing phase of the seller: 2 (integration; the default) or 1 (docs/ARCHITECTURE.md, VAT). */
  zatca_phase: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }).optional(),
  /** The seller's legal name for the phase-1 QR, when the POS reports none; empty clears it. */
  legal_name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(200).nullish(),
  ),
  /** The restaurant's time zone (an IANA name such as Asia/Riyadh or Africa/Cairo); empty: the app's. */
  time_zone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(64).refine(isTimeZone, 'must be a time zone name such as Asia/Riyadh').nullish(),
  ),
});
export type RestaurantBody = z.infer<typeof restaurantBody>;

export const deviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  device_id: z.string(),
  /** The till's link key, in every link Specter prints (docs/SECURITY.md, "Till links"). */
  link_key: z.string().optional(),
});
export type Device = z.infer<typeof deviceSchema>;

export const branchSchema = z.object({
  id: z.number(),
  name: z.string(),
  branch_id: z.string(),
  restaurant: z.object({ id: z.number(), name: z.string() }),
  Devices: z.array(deviceSchema),
});
export type Branch = z.infer<typeof branchSchema>;

export const restaurantSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string(),
  token: z.string(),
  branchs_token: z.string(),
  system_type: z.string(),
  name_api: z.string().nullable(),
  vat_number: z.string().nullable(),
  zatca_phase: z.number(),
  legal_name: z.string().nullable(),
  time_zone: z.string().nullable(),
  /** The business name the POS reports for the restaurant's token (read at sync; not editable). */
  pos_legal_name: z.string().nullable(),
  sync_error: z.string().nullable(),
  synced_at: z.string().nullable(),
  /** When the Specter POS push key was last rotated (null: none yet). The key itself is never listed. */
  push_key_rotated_at: z.string().nullable(),
  /** When the POS's last webhook event for this restaurant arrived (null: none yet). */
  webhook_at: z.string().nullable().optional(),
  /** The address to give Foodics for its webhooks (GET /restaurant/{id} only; null when webhooks are off). */
  webhook_url: z.string().nullable().optional(),
  /** The POS connection's badge (GET /api/restaurants/{id}/connection has the whole panel). */
  connection_status: z.enum(['ok', 'refused', 'quiet', 'unknown']).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Restaurant = z.infer<typeof restaurantSchema>;

/** GET /api/restaurants/{id}/connection: the POS connection's health (docs/API.md, "Connecting Foodics").
 * status: refused = the POS refused the token (401/403): "Reconnect Foodics"; quiet = no order read in 24 hours
 * while customers opened its tills' receipts; ok; unknown = nothing known yet. */
export const connectionSchema = z.object({
  restaurant_id: z.number(),
  system_type: z.string(),
  status: z.enum(['ok', 'refused', 'quiet', 'unknown']),
  business: z.object({ name: z.string().nullable(), reference: z.string().nullable() }),
  connected_at: z.string().nullable(),
  connected_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  last_sync_ok_at: z.string().nullable(),
  sync_error: z.string().nullable(),
  last_order: z
    .object({ reference: z.string().nullable(), at: z.string(), via: z.enum(['polling', 'webhook']) })
    .nullable(),
  webhooks_24h: z.number(),
  last_webhook_at: z.string().nullable(),
  calls_last_hour: z.number(),
  budget_per_hour: z.number(),
  /** calls_last_hour / budget_per_hour, 0 to 1. */
  budget_used_last_hour: z.number(),
  last_error: z.object({ message: z.string(), at: z.string() }).nullable(),
  refused_at: z.string().nullable(),
  tills: z.number(),
  tills_active: z.boolean(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** GET /api/restaurants/foodics/pending/{id}: a "Connect Foodics" approval waiting for its admin's answer - its
 * business is another restaurant's ('business_elsewhere': reconnect that one?), or it would change the business of
 * the restaurant being reconnected ('business_changed'). */
export const foodicsPendingSchema = z.object({
  kind: z.enum(['business_elsewhere', 'business_changed']),
  business: z.object({ name: z.string(), reference: z.string().nullable() }),
  restaurant: z.object({
    id: z.number(),
    name: z.string(),
    business: z.object({ name: z.string().nullable(), reference: z.string().nullable() }),
  }),
  started_for: z.number().nullable(),
  expires_in: z.number(),
});
export type FoodicsPending = z.infer<typeof foodicsPendingSchema>;

/** GET /api/restaurants/{id}/setup: the setup checklist after connecting (docs/POS.md), each step's done flag
 * derived by the server from what the restaurant has: its tills, its own logo, a VAT number (with its ZATCA phase),
 * its QR sheet printed, a receipt shown on one of its tills. */
export const SETUP_STEPS = ['tills', 'logo', 'vat', 'qr_sheet', 'test_scan'] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];
export const setupSchema = z.object({
  restaurant_id: z.number(),
  /** Connected through "Connect Foodics" (the back-office shows the checklist for those). */
  connected: z.boolean(),
  complete: z.boolean(),
  tills: z.number(),
  vat_number: z.string().nullable(),
  zatca_phase: z.number(),
  steps: z.array(z.object({ key: z.enum(SETUP_STEPS), done: z.boolean(), at: z.string().nullable() })),
});
export type Setup = z.infer<typeof setupSchema>;

export const restaurantWithBranches = restaurantSchema.extend({
  Branchs: z.array(branchSchema.omit({ restaurant: true })),
});
export type RestaurantWithBranches = z.infer<typeof restaurantWithBranches>;

/** POST /restaurant/{id}/push-key: the new key, shown this once. */
export const pushKeyAnswer = z.object({ push_key: z.string(), push_key_rotated_at: z.string() });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswer>;
