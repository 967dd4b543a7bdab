import { z } from 'zod';

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
});
export type AppUser = z.infer<typeof appUserSchema>;

/** POST /user {phone}: the public "send me a code" call of the invoice page. */
export const sendCodeBody = z.object({
  phone: z.string({ error: 'Phone is required' }).trim().min(1, 'Phone is required').max(32),
});
