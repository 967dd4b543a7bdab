import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createCallBudget } from './callBudget';
import { createFoodicsAdapter } from './foodics/adapter';
import type { PosAdapter } from '../core/posPort';
import { createSpecterAdapter } from './specter/adapter';

/** The POS adapters by system_type, the value stored on each restaurant. A new POS is one more entry.
 * Foodics calls pass through one budget per token, in Redis when given (shared by every instance), else in
 * the database. */
export function createPosAdapters(
  config: Config,
  database: Database,
  redis?: import('ioredis').Redis,
): Record<string, PosAdapter> {
  const budget = createCallBudget(
    database,
    { perWindow: config.FOODICS_CALLS_PER_MINUTE, windowMs: config.FOODICS_BUDGET_WINDOW_MS },
    redis,
  );
  return {
    Foodics: createFoodicsAdapter({ baseUrl: config.FOODICS_BASE_URL, timeoutMs: config.FOODICS_TIMEOUT_MS, budget }),
    Specter: createSpecterAdapter(database),
  };
}

/** Per-restaurant push keys of the Specter POS (POST /pos/specter/orders). */
export { hashPushKey, newPushKey, sameSecret } from './specter/pushKeys';

/** A till's link key: 128 random bits, base64url (22 characters). docs/SECURITY.md, "Till links". */
export const newTillLinkKey = () => randomBytes(16).toString('base64url');
