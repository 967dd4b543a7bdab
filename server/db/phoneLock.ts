// The phone lock (docs/RELIABILITY.md, one-time codes): OTP_PHONE_LOCK_AFTER wrong codes in a row against
// live codes lock a phone for OTP_LOCK_HOURS; a right code resets the run; an admin can lift a lock sooner
// (DELETE /user/{id}/lock). Kept in phone_guards, so every instance on the database sees the same lock.
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from './client';
import { phoneGuards } from './schema';
import type { RateLimiter } from './rateLimit';

/** The key of a phone's daily count of wrong codes from one client address (limitAddress) on the shared
 * limiter: a stranger's guesses count against their own address, so they cannot use up the owner's day. */
export const dailyFailuresKey = (phone: string, address: string) => `otp:fail-day:${phone}|${address}`;

const lockSeconds = (config: Config) => config.OTP_LOCK_HOURS * 3600;

/** SQL: when the lock of the phone_guards row ends, or null when it holds no lock now. */
export const lockedUntilSql = (config: Config) =>
  sql<Date | null>`case when ${phoneGuards.lockedAt} + make_interval(secs => ${lockSeconds(config)}) > now()
    then ${phoneGuards.lockedAt} + make_interval(secs => ${lockSeconds(config)}) end`;

/** Seconds until the phone's lock ends, or 0 when it is not locked. */
export async function lockWait(database: Database, config: Config, phone: string): Promise<number> {
  const [row] = await database.db
    .select({ wait: sql<number>`ceil(extract(epoch from (${lockedUntilSql(config)} - now())))::int` })
    .from(phoneGuards)
    .where(eq(phoneGuards.phone, phone));
  return Math.max(0, Number(row?.wait ?? 0));
}

/**
 * One more wrong code in a row, in one atomic upsert: the run restarts at 1 after an expired lock, and
 * reaching OTP_PHONE_LOCK_AFTER sets the lock. Answers whether this wrong code locked the phone.
 */
export async function recordWrongCode(database: Database, config: Config, phone: string): Promise<boolean> {
  const expired = sql`(${phoneGuards.lockedAt} is not null and ${phoneGuards.lockedAt} + make_interval(secs => ${lockSeconds(config)}) <= now())`;
  const run = sql`case when ${expired} then 1 else ${phoneGuards.failuresInRow} + 1 end`;
  const [row] = await database.db
    .insert(phoneGuards)
    .values({ phone, failuresInRow: 1, lockedAt: config.OTP_PHONE_LOCK_AFTER <= 1 ? new Date() : null })
    .onConflictDoUpdate({
      target: phoneGuards.phone,
      set: {
        failuresInRow: run,
        lockedAt: sql`case when ${run} >= ${config.OTP_PHONE_LOCK_AFTER} then now() when ${expired} then null else ${phoneGuards.lockedAt} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ run: phoneGuards.failuresInRow });
  return (row?.run ?? 0) === Math.max(1, config.OTP_PHONE_LOCK_AFTER);
}

/** A right code: the run of wrong ones starts again. */
export async function resetWrongCodes(database: Database, phone: string) {
  await database.db
    .update(phoneGuards)
    .set({ failuresInRow: 0, lockedAt: null, updatedAt: sql`now()` })
    .where(eq(phoneGuards.phone, phone));
}

/**
 * An admin lifts a phone's lock and its run of wrong codes; answers whether a lock was in force and whether there
 * was anything to clear. db may be a transaction, so the lift and its record in the audit trail share it. The
 * phone's counts on the limiter are forgotten by forgetPhoneCounts (outside any transaction).
 */
export async function liftLock(
  db: Pick<Db, 'select' | 'update'>,
  config: Config,
  phone: string,
): Promise<{ locked: boolean; cleared: boolean }> {
  const [row] = await db
    .select({ locked: sql<boolean>`${lockedUntilSql(config)} is not null`, run: phoneGuards.failuresInRow })
    .from(phoneGuards)
    .where(eq(phoneGuards.phone, phone))
    .for('update');
  if (!row || (!row.locked && row.run === 0)) return { locked: false, cleared: false };
  await db
    .update(phoneGuards)
    .set({ failuresInRow: 0, lockedAt: null, updatedAt: sql`now()` })
    .where(eq(phoneGuards.phone, phone));
  return { locked: Boolean(row.locked), cleared: true };
}

/** An admin clears a phone's counts: its wrong codes of the day from every address, and its sends. Answers how
 * many addresses had wrong codes counted (the sends are cleared whatever they were). */
export async function forgetPhoneCounts(limiter: RateLimiter, phone: string): Promise<number> {
  await Promise.all(['15m', 'hour', 'day'].map((w) => limiter.reset(`otp:send-${w}:${phone}`)));
  return limiter.resetPrefix(`otp:fail-day:${phone}|`);
}
