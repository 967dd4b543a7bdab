// Times in the CSV exports: ISO 8601 with a UTC offset (an order's: its restaurant's time zone, else
// FUNNEL_TIME_ZONE, the business day every count uses; docs/API.md, Exports), e.g. 2026-11-22T12:10:00+03:00 - what a spreadsheet and a person in the
// restaurant both read as the hour it was. Intl gives the zone's offset at each instant (summer time included).

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(at: Date, timeZone: string): number {
  let f = zoneNames.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    zoneNames.set(timeZone, f);
  }
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
}

const pad = (n: number) => String(n).padStart(2, '0');
const offsetText = (min: number) =>
  `${min < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(min) / 60))}:${pad(Math.abs(min) % 60)}`;

/** An instant as ISO 8601 in the zone: its wall time there and the offset, to the second. */
export function isoInZone(at: Date | null | undefined, timeZone: string): string {
  if (!at) return '';
  const off = offsetMinutes(at, timeZone);
  return `${new Date(at.getTime() + off * 60_000).toISOString().slice(0, 19)}${offsetText(off)}`;
}

/** A wall date and time in the zone (YYYY-MM-DD, HH:MM[:SS], as the POS wrote them) as ISO 8601 with the offset
 * it had then; '' when either is not a date or time. */
export function wallIso(date: string, time: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return '';
  const local = `${date}T${time.length === 5 ? `${time}:00` : time}`;
  const wall = Date.parse(`${local}Z`);
  if (Number.isNaN(wall)) return '';
  // The offset at that wall time: first read at the wall time taken as UTC, then at the instant that gives.
  const guess = offsetMinutes(new Date(wall), timeZone);
  return `${local}${offsetText(offsetMinutes(new Date(wall - guess * 60_000), timeZone))}`;
}

/** An instant as the restaurant's local date and time, for two columns of their own (the CSV convention:
 * server/export/csv.ts): ['2026-11-22', '12:10:00']; ['', ''] when there is none. */
export function localDateTime(at: Date | null | undefined, timeZone: string): [string, string] {
  const iso = isoInZone(at, timeZone);
  return iso ? [iso.slice(0, 10), iso.slice(11, 19)] : ['', ''];
}
