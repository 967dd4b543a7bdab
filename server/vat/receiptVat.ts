// Completes the receipt's VAT block (docs/ARCHITECTURE.md, VAT on the receipt). The VAT number is the POS's when
// it reports one, else the restaurant's own (its form's "VAT number"). The QR, only on a Saudi (SAR) receipt with
// a known number, depends on the restaurant's ZATCA phase (restaurants.zatca_phase):
// - phase 2 (the default): the POS's own e-invoice QR, only when it reads as a signed ZATCA TLV (tags 1-9) whose
//   VAT number, total and VAT are the receipt's (zatcaTlv.ts); otherwise no QR - the page says the tax invoice
//   with its QR is the one printed at the till. Specter never draws a 5-tag QR for a phase-2 seller.
// - phase 1: ZATCA's 5-tag QR (zatca.ts), tag 1 the seller's legal name (the POS's business name, else the
//   form's "Legal name", else the restaurant's name), tag 3 the receipt's time.
// The QR is drawn here as an SVG document, so the customer's page shows it as an image and loads no QR library.
import QRCode from 'qrcode';
import type { Invoice } from '../../src/contract';
import type { PosOrder, SavedVat } from '../core/posPort';
import { zatcaQrText } from './zatca';
import { posQrMatches, readZatcaQr } from './zatcaTlv';

export type QrKind = 'pos' | 'zatca-phase-1';
export type ZatcaPhase = 1 | 2;

export type { SavedVat };

export interface VatSeller {
  name: string;
  vatNumber: string | null;
  zatcaPhase: number;
  legalName?: string | null;
  posLegalName?: string | null;
}

// A crowd scanning one till asks for the same QR again and again: each text is drawn once (per instance).
const drawn = new Map<string, Promise<string>>();

export function qrSvg(text: string): Promise<string> {
  let svg = drawn.get(text);
  if (!svg) {
    if (drawn.size > 5_000) drawn.clear();
    svg = QRCode.toString(text, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    });
    svg.catch(() => drawn.delete(text));
    drawn.set(text, svg);
  }
  return svg;
}

/** ZATCA applies to Saudi businesses only: their receipts are in riyals. */
export const isSaudi = (currency: string) => currency.trim().toUpperCase() === 'SAR';

/** The seller's name for the phase-1 QR's tag 1. */
export const legalNameOf = (r: VatSeller) => r.posLegalName?.trim() || r.legalName?.trim() || r.name;

/** The VAT block of an order, with the QR's text and kind decided (not yet drawn). */
export function receiptVat(order: PosOrder, seller: VatSeller): SavedVat {
  const inv = order.invoice;
  const base = inv.vat ?? { amount: 0, by_rate: [], number: null };
  const saudi = isSaudi(inv.currency);
  const phase: ZatcaPhase | null = saudi ? (seller.zatcaPhase === 1 ? 1 : 2) : null;
  const number = order.vatNumber || base.number || seller.vatNumber || null;
  const out: SavedVat = {
    amount: base.amount,
    by_rate: base.by_rate,
    number,
    qr_text: null,
    qr_kind: null,
    zatca_phase: phase,
  };
  if (!number || !phase) return out;
  if (phase === 2) {
    const pos = order.eInvoiceQr?.trim();
    if (pos && posQrMatches(pos, { vatNumber: number, total: inv.total_price, vat: base.amount }))
      return { ...out, qr_text: pos, qr_kind: 'pos' };
    return out;
  }
  const text = zatcaQrText({
    sellerName: legalNameOf(seller),
    vatNumber: number,
    timestamp: order.closedAt
      ? `${order.closedAt.toISOString().slice(0, 19)}Z`
      : `${inv.order_date}T${inv.order_time}:00`,
    total: inv.total_price,
    vat: base.amount,
  });
  return { ...out, qr_text: text, qr_kind: 'zatca-phase-1' };
}

/** The invoice's VAT block as the API answers it: the QR drawn only from a text that reads as a ZATCA TLV again
 * (a saved order's text is checked on every display, never trusted as stored). */
export async function vatAnswer(v: SavedVat, receipt: { total: number }): Promise<NonNullable<Invoice['vat']>> {
  const valid =
    v.qr_text !== null &&
    v.number !== null &&
    (v.qr_kind === 'pos'
      ? posQrMatches(v.qr_text, { vatNumber: v.number, total: receipt.total, vat: v.amount })
      : v.qr_kind === 'zatca-phase-1' && readZatcaQr(v.qr_text) !== null);
  return {
    amount: v.amount,
    by_rate: v.by_rate,
    number: v.number,
    qr_svg: valid ? await qrSvg(v.qr_text!) : null,
    qr_kind: valid ? v.qr_kind : null,
    zatca_phase: v.zatca_phase,
  };
}

/** The order with its VAT block completed for display, and what a save keeps of it (order.savedVat). */
export async function withReceiptVat(order: PosOrder, seller: VatSeller): Promise<PosOrder> {
  const saved = receiptVat(order, seller);
  const vat = await vatAnswer(saved, { total: order.invoice.total_price });
  return { ...order, invoice: { ...order.invoice, vat }, savedVat: saved };
}
