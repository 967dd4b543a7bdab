import { z } from 'zod';

export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MESSAGE = 'Should not be less than 8 characters';

/** POST /user with admin fields (needs an admin token). docs/PRODUCT.md, Validation messages: no match or format check shown;
 * the server still refuses a malformed e-mail, since it becomes a sign-in name. */
export const createAdminBody = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(320).email('must be an e-mail address'),
  password: z.string({ error: 'Required' }).min(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MESSAGE).max(200),
  confirmPassword: z.string({ error: 'Required' }).min(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MESSAGE).max(200),
  role: z.literal('admin').default('admin'),
});
export type CreateAdminBody = z.infer<typeof createAdminBody>;

export const adminSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type Admin = z.infer<typeof adminSchema>;

/** PATCH /user/{id}: soft delete of an admin. */
export const softDeleteBody = z.object({ isDeleted: z.literal(true) });
