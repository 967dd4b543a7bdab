// One Foodics call budget per token, shared by two app instances: on one database (PGlite, or PostgreSQL
// with TEST_DB=postgres), and on PostgreSQL + Redis when both are available. The budget's window is
// shortened by configuration (FOODICS_BUDGET_WINDOW_MS) so a test sees several windows in seconds.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { testConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';
import { restaurants } from '../../../server/db/schema';
import { createPosAdapters } from '../../../server/pos';
import { syncRestaurant } from '../../../server/pos/sync';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { createFoodicsTestApp, type FoodicsTestApp, addFoodicsRestaurant } from '../helpers/foodicsApp';
import { buildInstance, freshPostgres, type Instance } from '../reliability/helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BUSY = 'The point-of-sale system is busy, please try again shortly';
// What a customer reads: the message and, from the customer's catalogue, how long to wait.
const BUSY_WITH_WAIT =
  /^The point-of-sale system is busy, please try again shortly \(try again in \d+ (second|seconds|minute|minutes)\)$/;
const TILLS = FIXTURE.devices.map((d) => d.id);

interface Pair {
  A: Instance;
  B: Instance;
  foodics: FoodicsStandIn;
  restaurantId: number;
  close(): Promise<void>;
}

/** Two instances on one database the pair owns, with their own Redis clients when redisUrl is given. */
async function pairOn(
  open: () => Promise<{ first: Database; second: Database; drop(): Promise<void> }>,
  overrides: Record<string, string>,
  redisUrl?: string,
): Promise<Pair> {
  // A token of its own: budgets kept in Redis by other runs never meet this one.
  const foodics = await startFoodicsStandIn({ token: `t-${randomBytes(8).toString('hex')}` });
  const { first, second, drop } = await open();
  // One Redis prefix for the pair (a test config's is its own: server/config.ts testConfig).
  const all = {
    FOODICS_BASE_URL: foodics.url,
    FOODICS_TIMEOUT_MS: '3000',
    REDIS_PREFIX: `test-pair-${randomBytes(6).toString('hex')}`,
    ...overrides,
  };
  const redis = redisUrl ? [new Redis(redisUrl), new Redis(redisUrl)] : [];
  const instance = (db: Database, r?: Redis) =>
    buildInstance(db, all, r ? { redis: r, pos: createPosAdapters(testConfig(all), db, r) } : {});
  const A = await instance(first, redis[0]);
  const B = await instance(second, redis[1]);
  const restaurantId = await addFoodicsRestaurant(A.deps, foodics.token, 'Chain');
  return {
    A,
    B,
    foodics,
    restaurantId,
    async close() {
      await A.app.close();
      await B.app.close();
      for (const r of redis) r.disconnect();
      await drop();
      await foodics.close();
    },
  };
}

const receipt = (i: Pick<Instance, 'app'>, restaurantId: number, till: string) =>
  i.app.inject({ method: 'GET', url: `/order/foodics/web/last-order?restaurantId=${restaurantId}&casherId=${till}` });

