// Sending and checking one-time codes under the policy of docs/SECURITY.md: the service the app decorates as
// `app.otp`. Every limit is configuration (server/config.ts); counters live on the shared limiter
// (server/db/rateLimit: Redis or the database). Its concerns live beside it: the codes as stored
// (./challenges.ts), the limits on codes asked for (./sendLimits.ts), sending (./codeSending.ts), checking and
// consuming (./codeChecking.ts), the sentences (./messages.ts) and the types (./types.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import type { Lang } from '../i18n';
import { badRequest } from '../lib/errors';
import type { RateLimiter } from '../db/rateLimit';
import { normalizePhone } from '../core/phone';
import { INVALID_PHONE } from './messages';
import { boundOf, type BoundOrder, type CodePurpose, type SendOutcome, type Tx } from './types';
import { challengesOf } from './challenges';
import { sendLimitsOf } from './sendLimits';
import { codeSenderOf } from './codeSending';
import { codeCheckerOf } from './codeChecking';

export { INVALID_PHONE, NO_LONGER_SAVEABLE, WRONG_CODE } from './messages';
export type { BoundOrder, CodePurpose, SendOutcome } from './types';

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

/** The app's code service, on the app's one limiter (plugins/services.ts decorates it as `app.otp`). */
export function createOtpService(deps: Deps, limiter: RateLimiter): OtpService {
  const { config } = deps;
  const challenges = challengesOf(deps);
  const { liveChallenge } = challenges;
  const limits = sendLimitsOf(deps, limiter);
  const { withinWindow } = limits;
  const sendTo = codeSenderOf(deps, limiter, challenges, limits);
  const check = codeCheckerOf(deps, limiter, challenges);

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
      return check(phone, code, ip, order, save, purpose);
    },
  };
}
