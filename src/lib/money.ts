// Money in an order's currency. The spec's codes EGY and RMB are not ISO 4217 (EGP, CNY): map them for
// Intl, and fall back to "12.50 XYZ" for anything Intl does not know.
const ISO: Record<string, string> = { EGY: 'EGP', RMB: 'CNY' };

export function money(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: ISO[currency] ?? currency }).format(amount);
  } catch {
    return `${Number(amount).toFixed(2)} ${currency}`;
  }
}
