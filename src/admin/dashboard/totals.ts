// The totals row: one sum per currency the spec recognises (EGY, USD, RMB, EUR, and SAR), in that order.
import { CURRENCIES } from '../../contract/common';

export function totalsByCurrency(
  rows: { total_price: number; currency: string }[],
): { currency: string; total: number }[] {
  return CURRENCIES.map((currency) => ({
    currency,
    total: rows.filter((r) => r.currency === currency).reduce((s, r) => s + Number(r.total_price || 0), 0),
    count: rows.filter((r) => r.currency === currency).length,
  }))
    .filter((c) => c.count > 0)
    .map(({ currency, total }) => ({ currency, total: Math.round(total * 100) / 100 }));
}
