// The point-of-sale port. Routes talk to a POS only through this; each system_type is an adapter
// folder (foodics/, specter/), so a new POS is one new folder.
import type { Invoice } from '../../src/contract';

export interface PosRestaurant {
  id: number;
  name: string;
  logo: string;
  token: string;
  branchsToken: string;
  systemType: string;
}

export interface PosBranch {
  branchId: string;
  name: string;
  devices: { deviceId: string; name: string }[];
}

/** One order at the POS, mapped to the Invoice, with what decides whether a customer may see and save it
 * (server/core/claim.ts): its id, its till, its status and when it closed. */
export interface PosOrder {
  posOrderId: string;
  /** The till it was taken on, when the POS says; null = not said. */
  deviceId: string | null;
  /** The POS's status in Foodics' numbering (4 = closed). */
  status: number;
  /** When it closed at the POS; null = not said. */
  closedAt: Date | null;
  invoice: Invoice;
  /** The seller's VAT registration number, when the POS reports one. */
  vatNumber?: string | null;
  /** The POS's own e-invoice QR text, when it provides one (printed as is). */
  eInvoiceQr?: string | null;
  /** The VAT block as a save keeps it (server/vat/receiptVat.ts): set when the order is shown. */
  savedVat?: SavedVat;
  /** When the order was placed at the POS (ms since the epoch), to keep the newer of a poll and a webhook. */
  placedAtMs?: number;
  /** Brought by a webhook and not yet read back from the POS by its id: never saved as it is (docs/SECURITY.md,
   * "Foodics webhooks"). A poll or a read by id replaces it with the POS's own. */
  unconfirmed?: boolean;
}

/** A receipt's VAT block as a saved order keeps it (orders.vat; docs/ARCHITECTURE.md, VAT on the receipt): the
 * QR's text and kind, never its drawing - re-read as a ZATCA TLV each time it is shown. */
export interface SavedVat {
  amount: number;
  by_rate: { rate: number; amount: number }[];
  number: string | null;
  qr_text: string | null;
  qr_kind: 'pos' | 'zatca-phase-1' | null;
  zatca_phase: 1 | 2 | null;
}

export interface PosAdapter {
  /** Branches with their devices, as the POS knows them now; null when this POS does not report them. */
  listBranches(restaurant: PosRestaurant): Promise<PosBranch[] | null>;
  /** The recent orders of a till, newest first (a POS may leave out the ones that are not closed). */
  recentOrders(restaurant: PosRestaurant, deviceId: string): Promise<PosOrder[]>;
  /** One order by its id at the POS, or null when the POS does not know it. 'named': a customer's page named it;
   * 'readBack': a webhook's order read back unasked (both get a bounded share of a POS's call budget:
   * docs/SECURITY.md, "The POS call budget"). */
  order(restaurant: PosRestaurant, posOrderId: string, purpose?: 'named' | 'readBack'): Promise<PosOrder | null>;
  /** The business's newest closed orders, every till together, in one call (each with its till): webhooks' orders
   * read back together (docs/SECURITY.md, "Foodics webhooks"); absent when the POS cannot list them so. */
  closedOrders?(restaurant: PosRestaurant, purpose: 'readBack'): Promise<PosOrder[]>;
  /** True when the POS's orders are in our own database (pushed to us): read directly, without the shared
   * store of known receipts in front. */
  readonly local?: boolean;
  /** The business's own reference at the POS (webhooks are routed by it); absent when the POS has none. */
  businessReference?(restaurant: PosRestaurant): Promise<string | null>;
  /** The business's name as the POS reports it for the restaurant's token (the seller's legal name on a ZATCA
   * phase-1 QR); null when the POS says none. */
  businessName?(restaurant: PosRestaurant): Promise<string | null>;
}

/** A failure talking to the POS, with the status the API should answer and a readable message. */
export class PosError extends Error {
  constructor(
    readonly statusCode: 502 | 504 | 404 | 409 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
