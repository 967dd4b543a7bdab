// The process's metrics in Prometheus' text format (prom-client), read at GET /metrics (docs/DEPLOYMENT.md
// "Metrics"). One registry per process, as Prometheus scrapes processes: every app of the process counts into it
// (a test with two apps sees their sum). Domain code moves a counter with one call (`metrics.codesSent.inc(...)`);
// the database pool and Redis are read only when scraped (`watch`). The request counters keep one labelled child
// per (method, route, status), so a request costs two Map-free increments after its first of a kind.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
// process_cpu_seconds_total, process_resident_memory_bytes, nodejs_eventloop_lag_seconds, nodejs_heap_*...
collectDefaultMetrics({ register: registry });

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Counter<L>({ name, help, labelNames, registers: [registry] });

/** What the pool of the database reports when scraped (server/db/client.ts `poolStats`). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** What the scrape reads from the running app: its database pool and its Redis (server/plugins/observability.ts). */
const watched: { pool?: () => PoolStats; redis?: { status: string } } = {};

export const metrics = {
  httpRequests: counter('specter_http_requests_total', 'Requests answered, by method, route pattern and status', [
    'method',
    'route',
    'status',
  ]),
  httpDuration: new Histogram({
    name: 'specter_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  /** outcome: ok, 401, 403, 404, 429 (Foodics' own answer), timeout, error (unreachable, 5xx, unreadable). */
  foodicsCalls: counter('specter_foodics_calls_total', "Calls to Foodics, by the token's restaurant id and outcome", [
    'restaurant',
    'outcome',
  ]),
  /** result: granted (a call spent), refused (the budget was used up), paused (after a 429). */
  budgetCalls: counter(
    'specter_foodics_budget_calls_total',
    "Slots asked of a Foodics token's call budget, by the token's restaurant id and result",
    ['restaurant', 'result'],
  ),
  webhooksReceived: counter('specter_webhooks_received_total', 'Foodics webhook events received'),
  webhooksAccepted: counter('specter_webhooks_accepted_total', 'Foodics webhook events answered 200 or 202'),
  webhooksRefused: counter('specter_webhooks_refused_total', 'Foodics webhook events refused, by status', ['status']),
  /** outcome: sent, failed (the provider refused or did not answer). */
  codesSent: counter('specter_codes_sent_total', 'One-time codes handed to the SMS provider, by provider and outcome', [
    'provider',
    'outcome',
  ]),
  /** outcome: right, wrong, no_code (no live code for the phone), locked (the phone is locked). */
  codesChecked: counter('specter_codes_checked_total', 'One-time codes checked, by outcome', ['outcome']),
  phoneLocks: counter('specter_phone_locks_total', 'Phones locked after too many wrong codes'),
  /** Back-office accounts whose two-step sign-in locked after ADMIN_TOTP_LOCK_AFTER wrong codes (an alert: someone
   * who has the password is guessing codes; docs/SECURITY.md, "Two-step sign-in"). */
  adminTotpLocks: counter(
    'specter_admin_totp_locks_total',
    'Back-office accounts whose two-step sign-in locked after too many wrong codes',
  ),
  /** cap: till or restaurant (docs/SECURITY.md, "Limits"): counted once per window in which the cap is reached. */
  smsCapsReached: counter(
    'specter_sms_caps_reached_total',
    "A place's hourly cap of one-time codes reached, by cap (till, restaurant) and restaurant id",
    ['cap', 'restaurant'],
  ),
  saves: counter('specter_saves_total', 'Orders saved to an account from the invoice page'),
  saveConflicts: counter('specter_save_conflicts_total', 'Saves answered 409 (already saved, or no longer claimable)'),
  /** step: views, codes, saves, as the funnel counts them (once per browser per till per FUNNEL_DEDUPE_SECONDS). */
  funnel: counter('specter_funnel_total', "The scan-to-save funnel's counts as written, by step", ['step']),
};

new Gauge({
  name: 'specter_db_pool_in_use',
  help: 'Database connections running a query (PostgreSQL pool; the embedded PGlite reports none)',
  registers: [registry],
  collect() {
    const s = watched.pool?.();
    this.set(s ? s.total - s.idle : 0);
  },
});
new Gauge({
  name: 'specter_db_pool_waiting',
  help: 'Queries waiting for a free database connection',
  registers: [registry],
  collect() {
    this.set(watched.pool?.().waiting ?? 0);
  },
});
new Gauge({
  name: 'specter_db_pool_size',
  help: 'Database connections open (in use and idle)',
  registers: [registry],
  collect() {
    this.set(watched.pool?.().total ?? 0);
  },
});
/** In the registry only while a Redis is configured: without REDIS_URL there is nothing to report (not a 0). */
const redisUp = new Gauge({
  name: 'specter_redis_up',
  help: 'Redis connected (1) or not (0); absent without REDIS_URL',
  registers: [],
  collect() {
    this.set(watched.redis?.status === 'ready' ? 1 : 0);
  },
});

/** The scrape reads this app's database pool and Redis (the last app built in the process wins). */
export function watch(sources: typeof watched) {
  Object.assign(watched, sources);
  const listed = !!registry.getSingleMetric('specter_redis_up');
  if (sources.redis && !listed) registry.registerMetric(redisUp);
  if (!sources.redis && listed) registry.removeSingleMetric('specter_redis_up');
}

type Child = { count: { inc(): void }; duration: { observe(v: number): void } };
const children = new Map<string, Child>();

/** One answered request: its route pattern (never the address as sent), method, status and time in ms. */
export function observeRequest(method: string, route: string, status: number, ms: number) {
  const key = `${method} ${status} ${route}`;
  let child = children.get(key);
  if (!child) {
    const labels = { method, route, status: String(status) };
    child = { count: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels) };
    children.set(key, child);
  }
  child.count.inc();
  child.duration.observe(ms / 1000);
}

