// Money in an order's currency, shown with the order's own code: the spec's EGY and RMB are not ISO 4217
// (EGP, CNY), so Intl formats them as EGP/CNY and the code is put back. Digits stay Latin in Arabic too, so
// amounts read like the order number, date and time beside them.
const ISO: Record<string, string> = { EGY: 'EGP', RMB: 'CNY' };

export function money(amount: number, currency: string, locale: string): string {
  const iso = ISO[currency] ?? currency;
  try {
    const parts = new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'currency', currency: iso, currencyDisplay: 'code' }).formatToParts(amount);
    return parts.map((p) => (p.type === 'currency' ? currency : p.value)).join('');
  } catch {
    return `${currency} ${Number(amount).toFixed(2)}`;
  }
}
