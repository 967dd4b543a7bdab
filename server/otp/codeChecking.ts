// Checking a code (docs/SECURITY.md): the code is checked and its attempt counted in one atomic UPDATE, so
// parallel guesses cannot exceed OTP_MAX_ATTEMPTS per client address (issue 48 item 5: a stranger's guesses use
// up their own budget of a code, never the customer's) nor OTP_CODE_MAX_ATTEMPTS in all. Wrong codes count
// against the phone only when it has a live code: nobody can lock a number they have no code for by guessing at
// it. A right code is consumed in the transaction that does what it was asked for.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { otpChallenges } from '../db/schema';
import { enforce, type RateLimiter } from '../db/rateLimit';
import { limitAddress } from '../lib/clientAddress';
import { codeMatches } from './codes';
import { dailyFailuresKey, recordWrongCode, resetWrongCodes } from '../db/phoneLock';
import { metrics } from '../lib/metrics';
import { SLOW_DOWN, wrongCode } from './messages';
import { boundOf, sameOrder, type BoundOrder, type CodePurpose, type Tx } from './types';
import type { Challenges } from './challenges';

/** The checking half of the code service (./service.ts): verifyAndConsume with its purpose given. */
export function codeCheckerOf(
  deps: Deps,
  limiter: RateLimiter,
  { secret, addressKey, guessesFrom, refuseWhenLocked }: Challenges,
) {
  const { config } = deps;
  const { db } = deps.database;

  const limit = (key: string, max: number, windowSeconds: number) =>
    enforce(limiter, { key, max, windowSeconds }, SLOW_DOWN);

  return async function verifyAndConsume<T>(
    phone: string,
    code: string,
    ip: string,
    order: BoundOrder | null,
    save: (tx: Tx) => Promise<T>,
    purpose: CodePurpose,
  ): Promise<T> {
    const addr = limitAddress(ip);
    await limit(`otp:ip-check-10m:${addr}`, config.OTP_IP_CHECKS_PER_10M, 600);
    await refuseWhenLocked(phone).catch((err) => {
      metrics.codesChecked.inc({ outcome: 'locked' });
      throw err;
    });

    // Count the attempt (in all and from this address) and read the hash in one statement: parallel guesses cannot
    // pass either limit. Another address's guesses leave this one's budget whole (docs/SECURITY.md).
    const from = addressKey(addr);
    const [attempt] = await db
      .update(otpChallenges)
      .set({
        attempts: sql`${otpChallenges.attempts} + 1`,
        attemptsByAddress: sql`jsonb_set(${otpChallenges.attemptsByAddress}, array[${from}]::text[], to_jsonb(${guessesFrom(from)} + 1))`,
      })
      .where(
        sql`${otpChallenges.id} = (
          select id from otp_challenges where phone = ${phone} and consumed_at is null and expires_at > now()
          order by created_at desc, id desc limit 1)
          and ${otpChallenges.attempts} < ${config.OTP_CODE_MAX_ATTEMPTS}
          and ${guessesFrom(from)} < ${config.OTP_MAX_ATTEMPTS}`,
      )
      .returning({
        id: otpChallenges.id,
        codeHash: otpChallenges.codeHash,
        restaurantId: otpChallenges.restaurantId,
        deviceId: otpChallenges.deviceId,
        posOrderId: otpChallenges.posOrderId,
        purpose: otpChallenges.purpose,
        attempts: otpChallenges.attempts,
      });
    // No live code (or none this address may still guess at): nothing to guess against, so nothing counts against
    // the phone.
    if (!attempt) {
      metrics.codesChecked.inc({ outcome: 'no_code' });
      throw wrongCode(0);
    }
    // A guess at a live code is counted against the phone's day from this address first and compared after
    // (atomic); a right code takes its count back, so the day's count is of wrong codes only. Per phone AND
    // address: a stranger's guesses use up their own count, never the phone owner's.
    const failures = dailyFailuresKey(phone, addr);
    await limit(failures, config.OTP_PHONE_FAILURES_PER_DAY, 86_400);
    // A code asked for one order never saves another; a code asked for no order (an older client) saves
    // the order the call settled on. With no order (My receipts, Delete my data) only a code asked for no
    // order will do: a code texted for saving a receipt opens nothing else. And a code asked for one purpose
    // serves no other: a My receipts sign-in code saves no order, a save code signs nobody in.
    const bound = boundOf(attempt);
    if (
      !codeMatches(secret, phone, code, attempt.codeHash) ||
      attempt.purpose !== purpose ||
      ((bound || order === null) && !sameOrder(bound, order))
    ) {
      metrics.codesChecked.inc({ outcome: 'wrong' });
      if (await recordWrongCode(deps.database, config, phone)) metrics.phoneLocks.inc();
      throw wrongCode(Math.max(0, config.OTP_MAX_ATTEMPTS - attempt.attempts));
    }
    metrics.codesChecked.inc({ outcome: 'right' });
    await limiter.undo(failures);
    const result = await db.transaction(async (tx) => {
      const [consumed] = await tx
        .update(otpChallenges)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(otpChallenges.id, attempt.id), isNull(otpChallenges.consumedAt)))
        .returning({ id: otpChallenges.id });
      if (!consumed) throw wrongCode(0);
      return save(tx);
    });
    await resetWrongCodes(deps.database, phone);
    return result;
  };
}
