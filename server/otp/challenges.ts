// The phone's codes as stored (otp_challenges, docs/SECURITY.md): its live code, the guesses each client address
// made at it - filed under a keyed hash of the address, never the address itself - and the phone's lock after
// too many wrong codes. Shared by sending (./codeSending.ts) and checking (./codeChecking.ts).
import { createHmac } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { otpChallenges } from '../db/schema';
import { tooMany } from '../lib/errors';
import { lockWait } from '../db/phoneLock';
import { LOCKED } from './messages';

export type Challenges = ReturnType<typeof challengesOf>;

export function challengesOf(deps: Deps) {
  const { config } = deps;
  const { db } = deps.database;
  const secret = config.JWT_SECRET ?? '';

  /** How a code's guesses per address are filed (otp_challenges.attempts_by_address): a keyed hash of the client
   * address (an IPv6 client's /64), never the address itself. */
  const addressKey = (addr: string) =>
    createHmac('sha256', secret).update(`otp-address:${addr}`).digest('hex').slice(0, 16);
  /** The guesses this address made at a code so far. */
  const guessesFrom = (key: string) => sql`coalesce((${otpChallenges.attemptsByAddress} ->> ${key})::int, 0)`;

  async function refuseWhenLocked(phone: string) {
    const wait = await lockWait(deps.database, config, phone);
    if (wait > 0) throw tooMany(LOCKED, wait);
  }

  /** The phone's live code: not used, not expired, not out of guesses - in all, and, when `addr` is given, from that
   * client address (a code this address used up is no code for it: asking again sends a new one). */
  const liveChallenge = (phone: string, addr?: string) =>
    db
      .select()
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.phone, phone),
          isNull(otpChallenges.consumedAt),
          gt(otpChallenges.expiresAt, sql`now()`),
          lt(otpChallenges.attempts, config.OTP_CODE_MAX_ATTEMPTS),
          addr === undefined ? undefined : sql`${guessesFrom(addressKey(addr))} < ${config.OTP_MAX_ATTEMPTS}`,
        ),
      )
      .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
      .limit(1);

  return { secret, addressKey, guessesFrom, refuseWhenLocked, liveChallenge };
}
