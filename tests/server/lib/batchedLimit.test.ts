// The receipt views of an address (server/db/rateLimit.ts batchedLimit): counted in this process, written to the
// shared counter in one statement per sync, and exact within the instance. On the real database limiter.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchedLimit, databaseLimiter, type RateLimiter } from '../../../server/db/rateLimit';
import type { Database } from '../../../server/db/client';
import { createTestDatabase } from '../helpers/db';

describe('batchedLimit', () => {
  let database: Database;
  let writes: number[];
  let limiter: RateLimiter;
  beforeAll(async () => {
    database = await createTestDatabase();
    const real = databaseLimiter(database);
    writes = [];
    limiter = {
      ...real,
      hit: (key, windowSeconds, by = 1) => {
        writes.push(by);
        return real.hit(key, windowSeconds, by);
      },
    };
  });
  afterAll(() => database.close());
  // Each test reads the writes it made.
  beforeEach(() => {
    writes.length = 0;
  });

  it('writes one count per sync, however many calls, and refuses the call past the limit at once', async () => {
    const enforce = batchedLimit(limiter, 60_000);
    const limit = { key: 'test:view-addr:203.0.113.9', max: 5, windowSeconds: 600 };
    // Five calls at once: one write (the first), the other four wait for its count and are counted here.
    await Promise.all(Array.from({ length: 5 }, () => enforce(limit, 'slow down')));
    expect(writes).toEqual([1]);
    await expect(enforce(limit, 'slow down')).rejects.toMatchObject({ statusCode: 429 });
    expect(writes).toEqual([1]);
  });

  it('writes the calls counted since the last sync in one statement', async () => {
    const enforce = batchedLimit(limiter, 50);
    const limit = { key: 'test:view-addr:203.0.113.11', max: 100, windowSeconds: 600 };
    for (let i = 0; i < 3; i++) await enforce(limit, 'slow down');
    await new Promise((r) => setTimeout(r, 80));
    await enforce(limit, 'slow down');
    // The first call, then the two counted here and this one.
    expect(writes).toEqual([1, 3]);
    const row = await database.db.execute(`select count from rate_counters where key = '${limit.key}'`);
    expect(Number((row as unknown as { rows: { count: number }[] }).rows[0].count)).toBe(4);
  });

  it('adds the calls counted here to the shared counter at the next sync, with what other instances added', async () => {
    const enforce = batchedLimit(limiter, 0);
    const other = batchedLimit(limiter, 0);
    const limit = { key: 'test:view-addr:203.0.113.10', max: 4, windowSeconds: 600 };
    await enforce(limit, 'slow down');
    await other(limit, 'slow down');
    await other(limit, 'slow down');
    await enforce(limit, 'slow down');
    // 4 counted in the shared counter: the fifth, on either instance, is refused.
    await expect(other(limit, 'slow down')).rejects.toMatchObject({ statusCode: 429 });
    expect(writes).toEqual([1, 1, 1, 1, 1]);
  });

  it('counts at once only what it can decide at once: a fresh count within the limit, or one over it', async () => {
    const enforce = batchedLimit(limiter, 60_000);
    const limit = { key: 'test:view-addr:203.0.113.12', max: 3, windowSeconds: 600 };
    const pass = () => true;
    // No shared count yet: nothing decided, nothing counted, nothing written.
    expect(enforce.countAtOnce(limit, pass)).toBe('unknown');
    expect(writes).toEqual([]);
    await enforce(limit, 'slow down');
    // Fresh: counted here without a write up to the limit; a caller that cannot let the event through counts nothing.
    expect(enforce.countAtOnce(limit, () => false)).toBe('unknown');
    expect(enforce.countAtOnce(limit, pass)).toBe('within');
    expect(enforce.countAtOnce(limit, pass)).toBe('within');
    // Past the limit: a caller that cannot refuse at once counts nothing; one that can counts it and refuses it
    // with the window's wait, as the waiting way does.
    expect(enforce.countAtOnce(limit, pass, false)).toBe('unknown');
    const refused = enforce.countAtOnce(limit, pass);
    expect(refused).toEqual({ retryAfter: expect.any(Number) });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(590);
    expect((refused as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(600);
    expect(writes).toEqual([1]);
    // Five counted (the refused one included): the waiting way refuses the next too, and its sync writes the four
    // counted here since the first write.
    await expect(enforce(limit, 'slow down')).rejects.toMatchObject({ statusCode: 429 });
  });

  it('counts nothing at once while its shared count is being written, or once it is stale', async () => {
    const enforce = batchedLimit(limiter, 30);
    const limit = { key: 'test:view-addr:203.0.113.13', max: 100, windowSeconds: 600 };
    await enforce(limit, 'slow down');
    await new Promise((r) => setTimeout(r, 50));
    const writing = enforce(limit, 'slow down');
    expect(enforce.countAtOnce(limit, () => true)).toBe('unknown');
    await writing;
    expect(enforce.countAtOnce(limit, () => true)).toBe('within');
  });
});
