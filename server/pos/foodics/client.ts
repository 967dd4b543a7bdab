// A small HTTP client for the Foodics API (docs/POS.md): bearer token, a hard timeout, and every failure
// turned into a PosError with the status our API should answer and a message a person can read.
// Every call passes through the token's call budget first (last order, a named order, sync alike), and a
// 429 from Foodics pauses the token on every instance (docs/ARCHITECTURE.md).
import type { CallBudget, CallPriority } from '../callBudget';
import { PosError } from '../../core/posPort';
import { countBudget, countFoodicsCall } from '../../lib/metrics';

export interface FoodicsClientOptions {
  baseUrl: string;
  timeoutMs: number;
  /** The per-token call budget shared by the instances; none = unlimited (tests of the mapping only). */
  budget?: CallBudget;
}

export const BUSY_MESSAGE = 'The point-of-sale system is busy, please try again shortly';

export type Query = Record<string, string | number | undefined>;

export interface FoodicsClient {
  /** priority: customers' calls ('customer', the default) may use the whole budget, sync ('background') less. */
  get<T = unknown>(path: string, token: string, query?: Query, priority?: CallPriority): Promise<T>;
}

export function createFoodicsClient(opts: FoodicsClientOptions): FoodicsClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    async get<T>(path: string, token: string, query: Query = {}, priority: CallPriority = 'customer'): Promise<T> {
      const slot = opts.budget ? await opts.budget.take(token, priority) : null;
      if (slot) countBudget(token, slot);
      if (slot && !slot.ok) throw new PosError(429, BUSY_MESSAGE, Math.max(1, Math.ceil(slot.retryAfterMs / 1000)));
      try {
        return await send<T>(path, token, query);
      } finally {
        if (slot?.ok) await opts.budget!.done(token, slot.id).catch(() => {});
      }
    },
  };

  async function send<T>(path: string, token: string, query: Query): Promise<T> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch (err) {
      countFoodicsCall(token, (err as Error).name === 'TimeoutError' ? 'timeout' : 'error');
      if ((err as Error).name === 'TimeoutError') {
        throw new PosError(504, 'The point-of-sale system did not answer in time, please try again');
      }
      throw new PosError(502, 'The point-of-sale system cannot be reached, please try again shortly');
    }
    countFoodicsCall(token, res.status);
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new PosError(
        502,
        "The restaurant's point-of-sale connection is not authorised; the restaurant must renew its token",
      );
    }
    if (res.status === 429) {
      await res.body?.cancel();
      const retryAfter = Number(res.headers.get('retry-after')) || 30;
      await opts.budget?.pause(token, retryAfter * 1000);
      throw new PosError(429, BUSY_MESSAGE, retryAfter);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      throw new PosError(404, 'Not found at the point-of-sale system');
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PosError(502, 'The point-of-sale system answered with an error, please try again shortly');
    }
    try {
      return (await res.json()) as T;
    } catch {
      throw new PosError(502, 'The point-of-sale system sent an answer we could not read');
    }
  }
}
