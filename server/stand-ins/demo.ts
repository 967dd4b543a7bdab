import type { Config } from '../config';

/** TODO(issue 4): start the Foodics stand-in for the demo when FOODICS_BASE_URL is not set. */
export async function startDemoServices(config: Config): Promise<{ config: Config; foodicsToken?: string; close(): Promise<void> }> {
  return { config, close: async () => {} };
}
