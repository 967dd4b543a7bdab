// Admin sign-in limits (docs/SECURITY.md, "Admin sign-in"), on the shared limiter of server/db/rateLimit (Redis or
// the database, so several instances count together and nothing lives in one process's memory):
// - per (client address, e-mail): LOGIN_FAILURES_PER_15M. Someone hammering an e-mail from their address
//   locks out only that pair, never the rightful admin signing in from their own address;
// - per address over all e-mails: LOGIN_IP_FAILURES_PER_15M, against a spray of e-mails;
// - per e-mail from all addresses: LOGIN_EMAIL_FAILURES_PER_15M, against an attack spread over many addresses. It
//   never blocks (issue 48 item 3: anyone who knew an admin's e-mail could keep them out with it): past it the
//   attack is slowed - an address whose pair failed within the window is refused, and a pair without failures
//   (the owner at their own desk, or each new address of an attacker once) still has its password checked.
// Each attempt is counted before the password is checked and compared with the count that statement answered
// (atomic: parallel guesses cannot all slip under a limit); a right password takes its counts back, so the counts
// are of failures. Windows are fixed: a refused pair can try again when its window ends.
import type { Config } from '../config';
import { enforce, type Limit, type RateLimiter } from './rateLimit';
import { limitAddress } from '../lib/clientAddress';
import { tooMany } from '../lib/errors';

const WINDOW_SECONDS = 15 * 60;
export const LOGIN_SLOW_DOWN = 'Too many failed sign-in attempts, please try again later';

export function loginThrottle(limiter: RateLimiter, c: Config) {
  const limits = (client: string, email: string) => {
    const ip = limitAddress(client); // an IPv6 client counts by its /64
    return {
      pair: { key: `login:pair:${ip}|${email}`, max: c.LOGIN_FAILURES_PER_15M, windowSeconds: WINDOW_SECONDS },
      ip: { key: `login:ip:${ip}`, max: c.LOGIN_IP_FAILURES_PER_15M, windowSeconds: WINDOW_SECONDS },
      email: { key: `login:email:${email}`, max: c.LOGIN_EMAIL_FAILURES_PER_15M, windowSeconds: WINDOW_SECONDS },
    } satisfies Record<string, Limit>;
  };
  return {
    /** Counts one sign-in attempt on every limit: 429 with Retry-After when the pair or the address is over its
     * limit, or when the e-mail is over its own and this pair already failed within the window. */
    async attempt(ip: string, email: string) {
      const l = limits(ip, email);
      // The pair first: once it is over, the attempt stops there and no longer counts against the e-mail.
      const pair = await enforce(limiter, l.pair, LOGIN_SLOW_DOWN);
      await enforce(limiter, l.ip, LOGIN_SLOW_DOWN);
      const all = await limiter.hit(l.email.key, l.email.windowSeconds);
      // This attempt is the pair's count; the ones before it were failures (a right password took its count back).
      if (all.count > l.email.max && pair.count > 1) throw tooMany(LOGIN_SLOW_DOWN, pair.retryAfter);
    },
    /** The password was right: the attempt was not a failure, its counts are taken back. */
    async succeeded(ip: string, email: string) {
      await Promise.all(Object.values(limits(ip, email)).map((l) => limiter.undo(l.key)));
    },
  };
}
