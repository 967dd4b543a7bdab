// Scale-out (issue 7): two app instances on ONE PostgreSQL database (each with its own pool, as two
// processes would have) and ONE Redis (each with its own ioredis client). The one-time-code limits and the
// one-save-per-order rule hold across them. Runs only when DATABASE_URL and REDIS_URL are set.
// Phones and client addresses are random per run, so reruns inside the limit windows do not collide.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../../server/db/client';
import { ensureFirstAdmin } from '../../../server/db/seed/bootstrap';
import { admins, orders, otpChallenges, restaurants } from '../../../server/db/schema';
import { syncRestaurant } from '../../../server/pos/sync';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { buildInstance, e164, freshPostgres, randomIp, randomPhone, type Instance } from './helpers';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const DEVICE = FIXTURE.devices[0].id;

describe.skipIf(!DATABASE_URL || !REDIS_URL)('two instances on one PostgreSQL and one Redis', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let secondPool: Database;
  let foodics: FoodicsStandIn;
  let redisA: Redis;
  let redisB: Redis;
  let A: Instance;
  let B: Instance;
  let restaurantId: number;

  beforeAll(async () => {
    foodics = await startFoodicsStandIn();
    pgdb = await freshPostgres(DATABASE_URL!);
    secondPool = await openDatabase({ databaseUrl: pgdb.url, poolSize: 5 });
    redisA = new Redis(REDIS_URL!, { maxRetriesPerRequest: 2 });
    redisB = new Redis(REDIS_URL!, { maxRetriesPerRequest: 2 });
    // The production limits of SECURITY.md (config defaults), except: the POS cache is off so each
    // instance sees a new till order at once, and the global SMS caps are raised - they count every code
    // sent through this Redis by anything (other runs, scripts) in the hour, which is not under test here.
    const overrides = {
      FOODICS_BASE_URL: foodics.url, FOODICS_TIMEOUT_MS: '2000', FOODICS_CACHE_MS: '0',
      SMS_GLOBAL_PER_HOUR: '100000000', SMS_GLOBAL_PER_DAY: '100000000',
    };
    A = await buildInstance(pgdb.database, overrides, { redis: redisA });
    B = await buildInstance(secondPool, overrides, { redis: redisB });
    const [r] = await pgdb.database.db.insert(restaurants).values({
      name: 'Najd Grill', logo: 'https://example.com/najd.png', token: foodics.token, branchsToken: foodics.token, systemType: 'Foodics',
    }).returning({ id: restaurants.id });
    restaurantId = r.id;
    await syncRestaurant(A.deps, r.id);
  });

  afterAll(async () => {
    await A?.app.close();
    await B?.app.close();
    await secondPool?.close();
    await pgdb?.drop();
    redisA?.disconnect();
    redisB?.disconnect();
    await foodics?.close();
  });

  const sendCode = (i: Instance, phone: string, ip = randomIp()) =>
    i.app.inject({ method: 'POST', url: '/user', remoteAddress: ip, payload: { phone } });
  const save = (i: Instance, phone: string, otp: string, ip = randomIp()) =>
    i.app.inject({ method: 'POST', url: '/order/foodics/web/add-order', remoteAddress: ip, payload: { casherId: DEVICE, restaurantId, phone, otp } });
  /** The code texted to a phone, by whichever instance sent it. */
  const codeOf = (phone: string) => A.lastCode(e164(phone)) ?? B.lastCode(e164(phone));

  it('the per-address send limit (OTP_IP_SENDS_PER_10M = 5) holds across both: 3 on A + 3 on B -> the 6th is 429', async () => {
    expect(A.config.OTP_IP_SENDS_PER_10M).toBe(5);
    const ip = randomIp();
    const statuses: number[] = [];
    for (const i of [A, A, A, B, B, B]) statuses.push((await sendCode(i, randomPhone(), ip)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The counter is the shared one in Redis.
    expect(Number(await redisA.get(`specter:rl:otp:ip-send-10m:${ip}`))).toBe(6);
    // Another address is not affected.
    expect((await sendCode(B, randomPhone())).statusCode).toBe(200);
  });

  it('the same limit holds when the six sends arrive at the same moment, split over both', async () => {
    const ip = randomIp();
    const answers = await Promise.all([A, B, A, B, A, B].map((i) => sendCode(i, randomPhone(), ip)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('parallel wrong guesses split across both never push the attempts above OTP_MAX_ATTEMPTS (3)', async () => {
    const phone = randomPhone();
    expect((await sendCode(A, phone)).statusCode).toBe(200);
    const code = codeOf(phone)!;
    const wrong = Array.from({ length: 30 }, (_, k) => String((Number(code) + 1 + k) % 10_000).padStart(4, '0'));
    const answers = await Promise.all(wrong.map((g, k) => save(k % 2 ? B : A, phone, g)));
    for (const r of answers) {
      expect([400, 429]).toContain(r.statusCode);
      expect(r.json().message).toBeTruthy();
    }
    const [challenge] = await pgdb.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, e164(phone)));
    expect(challenge.attempts).toBe(3); // reached, never passed
    expect(challenge.consumedAt).toBeNull();
    // The right code is now useless too: the challenge is spent.
    foodics.addOrder(DEVICE);
    expect((await save(B, phone, code)).statusCode).not.toBe(200);
  });

  it('two concurrent saves of the same order through the two instances: exactly one 200 and one 409, ten times over', async () => {
    for (let round = 0; round < 10; round++) {
      const order = foodics.addOrder(DEVICE);
      const [p1, p2] = [randomPhone(), randomPhone()];
      expect((await sendCode(A, p1)).statusCode).toBe(200);
      expect((await sendCode(B, p2)).statusCode).toBe(200);
      const [r1, r2] = await Promise.all([save(A, p1, codeOf(p1)!), save(B, p2, codeOf(p2)!)]);
      expect([r1.statusCode, r2.statusCode].sort(), `round ${round}`).toEqual([200, 409]);
      const loser = r1.statusCode === 409 ? p1 : p2;
      expect((r1.statusCode === 409 ? r1 : r2).json().message).toMatch(/already been saved/);
      const [{ n }] = await pgdb.database.db.select({ n: count() }).from(orders)
        .where(and(eq(orders.restaurantId, restaurantId), eq(orders.posOrderId, order.id)));
      expect(n).toBe(1);
      // The loser's code was not consumed (its transaction rolled back).
      const [c] = await pgdb.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, e164(loser)));
      expect(c.consumedAt).toBeNull();
    }
  });
});

describe.skipIf(!DATABASE_URL)('several instances starting at once on one empty PostgreSQL database', () => {
  // Found by this suite: the second of two processes started together died in the migrations
  // (CREATE SCHEMA/EXTENSION/TABLE racing) or on the first admin's unique e-mail. Now one migrates under an
  // advisory lock while the others wait, and the first admin is inserted once.
  it('three instances migrate and create the first admin together: all start, one admin, migrations applied once', async () => {
    const name = `specter_rel_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    const u = new URL(DATABASE_URL!);
    u.pathname = `/${name}`;
    const pools = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: u.toString(), poolSize: 1 })));
    try {
      const boot = { ADMIN_EMAIL: 'first@specter.local', ADMIN_PASSWORD: 'first-password-123' };
      const results = await Promise.allSettled(pools.map(async (d) => { await d.migrate(); return ensureFirstAdmin(d, boot); }));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(await pools[0].db.select().from(admins)).toHaveLength(1);
      const applied = await pools[0].db.execute('select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations' as never);
      const row = (applied as unknown as { rows: { n: number; d: number }[] }).rows[0];
      expect(row.n).toBe(row.d);
    } finally {
      await Promise.all(pools.map((d) => d.close()));
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    }
  });
});
