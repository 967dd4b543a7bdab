// The one rate limiter of the server: one-time codes (server/otp) and admin sign-in (routes/auth) count on it.
// Fixed-window counters. With REDIS_URL they live in Redis (shared by every instance, one atomic script per
// hit); otherwise in the database's rate_counters table (one atomic upsert, shared by instances on one
// database). A Redis that fails falls back to the database, never to "allow". Nothing is kept in memory, but for
// batchedLimit below (the receipt views of an address, counted here between two writes).
//
// Every check counts first and compares the answer of that same atomic statement with the limit
// (enforce below): there is no read-then-write gap in which parallel requests could all slip under a limit.
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { DEFAULT_REDIS_PREFIX } from '../config';
import { tooMany } from '../lib/errors';

export interface Hit {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one event (or `by` events at once) under key in a window of windowSeconds and answers the count so
   * far, atomically. */
  hit(key: string, windowSeconds: number, by?: number): Promise<Hit>;
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
    async hit(key, windowSeconds, by = 1) {
      const res = await database.db.execute(sql`
        insert into rate_counters (key, count, reset_at) values (${key}, ${by}, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= now() then excluded.count else rate_counters.count + excluded.count end,
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
local c = redis.call('INCRBY', KEYS[1], ARGV[2])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

const UNDO_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** The Redis key of a counter under REDIS_PREFIX (tests read it to prove the count is the shared one). */
export const redisKey = (key: string, prefix = DEFAULT_REDIS_PREFIX) => `${prefix}:rl:${key}`;

export function redisLimiter(redis: import('ioredis').Redis, fallback: RateLimiter, keyPrefix: string): RateLimiter {
  return {
    async hit(key, windowSeconds, by = 1) {
      try {
        const [count, ttl] = (await redis.eval(
          HIT_SCRIPT,
          1,
          redisKey(key, keyPrefix),
          String(windowSeconds * 1000),
          String(by),
        )) as [number, number];
        return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        return fallback.hit(key, windowSeconds, by);
      }
    },
    async undo(key) {
      try {
        await redis.eval(UNDO_SCRIPT, 1, redisKey(key, keyPrefix));
      } catch {
        await fallback.undo(key);
      }
    },
    async reset(key) {
      // Both stores: a counter may have fallen back to the database while Redis was away.
      const [inRedis, inDatabase] = await Promise.allSettled([
        redis.getdel(redisKey(key, keyPrefix)).then((v) => (Number(v) > 0 ? 1 : 0)),
        fallback.reset(key),
      ]);
      const found = (r: PromiseSettledResult<number>) => (r.status === 'fulfilled' ? r.value : 0);
      return Math.min(1, found(inRedis) + found(inDatabase));
    },
    async resetPrefix(prefix) {
      let found = 0;
      try {
        // SCAN (never KEYS): a few keys per phone among many; the prefix holds no glob characters of its own.
        const pattern = `${redisKey(prefix, keyPrefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
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

export function createLimiter(
  database: Database,
  redis: import('ioredis').Redis | undefined,
  prefix: string,
): RateLimiter {
  const db = databaseLimiter(database);
  return redis ? redisLimiter(redis, db, prefix) : db;
}

/** What a caller that must decide at once learns of an event (batchedLimit's countAtOnce). */
export type AtOnce = 'within' | { retryAfter: number } | 'unknown';

/**
 * A limit checked on every call of a crowd's busiest route without a write per call: the events of each key are
 * counted in this process and added to the shared counter (limiter.hit with `by`) at most once per syncMs - by
 * the first call after that - whose answer is the count every other instance added too. Within one instance the
 * limit is exact (the local count is compared with the limit on every call); across instances a count may lag
 * by at most syncMs of the other instances' events. A call that finds its key's counter being synced waits for
 * that answer. docs/SECURITY.md ("Till links") and docs/PERFORMANCE.md ("The hot till as it ships").
 */
export function batchedLimit(limiter: RateLimiter, syncMs: number) {
  interface Tally {
    /** The shared count at the last sync (every instance's events, this one's included). */
    count: number;
    /** Events counted here since the last sync. */
    local: number;
    resetAt: number;
    freshUntil: number;
    sync?: Promise<void>;
  }
  const tallies = new Map<string, Tally>();
  const secondsLeft = (t: Tally) => Math.max(1, Math.ceil((t.resetAt - Date.now()) / 1000));
  const over = (t: Tally, limit: Limit, message: string) => {
    if (t.count + t.local > limit.max) throw tooMany(message, secondsLeft(t));
  };
  async function enforceBatched(limit: Limit, message: string): Promise<void> {
    let t = tallies.get(limit.key);
    if (t?.sync) await t.sync;
    if (t && Date.now() < t.freshUntil) {
      t.local++;
      return over(t, limit, message);
    }
    if (!t) {
      if (tallies.size >= 10_000) tallies.clear();
      t = { count: 0, local: 0, resetAt: 0, freshUntil: 0 };
      tallies.set(limit.key, t);
    }
    const entry = t;
    // This event and every one counted here since the last sync, in one write.
    const by = entry.local + 1;
    entry.local = 0;
    entry.sync = limiter
      .hit(limit.key, limit.windowSeconds, by)
      .then(
        (hit) => {
          entry.count = hit.count;
          entry.resetAt = Date.now() + hit.retryAfter * 1000;
          entry.freshUntil = Date.now() + syncMs;
        },
        (err: unknown) => {
          // Not written: kept for the next sync.
          entry.local += by;
          throw err;
        },
      )
      .finally(() => (entry.sync = undefined));
    await entry.sync;
    // The count answered includes this event; later ones counted while it was written are in entry.local.
    return over(entry, limit, message);
  }
  /** The same count for a caller that must decide without waiting, when the key's shared count is fresh (else
   * 'unknown', nothing counted: the caller takes enforceBatched's way, which counts the event once). An event over
   * the limit is counted and refused as enforceBatched refuses it (`{ retryAfter }`, in seconds) when the caller
   * `mayRefuse` at once; one within it is counted ('within') when `mayPass()` says the caller can let it through at
   * once. Otherwise nothing is counted. */
  function countAtOnce(limit: Limit, mayPass: () => boolean, mayRefuse = true): AtOnce {
    const t = tallies.get(limit.key);
    if (!t || t.sync || Date.now() >= t.freshUntil) return 'unknown';
    if (t.count + t.local + 1 > limit.max) {
      if (!mayRefuse) return 'unknown';
      t.local++;
      return { retryAfter: secondsLeft(t) };
    }
    if (!mayPass()) return 'unknown';
    t.local++;
    return 'within';
  }
  return Object.assign(enforceBatched, { countAtOnce });
}
