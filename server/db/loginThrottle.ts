// Admin sign-in limits (docs/RELIABILITY.md), on the shared limiter of server/db/rateLimit (Redis or the
// database, so several instances count together and nothing lives in one process's memory):
// - per (client address, e-mail): LOGIN_FAILURES_PER_15M. Someone hammering an e-mail from their address
//   locks out only that pair, never the rightful admin signing in from their own address;
// - per e-mail from all addresses: LOGIN_EMAIL_FAILURES_PER_15M, looser, against an attack spread over
//   many addresses; per address over all e-mails: LOGIN_IP_FAILURES_PER_15M, against a spray of e-mails.
// Each attempt is counted before the password is checked and compared with the count that statement
// answered (atomic: parallel guesses cannot all slip under the limit); a right password takes its counts
// back, so the counts are of failures. Windows are fixed: a refused pair can try again when its window ends.
import type { Config } from '../config';
import { enforce, type Limit, type RateLimiter } from './rateLimit';
import { limitAddress } from '../lib/clientAddress';

const WINDOW_SECONDS = 15 * 60;
export const LOGIN_SLOW_DOWN = 'Too many failed sign-in attempts, please try again later';

export function loginThrottle(limiter: RateLimiter, c: Config) {
  const limits = (client: string, email: string): Limit[] => {
    const ip = limitAddress(client); // an IPv6 client counts by its /64
    return [
      // The pair first: once it is over, the attempt stops there and no longer counts against the e-mail.
      { key: `login:pair:${ip}|${email}`, max: c.LOGIN_FAILURES_PER_15M, windowSeconds: WINDOW_SECONDS },
      { key: `login:ip:${ip}`, max: c.LOGIN_IP_FAILURES_PER_15M, windowSeconds: WINDOW_SECONDS },
      { key: `login:email:${email}`, max: c.LOGIN_EMAIL_FAILURES_PER_15M, windowSeconds: WINDOW_SECONDS },
    ];
  };
  return {
    /** Counts one sign-in attempt on every limit; 429 with Retry-After at the first one over. */
    async attempt(ip: string, email: string) {
      for (const limit of limits(ip, email)) await enforce(limiter, limit, LOGIN_SLOW_DOWN);
    },
    /** The password was right: the attempt was not a failure, its counts are taken back. */
    async succeeded(ip: string, email: string) {
      await Promise.all(limits(ip, email).map((l) => limiter.undo(l.key)));
    },
  };
}
