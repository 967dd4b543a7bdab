// VAT of a Foodics order. Foodics has no order-level tax total: taxes sit on product lines, on their
// options and on charges, each as { rate, pivot: { amount, rate } } (docs/ARCHITECTURE.md, VAT). We sum
// them by rate; void lines carry no tax.
import type { PosOrder } from '../../core/posPort';
import type { FoodicsOrder, FoodicsSettings, FoodicsTax } from './types';

const VOID = 5;
const num = (v: unknown) => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
/** Money to 5 decimals (Foodics' precision), without floating-point dust from the sums. */
const round5 = (n: number) => Math.round(n * 100_000) / 100_000;

export function foodicsVat(order: FoodicsOrder): { amount: number; by_rate: { rate: number; amount: number }[] } {
  const byRate = new Map<number, number>();
  const add = (taxes: FoodicsTax[] | null | undefined) => {
    for (const t of taxes ?? []) {
      const rate = num(t.pivot?.rate ?? t.rate);
      byRate.set(rate, (byRate.get(rate) ?? 0) + num(t.pivot?.amount ?? t.amount));
    }
  };
  for (const line of order.products ?? []) {
    if (line.status === VOID) continue;
    add(line.taxes);
    for (const option of line.options ?? []) add(option.taxes);
  }
  for (const charge of order.charges ?? []) add(charge.taxes);
  const by_rate = [...byRate]
    .map(([rate, amount]) => ({ rate, amount: round5(amount) }))
    .filter((r) => r.amount !== 0)
    .sort((a, b) => b.rate - a.rate);
  return { amount: round5(by_rate.reduce((s, r) => s + r.amount, 0)), by_rate };
}

/** The POS order with its VAT block and what the e-invoice QR needs from the POS: the VAT number Foodics
 * reports (settings) and the order's own QR text, if any. */
export function withFoodicsVat(posOrder: PosOrder, order: FoodicsOrder, settings: FoodicsSettings): PosOrder {
  return {
    ...posOrder,
    invoice: { ...posOrder.invoice, vat: { ...foodicsVat(order), number: null, qr_svg: null } },
    ...foodicsVatSource(order, settings),
  };
}

/** The VAT number Foodics reports and the order's own e-invoice QR text (names read tolerantly). */
export function foodicsVatSource(order: FoodicsOrder, settings: FoodicsSettings) {
  const vatNumber = String(settings.vat_registration_number ?? settings.tax_number ?? '').trim() || null;
  const eInvoiceQr = String(order.zatca_qr ?? order.qr_code ?? '').trim() || null;
  return { vatNumber, eInvoiceQr };
}
