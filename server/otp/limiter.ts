// Fixed-window counters for the limits of SECURITY.md. With REDIS_URL they live in Redis (shared by every
// instance, one atomic script per hit); otherwise in the database's rate_counters table (one atomic upsert,
// shared by instances on one database). A Redis that fails falls back to the database, never to "allow".
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface Hit {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one event under key in a window of windowSeconds and answers the count so far. */
  hit(key: string, windowSeconds: number): Promise<Hit>;
  /** The count so far without counting. */
  peek(key: string): Promise<Hit>;
}

export function databaseLimiter(database: Database): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const res = await database.db.execute(sql`
        insert into rate_counters (key, count, reset_at) values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_counters.reset_at <= now() then 1 else rate_counters.count + 1 end,
          reset_at = case when rate_counters.reset_at <= now() then excluded.reset_at else rate_counters.reset_at end
        returning count, ceil(extract(epoch from (reset_at - now())))::int as ttl`);
      const row = (res as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
      return { count: Number(row.count), retryAfter: Math.max(1, Number(row.ttl)) };
    },
    async peek(key) {
      const res = await database.db.execute(sql`
        select count, ceil(extract(epoch from (reset_at - now())))::int as ttl from rate_counters
        where key = ${key} and reset_at > now()`);
      const row = (res as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
      return row ? { count: Number(row.count), retryAfter: Math.max(1, Number(row.ttl)) } : { count: 0, retryAfter: 0 };
    },
  };
}

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

export function redisLimiter(redis: import('ioredis').Redis, fallback: RateLimiter): RateLimiter {
  const k = (key: string) => `specter:rl:${key}`;
  return {
    async hit(key, windowSeconds) {
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, k(key), String(windowSeconds * 1000))) as [number, number];
        return { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        return fallback.hit(key, windowSeconds);
      }
    },
    async peek(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
        return { count: Number(count ?? 0), retryAfter: Math.max(0, Math.ceil(ttl / 1000)) };
      } catch {
        return fallback.peek(key);
      }
    },
  };
}

export function createLimiter(database: Database, redis?: import('ioredis').Redis): RateLimiter {
  const db = databaseLimiter(database);
  return redis ? redisLimiter(redis, db) : db;
}
