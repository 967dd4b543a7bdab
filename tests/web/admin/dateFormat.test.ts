// One date and one date-time format per language on every back-office screen (issue 30): the helpers of
// src/admin/lists/format.ts, and no screen writing a date its own way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDate, localDateTime, wallDateTime, wallTime } from '../../../src/admin/lists/format';

describe('the back-office date formats', () => {
  it('English: 22 Nov 2026 and 22 Nov 2026, 12:10 (24-hour); Arabic the same shape, Latin digits', () => {
    expect(localDate('2026-11-22', 'en')).toBe('22 Nov 2026');
    expect(localDate('2026-11-22', 'ar')).toBe('22 نوفمبر 2026');
    expect(wallDateTime('2026-11-22', '12:10', 'en')).toBe('22 Nov 2026, 12:10');
    expect(wallDateTime('2026-11-22', '21:05:09', 'ar')).toBe('22 نوفمبر 2026، 21:05');
    expect(wallTime('21:05:09')).toBe('21:05');
    // An instant in the browser's zone, in the same shape as a wall date-time.
    const at = new Date(2026, 10, 22, 9, 7).toISOString();
    expect(localDateTime(at, 'en')).toBe('22 Nov 2026, 09:07');
    expect(localDateTime(at, 'ar')).toBe('22 نوفمبر 2026، 09:07');
    expect([localDate(null, 'en'), localDateTime('', 'ar'), wallDateTime(null, '12:00', 'en')]).toEqual([
      '-',
      '-',
      '-',
    ]);
  });

  it('no screen formats a date itself (toLocaleString / toLocaleDateString / an order_date printed raw)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name)) files.push(p);
      }
    };
    walk('src/admin');
    walk('src/resources');
    // The public pages and the shared receipt too (issue 49: seven forms seen, digits mixed on one Arabic page).
    walk('src/invoice');
    walk('src/receipts');
    files.push('server/customer/sharedPage.ts');
    const offenders = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return (
        /toLocale(Date|Time)?String\(/.test(text.replace(/n\.toLocaleString\(/g, '')) ||
        /\{(o|r|invoice)\.order_date\}|\{(o|r|invoice)\.order_time\}|esc\(inv\.order_date\)/.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });
});
