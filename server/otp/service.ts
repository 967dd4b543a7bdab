// Sending and checking one-time codes under the policy of SECURITY.md. Every limit is configuration
// (server/config.ts); counters live in Redis or the database (limiter.ts); the code is checked and its
// attempt counted in one atomic UPDATE, so parallel guesses cannot exceed OTP_MAX_ATTEMPTS.
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../deps';
import { appUsers, otpChallenges, phoneGuards } from '../db/schema';
import { badRequest, HttpError, tooMany } from '../lib/errors';
import { codeMatches, hashCode, newCode, sealCode, unsealCode } from './codes';
import { createLimiter, type RateLimiter } from './limiter';
import { maskPhone, normalizePhone } from './phone';

export const WRONG_CODE = 'The code is wrong or has expired, please ask for a new one';
export const INVALID_PHONE = 'phone: Enter a valid mobile number';
const LOCKED = 'This number is locked after too many wrong codes, please contact us';
const SLOW_DOWN = 'Too many attempts, please try again later';

type Tx = Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0];

export interface OtpService {
  normalize(raw: string): string;
  send(rawPhone: string, ip: string): Promise<void>;
  /** Checks the code and, when right, runs save in the transaction that consumes it. */
  verifyAndConsume<T>(phone: string, code: string, ip: string, save: (tx: Tx) => Promise<T>): Promise<T>;
}

