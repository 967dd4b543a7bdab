// Calendar days of the funnel, in its time zone (FUNNEL_TIME_ZONE: the restaurants' business day).

/** The calendar day of an instant in a time zone, YYYY-MM-DD. */
export function dayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The last `days` calendar days, today included, in the funnel's time zone. */
export function dayRange(timeZone: string, days: number): { from: string; to: string; all: string[] } {
  const to = dayIn(timeZone);
  const end = Date.parse(`${to}T00:00:00Z`);
  const all = Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  return { from: all[0], to, all };
}
