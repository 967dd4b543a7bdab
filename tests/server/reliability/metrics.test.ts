// GET /metrics (docs/DEPLOYMENT.md "Metrics"): Prometheus' text format, only to METRICS_TOKEN (or only on
// METRICS_PORT), and its counters move with what the product does: one real save (scan, code, save), a Foodics
// token refused, a Foodics 429, the call budget's use labelled by restaurant id (never the token).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics, watch } from '../../../server/lib/metrics';
import { createTestApp, type TestApp } from '../helpers/app';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

const TOKEN = 'metrics-token-0123456789abcdef';
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';

/** The value of one sample of the scrape: the metric's name and every label given must match (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

let t: FoodicsTestApp;
beforeAll(async () => {
  // Every receipt read goes to the POS (no memory), so each call below is one Foodics call.
  t = await createFoodicsTestApp({ METRICS_TOKEN: TOKEN, FOODICS_CACHE_MS: '0', ANSWER_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('GET /metrics: who may read it', () => {
  it('401 without the token or with a wrong one; 200 in the text format with it', async () => {
    // The scrape reads the pool and Redis of the last app built in the process (server/lib/metrics.ts): the other
    // apps of this file (and of the files before it in this worker) are built after this one; it is watched again.
    watch({ pool: t.database.poolStats, redis: t.deps.redis });
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'A metrics token is required' });
      expect(res.body).not.toContain('specter_');
    }
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE specter_http_requests_total counter');
    expect(res.body).toContain('# TYPE specter_http_request_duration_seconds histogram');
    expect(res.body).toContain('process_cpu_seconds_total');
    expect(res.body).toContain('specter_db_pool_waiting');
    // PostgreSQL's pool as it stands (the embedded PGlite has none: 0).
    const size = sample(res.body, 'specter_db_pool_size');
    if (t.database.kind === 'postgres') expect(size).toBeGreaterThanOrEqual(1);
    else expect(size).toBe(0);
    // Without REDIS_URL there is no Redis to report.
    expect(res.body).not.toMatch(/^specter_redis_up /m);
  });

  it('specter_redis_up is 0 while the configured Redis cannot be reached', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => {});
    // An app of its own (its own database), so nothing of this file's app is shared with it.
    const other = await createTestApp({ METRICS_TOKEN: TOKEN }, { redis });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.body).toMatch(/^specter_redis_up 0$/m);
    } finally {
      await other.close();
      redis.disconnect();
    }
  });

  describe('without METRICS_TOKEN, and with METRICS_PORT', () => {
    let plain: TestApp;
    let onPort: TestApp;
    let server: Server;
    beforeAll(async () => {
      plain = await createTestApp();
      onPort = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' });
      server = await serveMetrics(0, '127.0.0.1', TOKEN);
    });
    afterAll(async () => {
      await plain?.close();
      await onPort?.close();
      server?.close();
    });

    it('not served by the app (404) without a token, nor when it has a port of its own', async () => {
      for (const app of [plain.app, onPort.app]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('specter_');
      }
    });

    it('the port of its own serves /metrics only, behind the token when one is set', async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/healthz`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('specter_codes_sent_total');
    });
  });
});

describe('the counters move with what happens', () => {
  it('one real save: a scan, a code, a save, the funnel, Foodics calls and the budget by restaurant id', async () => {
    const phone = '+966500000411';
    const order = t.foodics.addOrder(DEVICE);
    const before = await scrape();
    const headers = { 'user-agent': BROWSER };
    const scan = await t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${DEVICE}`,
      headers,
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/user',
      headers,
      payload: { phone, restaurantId: t.restaurantId, casherId: DEVICE, orderId: order.id },
    });
    expect(sent.statusCode).toBe(200);
    const save = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      headers,
      payload: { phone, otp: t.lastCode(phone), restaurantId: t.restaurantId, casherId: DEVICE, orderId: order.id },
    });
    expect(save.statusCode).toBe(200);
    // The same save again: 409.
    const again = await t.app.inject({
      method: 'POST',
      url: '/order/foodics/web/add-order',
      headers,
      payload: { phone, otp: '0000', restaurantId: t.restaurantId, casherId: DEVICE, orderId: order.id },
    });
    expect(again.statusCode).toBe(409);
    await t.app.funnel.settled();
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);

    const lastOrder = { route: '/order/foodics/web/last-order', method: 'GET', status: '200' };
    expect(moved('specter_http_requests_total', lastOrder)).toBe(1);
    expect(moved('specter_http_request_duration_seconds_count', lastOrder)).toBe(1);
    expect(moved('specter_http_requests_total', { route: '/order/foodics/web/add-order', status: '409' })).toBe(1);
    expect(moved('specter_codes_sent_total', { provider: 'test', outcome: 'sent' })).toBe(1);
    expect(moved('specter_codes_checked_total', { outcome: 'right' })).toBe(1);
    expect(moved('specter_saves_total')).toBe(1);
    expect(moved('specter_save_conflicts_total')).toBe(1);
    for (const step of ['views', 'codes', 'saves']) expect(moved('specter_funnel_total', { step })).toBe(1);
    expect(
      moved('specter_foodics_calls_total', { restaurant: String(t.restaurantId), outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(2);
    const budget = { restaurant: String(t.restaurantId), result: 'granted' };
    expect(moved('specter_foodics_budget_calls_total', budget)).toBeGreaterThanOrEqual(2);
    // Never the token, not even part of it.
    expect(after).not.toContain(t.foodics.token);
    // The route's pattern, never the address as sent (a query could carry anything).
    expect(after).not.toContain(`casherId=${DEVICE}`);
  });

  it('a webhook with a wrong secret is received and refused (404); wrong codes up to the lock move checks and locks', async () => {
    const before = await scrape();
    const hook = await t.app.inject({
      method: 'POST',
      url: '/pos/foodics/webhook/not-the-secret',
      payload: { event: 'order.created', business: { reference: 1 }, order: { id: 'x' } },
    });
    expect(hook.statusCode).toBe(404);
    // A phone with a live code, then wrong codes until OTP_PHONE_LOCK_AFTER (50 by default; 3 here) locks it.
    const locking = await createFoodicsTestApp({
      METRICS_TOKEN: TOKEN,
      OTP_PHONE_LOCK_AFTER: '3',
      OTP_MAX_ATTEMPTS: '10',
    });
    try {
      const phone = '+966500000477';
      const order = locking.foodics.addOrder(DEVICE);
      const body = { restaurantId: locking.restaurantId, casherId: DEVICE, orderId: order.id };
      expect((await locking.app.inject({ method: 'POST', url: '/user', payload: { phone, ...body } })).statusCode).toBe(
        200,
      );
      const wrong = locking.lastCode(phone) === '0000' ? '1111' : '0000';
      for (let i = 0; i < 4; i++)
        await locking.app.inject({
          method: 'POST',
          url: '/order/foodics/web/add-order',
          payload: { phone, otp: wrong, ...body },
        });
    } finally {
      await locking.close();
    }
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('specter_webhooks_received_total')).toBe(1);
    expect(moved('specter_webhooks_refused_total', { status: '404' })).toBe(1);
    expect(moved('specter_webhooks_accepted_total')).toBe(0);
    expect(moved('specter_codes_checked_total', { outcome: 'wrong' })).toBe(3);
    expect(moved('specter_codes_checked_total', { outcome: 'locked' })).toBe(1);
    expect(moved('specter_phone_locks_total')).toBe(1);
  });

  it('a token Foodics refuses moves outcome="401"; a Foodics 429 moves outcome="429", then the pause the budget', async () => {
    // An app of its own: the pause after the 429 (30 s) must not meet the other tests' calls.
    const own = await createFoodicsTestApp({ METRICS_TOKEN: TOKEN, FOODICS_CACHE_MS: '0', ANSWER_CACHE_MS: '0' });
    try {
      await refusedThenPaused(own);
    } finally {
      await own.close();
    }
  }, 120_000); // a second app on a shared machine can take a while to start

  async function refusedThenPaused(t: FoodicsTestApp) {
    const url = `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${DEVICE}`;
    const before = await scrape();
    t.foodics.setMode('unauthorized');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(502);
    const refused = await scrape();
    expect(sample(refused, 'specter_foodics_calls_total', { outcome: '401' })).toBeGreaterThan(
      sample(before, 'specter_foodics_calls_total', { outcome: '401' }),
    );
    t.foodics.setMode('rate-limited', { retryAfter: 30 });
    await t.app.inject({ method: 'GET', url });
    const limited = await scrape();
    expect(sample(limited, 'specter_foodics_calls_total', { outcome: '429' })).toBeGreaterThan(
      sample(refused, 'specter_foodics_calls_total', { outcome: '429' }),
    );
    // The token is paused now: the next call is not sent, and the budget says so, by restaurant.
    await t.app.inject({ method: 'GET', url });
    const paused = await scrape();
    const pausedLabels = { restaurant: String(t.restaurantId), result: 'paused' };
    expect(sample(paused, 'specter_foodics_budget_calls_total', pausedLabels)).toBeGreaterThan(
      sample(limited, 'specter_foodics_budget_calls_total', pausedLabels),
    );
    expect(sample(paused, 'specter_foodics_calls_total', { outcome: '429' })).toBe(
      sample(limited, 'specter_foodics_calls_total', { outcome: '429' }),
    );
    t.foodics.setMode('ok');
  }
});
