// The one rate limiter of the server: one-time codes (server/otp) and admin sign-in (routes/auth) count on it.
// Fixed-window counters. With REDIS_URL they live in Redis (shared by every instance, one atomic script per
// hit); otherwise in the database's rate_counters table (one atomic upsert, shared by instances on one
// database). A Redis that fails falls back to the database, never to "allow". Nothing is kept in memory.
//
// Every check counts first and compares the answer of that same atomic statement with the limit
// (enforce below): there is no read-then-write gap in which parallel requests could all slip under a limit.
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { tooMany } from '../lib/errors';

export interface Hit {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one event under key in a window of windowSeconds and answers the count so far, atomically. */
  hit(key: string, windowSeconds: number): Promise<Hit>;
  /** Takes one count back (an attempt that turned out not to be a failure); never below zero. */
  undo(key: string): Promise<void>;
  /** Forgets a counter (an admin cleared a phone's counts); answers 1 when it was counting, else 0. */
  reset(key: string): Promise<number>;
  /** Forgets every live counter whose key starts with prefix; answers how many there were. */
  resetPrefix(prefix: string): Promise<number>;
}

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** Counts one event under limit.key and throws 429 (with Retry-After) when the count is now over limit.max. */
export async function enforce(limiter: RateLimiter, limit: Limit, message: string): Promise<Hit> {
  const hit = await limiter.hit(limit.key, limit.windowSeconds);
  if (hit.count > limit.max) throw tooMany(message, hit.retryAfter);
  return hit;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** How many of the deleted counters were counting something. */
const liveCounts = (rows: { count: number; live: boolean }[]) =>
  rows.filter((r) => r.live && Number(r.count) > 0).length;

export function databaseLimiter(database: Database): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const res = await database.db.execute(sql`
        insert into rate_counters (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= now() then 1 else rate_counters.count + 1 end,
          reset_at = case when rate_counters.reset_at <= now() then excluded.reset_at else rate_counters.reset_at end
        returning count, ceil(extract(epoch from (reset_at - now())))::int as ttl`);
      const row = rowsOf<{ count: number; ttl: number }>(res)[0];
      return { count: Number(row.count), retryAfter: Math.max(1, Number(row.ttl)) };
    },
    async undo(key) {
      await database.db.execute(sql`
        update rate_counters set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
    },
    async reset(key) {
      const res = await database.db.execute(
        sql`delete from rate_counters where key = ${key} returning count, reset_at > now() as live`,
      );
      return liveCounts(rowsOf(res));
    },
    async resetPrefix(prefix) {
      // An admin's rare call: a scan of the small table is fine.
      const res = await database.db.execute(
        sql`delete from rate_counters where starts_with(key, ${prefix}) returning count, reset_at > now() as live`,
      );
      return liveCounts(rowsOf(res));
    },
  };
}

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

const UNDO_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** The Redis key of a counter (tests read it to prove the count is the shared one). */
export const redisKey = (key: string) => `specter:rl:${key}`;

export function redisLimiter(redis: import('ioredis').Redis, fallback: RateLimiter): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, redisKey(key), String(windowSeconds * 1000))) as [
          number,
          number,
        ];
        return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        return fallback.hit(key, windowSeconds);
      }
    },
    async undo(key) {
      try {
        await redis.eval(UNDO_SCRIPT, 1, redisKey(key));
      } catch {
        await fallback.undo(key);
      }
    },
    async reset(key) {
      // Both stores: a counter may have fallen back to the database while Redis was away.
      const [inRedis, inDatabase] = await Promise.allSettled([
        redis.getdel(redisKey(key)).then((v) => (Number(v) > 0 ? 1 : 0)),
        fallback.reset(key),
      ]);
      const found = (r: PromiseSettledResult<number>) => (r.status === 'fulfilled' ? r.value : 0);
      return Math.min(1, found(inRedis) + found(inDatabase));
    },
    async resetPrefix(prefix) {
      let found = 0;
      try {
        // SCAN (never KEYS): a few keys per phone among many; the prefix holds no glob characters of its own.
        const pattern = `${redisKey(prefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
        for await (const keys of redis.scanStream({ match: pattern, count: 500 }) as AsyncIterable<string[]>) {
          if (!keys.length) continue;
          found += (await redis.mget(...keys)).filter((v) => Number(v) > 0).length;
          await redis.del(...keys);
        }
      } catch {
        // Redis away: the database's counters are cleared below all the same.
      }
      return found + (await fallback.resetPrefix(prefix));
    },
  };
}

export function createLimiter(database: Database, redis?: import('ioredis').Redis): RateLimiter {
  const db = databaseLimiter(database);
  return redis ? redisLimiter(redis, db) : db;
}
