// The CSV exports' times (issue 30): ISO 8601 with the zone's offset at that moment, summer time included.
import { describe, expect, it } from 'vitest';
import { isoInZone, wallIso } from '../../../server/export/isoTime';

describe('ISO 8601 times with the restaurant offset', () => {
  it('an instant in Riyadh (+03:00) and in UTC', () => {
    expect(isoInZone(new Date('2026-11-22T21:45:30.123Z'), 'Asia/Riyadh')).toBe('2026-11-23T00:45:30+03:00');
    expect(isoInZone(new Date('2026-11-22T21:45:30Z'), 'UTC')).toBe('2026-11-22T21:45:30+00:00');
    expect(isoInZone(null, 'Asia/Riyadh')).toBe('');
  });

  it("a zone with summer time: each instant carries the offset it had, and India's half hour", () => {
    expect(isoInZone(new Date('2026-07-01T12:00:00Z'), 'Africa/Cairo')).toBe('2026-07-01T15:00:00+03:00');
    expect(isoInZone(new Date('2026-01-01T12:00:00Z'), 'Africa/Cairo')).toBe('2026-01-01T14:00:00+02:00');
    expect(isoInZone(new Date('2026-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-01T17:30:00+05:30');
    expect(isoInZone(new Date('2026-01-01T12:00:00Z'), 'America/New_York')).toBe('2026-01-01T07:00:00-05:00');
  });

  it("a POS's wall date and time with the offset it had then; '' for what is not a date or time", () => {
    expect(wallIso('2026-11-22', '12:10', 'Asia/Riyadh')).toBe('2026-11-22T12:10:00+03:00');
    expect(wallIso('2026-11-22', '12:10:05', 'Asia/Riyadh')).toBe('2026-11-22T12:10:05+03:00');
    expect(wallIso('2026-07-01', '12:00', 'Africa/Cairo')).toBe('2026-07-01T12:00:00+03:00');
    expect(wallIso('2026-01-01', '12:00', 'Africa/Cairo')).toBe('2026-01-01T12:00:00+02:00');
    expect(wallIso('2026-10-30', '\r=2+2', 'Asia/Riyadh')).toBe('');
    expect(wallIso('yesterday', '12:00', 'Asia/Riyadh')).toBe('');
  });
});
