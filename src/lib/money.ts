// Money in an order's currency. Orders carry the codes of CURRENCIES (src/contract/common.ts: EGY, USD, RMB, EUR, SAR);
// EGY and RMB are not ISO 4217, so receipts and totals show the codes a customer and an accountant know,
// EGP and CNY, formatted by Intl with their rules. Digits stay Latin in Arabic too, so amounts read like the
// order number, date and time beside them. A code Intl cannot format is shown as it came, with 2 decimals.
import { isoCurrency } from '../contract/currency';

// One format per language and currency, made once: building an Intl.NumberFormat costs far more than using one,
// and a receipt shows a dozen amounts as the page hydrates on a phone (docs/PERFORMANCE.md, The receipt in the
// first response). null: a code Intl refuses.
const formats = new Map<string, Intl.NumberFormat | null>();

function formatFor(locale: string, iso: string): Intl.NumberFormat | null {
  const key = `${locale}|${iso}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(`${locale}-u-nu-latn`, {
        style: 'currency',
        currency: iso,
        currencyDisplay: 'code',
      });
    } catch {
      format = null;
    }
    if (formats.size >= 64) formats.clear(); // a handful of currencies and two languages; never a leak
    formats.set(key, format);
  }
  return format;
}

export function money(amount: number, currency: string, locale: string): string {
  const format = formatFor(locale, isoCurrency(currency));
  return format ? format.format(amount) : `${currency} ${Number(amount).toFixed(2)}`;
}
