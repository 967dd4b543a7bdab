// The invoice page's budget (docs/DECISIONS.md, Beyond the specification): at most 80 KB of gzipped JavaScript on a
// first visit, measured on the production build run.mjs just made. A size, not a time, so it may be asserted.
import { describe, expect, it } from 'vitest';
import { bundleSizes, firstVisit } from '../../../bench/bundle-size';

describe('invoice page budget', () => {
  it('first visit loads at most 80 KB of gzipped JavaScript, and nothing of the back-office', () => {
    const visit = firstVisit('public.html', ['InvoicePage']);
    expect(visit.js).toBeLessThanOrEqual(80 * 1024);
    expect(visit.files.some((f) => /admin/i.test(f))).toBe(false);
    expect(bundleSizes()[0].ok).toBe('yes');
  });
});
