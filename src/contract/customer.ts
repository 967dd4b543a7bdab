// The customer's own calls behind /user/receipts (My receipts, Delete my data): a phone and a one-time code
// open a short session kept in an HttpOnly cookie bound to that phone (docs/CUSTOMER.md).
import { z } from 'zod';
import { invoiceSchema } from './invoice';

/** Name of the session cookie of My receipts. */
export const CUSTOMER_COOKIE = 'specter_receipts';

export const customerPhoneBody = z.object({ phone: z.string().trim().min(1).max(32), resend: z.boolean().optional() });
export const customerSignInBody = z.object({
  phone: z.string().trim().min(1).max(32),
  otp: z.string().regex(/^\d{4}$/),
});
/** Delete my data's confirmation: the code, or nothing within CUSTOMER_RECENT_PROOF_MINUTES of proving the phone. */
export const customerCodeBody = z.object({
  otp: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
});
/** "See my receipts" after a save: the save's proof of the phone opens a session without another code. */
export const customerProofBody = z.object({ proof: z.string().min(1).max(2000) });

export const receiptsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(10),
});

/** One saved receipt in the list: enough to find it. */
export const receiptSummarySchema = z.object({
  id: z.number(),
  restaurant: z.object({ name: z.string(), logo: z.string() }),
  branch_name: z.string(),
  order_number: z.string(),
  order_date: z.string(),
  order_time: z.string(),
  total_price: z.number(),
  currency: z.string(),
  saved_at: z.string(),
  /** When its live share link ends; null when it has none (docs/CUSTOMER.md, Sharing a receipt). */
  share_expires_at: z.string().nullable().optional(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const receiptPageSchema = z.object({
  receipts: z.array(receiptSummarySchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type ReceiptPage = z.infer<typeof receiptPageSchema>;

/** A saved receipt in full: the Invoice the invoice page draws, and its id. */
export const savedReceiptSchema = invoiceSchema.extend({
  id: z.number(),
  /** When its live share link ends; null when it has none. */
  share_expires_at: z.string().nullable().optional(),
});
export type SavedReceipt = z.infer<typeof savedReceiptSchema>;

/** Who is signed in: the phone, masked but for its last 3 digits. */
export const customerSessionSchema = z.object({
  phone: z.string(),
  expiresAt: z.string(),
  /** Until when Delete my data needs no code (the phone was proved a few minutes ago), else null. */
  deleteWithoutCodeUntil: z.string().nullable(),
});
export type CustomerSession = z.infer<typeof customerSessionSchema>;

export const dataDeletedSchema = z.object({ message: z.string(), receipts: z.number() });

/** POST /customer/receipts/{id}/share: the link to a read-only copy of the receipt and when it stops working. */
export const receiptShareSchema = z.object({ url: z.string(), expires_at: z.string() });
export type ReceiptShare = z.infer<typeof receiptShareSchema>;
