// For `npm start` without a real Foodics: the Foodics stand-in inside this process, so the demo data's
// restaurants sync their branches and devices and a demo QR code leads to a real receipt. The stand-in also
// sends its order webhooks to this server (a secret is drawn for the run when FOODICS_WEBHOOK_SECRET is
// unset), so an order created through it (POST <stand-in>/_stand-in/orders {device_id}) reaches the receipt page at once.
// Its till calls this server's loyalty adapter (a token is drawn for the run when FOODICS_LOYALTY_TOKEN is unset):
// POST <stand-in>/_stand-in/till/scan {device_id, qr} plays a cashier scanning a member's QR.
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { startFoodicsStandIn } from './foodics/server';

export interface DemoServices {
  config: Config;
  foodicsToken?: string;
  /** Points the stand-in's webhooks at this server once it listens on port. */
  connectWebhooks(port: number): string | null;
  close(): Promise<void>;
}

export async function startDemoServices(config: Config): Promise<DemoServices> {
  if (!config.FOODICS_STAND_IN) return { config, connectWebhooks: () => null, close: async () => {} };
  if (config.DATABASE_URL || config.NODE_ENV === 'production') {
    throw new Error(
      'FOODICS_STAND_IN runs a made-up Foodics for the demo and is refused on a real database (DATABASE_URL) and in production: set FOODICS_BASE_URL instead.',
    );
  }
  const foodics = await startFoodicsStandIn();
  const secret = config.FOODICS_WEBHOOK_SECRET ?? randomBytes(18).toString('base64url');
  // The till's loyalty calls (issue 47): the adapter's token, drawn for the run when none is set.
  const loyaltyToken = config.FOODICS_LOYALTY_TOKEN ?? randomBytes(24).toString('base64url');
  return {
    // "Connect Foodics" goes through the stand-in's authorize page and token endpoint (docs/POS.md).
    config: {
      ...config,
      FOODICS_BASE_URL: foodics.url,
      FOODICS_WEBHOOK_SECRET: secret,
      FOODICS_LOYALTY_TOKEN: loyaltyToken,
      FOODICS_CLIENT_ID: foodics.oauth.clientId,
      FOODICS_CLIENT_SECRET: foodics.oauth.clientSecret,
      FOODICS_OAUTH_URL: foodics.oauth.authorizeUrl,
      FOODICS_TOKEN_URL: foodics.oauth.tokenUrl,
    },
    foodicsToken: foodics.token,
    connectWebhooks(port) {
      foodics.setWebhookUrl(`http://127.0.0.1:${port}/pos/foodics/webhook/${secret}`);
      // The till asks this server for rewards and tells it of redeems, as Foodics' POS asks its loyalty provider.
      foodics.setLoyalty({ url: `http://127.0.0.1:${port}/pos/foodics/loyalty`, token: loyaltyToken });
      return foodics.url;
    },
    close: () => foodics.close(),
  };
}
