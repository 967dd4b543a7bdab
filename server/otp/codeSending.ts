// Sending a code (docs/SECURITY.md): the limits of the address, the phone, the order and its place first (each
// counted, then compared: ./sendLimits.ts), then the phone's live code found again - texting nothing unless a
// resend asks, the resend claimed in one conditional UPDATE - or a new one that retires the others; last, the
// whole service's fuse and the SMS itself, in the language of the page that asked.
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import { otpChallenges } from '../db/schema';
import { say, type Lang } from '../i18n';
import { HttpError, tooMany } from '../lib/errors';
import type { RateLimiter } from '../db/rateLimit';
import { limitAddress } from '../lib/clientAddress';
import { hashCode, newCode, sealCode, unsealCode } from './codes';
import { maskPhone } from '../core/phone';
import { metrics } from '../lib/metrics';
import { busyHere, tooManyCodes } from './messages';
import { boundOf, sameOrder, type BoundOrder, type CodePurpose, type SendOutcome } from './types';
import type { Challenges } from './challenges';
import type { SendLimits } from './sendLimits';

/** The sending half of the code service (./service.ts): the phone already normalised, the claim window minded by
 * the caller (SendLimits.withinWindow). */
export function codeSenderOf(
  deps: Deps,
  limiter: RateLimiter,
  { secret, refuseWhenLocked, liveChallenge }: Challenges,
  { sendLimit, placeCap, orderWindow }: SendLimits,
) {
  const { config } = deps;
  const { db } = deps.database;

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

    const [live] = await liveChallenge(phone, addr);
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
      // One place's abuse stops at its till and its restaurant, long before the whole service's cap - without a
      // stranger silencing the place: past its cap, only the client addresses it already served wait.
      await placeCap(
        'till',
        order,
        addr,
        `otp:send-till:${order.restaurantId}:${order.deviceId}`,
        config.OTP_SENDS_PER_TILL_HOUR,
      );
      await placeCap(
        'restaurant',
        order,
        addr,
        `otp:send-restaurant:${order.restaurantId}`,
        config.OTP_SENDS_PER_RESTAURANT_HOUR,
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

  return sendTo;
}
