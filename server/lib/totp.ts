// The admins' TOTP second factor (docs/SECURITY.md, "Two-step sign-in"): RFC 6238 codes from the `otpauth` library
// (SHA-1, 6 digits, 30 seconds: what every authenticator app reads from an otpauth:// QR), one step of clock drift
// either way, and each step accepted once. Recovery codes: 10 random codes of 10 characters, kept as HMAC-SHA256
// under the server secret, each good once.
import { createHmac, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODES = 10;
/** Crockford's base32 letters: no I, L, O, U, so a code read aloud or copied by hand is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A code from the app (6 digits) rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: 'Specter',
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new secret (160 random bits, base32) and the otpauth:// address the enrolment QR shows. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/** The time step a 6-digit code belongs to (now, or one step either side), or null when it is not the secret's. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!isTotpCode(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code of a secret at a time (the tests sign in with it as an authenticator app would). */
export const totpCode = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

/** What a recovery code typed by hand becomes before it is hashed: upper case, without spaces or dashes. */
const normalised = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

export function recoveryHash(serverSecret: string, code: string): string {
  const key = createHmac('sha256', serverSecret).update('totp-recovery').digest();
  return createHmac('sha256', key).update(normalised(code)).digest('hex');
}
