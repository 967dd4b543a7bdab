// For `npm start` without a real Foodics: the Foodics stand-in inside this process, so the demo data's
// restaurants sync their branches and devices and a demo QR code leads to a real receipt.
import type { Config } from '../config';
import { startFoodicsStandIn } from './foodics/server';

export async function startDemoServices(config: Config): Promise<{ config: Config; foodicsToken?: string; close(): Promise<void> }> {
  if (!config.FOODICS_STAND_IN) return { config, close: async () => {} };
  const foodics = await startFoodicsStandIn();
  return {
    config: { ...config, FOODICS_BASE_URL: foodics.url },
    foodicsToken: foodics.token,
    close: () => foodics.close(),
  };
}
