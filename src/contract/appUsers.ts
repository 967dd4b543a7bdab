import { z } from 'zod';
import { orderIdField, tillKeyField } from './invoice';

export const appUserSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string(),
  birthDate: z.string().nullable(),
  gender: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the phone's lock after too many wrong codes ends (ISO), or null when the phone is not locked. */
  lockedUntil: z.string().nullable(),
});
export type AppUser = z.infer<typeof appUserSchema>;

/** POST /user {phone}: the public "send me a code" call of the invoice page. With restaurantId, casherId and
 * orderId (the order shown) the code is bound to that order; a bare {phone} keeps the unbound code. */
export const sendCodeBody = z.object({
  phone: z.string({ error: 'Phone is required' }).trim().min(1, 'Phone is required').max(32),
  restaurantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  casherId: z.string().trim().min(1).max(100).optional(),
  orderId: orderIdField,
  key: tillKeyField,
  /** Text the live code again (the code step's Resend code); without it a live code is not texted again. */
  resend: z.boolean().optional(),
});
export type SendCodeBody = z.infer<typeof sendCodeBody>;

/** The answer of a send-code call (docs/API.md): `sent: false` when the phone already has a live code for this
 * order (nothing texted; go to the code step), and the seconds until Resend code may text it again. */
export const codeSentSchema = z.object({
  message: z.string(),
  sent: z.boolean(),
  resendIn: z.number().int().min(0),
});
export type CodeSent = z.infer<typeof codeSentSchema>;
