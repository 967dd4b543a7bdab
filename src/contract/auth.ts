import { z } from 'zod';
import { ROLES } from './admins';

// docs/PRODUCT.md, Validation messages: login email required, password required with bound 6 and the spec's message.
export const loginBody = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(320),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
  /** The second step (docs/SECURITY.md, "Two-step sign-in"): the app's 6-digit code or a recovery code. */
  code: z.string().trim().max(40).optional(),
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
  /** The account signs in with a code too. */
  totpOn: z.boolean().optional(),
  /** ADMIN_TOTP_REQUIRED and the account has no second factor yet: it must turn it on before anything else. */
  totpSetupNeeded: z.boolean().optional(),
  /** The business day's time zone (FUNNEL_TIME_ZONE): "today" of the back-office's period pickers, wherever the
   * browser is - the day every count of the server is dated in. */
  timeZone: z.string().optional(),
});

export const LOGIN_FAILED = 'Invalid Email or Password';
/** POST /admin/login, 401: the password was right and the account asks for its second step. */
export const TOTP_CODE_NEEDED = 'Enter the code from your authenticator app';
/** POST /admin/login and the enrolment's confirmation, 401 / 400: not the code (nor an unused recovery code). */
export const TOTP_CODE_WRONG = 'The code is wrong';
/** 403 from every back-office call of an account that must turn on two-step sign-in first. */
export const TOTP_SETUP_NEEDED = 'Turn on two-step sign-in first';
/** POST /admin/login, 401: the password was right, but the account's second step is locked after too many wrong
 * codes (ADMIN_TOTP_LOCK_AFTER) until an admin resets it (docs/SECURITY.md, "Two-step sign-in"). */
export const TOTP_LOCKED = 'Two-step sign-in is locked after too many wrong codes: ask an administrator to reset it';
/** POST /admin/totp/enrol and /disable, 400: the password asked for is not the account's. */
export const PASSWORD_WRONG = 'The current password is wrong';

/** POST /admin/totp/enrol: the account's password, so a token alone (a stolen one) cannot turn it on. */
export const totpEnrolBody = z.object({ password: z.string({ error: 'Required' }).min(1, 'Required').max(200) });

/** GET /admin/totp: the signed-in account's second factor (never its secret once confirmed). */
export const totpStatus = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
/** POST /admin/totp/enrol: the new secret, shown this once (the QR and the text to type). */
export type TotpStatus = z.infer<typeof totpStatus>;
export const totpEnrolment = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
/** POST /admin/totp/confirm: the recovery codes, shown this once, and this session's new token (data.token): turning
 * it on ends every session of the account issued before, the one in use included. */
export const totpRecoveryCodes = z.object({
  recoveryCodes: z.array(z.string()),
  data: z.object({ token: z.string() }),
});
export type TotpRecoveryCodes = z.infer<typeof totpRecoveryCodes>;
export const LOGIN_PASSWORD_MIN = 6;
