// The Foodics stand-in's shapes (docs/POS.md, "The Foodics stand-in"): an order as it keeps it, the catalogue a
// test may change, the handle startFoodicsStandIn answers, and the state its parts share while it runs. Which
// business a till belongs to is here too, as every part asks it. Apart so the parts of the stand-in (the API, the
// OAuth app, the webhooks, the till) import their types from below rather than from server.ts, which imports them.
import { FIXTURE, FIXTURE_EG } from './fixture';

type Business = typeof FIXTURE;
export const EGYPT_DEVICES = new Set(FIXTURE_EG.devices.map((d) => d.id));
/** The business a till belongs to (ids are unique across the two). */
export const businessOfDevice = (deviceId: string): Business => (EGYPT_DEVICES.has(deviceId) ? FIXTURE_EG : FIXTURE);

export type FaultMode =
  'ok' | 'slow' | 'down' | 'garbage' | 'unauthorized' | 'forbidden' | 'rate-limited' | 'server-error';

export interface StandInOrder {
  id: string;
  reference: number | string;
  number: number;
  check_number: number | null;
  type: number;
  source: number;
  status: number;
  business_date: string;
  created_at: string;
  closed_at: string | null;
  updated_at: string;
  subtotal_price: number;
  discount_amount: number;
  rounding_amount: number;
  total_price: number;
  device_id: string;
  branch_id: string;
  products: { product_id: string; quantity: number; total_price: number; status: number; returned_quantity?: number }[];
  payments: { method_id: string; amount: number }[];
  /** An e-invoice QR text the POS made itself (tests of "the POS's own QR"). */
  zatca_qr?: string;
}

/** The business's branches, devices (each naming its branch by index) and settings: the fixture's until a
 * test changes them, to play branches and devices vanishing, a chain of many branches, another time zone. */
export interface StandInCatalogue {
  branches: { id: string; name: string; name_localized: string; reference: string }[];
  devices: { id: string; name: string; code: string; reference: string; type: number; branch: number }[];
  settings: { business_currency: string; business_timezone: string; tax_inclusive_pricing: boolean };
}

export interface FoodicsStandIn {
  url: string;
  token: string;
  /** Replaces parts of the catalogue (reset() restores the fixture's). */
  setCatalogue(change: Partial<StandInCatalogue>): void;
  addOrder(deviceId: string, partial?: Partial<StandInOrder>): StandInOrder;
  setMode(mode: FaultMode, opts?: { delayMs?: number; retryAfter?: number }): void;
  /** Calls received per path (e.g. '/orders'), and in all. */
  calls(path?: string): number;
  reset(): void;
  close(): Promise<void>;
  /** Where order.created webhooks go (null: none are sent). */
  setWebhookUrl(url: string | null): void;
  /** Webhooks sent so far: the order, the answer's status (0 when the receiver could not be reached). */
  webhooks(): { orderId: string; status: number }[];
  /** Resolves when every webhook sent so far has been answered. */
  webhooksSettled(): Promise<void>;
  /** When each call arrived (ms since the epoch) and its path, for the call-budget tests and benches. */
  callLog(): { at: number; path: string }[];
  /** Every till of the business (the fixture's, then the chain's). */
  deviceIds(): string[];
  /** With a VAT number, every Saudi order without its own `zatca_qr` carries a phase-2 style e-invoice QR made
   * from that number, its total and its VAT (standInEInvoiceQr); null (the default) serves none. */
  setEInvoiceVatNumber(vatNumber: string | null): void;
  /** Where the till's loyalty calls go (Specter's adapter, POST {url}/reward and /redeem) and the bearer token it
   * sends; null: the till has no loyalty provider. */
  setLoyalty(target: { url: string; token: string } | null): void;
  /** The cashier scans a member's QR (its text) on a new order of the till: asks the provider for the reward
   * (`rewardCode` names one), takes the discount off the order (its total drops), closes it, and tells the provider
   * it was redeemed. Also `POST /_stand-in/till/scan {device_id, qr, reward_code?}`. */
  scanAtTill(deviceId: string, qr: string, opts?: { rewardCode?: string }): Promise<TillScan>;
  /** The POS changes an order's status (5 returned, 7 void...) and sends order.updated; also
   * `POST /_stand-in/orders/{id}/status {status}`. Undefined for an unknown order. */
  setOrderStatus(orderId: string, status: number): StandInOrder | undefined;
  /** Its OAuth app: the authorize page (GET /authorize) and the token endpoint (POST /oauth/token). */
  oauth: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    /** The token endpoint's behaviour: ok, down (no answer), slow (FOODICS_TIMEOUT_MS passes), error (500). */
    setMode(mode: OAuthMode): void;
    /** Approves as the owner would, without the page: the code a redirect would carry (tests). */
    approve(state: string, redirectUri: string, business?: 'sa' | 'eg'): string;
    /** Foodics stops accepting a token it issued (answers 401 to it). */
    revoke(token: string): void;
    /** Tokens issued so far. */
    issued(): string[];
  };
}

/** What one scan at the till did: the order (its total after the discount), its total before, the discount, and
 * the provider's answers to reward and redeem (redeem null when reward gave nothing). */
export interface TillScan {
  order: StandInOrder;
  before: number;
  discount: number;
  reward: { status: number; body: Record<string, unknown> };
  redeem: { status: number; body: Record<string, unknown> } | null;
}

export type OAuthMode = 'ok' | 'down' | 'slow' | 'error';

/** The branches and tills of a business. */
export type World = Pick<StandInCatalogue, 'branches' | 'devices'>;

/** Foodics' time stamps: UTC, to the second, with a space. */
export const fmt = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** What one stand-in holds and changes while it runs (startFoodicsStandIn makes it, reset() restores it). Each part
 * reads it when a call comes, as the one function they were split from read its variables. */
export interface StandInState {
  orders: StandInOrder[];
  saudiCatalogue: StandInCatalogue;
  egyptCatalogue: StandInCatalogue;
  /** The POS's own e-invoice QR is served when set (setEInvoiceVatNumber). */
  eInvoiceVatNumber: string | null;
  /** The API's behaviour (setMode). */
  mode: FaultMode;
  delayMs: number;
  retryAfter: number;
  /** The till's loyalty provider (setLoyalty). */
  loyalty: { url: string; token: string } | null;
}

/** The catalogue of a till's business. */
export const catalogueOf = (s: StandInState, deviceId: string) =>
  EGYPT_DEVICES.has(deviceId) ? s.egyptCatalogue : s.saudiCatalogue;
