// The limits on codes asked for (docs/SECURITY.md "Limits"): each counted first and compared after, on the shared
// limiter (server/db/rateLimit: Redis or the database). A place's hourly cap (a till's, a restaurant's) is counted
// per client address within the place and tells the restaurant when reached; a wait that would outlast a
// receipt's claim window is said as "it can no longer be saved" instead.
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps';
import { restaurants } from '../db/schema';
import { recordActivity } from '../db/audit';
import { waitInWords } from '../i18n';
import { conflict, HttpError, tooMany } from '../lib/errors';
import type { RateLimiter } from '../db/rateLimit';
import { metrics } from '../lib/metrics';
import { busyHere, NO_LONGER_SAVEABLE } from './messages';
import type { BoundOrder } from './types';

/** The least time a customer needs after a code is sent to type it: a wait leaving less is "no longer saveable". */
const CODE_TYPING_SECONDS = 60;

export type SendLimits = ReturnType<typeof sendLimitsOf>;

export function sendLimitsOf(deps: Deps, limiter: RateLimiter) {
  const { config } = deps;
  const { db } = deps.database;

  /** A limit on codes asked for (not on wrong codes): counted first, compared after, like every limit. */
  const sendRefusals = new WeakSet<Error>();
  async function sendLimit(message: (wait: string) => string, key: string, max: number, windowSeconds: number) {
    const hit = await limiter.hit(key, windowSeconds);
    if (hit.count <= max) return;
    const refusal = tooMany(message(waitInWords('en', hit.retryAfter)), hit.retryAfter);
    sendRefusals.add(refusal);
    throw refusal;
  }

  /**
   * A place's hourly cap of codes (a till's, a restaurant's: docs/SECURITY.md "Limits"), counted per client address
   * within the place (issue 48, item 9): once the place has sent its cap in the hour, an address it already sent a
   * code for this hour waits, while a first request from an address new to the place is let through - a stranger's
   * two addresses no longer silence a till - up to twice the cap, the place's fuse before the whole service's. A
   * refused request does not count towards the place's total (else refusals would use up the new addresses' way
   * in). The first time in the hour a cap is reached the restaurant is told: its activity trail
   * (`otp.sendCapReached`), the metric `specter_sms_caps_reached_total` and a log line.
   */
  async function placeCap(
    place: 'till' | 'restaurant',
    order: BoundOrder,
    addr: string,
    key: string,
    cap: number,
  ): Promise<void> {
    const total = await limiter.hit(key, 3600);
    const mine = await limiter.hit(`${key}:addr:${addr}`, 3600);
    if (total.count <= cap) return;
    if ((await limiter.hit(`${key}:told`, 3600)).count === 1) void capReached(place, order, cap);
    if (mine.count === 1 && total.count <= 2 * cap) return;
    await limiter.undo(key);
    const refusal = tooMany(busyHere(waitInWords('en', total.retryAfter)), total.retryAfter);
    sendRefusals.add(refusal);
    throw refusal;
  }

  /** The restaurant told that one of its caps was reached (never delays or fails the customer's call). */
  async function capReached(place: 'till' | 'restaurant', order: BoundOrder, cap: number) {
    metrics.smsCapsReached.inc({ cap: place, restaurant: String(order.restaurantId) });
    deps.log?.warn(
      { sms: { cap: place, restaurant: order.restaurantId, limit: cap } },
      `SMS send cap reached: ${place} of restaurant ${order.restaurantId} (${cap} codes this hour)`,
    );
    try {
      const [r] = await db
        .select({ name: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.id, order.restaurantId));
      await recordActivity(db, {
        admin: null,
        kind: 'otp.sendCapReached',
        target: { type: 'restaurant', id: order.restaurantId, label: r?.name ?? null },
        detail: { cap: place, limit: cap, window: 'hour', ...(place === 'till' ? { till: order.deviceId } : {}) },
      });
    } catch (err) {
      deps.log?.error({ err }, 'the reached SMS cap could not be recorded in the activity trail');
    }
  }

  /** The seconds an order's counters live: its claim window (it cannot be saved after it), else a day. */
  const orderWindow = () => (config.CLAIM_WINDOW_MINUTES > 0 ? config.CLAIM_WINDOW_MINUTES * 60 : 86_400);

  /** A wait for a receipt whose window ends first (or within a minute of it) becomes "it can no longer be saved"
   * (docs/SECURITY.md). */
  async function withinWindow<T>(order: BoundOrder | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const wait = err instanceof HttpError && sendRefusals.has(err) ? Number(err.headers['Retry-After']) : NaN;
      const left = order?.saveableUntil ? (order.saveableUntil.getTime() - Date.now()) / 1000 : Infinity;
      // A wait that leaves no time to type the code it would send is no better than one past the window.
      if (wait + CODE_TYPING_SECONDS > left) throw conflict(NO_LONGER_SAVEABLE);
      throw err;
    }
  }

  return { sendLimit, placeCap, orderWindow, withinWindow };
}
