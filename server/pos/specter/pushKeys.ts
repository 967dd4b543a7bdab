// Per-restaurant push keys of the Specter POS: a random key shown once to the admin who rotates it, stored
// only as its SHA-256 (a key is 256 random bits, so a fast hash is enough), compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newPushKey = () => `spk_${randomBytes(32).toString('base64url')}`;

export const hashPushKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** True when given equals expected, in time independent of where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const x = createHash('sha256').update(given).digest();
  const y = createHash('sha256').update(expected).digest();
  return timingSafeEqual(x, y);
}
