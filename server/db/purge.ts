// Expired rows of the one-time-code tables are deleted on a schedule (docs/RELIABILITY.md "Purge"):
// rate-limit windows that have ended, codes a day past their expiry, phone guards untouched for longer
// than a lock lasts. Safe with several instances: each run takes a transaction-scoped advisory lock and an
// instance that does not get it skips the run; every delete is conditional, so a run twice deletes nothing twice.
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { purgeOldLedger } from './repositories/loyalty';

/** Key of the advisory lock held while purging (any fixed 64-bit number, distinct from the migration lock). */
const PURGE_LOCK = 7_031_995_402;

export interface PurgeResult {
  rateCounters: number;
  otpChallenges: number;
  phoneGuards: number;
}

const deleted = async (tx: { execute: Database['db']['execute'] }, statement: ReturnType<typeof sql>) => {
  const res = await tx.execute(sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
};

/**
 * One purge. keepGuardHours: a phone guard (failures in a row, a lock) untouched for this long is dropped;
 * at least a day, and at least as long as a lock lasts. Answers null when another instance was purging.
 */
export async function purgeExpired(database: Database, keepGuardHours = 24): Promise<PurgeResult | null> {
  return database.db.transaction(async (tx) => {
    const got = await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as got`);
    if (!(got as unknown as { rows: { got: boolean }[] }).rows[0].got) return null;
    return {
      rateCounters: await deleted(tx, sql`delete from rate_counters where reset_at <= now()`),
      // A day of grace past expiry: the longest limit window is a day.
      otpChallenges: await deleted(tx, sql`delete from otp_challenges where expires_at < now() - interval '1 day'`),
      phoneGuards: await deleted(
        tx,
        sql`delete from phone_guards where updated_at < now() - make_interval(hours => ${Math.max(24, keepGuardHours)})`,
      ),
    };
  });
}

export interface RetentionResult {
  posOrders: number;
  posReceipts: number;
  activity: number;
  tokenRevocations: number;
  loyaltyLedger: number;
}

/**
 * Retention (docs/SECURITY.md, "Retention"): pushed POS orders (by their closing, else their arrival) and the tills'
 * stored receipts (by when the POS last told us of the till) older than posDays (POS_RETENTION_DAYS), the activity
 * trail older than activityDays (ACTIVITY_RETENTION_DAYS), loyalty ledger entries older than ledgerDays
 * (LOYALTY_LEDGER_RETENTION_DAYS; the balances stay), and sign-outs of tokens that have expired anyway.
 * Saved orders are the customers' own and stay until they or an admin delete them (a deleted app user's orders go
 * with them). Same lock as purgeExpired: one instance at a time; null when another was purging.
 */
export async function purgeRetained(
  database: Database,
  days: { posDays: number; activityDays: number; ledgerDays?: number },
): Promise<RetentionResult | null> {
  return database.db.transaction(async (tx) => {
    const got = await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK + 1}) as got`);
    if (!(got as unknown as { rows: { got: boolean }[] }).rows[0].got) return null;
    const pos = sql`now() - make_interval(days => ${days.posDays})`;
    return {
      posOrders: await deleted(tx, sql`delete from pos_orders where coalesce(closed_at, created_at) < ${pos}`),
      posReceipts: await deleted(tx, sql`delete from pos_receipts where checked_at < ${pos}`),
      activity: await deleted(
        tx,
        sql`delete from activity where at < now() - make_interval(days => ${days.activityDays})`,
      ),
      tokenRevocations: await deleted(tx, sql`delete from admin_token_revocations where expires_at < now()`),
      // The loyalty ledger is append-only: retention is one of the two deletions it allows (migration 0021).
      loyaltyLedger: days.ledgerDays ? await purgeOldLedger(tx, days.ledgerDays) : 0,
    };
  });
}
