// Short-lived marks for the funnel: "claim this key for a few minutes" (true only for the first claimer,
// on every instance) and "remember a value for a few minutes". In Redis when REDIS_URL is set
// (SET NX PX, atomic), else in the funnel_marks table (one atomic upsert). Keys are HMACs (visitor.ts).
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface MarkStore {
  /** True when the key was free (or expired) and is now held for ttlMs; false when someone holds it. */
  claim(key: string, ttlMs: number, value?: string): Promise<boolean>;
  /** Sets the key's value for ttlMs, whoever held it. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value of a live key, or null. */
  get(key: string): Promise<string | null>;
}

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

export function databaseMarks(database: Database): MarkStore {
  const { db } = database;
  let calls = 0;
  // Expired marks are swept now and then, by whichever instance writes: the table stays small.
  const sweep = () => {
    if (++calls % 200 !== 0) return;
    db.execute(sql`delete from funnel_marks where expires_at < now()`).catch(() => {});
  };
  return {
    async claim(key, ttlMs, value = '') {
      sweep();
      const res = await db.execute(sql`
        insert into funnel_marks (key, value, expires_at) values (${key}, ${value}, now() + make_interval(secs => ${ttlMs / 1000}))
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
          where funnel_marks.expires_at <= now()
        returning key`);
      return rowsOf(res).length === 1;
    },
    async put(key, value, ttlMs) {
      sweep();
      await db.execute(sql`
        insert into funnel_marks (key, value, expires_at) values (${key}, ${value}, now() + make_interval(secs => ${ttlMs / 1000}))
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
    },
    async get(key) {
      const res = await db.execute(sql`select value from funnel_marks where key = ${key} and expires_at > now()`);
      const row = rowsOf(res)[0];
      return row ? String(row.value) : null;
    },
  };
}

export function redisMarks(redis: import('ioredis').Redis, fallback: MarkStore, prefix: string): MarkStore {
  const k = (key: string) => `${prefix}:funnel:${key}`;
  return {
    async claim(key, ttlMs, value = '1') {
      try {
        return (await redis.set(k(key), value || '1', 'PX', ttlMs, 'NX')) === 'OK';
      } catch {
        return fallback.claim(key, ttlMs, value);
      }
    },
    async put(key, value, ttlMs) {
      try {
        await redis.set(k(key), value, 'PX', ttlMs);
      } catch {
        await fallback.put(key, value, ttlMs);
      }
    },
    async get(key) {
      try {
        return await redis.get(k(key));
      } catch {
        return fallback.get(key);
      }
    },
  };
}
