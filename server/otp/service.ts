// Sending and checking one-time codes under the policy of docs/SECURITY.md. Every limit is configuration
// (server/config.ts); counters live on the shared limiter (server/db/rateLimit: Redis or the database) and
// every one is counted first and then compared; the code is checked and its attempt counted in one atomic
// UPDATE, so parallel guesses cannot exceed OTP_MAX_ATTEMPTS. Wrong codes count against the phone only
// when it has a live code: nobody can lock a number they have no code for by guessing at it.
import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { otpChallenges } from '../db/schema';
import { say, waitInWords, type Lang } from '../i18n';
import { badRequest, conflict, HttpError, tooMany } from '../lib/errors';
import { enforce, type RateLimiter } from '../db/rateLimit';
import { limitAddress } from '../lib/clientAddress';
import { codeMatches, hashCode, newCode, sealCode, unsealCode } from './codes';
import { maskPhone, normalizePhone } from '../core/phone';
import { dailyFailuresKey, lockWait, recordWrongCode, resetWrongCodes } from '../db/phoneLock';
import { metrics } from '../lib/metrics';

export const WRONG_CODE = 'The code is wrong or has expired, please ask for a new one';
/** A wrong code's answer: the one message for wrong, expired, used or exhausted codes, and `triesLeft`, the
 * guesses the phone's live code still takes (0: none is live, ask for a new one). The page stays on the code step
 * while it is above 0 (issue 49, docs/CUSTOMER.md). */
const wrongCode = (triesLeft: number) => new HttpError(400, WRONG_CODE, {}, { triesLeft });
export const INVALID_PHONE = 'phone: Enter a valid mobile number';
const LOCKED = 'This number is locked after too many wrong codes, please contact us';
const SLOW_DOWN = 'Too many attempts, please try again later';
// "Too many attempts" is said after wrong codes only. A limit on codes asked for says so, with its wait in the
// sentence: the phone's own sends, or (a crowd behind one address, a busy till) the sends of a place.
const tooManyCodes = (wait: string) => `You asked for several codes; try again in ${wait}`;
/** The least time a customer needs after a code is sent to type it: a wait leaving less is "no longer saveable". */
const CODE_TYPING_SECONDS = 60;
const busyHere = (wait: string) => `Many codes were asked for here; try again in ${wait}`;
/** A wait that would outlast the receipt's claim window: no wait is promised that could not be kept. */
export const NO_LONGER_SAVEABLE =
  'This receipt can no longer be saved: its time ends before another code could be sent';

type Tx = Parameters<Parameters<Deps['database']['db']['transaction']>[0]>[0];

/** What a code is asked for: saving a till's order (the invoice page), signing in to My receipts, or confirming
 * Delete my data. A code is good for its own purpose only (docs/SECURITY.md "binding"). */
export type CodePurpose = 'save' | 'signIn' | 'deleteData';

/** The order a code is asked for: the code can save this order only ("bound to its request"). */
export interface BoundOrder {
  restaurantId: number;
  deviceId: string;
  posOrderId: string;
  /** When the order's claim window ends (null: no window): a send limit's wait past it is not promised. */
  saveableUntil?: Date | null;
}

/** What a send did: texted the code (`sent`), or found the phone's live code for the same order and purpose and
 * texted nothing; `resendIn` is how many seconds until a resend may text it again (docs/API.md, POST /user). */
export interface SendOutcome {
  sent: boolean;
  resendIn: number;
}

export interface OtpService {
  normalize(raw: string): string;
  /** Sends a code to the phone for a purpose (saving, by default); with an order, the code is bound to it and
   * counts against its sends. When the phone already has a live code for the same order and purpose, nothing is
   * sent unless `resend` asks for it (a resend is a send: the resend wait and every limit apply). */
  send(
    rawPhone: string,
    ip: string,
    order?: BoundOrder,
    lang?: Lang,
    purpose?: CodePurpose,
    resend?: boolean,
    /** The request's logger, so a failed SMS's line carries its request id (the app's logger without). */
    log?: FastifyBaseLogger,
  ): Promise<SendOutcome>;
  /** The order the phone's live code is bound to, if any (to save it when the call does not name one). */
  boundOrder(phone: string): Promise<BoundOrder | null>;
  /** Checks the code (and that it was asked for this order, when it was asked for one) and, when right, runs
   * save in the transaction that consumes it. A code asked for another purpose is a wrong code. */
  verifyAndConsume<T>(
    phone: string,
    code: string,
    ip: string,
    order: BoundOrder | null,
    save: (tx: Tx) => Promise<T>,
    purpose?: CodePurpose,
  ): Promise<T>;
}

