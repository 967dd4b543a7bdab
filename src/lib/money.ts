// Money in an order's currency. Orders carry the codes of CURRENCIES (src/contract/common.ts: EGY, USD, RMB, EUR, SAR);
// EGY and RMB are not ISO 4217, so receipts and totals show the codes a customer and an accountant know,
// EGP and CNY, formatted by Intl with their rules. Digits stay Latin in Arabic too, so amounts read like the
// order number, date and time beside them. A code Intl cannot format is shown as it came, with 2 decimals.
import { isoCurrency } from '../contract/currency';

export function money(amount: number, currency: string, locale: string): string {
  const iso = isoCurrency(currency);
  try {
    return new Intl.NumberFormat(`${locale}-u-nu-latn`, {
      style: 'currency',
      currency: iso,
      currencyDisplay: 'code',
    }).format(amount);
  } catch {
    return `${currency} ${Number(amount).toFixed(2)}`;
  }
}
