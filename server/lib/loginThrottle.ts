// Login throttling (SECURITY.md): failures counted per client address and per e-mail in a fixed window;
// over the limit -> 429 with Retry-After. In memory for now; moved onto the shared limiter (Redis or the
// database) when server/lib/rateLimit.ts exists.
import type { Deps } from '../deps';
import { tooMany } from './errors';

const WINDOW_MS = 15 * 60_000;

export function loginThrottle(deps: Deps) {
  const limit = deps.config.LOGIN_FAILURES_PER_15M;
  const counters = new Map<string, { count: number; resetAt: number }>();
  const keys = (ip: string, email: string) => [`ip:${ip}`, `email:${email}`];
  const current = (key: string, now: number) => {
    const c = counters.get(key);
    return c && c.resetAt > now ? c : undefined;
  };
  return {
    async check(ip: string, email: string) {
      const now = Date.now();
      for (const key of keys(ip, email)) {
        const c = current(key, now);
        if (c && c.count >= limit) {
          throw tooMany('Too many failed sign-in attempts, please try again later', (c.resetAt - now) / 1000);
        }
      }
    },
    async fail(ip: string, email: string) {
      const now = Date.now();
      if (counters.size > 100_000) counters.clear(); // bounded memory under a spray of addresses
      for (const key of keys(ip, email)) {
        const c = current(key, now) ?? { count: 0, resetAt: now + WINDOW_MS };
        c.count++;
        counters.set(key, c);
      }
    },
  };
}
