// Calendar days of the funnel, in its time zone (FUNNEL_TIME_ZONE: the restaurants' business day).

import { dayIn, daysBefore } from '../../src/contract/dates';

// The same day the back-office's period pickers take as today (src/contract/dates.ts).
export { dayIn };

/** The last `days` calendar days, today included, in the funnel's time zone. */
export function dayRange(timeZone: string, days: number): { from: string; to: string; all: string[] } {
  const to = dayIn(timeZone);
  const all = Array.from({ length: days }, (_, i) => daysBefore(to, days - 1 - i));
  return { from: all[0], to, all };
}
