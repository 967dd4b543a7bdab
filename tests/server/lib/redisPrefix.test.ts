// REDIS_PREFIX (docs/DEPLOYMENT.md): every key Specter writes in Redis starts with it, so two deployments - or two
// test files - on one Redis never read one another's counters. The last case runs against the real Redis of
// REDIS_URL (skipped without it).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../../server/config';
import { redisKey, redisLimiter, type RateLimiter } from '../../../server/db/rateLimit';

describe('REDIS_PREFIX', () => {
  it("defaults to 'specter'; a test config gets one of its own", () => {
    expect(loadConfig({}).REDIS_PREFIX).toBe('specter');
    expect(testConfig().REDIS_PREFIX).not.toBe(testConfig().REDIS_PREFIX);
    expect(redisKey('otp:x')).toBe('specter:rl:otp:x');
    expect(redisKey('otp:x', 'staging')).toBe('staging:rl:otp:x');
  });

  it('refuses what a SCAN pattern would read as a wildcard, and an empty or overlong prefix', () => {
    for (const bad of ['a*b', 'a?b', 'a[b]', 'a:b', 'x'.repeat(41)])
      expect(() => loadConfig({ REDIS_PREFIX: bad }), bad).toThrow(/REDIS_PREFIX/);
    expect(loadConfig({ REDIS_PREFIX: 'staging-2.eu_1' }).REDIS_PREFIX).toBe('staging-2.eu_1');
  });

  it.skipIf(!process.env.REDIS_URL)(
    'two prefixes on one Redis count apart; one prefix is shared by its instances, and a reset stays in it',
    async () => {
      const { Redis } = await import('ioredis');
      const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
      // The database's side: a reset clears its counters too (none here); any other use of it fails the test.
      const unused = new Proxy({} as RateLimiter, {
        get: (_, name) =>
          name === 'resetPrefix' ? async () => 0 : () => Promise.reject(new Error('the database fallback was used')),
      });
      const run = randomBytes(6).toString('hex');
      const [a, b] = [`test-a-${run}`, `test-b-${run}`];
      try {
        const first = redisLimiter(redis, unused, a);
        const second = redisLimiter(redis, unused, a);
        const other = redisLimiter(redis, unused, b);
        await first.hit('phone:1', 60);
        await second.hit('phone:1', 60);
        expect((await other.hit('phone:1', 60)).count).toBe(1);
        expect((await first.hit('phone:1', 60)).count).toBe(3);
        expect(await other.resetPrefix('phone:')).toBe(1);
        expect(Number(await redis.get(redisKey('phone:1', a)))).toBe(3);
        expect(await redis.get(redisKey('phone:1', b))).toBeNull();
      } finally {
        await redis.del(redisKey('phone:1', a), redisKey('phone:1', b));
        redis.disconnect();
      }
    },
  );
});
