// Dates and times, one format per language on every screen of both entries and on the shared receipt's page
// (issue 49: no mixing of forms or of Arabic-Indic and Latin digits): English "22 Nov 2026" and "22 Nov 2026, 12:10",
// Arabic "22 نوفمبر 2026" and "22 نوفمبر 2026، 12:10" (Latin digits, as everywhere in the product's Arabic; 24-hour
// times). '-' when missing. No zod here: the invoice page's bundle and the server (server/customer/sharedPage.ts)
// import it. The back-office reads it through src/admin/lists/format.ts.
export const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

const DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** The locale the formats are written in: British English (day month year) or Arabic with Latin digits. */
const localeOf = (locale: string) => (locale.startsWith('ar') ? 'ar-u-nu-latn' : 'en-GB');

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, withTime: boolean, timeZone?: string): Intl.DateTimeFormat {
  const key = `${localeOf(locale)}|${withTime}|${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf(locale), { ...DATE, ...(withTime ? TIME : {}), timeZone });
    formats.set(key, f);
  }
  return f;
}

/** A calendar date (YYYY-MM-DD, as written) or the date of an instant (in the browser's zone). */
export function localDate(v: string | null | undefined, locale: string): string {
  if (!v) return '-';
  // A bare date is that day, wherever the browser is.
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const d = new Date(bare ? `${v}T00:00:00Z` : v);
  return Number.isNaN(d.getTime()) ? '-' : format(locale, false, bare ? 'UTC' : undefined).format(d);
}

/** An instant (ISO 8601), in the browser's zone. */
export function localDateTime(v: string | null | undefined, locale: string): string {
  if (!v) return '-';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? '-' : format(locale, true).format(d);
}

/** A restaurant's own date and time as the POS wrote them (YYYY-MM-DD, HH:MM[:SS]): shown as written, never
 * moved to the browser's zone. */
export function wallDateTime(date: string | null | undefined, time: string | null | undefined, locale: string) {
  if (!date) return '-';
  const hm = /^\d{2}:\d{2}(:\d{2})?$/.test(time ?? '') ? time! : null;
  if (!hm) return localDate(date, locale);
  const d = new Date(`${date}T${hm.length === 5 ? `${hm}:00` : hm}Z`);
  return Number.isNaN(d.getTime()) ? '-' : format(locale, true, 'UTC').format(d);
}

/** A calendar day (YYYY-MM-DD) as a chart's axis writes it: day and month, in the same words as the dates. */
export function dayMonth(day: string, locale: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d);
}

/** A restaurant's own time of day as the POS wrote it, as the date-time format writes times (HH:MM, 24-hour). */
export const wallTime = (time: string | null | undefined) => /^(\d{2}:\d{2})/.exec(time ?? '')?.[1] ?? dash(time);

/** The calendar day (YYYY-MM-DD) of an instant in a time zone: the business day of FUNNEL_TIME_ZONE for the server's
 * counts, and for the back-office's period pickers, whatever the browser's own zone (docs/ARCHITECTURE.md, Days). */
export function dayIn(timeZone: string | undefined, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The calendar day `n` days before `day` (YYYY-MM-DD): calendar arithmetic, the same across a clock change. */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}
