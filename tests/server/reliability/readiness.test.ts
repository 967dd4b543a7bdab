// GET /readyz: a load balancer sends traffic to an instance only while the parts it serves with answer - the
// database, and Redis when REDIS_URL is set - and learns which part is down (docs/DEPLOYMENT.md).
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { openDatabase } from '../../../server/db/client';
import type { Deps } from '../../../server/deps';
import { createTestApp, type TestApp } from '../helpers/app';

// One test database for the file; each case builds an instance on it with the part it breaks swapped in.
let t: TestApp;
const instances: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await t?.close();
});
const open = async (swap: Partial<Deps> = {}) => {
  const app = await buildApp({ ...t.deps, ...swap });
  instances.push(app);
  return { app };
};

/** A Redis client aimed at a port where nothing listens: what an instance sees when Redis is stopped. */
const stoppedRedis = () => {
  const r = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  r.on('error', () => {});
  return r;
};

describe('GET /readyz', () => {
  it('200 while the database answers; Redis "not configured" without REDIS_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
  });

  it('503 naming the database when it is gone (PGlite closed under the app)', async () => {
    // Readiness only pings: an empty PGlite (no migrations) is enough to stand for the instance's database.
    const database = await openDatabase({ dataDir: 'memory://' });
    const i = await open({ database });
    await database.close();
    const res = await i.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      message: 'Not ready: the database does not answer',
      database: 'down',
      redis: 'not configured',
    });
  });

  it('503 naming Redis when it is stopped, while the database answers', async () => {
    const redis = stoppedRedis();
    const i = await open({ redis });
    const res = await i.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ message: 'Not ready: Redis does not answer', database: 'ok', redis: 'down' });
    // Liveness is not readiness: the process and its database are fine.
    expect((await i.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    redis.disconnect();
  });

  it.skipIf(!process.env.REDIS_URL)('200 with a Redis that answers', async () => {
    const redis = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
    const i = await open({ redis });
    const res = await i.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
    redis.disconnect();
  });

  it.skipIf(!process.env.DATABASE_URL)('503 with PostgreSQL stopped (nothing listening on its port)', async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/test', poolSize: 2 });
    const i = await open({ database });
    const res = await i.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ database: 'down', message: 'Not ready: the database does not answer' });
    await database.close();
  });
});
