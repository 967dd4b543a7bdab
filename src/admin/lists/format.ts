// Dates and dashes for the tables: local date or date-time, '-' when missing (docs/PRODUCT.md, Screens).
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

export { money } from '../../lib/money';
