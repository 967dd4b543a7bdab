import { z } from 'zod';

// docs/PRODUCT.md, Validation messages: login email required, password required with bound 6 and the spec's message.
export const loginBody = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(320),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAnswer = z.object({ data: z.object({ token: z.string() }) });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const verifyAnswer = z.object({ verify: z.boolean() });

export const LOGIN_FAILED = 'Invalid Email or Password';
export const LOGIN_PASSWORD_MIN = 6;
