// Completes the receipt's VAT block (docs/ARCHITECTURE.md, VAT on the receipt): the VAT number is the POS's
// when it reports one, else the restaurant's own (its form's "VAT number"); when a number is known, the
// e-invoice QR - the POS's own text when given, else ZATCA's phase-1 TLV - is drawn here as an SVG
// document, so the customer's page shows it as an image and loads no QR code library.
import QRCode from 'qrcode';
import type { PosOrder } from '../core/posPort';
import { zatcaQrText } from './zatca';

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

export async function withReceiptVat(
  order: PosOrder,
  restaurant: { name: string; vatNumber: string | null },
): Promise<PosOrder> {
  const inv = order.invoice;
  const base = inv.vat ?? { amount: 0, by_rate: [], number: null, qr_svg: null };
  const number = order.vatNumber || base.number || restaurant.vatNumber || null;
  if (!number) return { ...order, invoice: { ...inv, vat: { ...base, number: null, qr_svg: null } } };
  const text =
    order.eInvoiceQr ||
    zatcaQrText({
      sellerName: restaurant.name,
      vatNumber: number,
      timestamp: order.closedAt
        ? `${order.closedAt.toISOString().slice(0, 19)}Z`
        : `${inv.order_date}T${inv.order_time}:00`,
      total: inv.total_price,
      vat: base.amount,
    });
  return { ...order, invoice: { ...inv, vat: { ...base, number, qr_svg: await qrSvg(text) } } };
}
