import type { Config } from '../config';
import type { Database } from '../db/client';
import type { PosAdapter } from './port';

/** The POS adapters by system_type. TODO(issue 4): Foodics and Specter adapters. */
export function createPosAdapters(_config: Config, _database: Database): Record<string, PosAdapter> {
  return {};
}
