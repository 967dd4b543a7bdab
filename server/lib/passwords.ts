// Admin passwords: argon2id (docs/SECURITY.md). @node-rs/argon2 ships its binary in the npm package.
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both failures take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('timing-equaliser-not-a-password');
  return dummy;
}
