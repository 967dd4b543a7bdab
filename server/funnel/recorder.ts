// Counts the scan-to-save funnel (receipts opened, codes requested, orders saved) per till per day, off the
// customer's path: each call returns at once and the counting runs after, so the invoice page waits for
// nothing and makes no extra request. One browser (an HMAC of address + user agent, never stored in the
// clear) counts once per till within FUNNEL_DEDUPE_SECONDS, so a retry, a reload or a bot from one browser
// counts once; self-declared bots never count. Counts are atomic upserts, so several instances add up. One
// client address (an IPv6 /64) counts at most VIEWS_PER_ADDRESS views per till per day, whatever user agents
// it rotates through, and past that costs no write at all (docs/SECURITY.md).
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import type { Deps } from '../deps';
import { funnelDaily } from '../db/schema';
import { databaseMarks, redisMarks, type MarkStore } from './marks';
import { dayIn } from './days';
import { limitAddress } from '../lib/clientAddress';
import { metrics } from '../lib/metrics';

/** Views of one till counted per client address per day, at most. */
export const VIEWS_PER_ADDRESS = 5;
const DAY_MS = 86_400_000;

export type FunnelStep = 'views' | 'codes' | 'saves' | 'sharedOpens';

/** Who made a call, as the funnel reads it: a Fastify request, or the few fields the hot till's front door has
 * (server/plugins/tillFrontDoor.ts). */
export interface FunnelCaller {
  ip: string;
  headers: IncomingHttpHeaders;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface FunnelRecorder {
  /** The receipt of a till was shown. */
  view(req: FunnelCaller, restaurantId: number, deviceId: string): void;
  /** A code was sent: counted for the till it was asked on, else for the till this browser opened last. */
  code(req: FunnelCaller, till?: { restaurantId: number; deviceId: string }): void;
  /** An order of a till was saved. */
  save(req: FunnelCaller, restaurantId: number, deviceId: string): void;
  /** A shared link of a receipt saved from a till was opened (once per browser per FUNNEL_DEDUPE_SECONDS). */
  sharedOpen(req: FunnelCaller, restaurantId: number, deviceId: string): void;
  /** Resolves when every count started so far is written: awaited when the app closes (plugins/services.ts). */
  settled(): Promise<void>;
}

/** Which till a browser opened last is remembered this long, so its code request can be attributed. */
const LAST_TILL_MS = 30 * 60_000;

export function createFunnelRecorder(deps: Deps, marks: MarkStore = defaultMarks(deps)): FunnelRecorder {
  const { config, database } = deps;
  const dedupeMs = config.FUNNEL_DEDUPE_SECONDS * 1000;
  const key = createHmac('sha256', config.JWT_SECRET ?? '')
    .update('funnel-visitor')
    .digest();
  const pending = new Set<Promise<void>>();

  /** The browser's pseudonym, or null for a bot. */
  const visitor = (req: FunnelCaller): string | null => {
    const ua = String(req.headers['user-agent'] ?? '');
    if (isbot(ua)) return null;
    return createHmac('sha256', key).update(`${req.ip}|${ua}`).digest('base64url').slice(0, 22);
  };

  const bump = (step: FunnelStep, restaurantId: number, deviceId: string) =>
    database.db
      .insert(funnelDaily)
      .values({ restaurantId, deviceId, day: dayIn(config.FUNNEL_TIME_ZONE), [step]: 1 })
      .onConflictDoUpdate({
        target: [funnelDaily.restaurantId, funnelDaily.deviceId, funnelDaily.day],
        set: { [step]: sql`${funnelDaily[step]} + 1` },
      })
      .then(() => metrics.funnel.inc({ step }));

  const later = (req: FunnelCaller, work: () => Promise<unknown>) => {
    const p: Promise<void> = work()
      .then(() => undefined)
      .catch((err) => req.log.warn({ err }, 'funnel count not written'))
      .finally(() => pending.delete(p));
    pending.add(p);
  };

  const countOnce = async (step: FunnelStep, who: string, restaurantId: number, deviceId: string) => {
    if (await marks.claim(`${step[0]}:${who}:${restaurantId}:${deviceId}`, dedupeMs))
      await bump(step, restaurantId, deviceId);
  };

  // A browser reloading one till (a crowd behind one address, a page polling) is written once a minute per
  // instance, not on every view: its view is counted once per FUNNEL_DEDUPE_SECONDS anyway, and its "last till"
  // mark lives 30 minutes. Keeps the hot till's answer from costing database writes (docs/PERFORMANCE.md).
  const recentViews = new Map<string, number>();
  const RECENT_VIEW_MS = Math.min(60_000, dedupeMs);
  // Views handled per (address, till, day) on this instance: past VIEWS_PER_ADDRESS an address rotating its user
  // agent costs a Map lookup, never a write. The shared cap is the slots below (every instance together).
  const addressViews = new Map<string, number>();
  const addressKey = (req: FunnelCaller, restaurantId: number, deviceId: string, day: string) =>
    `${limitAddress(req.ip)}|${restaurantId}:${deviceId}|${day}`;
  /** One of the address's VIEWS_PER_ADDRESS slots for the till and day, shared by the instances; false when all
   * are taken. The address is kept as an HMAC, like the browser. */
  const claimAddressSlot = async (address: string) => {
    const hashed = createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);
    for (let i = 0; i < VIEWS_PER_ADDRESS; i++) if (await marks.claim(`a:${hashed}:${i}`, DAY_MS)) return true;
    return false;
  };

