// One call budget per POS token, shared by every instance (docs/ARCHITECTURE.md, "One call budget per token"):
// at most `perWindow` calls in ANY sliding window of `windowMs` (a log of call times, not a fixed window,
// which would let twice the budget through around a window's edge). Customers' calls may use the whole
// budget; background calls (sync) only two thirds of it, so a sync never starves the receipts. After the POS
// answers 429 the token is paused for its Retry-After, on every instance.
// A call is counted from when it is granted until a window after it FINISHED (done() moves its time): Foodics
// receives it somewhere in between, so however late it leaves this process, Foodics never sees more than the
// budget in any window.
// With Redis: one Lua script per call (sorted set of call times + a pause key). Without: one transaction on
// the database under an advisory lock per token (pos_call_log, pos_token_pauses). A Redis that fails falls
// back to the database, never to "allow".
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** 'customer': a till's receipt; 'named': an order a customer's page named by its id; 'background': sync;
 * 'readBack': a webhook's order read back unasked (docs/SECURITY.md, "Foodics webhooks"). */
export type CallPriority = 'customer' | 'named' | 'background' | 'readBack';

export type Slot = { ok: true; id: string } | { ok: false; retryAfterMs: number; paused: boolean };

export interface CallBudget {
  /** Takes one call for this token now, or says how long until one is free. */
  take(token: string, priority: CallPriority): Promise<Slot>;
  /** The call of a granted slot finished (answered or failed): it counts for a window from now. */
  done(token: string, id: string): Promise<void>;
  /** The POS answered 429: no call with this token, on any instance, for ms. */
  pause(token: string, ms: number): Promise<void>;
}

export interface BudgetLimits {
  perWindow: number;
  windowMs: number;
}

/** Tokens never appear in keys or rows: a keyed hash names them (Sealer.lookupKey, lib/sealing.ts). */
export type TokenKeyOf = (token: string) => string;

/** Background calls and named-order lookups keep a third of the budget free for the tills' receipts (at least one
 * call stays usable): a flood of named orders can never spend the calls that show receipts. */
export const capFor = (limits: BudgetLimits, priority: CallPriority) =>
  priority === 'customer'
    ? limits.perWindow
    : priority === 'readBack'
      ? // Within the background share, and at most a third of the budget: the read-backs of a busy chain's webhooks
        // never take the calls the crowd's first looks at its tills need (docs/PERFORMANCE.md, section 5).
        Math.max(1, Math.floor(limits.perWindow / 3))
      : Math.max(1, limits.perWindow - Math.ceil(limits.perWindow / 3));

export function databaseBudget(database: Database, limits: BudgetLimits, tokenKey: TokenKeyOf): CallBudget {
  let lastSweep = 0;
  return {
    async take(token, priority) {
      const key = tokenKey(token);
      const cap = capFor(limits, priority);
      const window = sql`make_interval(secs => ${limits.windowMs / 1000})`;
      return database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pos-budget:${key}`}))`);
        const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
        const [pause] = rows<{ ms: number }>(
          await tx.execute(sql`
          select ceil(extract(epoch from (until - clock_timestamp())) * 1000)::int as ms
          from pos_token_pauses where token_key = ${key} and until > clock_timestamp()`),
        );
        if (pause) return { ok: false, retryAfterMs: Math.max(1, Number(pause.ms)), paused: true };
        const [{ n }] = rows<{ n: number }>(
          await tx.execute(sql`
          select count(*)::int as n from pos_call_log where token_key = ${key} and at > clock_timestamp() - ${window}`),
        );
        if (Number(n) >= cap) {
          // The slot frees when the (n - cap + 1)-th oldest call of the window leaves it.
          const [free] = rows<{ ms: number }>(
            await tx.execute(sql`
            select ceil(extract(epoch from (at + ${window} - clock_timestamp())) * 1000)::int as ms
            from pos_call_log where token_key = ${key} and at > clock_timestamp() - ${window}
            order by at asc offset ${Number(n) - cap} limit 1`),
          );
          return { ok: false, retryAfterMs: Math.max(1, Number(free?.ms ?? limits.windowMs)), paused: false };
        }
        const [slot] = rows<{ id: number }>(
          await tx.execute(sql`
          insert into pos_call_log (token_key, at) values (${key}, clock_timestamp()) returning id`),
        );
        // Old rows are useless: swept now and then, not on every call.
        if (Date.now() - lastSweep > limits.windowMs) {
          lastSweep = Date.now();
          await tx.execute(
            sql`delete from pos_call_log where at < clock_timestamp() - ${window} - interval '1 minute'`,
          );
        }
        return { ok: true, id: String(slot.id) } as const;
      });
    },
    async done(_token, id) {
      await database.db.execute(sql`update pos_call_log set at = clock_timestamp() where id = ${Number(id)}`);
    },
    async pause(token, ms) {
      await database.db.execute(sql`
        insert into pos_token_pauses (token_key, until) values (${tokenKey(token)}, clock_timestamp() + make_interval(secs => ${ms / 1000}))
        on conflict (token_key) do update set until = greatest(pos_token_pauses.until, excluded.until)`);
    },
  };
}