/** The most calls the stand-in received within any span of `spanMs`. */
function mostInAnySpan(times: number[], spanMs: number): number {
  const t = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < t.length; j++) {
    while (t[j] - t[i] >= spanMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

const BUDGET = 5;
const WINDOW_MS = 2000;
const CROWD_MS = 5000;
// A call counts from when the budget grants it until a window after it finished (server/pos/callBudget.ts), and
// the stand-in receives it in between: so the stand-in's own clock sees at most the budget in any whole window.
const SHARED = {
  FOODICS_CALLS_PER_MINUTE: String(BUDGET),
  FOODICS_BUDGET_WINDOW_MS: String(WINDOW_MS),
  FOODICS_CACHE_MS: '0',
  FOODICS_STALE_MS: '0',
  // The crowd comes from one address at a few tills: the till view limits (issue 29) would answer it before the
  // POS budget this suite is about.
  TILL_VIEWS_PER_ADDRESS_10M: '100000',
  TILL_VIEWS_PER_TILL_MINUTE: '100000',
};

function budgetSuite(name: string, makePair: () => Promise<Pair>) {
  describe(name, () => {
    // A pair (and a token) per test: no test starts with a budget another one spent.
    let p: Pair;
    beforeEach(async () => {
      p = await makePair();
    });
    afterEach(() => p?.close());

    it(`a crowd on both instances for ${CROWD_MS / 1000} s: never more than ${BUDGET} Foodics calls in any ${WINDOW_MS} ms window; the rest answered 429 with Retry-After and the message`, async () => {
      const until = Date.now() + CROWD_MS;
      const answers: { status: number; retryAfter?: string; message?: string }[] = [];
      await Promise.all(
        Array.from({ length: 6 }, async (_, k) => {
          for (let n = 0; Date.now() < until; n++) {
            const res = await receipt(n % 2 ? p.B : p.A, p.restaurantId, TILLS[(k + n) % TILLS.length]);
            answers.push({
              status: res.statusCode,
              retryAfter: res.headers['retry-after'] as string | undefined,
              message: res.json().message,
            });
            await sleep(20);
          }
        }),
      );
      const calls = p.foodics.callLog().map((c) => c.at);
      expect(mostInAnySpan(calls, WINDOW_MS)).toBeLessThanOrEqual(BUDGET);
      // The budget was really used, window after window, by both instances' customers.
      expect(calls.length).toBeGreaterThanOrEqual(2 * BUDGET);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) {
        expect(a.message).toMatch(BUSY_WITH_WAIT);
        expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    });

    it('a 429 from Foodics pauses the token on both instances for its Retry-After: the other instance makes no call until then', async () => {
      p.foodics.setMode('rate-limited', { retryAfter: 2 });
      const paused = Date.now();
      const first = await receipt(p.A, p.restaurantId, TILLS[0]);
      expect(first.statusCode).toBe(429);
      expect(first.headers['retry-after']).toBe('2');
      p.foodics.setMode('ok');
      const seen = p.foodics.calls();
      const other = await receipt(p.B, p.restaurantId, TILLS[1]);
      expect(other.statusCode).toBe(429);
      expect(other.json().message).toMatch(BUSY_WITH_WAIT);
      expect(Number(other.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(p.foodics.calls()).toBe(seen);
      // Asked again and again, B answers 429 without calling Foodics until the pause ends, then the receipt.
      const answers: { status: number; calls: number }[] = [];
      await vi.waitFor(
        async () => {
          const res = await receipt(p.B, p.restaurantId, TILLS[1]);
          answers.push({ status: res.statusCode, calls: p.foodics.calls() });
          expect(res.statusCode).toBe(200);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(answers.slice(0, -1)).toEqual(answers.slice(0, -1).map(() => ({ status: 429, calls: seen })));
      expect(Date.now() - paused).toBeGreaterThanOrEqual(2000);
    });
  });
}

budgetSuite('call budget shared by two instances on one database', () =>
  pairOn(async () => {
    const t = await import('../helpers/db').then((m) => m.createTestDatabase());
    return { first: t, second: t, drop: () => t.close() };
  }, SHARED),
);

const PG = process.env.TEST_DB === 'postgres' ? process.env.DATABASE_URL : undefined;
const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(!PG || !REDIS_URL)('on PostgreSQL + Redis', () => {
  budgetSuite('call budget shared by two instances, each with its own pool and Redis client', () =>
    pairOn(
      async () => {
        const pg = await freshPostgres(PG!);
        const second = await openDatabase({ databaseUrl: pg.url, poolSize: 5 });
        return {
          first: pg.database,
          second,
          drop: async () => {
            await second.close();
            await pg.drop();
          },
        };
      },
      SHARED,
      REDIS_URL,
    ),
  );
});

describe('over the budget: the last known receipt, then 429', () => {
  let t: FoodicsTestApp;
  // 4 calls a minute: the sync took 2 (branches, whoami), the first receipt takes 2 (settings, orders).
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CALLS_PER_MINUTE: '4', FOODICS_CACHE_MS: '0', FOODICS_STALE_MS: '1500' });
  });
  afterAll(() => t?.close());

  it('a receipt confirmed at most FOODICS_STALE_MS ago is served when the budget is spent; older, the answer is 429 with Retry-After and the message', async () => {
    const till = TILLS[0];
    const confirmed = Date.now();
    const first = await receipt(t, t.restaurantId, till);
    expect(first.statusCode).toBe(200);
    t.foodics.addOrder(till);
    const calls = t.foodics.calls();
    const stale = await receipt(t, t.restaurantId, till);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().order_number).toBe(first.json().order_number);
    expect(t.foodics.calls()).toBe(calls);
    // Asked again and again: the known receipt until it is FOODICS_STALE_MS old, then 429.
    const answers: { status: number; order?: string }[] = [];
    let refused = stale;
    await vi.waitFor(
      async () => {
        refused = await receipt(t, t.restaurantId, till);
        answers.push({ status: refused.statusCode, order: refused.json().order_number });
        expect(refused.statusCode).toBe(429);
      },
      { timeout: 10_000, interval: 100 },
    );
    const served = answers.slice(0, -1);
    expect(served).toEqual(served.map(() => ({ status: 200, order: first.json().order_number })));
    expect(Date.now() - confirmed).toBeGreaterThanOrEqual(1500);
    expect(t.foodics.calls()).toBe(calls);
    expect(Object.keys(refused.json())).toEqual(['message']);
    expect(refused.json().message).toMatch(BUSY_WITH_WAIT);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(1);
    // A till never read before has nothing to fall back on: 429 at once.
    expect((await receipt(t, t.restaurantId, TILLS[2])).statusCode).toBe(429);
  });
});

describe('customers before sync', () => {
  let t: FoodicsTestApp;
  // 6 a minute: sync's share is 4; the first sync took 2 (branches, whoami), a second one 2 more.
  beforeAll(async () => {
    t = await createFoodicsTestApp({ FOODICS_CALLS_PER_MINUTE: '6', FOODICS_CACHE_MS: '0' });
  });
  afterAll(() => t?.close());

  it('sync may use only two thirds of the budget: once it has, a sync fails with the message while customers still get receipts', async () => {
    // A sync's calls vary (one /whoami serves a sync's two asks for a few seconds): sync again until its share
    // is spent; the share (4 of 6) is spent within four syncs, and the one that finds it spent fails.
    let third = await syncRestaurant(t.deps, t.restaurantId);
    for (let i = 0; i < 4 && third.ok; i++) third = await syncRestaurant(t.deps, t.restaurantId);
    expect(third).toEqual({ ok: false, error: BUSY });
    const [r] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, t.restaurantId));
    expect(r.syncError).toBe(BUSY);
    expect((await receipt(t, t.restaurantId, TILLS[0])).statusCode).toBe(200);
    expect((await receipt(t, t.restaurantId, TILLS[1])).statusCode).toBe(429);
  });
});
