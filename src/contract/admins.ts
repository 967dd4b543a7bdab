import { z } from 'zod';

export const ADMIN_PASSWORD_MIN = 8;
export const ADMIN_PASSWORD_MESSAGE = 'Should not be less than 8 characters';

/** POST /user with admin fields (needs an admin token). docs/PRODUCT.md, Validation messages: no match or format check shown;
 * the server still refuses a malformed e-mail, since it becomes a sign-in name. */
/** The back-office roles (docs/SECURITY.md, Roles): `admin` sees everything; `manager` and `staff` are tied to
 * restaurants (`restaurantIds`). */
export const ROLES = ['admin', 'manager', 'staff'] as const;
export type Role = (typeof ROLES)[number];

const restaurantIds = z.array(z.number().int().positive().max(2_147_483_647)).max(500);

export const createAdminBody = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(200),
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(320).email('must be an e-mail address'),
  password: z.string({ error: 'Required' }).min(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MESSAGE).max(200),
  confirmPassword: z.string({ error: 'Required' }).min(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MESSAGE).max(200),
  role: z.enum(ROLES).default('admin'),
  /** For `manager` and `staff`: the restaurants they are tied to (at least one); never for `admin`. */
  restaurantIds: restaurantIds.optional(),
});
export type CreateAdminBody = z.infer<typeof createAdminBody>;

export const adminSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  restaurantIds: z.array(z.number()),
});
export type Admin = z.infer<typeof adminSchema>;
/** GET /admin/{id} (the edit page): the account and whether its two-step sign-in is on or pending (an admin may
 * reset it there: DELETE /admin/{id}/totp). */
export const adminDetailSchema = adminSchema.extend({ totpOn: z.boolean() });
export type AdminDetail = z.infer<typeof adminDetailSchema>;

/** PATCH /user/{id}: soft delete of an admin. */
export const softDeleteBody = z.object({ isDeleted: z.literal(true) });

/** PATCH /user/{id} without isDeleted: an account's name, role and restaurants (any subset). */
export const editAdminBody = z
  .object({
    name: z.string().trim().min(1, 'Required').max(200).optional(),
    role: z.enum(ROLES).optional(),
    restaurantIds: restaurantIds.optional(),
  })
  .strict();
export type EditAdminBody = z.infer<typeof editAdminBody>;
