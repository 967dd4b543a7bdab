// Dates and dashes for the tables: local date or date-time, '-' when missing (SPEC.md section 2).
export const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

export function localDate(v: string | null | undefined, locale: string): string {
  if (!v) return '-';
  const d = new Date(v.length === 10 ? `${v}T00:00:00` : v);
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleDateString(locale);
}

export function localDateTime(v: string | null | undefined, locale: string): string {
  if (!v) return '-';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleString(locale);
}

const ISO: Record<string, string> = { EGY: 'EGP', RMB: 'CNY' };

export function money(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: ISO[currency] ?? currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