/** Foodics' answer as an outcome of specter_foodics_calls_total. */
export function foodicsOutcome(status: number): string {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401 || status === 403 || status === 404 || status === 429) return String(status);
  return 'error';
}

// The restaurant behind each POS token, so the budget's use is labelled by restaurant id and never by the token.
const owners = new Map<string, string>();

/** Remembers whose token this is (pos/ calls it where a restaurant's row becomes a POS call). */
export function ownToken(restaurantId: number, ...tokens: string[]) {
  if (owners.size > 50_000) owners.clear();
  for (const t of tokens) owners.set(t, String(restaurantId));
}

/** A slot asked of the token's budget (pos/foodics/client.ts). */
export function countBudget(token: string, slot: { ok: boolean; paused?: boolean }) {
  const restaurant = owners.get(token) ?? 'unknown';
  metrics.budgetCalls.inc({ restaurant, result: slot.ok ? 'granted' : slot.paused ? 'paused' : 'refused' });
}

/** A call Foodics answered (its status) or that failed ('timeout', 'error'), by the token's restaurant. */
export function countFoodicsCall(token: string, answer: number | 'timeout' | 'error') {
  const outcome = typeof answer === 'number' ? foodicsOutcome(answer) : answer;
  metrics.foodicsCalls.inc({ restaurant: owners.get(token) ?? 'unknown', outcome });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The Authorization header carries `Bearer <token>` (compared in constant time). */
export function metricsAuthorised(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return !!m && timingSafeEqual(digest(m[1].trim()), digest(token));
}

/** The scrape's body and content type. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/**
 * METRICS_PORT: /metrics on a port of its own (nothing else is served there), behind METRICS_TOKEN too when set.
 * Started by server/main.ts; closed with the process.
 */
export async function serveMetrics(port: number, host: string, token?: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const answer = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' || path !== '/metrics')
      return answer(404, JSON.stringify({ message: `Route ${req.method} ${path} not found` }));
    if (token && !metricsAuthorised(req.headers.authorization, token)) {
      res.setHeader('www-authenticate', 'Bearer');
      return answer(401, JSON.stringify({ message: 'A metrics token is required' }));
    }
    metricsText().then(
      ({ body, contentType }) => answer(200, body, contentType),
      () => answer(500, JSON.stringify({ message: 'Something went wrong on our side' })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
