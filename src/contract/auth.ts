import { z } from 'zod';
import { ROLES } from './admins';

// docs/PRODUCT.md, Validation messages: login email required, password required with bound 6 and the spec's message.
export const loginBody = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(320),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAnswer = z.object({ data: z.object({ token: z.string() }) });
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** POST /user/isVerify: whether the token is good; when it is, who (issue 26: role and restaurants). */
export const verifyAnswer = z.object({
  verify: z.boolean(),
  id: z.number().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  role: z.enum(ROLES).optional(),
  restaurantIds: z.array(z.number()).optional(),
  /** The names of those restaurants, for the top bar. */
  restaurants: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
});

export const LOGIN_FAILED = 'Invalid Email or Password';
export const LOGIN_PASSWORD_MIN = 6;