export function createOtpService(deps: Deps): OtpService {
  const { config } = deps;
  const { db } = deps.database;
  const secret = config.JWT_SECRET ?? '';
  const limiter: RateLimiter = createLimiter(deps.database, deps.redis);

  async function limit(key: string, max: number, windowSeconds: number, message = SLOW_DOWN) {
    const hit = await limiter.hit(key, windowSeconds);
    if (hit.count > max) throw tooMany(message, hit.retryAfter);
  }

  async function lockedAt(phone: string) {
    const [g] = await db.select().from(phoneGuards).where(eq(phoneGuards.phone, phone));
    return g?.lockedAt ?? null;
  }

  async function recordFailure(phone: string) {
    await limiter.hit(`otp:fail-day:${phone}`, 86_400);
    await db
      .insert(phoneGuards)
      .values({ phone, failuresInRow: 1 })
      .onConflictDoUpdate({
        target: phoneGuards.phone,
        set: {
          failuresInRow: sql`${phoneGuards.failuresInRow} + 1`,
          lockedAt: sql`case when ${phoneGuards.failuresInRow} + 1 >= ${config.OTP_PHONE_LOCK_AFTER} then now() else ${phoneGuards.lockedAt} end`,
          updatedAt: sql`now()`,
        },
      });
  }

  const liveChallenge = (phone: string) =>
    db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, sql`now()`), lt(otpChallenges.attempts, config.OTP_MAX_ATTEMPTS)))
      .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
      .limit(1);

  return {
    normalize(raw) {
      const phone = normalizePhone(raw, config.PHONE_DEFAULT_COUNTRY, config.PHONE_ALLOWED_COUNTRIES);
      if (!phone) throw badRequest(INVALID_PHONE);
      return phone;
    },

    async send(rawPhone, ip) {
      const phone = this.normalize(rawPhone);
      await limit(`otp:ip-send-10m:${ip}`, config.OTP_IP_SENDS_PER_10M, 600);
      await limit(`otp:ip-send-day:${ip}`, config.OTP_IP_SENDS_PER_DAY, 86_400);
      if (await lockedAt(phone)) throw tooMany(LOCKED, 3600);

      const [live] = await liveChallenge(phone);
      if (live) {
        const wait = config.OTP_RESEND_SECONDS - (Date.now() - live.lastSentAt.getTime()) / 1000;
        if (wait > 0) throw tooMany('Please wait a moment before asking for a new code', wait);
      }
      await limit(`otp:send-15m:${phone}`, config.OTP_SENDS_PER_15M, 900);
      await limit(`otp:send-hour:${phone}`, config.OTP_SENDS_PER_HOUR, 3600);
      await limit(`otp:send-day:${phone}`, config.OTP_SENDS_PER_DAY, 86_400);
      const hour = await limiter.hit('otp:global-hour', 3600);
      const day = await limiter.hit('otp:global-day', 86_400);
      if (hour.count > config.SMS_GLOBAL_PER_HOUR || day.count > config.SMS_GLOBAL_PER_DAY) {
        console.warn(`[sms] global SMS cap reached (hour ${hour.count}/${config.SMS_GLOBAL_PER_HOUR}, day ${day.count}/${config.SMS_GLOBAL_PER_DAY}): sending paused`);
        throw new HttpError(503, 'We cannot send codes right now, please try again later', { 'Retry-After': String(hour.retryAfter) });
      }

      let code = live ? unsealCode(secret, live.codeSealed) : null;
      let challengeId: number;
      let created = false;
      if (live && code) {
        challengeId = live.id;
        await db.update(otpChallenges).set({ lastSentAt: new Date(), sendCount: sql`${otpChallenges.sendCount} + 1` }).where(eq(otpChallenges.id, live.id));
      } else {
        code = newCode();
        created = true;
        challengeId = await db.transaction(async (tx) => {
          // One live code per phone: a new one retires the others.
          await tx.update(otpChallenges).set({ expiresAt: sql`now()` }).where(and(eq(otpChallenges.phone, phone), isNull(otpChallenges.consumedAt), gt(otpChallenges.expiresAt, sql`now()`)));
          const [row] = await tx.insert(otpChallenges).values({
            phone,
            codeHash: hashCode(secret, phone, code!),
            codeSealed: sealCode(secret, code!),
            expiresAt: new Date(Date.now() + config.OTP_TTL_SECONDS * 1000),
          }).returning({ id: otpChallenges.id });
          return row.id;
        });
      }
      // The app user exists from the first code on (issue 4); the answer is the same either way.
      await db.insert(appUsers).values({ phone }).onConflictDoNothing();
      const minutes = Math.round(config.OTP_TTL_SECONDS / 60);
      try {
        await deps.sms.send(phone, `Your Specter code is ${code}. It expires in ${minutes} minutes. Do not share it.`);
      } catch (err) {
        if (created) await db.delete(otpChallenges).where(eq(otpChallenges.id, challengeId));
        console.warn(`[sms] sending to ${maskPhone(phone)} failed: ${(err as Error).message}`);
        throw new HttpError(502, 'We could not send the code, please try again');
      }
    },

    async verifyAndConsume(phone, code, ip, save) {
      await limit(`otp:ip-check-10m:${ip}`, config.OTP_IP_CHECKS_PER_10M, 600);
      if (await lockedAt(phone)) throw tooMany(LOCKED, 3600);
      const failures = await limiter.peek(`otp:fail-day:${phone}`);
      if (failures.count >= config.OTP_PHONE_FAILURES_PER_DAY) throw tooMany(SLOW_DOWN, failures.retryAfter);

      // Count the attempt and read the hash in one statement: parallel guesses cannot pass the limit.
      const [attempt] = await db
        .update(otpChallenges)
        .set({ attempts: sql`${otpChallenges.attempts} + 1` })
        .where(sql`${otpChallenges.id} = (
          select id from otp_challenges where phone = ${phone} and consumed_at is null and expires_at > now()
          order by created_at desc, id desc limit 1)
          and ${otpChallenges.attempts} < ${config.OTP_MAX_ATTEMPTS}`)
        .returning({ id: otpChallenges.id, codeHash: otpChallenges.codeHash });
      if (!attempt || !codeMatches(secret, phone, code, attempt.codeHash)) {
        await recordFailure(phone);
        throw badRequest(WRONG_CODE);
      }
      const result = await db.transaction(async (tx) => {
        const [consumed] = await tx
          .update(otpChallenges)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(otpChallenges.id, attempt.id), isNull(otpChallenges.consumedAt)))
          .returning({ id: otpChallenges.id });
        if (!consumed) throw badRequest(WRONG_CODE);
        return save(tx);
      });
      await db.update(phoneGuards).set({ failuresInRow: 0, updatedAt: sql`now()` }).where(eq(phoneGuards.phone, phone));
      return result;
    },
  };
}

const services = new WeakMap<Deps, OtpService>();
/** One service per app (its limiter and secret), shared by POST /user and the add-order route. */
export function otpService(deps: Deps): OtpService {
  let s = services.get(deps);
  if (!s) services.set(deps, (s = createOtpService(deps)));
  return s;
}
