import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createCallBudget } from './callBudget';
import { createFoodicsAdapter } from './foodics/adapter';
import type { FoodicsObserver } from './foodics/client';
import { noteAccepted, noteCall, noteFailure } from '../db/repositories/posHealth';
import { sealerOf } from '../lib/sealing';
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
  // A token is named by its keyed hash in every row and counter (docs/SECURITY.md, "POS tokens").
  const tokenKey = (token: string) => sealerOf(config).lookupKey(token);
  const budget = createCallBudget(
    database,
    { perWindow: config.FOODICS_CALLS_PER_MINUTE, windowMs: config.FOODICS_BUDGET_WINDOW_MS },
    redis,
    config.REDIS_PREFIX,
    tokenKey,
  );
  return {
    Foodics: createFoodicsAdapter({
      baseUrl: config.FOODICS_BASE_URL,
      timeoutMs: config.FOODICS_TIMEOUT_MS,
      budget,
      observe: healthObserver(database, tokenKey),
    }),
    Specter: createSpecterAdapter(database),
  };
}

/** Notes each Foodics call's outcome for the connection's health (db/repositories/posHealth.ts), without waiting
 * for it: an accepted call clears a refusal at most once a minute per token on this instance (at once after a
 * refusal this instance saw). */
function healthObserver(database: Database, tokenKey: (token: string) => string): FoodicsObserver {
  const cleared = new Map<string, number>();
  const quietly = (p: Promise<unknown>) => void p.catch(() => {});
  return {
    called: (token) => quietly(noteCall(database.db, tokenKey(token))),
    failed(token, message, refused) {
      const key = tokenKey(token);
      if (refused) cleared.delete(key);
      quietly(noteFailure(database.db, key, message, refused));
    },
    accepted(token) {
      const key = tokenKey(token);
      if (Date.now() - (cleared.get(key) ?? 0) < 60_000) return;
      if (cleared.size > 10_000) cleared.clear();
      cleared.set(key, Date.now());
      quietly(noteAccepted(database.db, key));
    },
  };
}

/** "Connect Foodics": Foodics' OAuth 2.0 authorization-code flow (docs/POS.md). */
export { authorizeUrl, CONNECTED_PATH, ConnectError, exchangeCode, type ConnectFailure } from './foodics/oauth';

/** Per-restaurant push keys of the Specter POS (POST /pos/specter/orders). */
export { hashPushKey, newPushKey, sameSecret } from './specter/pushKeys';

/** A till's link key: 128 random bits, base64url (22 characters). docs/SECURITY.md, "Till links". */
export const newTillLinkKey = () => randomBytes(16).toString('base64url');