// KEYS: call log (sorted set of call times), pause key. ARGV: window ms, cap, a unique member suffix.
// Returns {1} when the call is taken, {0, ms until free, paused 0/1} when not.
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {0, paused, 1} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local n = redis.call('ZCARD', KEYS[1])
if n >= cap then
  local oldest = redis.call('ZRANGE', KEYS[1], n - cap, n - cap, 'WITHSCORES')
  return {0, math.max(1, tonumber(oldest[2]) + window - now), 0}
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0, 0}`;

// KEYS: call log. ARGV: the slot's member, window ms. Moves a call still in the log to now.
const DONE_SCRIPT = `
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  local t = redis.call('TIME')
  redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

export function redisBudget(
  redis: import('ioredis').Redis,
  limits: BudgetLimits,
  fallback: CallBudget,
  prefix: string,
  tokenKey: TokenKeyOf,
): CallBudget {
  const keys = (token: string) => [`${prefix}:pos:calls:${tokenKey(token)}`, `${prefix}:pos:pause:${tokenKey(token)}`];
  return {
    async take(token, priority) {
      try {
        const id = randomBytes(8).toString('hex');
        const [took, ms, paused] = (await redis.eval(
          TAKE_SCRIPT,
          2,
          ...keys(token),
          String(limits.windowMs),
          String(capFor(limits, priority)),
          id,
        )) as [number, number, number];
        return took === 1 ? { ok: true, id: `r:${id}` } : { ok: false, retryAfterMs: Number(ms), paused: paused === 1 };
      } catch {
        return fallback.take(token, priority);
      }
    },
    async done(token, id) {
      // A slot the database granted (Redis was failing then) is finished there.
      if (!id.startsWith('r:')) return fallback.done(token, id);
      try {
        await redis.eval(DONE_SCRIPT, 1, keys(token)[0], id.slice(2), String(limits.windowMs));
      } catch {
        // The call keeps its grant time: at worst it leaves the window a little early.
      }
    },
    async pause(token, ms) {
      const key = keys(token)[1];
      try {
        const left = await redis.pttl(key);
        if (left < ms) await redis.set(key, '1', 'PX', Math.max(1, Math.round(ms)));
      } catch {
        await fallback.pause(token, ms);
      }
    },
  };
}

export function createCallBudget(
  database: Database,
  limits: BudgetLimits,
  redis: import('ioredis').Redis | undefined,
  redisPrefix: string,
  tokenKey: TokenKeyOf,
): CallBudget {
  const db = databaseBudget(database, limits, tokenKey);
  return redis ? redisBudget(redis, limits, db, redisPrefix, tokenKey) : db;
}
