import type { Config } from '../config';
import type { Database } from '../db/client';
import { createFoodicsAdapter } from './foodics/adapter';
import type { PosAdapter } from './port';
import { createSpecterAdapter } from './specter/adapter';

/** The POS adapters by system_type, the value stored on each restaurant. A new POS is one more entry. */
export function createPosAdapters(config: Config, database: Database): Record<string, PosAdapter> {
  return {
    Foodics: createFoodicsAdapter({ baseUrl: config.FOODICS_BASE_URL, timeoutMs: config.FOODICS_TIMEOUT_MS }),
    Specter: createSpecterAdapter(database),
  };
}