  return {
    view(req, restaurantId, deviceId) {
      // Looked up by the raw address and agent first (this memory never leaves the process): a browser seen a
      // moment ago costs one Map lookup, not a bot check and an HMAC per request.
      const seen = `${req.ip}|${req.headers['user-agent'] ?? ''}|${restaurantId}:${deviceId}`;
      if ((recentViews.get(seen) ?? 0) > Date.now()) return;
      if (recentViews.size >= 10_000) recentViews.clear();
      recentViews.set(seen, Date.now() + RECENT_VIEW_MS);
      const who = visitor(req);
      if (!who) return;
      const address = addressKey(req, restaurantId, deviceId, String(dayIn(config.FUNNEL_TIME_ZONE)));
      const handled = addressViews.get(address) ?? 0;
      if (handled >= VIEWS_PER_ADDRESS) return;
      if (addressViews.size >= 10_000) addressViews.clear();
      addressViews.set(address, handled + 1);
      later(req, async () => {
        await marks.put(`t:${who}`, `${restaurantId}:${deviceId}`, LAST_TILL_MS);
        if (await marks.claim(`v:${who}:${restaurantId}:${deviceId}`, dedupeMs))
          if (await claimAddressSlot(address)) await bump('views', restaurantId, deviceId);
      });
    },
    code(req, till) {
      const who = visitor(req);
      if (!who) return;
      later(req, async () => {
        if (till) return countOnce('codes', who, till.restaurantId, till.deviceId);
        const last = await marks.get(`t:${who}`);
        const m = last ? /^(\d+):(.+)$/.exec(last) : null;
        if (m) await countOnce('codes', who, Number(m[1]), m[2]);
      });
    },
    save(req, restaurantId, deviceId) {
      const who = visitor(req);
      if (!who) return;
      later(req, () => countOnce('saves', who, restaurantId, deviceId));
    },
    sharedOpen(req, restaurantId, deviceId) {
      const who = visitor(req);
      if (!who) return;
      later(req, async () => {
        if (await marks.claim(`o:${who}:${restaurantId}:${deviceId}`, dedupeMs))
          await bump('sharedOpens', restaurantId, deviceId);
      });
    },
    async settled() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

function defaultMarks(deps: Deps): MarkStore {
  const db = databaseMarks(deps.database);
  return deps.redis ? redisMarks(deps.redis, db, deps.config.REDIS_PREFIX) : db;
}
