// My receipts' sign-out on the server (docs/CUSTOMER.md): a session cookie is stateless, so ending it in the
// browser would leave a copy of it valid until it expires. Signing out records, on the phone's guard row, the
// issue time of the session that signed out; every session of that phone issued then or before is over, on
// every instance. The times are the sessions' own (no clock of the database involved): a new sign-in needs a new
// code, so it is always issued later.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { phoneGuards } from '../schema';

/** Ends every session of the phone issued at or before `upTo` (the signing-out session's issue time, or now when
 * the customer deletes their data); db may be a transaction. */
export async function endSessions(db: Pick<Db, 'insert'>, phone: string, upTo: Date): Promise<void> {
  await db
    .insert(phoneGuards)
    .values({ phone, sessionsEndedAt: upTo })
    .onConflictDoUpdate({
      target: phoneGuards.phone,
      set: {
        sessionsEndedAt: sql`greatest(${phoneGuards.sessionsEndedAt}, excluded.sessions_ended_at)`,
        updatedAt: sql`now()`,
      },
    });
}

/** When the phone's sessions were last ended, or null. */
export async function sessionsEndedAt(db: Db, phone: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: phoneGuards.sessionsEndedAt })
    .from(phoneGuards)
    .where(eq(phoneGuards.phone, phone));
  return row?.at ?? null;
}