const sameOrder = (a: BoundOrder | null, b: BoundOrder | null) =>
  a === b ||
  (!!a && !!b && a.restaurantId === b.restaurantId && a.deviceId === b.deviceId && a.posOrderId === b.posOrderId);

const boundOf = (row: {
  restaurantId: number | null;
  deviceId: string | null;
  posOrderId: string | null;
}): BoundOrder | null =>
  row.restaurantId !== null && row.deviceId !== null && row.posOrderId !== null
    ? { restaurantId: row.restaurantId, deviceId: row.deviceId, posOrderId: row.posOrderId }
    : null;

/** The app's code service, on the app's one limiter (plugins/services.ts decorates it as `app.otp`). */
export function createOtpService(deps: Deps, limiter: RateLimiter): OtpService {
  const { config } = deps;
  const { db } = deps.database;
  const secret = config.JWT_SECRET ?? '';

  const limit = (key: string, max: number, windowSeconds: number) =>
    enforce(limiter, { key, max, windowSeconds }, SLOW_DOWN);

  /** A limit on codes asked for (not on wrong codes): counted first, compared after, like every limit. */
  const sendRefusals = new WeakSet<Error>();
  async function sendLimit(message: (wait: string) => string, key: string, max: number, windowSeconds: number) {
    const hit = await limiter.hit(key, windowSeconds);
    if (hit.count <= max) return;
    const refusal = tooMany(message(waitInWords('en', hit.retryAfter)), hit.retryAfter);
    sendRefusals.add(refusal);
    throw refusal;
  }

  /** The seconds an order's counters live: its claim window (it cannot be saved after it), else a day. */
  const orderWindow = () => (config.CLAIM_WINDOW_MINUTES > 0 ? config.CLAIM_WINDOW_MINUTES * 60 : 86_400);

  /** A wait for a receipt whose window ends first (or within a minute of it) becomes "it can no longer be saved"
   * (docs/SECURITY.md). */
  async function withinWindow<T>(order: BoundOrder | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const wait = err instanceof HttpError && sendRefusals.has(err) ? Number(err.headers['Retry-After']) : NaN;
      const left = order?.saveableUntil ? (order.saveableUntil.getTime() - Date.now()) / 1000 : Infinity;
      // A wait that leaves no time to type the code it would send is no better than one past the window.
      if (wait + CODE_TYPING_SECONDS > left) throw conflict(NO_LONGER_SAVEABLE);
      throw err;
    }
  }

  async function refuseWhenLocked(phone: string) {
    const wait = await lockWait(deps.database, config, phone);
    if (wait > 0) throw tooMany(LOCKED, wait);
  }

  const liveChallenge = (phone: string) =>
    db
      .select()
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.phone, phone),
          isNull(otpChallenges.consumedAt),
          gt(otpChallenges.expiresAt, sql`now()`),
          lt(otpChallenges.attempts, config.OTP_MAX_ATTEMPTS),
        ),
      )
      .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
      .limit(1);

  async function sendTo(
    phone: string,
    ip: string,
    order: BoundOrder | undefined,
    lang: Lang,
    purpose: CodePurpose,
    resend: boolean,
    log: FastifyBaseLogger | undefined,
  ): Promise<SendOutcome> {
    const addr = limitAddress(ip);
    await sendLimit(busyHere, `otp:ip-send-10m:${addr}`, config.OTP_IP_SENDS_PER_10M, 600);
    await sendLimit(busyHere, `otp:ip-send-day:${addr}`, config.OTP_IP_SENDS_PER_DAY, 86_400);
    // My receipts' sign-in codes have a limit of their own: they name no till, so no till's cap holds them.
    if (purpose === 'signIn')
      await sendLimit(busyHere, `otp:signin-ip-10m:${addr}`, config.OTP_SIGNIN_IP_SENDS_PER_10M, 600);
    await refuseWhenLocked(phone);

    const [live] = await liveChallenge(phone);
    const liveWait = live
      ? Math.max(0, Math.ceil(config.OTP_RESEND_SECONDS - (Date.now() - live.lastSentAt.getTime()) / 1000))
      : 0;
    // A typo sent the customer back to the receipt: asking again finds the code they already have, still good,
    // and texts nothing (no send counted, no resend wait to run into). Only an explicit resend texts it again.
    if (live && !resend && live.purpose === purpose && sameOrder(boundOf(live), order ?? null))
      return { sent: false, resendIn: liveWait };
    if (live) {
      // Claim the resend in one conditional UPDATE (not read, then write): of two resends at once, one waits.
      const [claimed] = await db
        .update(otpChallenges)
        .set({ lastSentAt: sql`now()`, sendCount: sql`${otpChallenges.sendCount} + 1` })
        .where(
          and(
            eq(otpChallenges.id, live.id),
            lte(otpChallenges.lastSentAt, sql`now() - make_interval(secs => ${config.OTP_RESEND_SECONDS})`),
          ),
        )
        .returning({ id: otpChallenges.id });
      if (!claimed) throw tooMany('Please wait a moment before asking for a new code', Math.max(1, liveWait));
    }
    // A phone's sends, every purpose together: what abuse costs is SMS to a number (docs/SECURITY.md).
    await sendLimit(tooManyCodes, `otp:send-15m:${phone}`, config.OTP_SENDS_PER_15M, 900);
    await sendLimit(tooManyCodes, `otp:send-hour:${phone}`, config.OTP_SENDS_PER_HOUR, 3600);
    await sendLimit(tooManyCodes, `otp:send-day:${phone}`, config.OTP_SENDS_PER_DAY, 86_400);
    if (order) {
      // An order's sends count per phone, for its claim window: one customer's resends never use up another's.
      // The order's total is high, so strangers cannot use it up cheaply before its customer saves it.
      const orderKey = `${order.restaurantId}:${order.posOrderId}`;
      await sendLimit(tooManyCodes, `otp:send-order:${orderKey}:${phone}`, config.OTP_SENDS_PER_ORDER, orderWindow());
      await sendLimit(busyHere, `otp:send-order-total:${orderKey}`, config.OTP_SENDS_PER_ORDER_TOTAL, orderWindow());
      // One place's abuse stops at its till and its restaurant, long before the whole service's cap.
      await sendLimit(
        busyHere,
        `otp:send-till:${order.restaurantId}:${order.deviceId}`,
        config.OTP_SENDS_PER_TILL_HOUR,
        3600,
      );
      await sendLimit(
        busyHere,
        `otp:send-restaurant:${order.restaurantId}`,
        config.OTP_SENDS_PER_RESTAURANT_HOUR,
        3600,
      );
    }
    const hour = await limiter.hit('otp:global-hour', 3600);
    const day = await limiter.hit('otp:global-day', 86_400);
    // The last fuse: a line when it nears (80 %), once per window, so an operator hears before codes stop.
    for (const [name, hit, cap] of [
      ['hour', hour, config.SMS_GLOBAL_PER_HOUR],
      ['day', day, config.SMS_GLOBAL_PER_DAY],
    ] as const)
      if (hit.count === Math.ceil(cap * 0.8))
        deps.log?.warn(
          { sms: { window: name, sent: hit.count, cap } },
          `global SMS cap nearing: ${hit.count} of ${cap} this ${name}`,
        );
    if (hour.count > config.SMS_GLOBAL_PER_HOUR || day.count > config.SMS_GLOBAL_PER_DAY) {
      console.warn(
        `[sms] global SMS cap reached (hour ${hour.count}/${config.SMS_GLOBAL_PER_HOUR}, day ${day.count}/${config.SMS_GLOBAL_PER_DAY}): sending paused`,
      );
      throw new HttpError(503, 'We cannot send codes right now, please try again later', {
        'Retry-After': String(hour.retryAfter),
      });
    }

    // A resend for the same order and purpose sends the same code; a code for another order or purpose is new.
    let code =
      live && live.purpose === purpose && sameOrder(boundOf(live), order ?? null)
        ? unsealCode(secret, live.codeSealed)
        : null;
    let challengeId: number;
    let created = false;
    if (live && code) {
      challengeId = live.id;
    } else {
      code = newCode();
      created = true;
      challengeId = await db.transaction(async (tx) => {
        // One live code per phone: a new one retires the others.
        await tx
          .update(otpChallenges)
          .set({ expiresAt: sql`now()` })
          .where(
            and(
              eq(otpChallenges.phone, phone),
              isNull(otpChallenges.consumedAt),
              gt(otpChallenges.expiresAt, sql`now()`),
            ),
          );
        const [row] = await tx
          .insert(otpChallenges)
          .values({
            phone,
            codeHash: hashCode(secret, phone, code!),
            codeSealed: sealCode(secret, code!),
            expiresAt: new Date(Date.now() + config.OTP_TTL_SECONDS * 1000),
            restaurantId: order?.restaurantId ?? null,
            deviceId: order?.deviceId ?? null,
            posOrderId: order?.posOrderId ?? null,
            purpose,
          })
          .returning({ id: otpChallenges.id });
        return row.id;
      });
    }
    // No app user yet: it is created when an order is saved with a good code (routes/invoice.ts).
    const minutes = Math.round(config.OTP_TTL_SECONDS / 60);
    try {
      // In the language of the page that asked for it (the code itself in Latin digits, as the keypad types them).
      await deps.sms.send(phone, say(lang, 'codeSms', { code: code!, minutes }));
      metrics.codesSent.inc({ provider: deps.sms.name, outcome: 'sent' });
    } catch (err) {
      metrics.codesSent.inc({ provider: deps.sms.name, outcome: 'failed' });
      if (created) await db.delete(otpChallenges).where(eq(otpChallenges.id, challengeId));
      // The provider's code only: its error text can carry the number (server/core/smsPort.ts).
      log?.warn(
        {
          sms: { to: maskPhone(phone), provider: deps.sms.name, code: (err as { code?: string }).code ?? 'unknown' },
        },
        'SMS sending failed',
      );
      throw new HttpError(502, 'We could not send the code, please try again');
    }
    return { sent: true, resendIn: config.OTP_RESEND_SECONDS };
  }

  return {
    normalize(raw) {
      const phone = normalizePhone(raw, config.PHONE_DEFAULT_COUNTRY, config.PHONE_ALLOWED_COUNTRIES);
      if (!phone) throw badRequest(INVALID_PHONE);
      return phone;
    },

    async send(rawPhone, ip, order, lang = 'en', purpose = 'save', resend = false, log = deps.log) {
      const phone = this.normalize(rawPhone);
      return withinWindow(order, () => sendTo(phone, ip, order, lang, purpose, resend, log));
    },

    async boundOrder(phone) {
      const [live] = await liveChallenge(phone);
      return live && live.purpose === 'save' ? boundOf(live) : null;
    },

    async verifyAndConsume(phone, code, ip, order, save, purpose = 'save') {
      const addr = limitAddress(ip);
      await limit(`otp:ip-check-10m:${addr}`, config.OTP_IP_CHECKS_PER_10M, 600);
      await refuseWhenLocked(phone).catch((err) => {
        metrics.codesChecked.inc({ outcome: 'locked' });
        throw err;
      });

      // Count the attempt and read the hash in one statement: parallel guesses cannot pass the limit.
      const [attempt] = await db
        .update(otpChallenges)
        .set({ attempts: sql`${otpChallenges.attempts} + 1` })
        .where(
          sql`${otpChallenges.id} = (
          select id from otp_challenges where phone = ${phone} and consumed_at is null and expires_at > now()
          order by created_at desc, id desc limit 1)
          and ${otpChallenges.attempts} < ${config.OTP_MAX_ATTEMPTS}`,
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
      // No live code: nothing to guess against, so nothing counts against the phone.
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
    },
  };
}
