// The invoice page's budget (docs/DECISIONS.md, Beyond the specification): at most 80 KB of gzipped JavaScript on a
// first visit, measured on the production build run.mjs just made. A size, not a time, so it may be asserted.
import { readFileSync } from 'node:fs';
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

describe("the receipt's server render", () => {
  // dist/server/invoice-render.js carries React's production build within it (vite.config.ts): the server draws every
  // receipt with it whatever NODE_ENV it runs with - `npm start` leaves NODE_ENV unset, and React's development build
  // took twice the CPU of a render (docs/PERFORMANCE.md, "The hot till as it ships").
  it('carries React in its production build, so no NODE_ENV can switch it to the development build', () => {
    const bundle = readFileSync('dist/server/invoice-render.js', 'utf8');
    expect(bundle).toContain('renderToString');
    expect(bundle).not.toMatch(/(from\s*|require\(|import\()\s*["']react(-dom)?(\/[^"']*)?["']/);
    expect(bundle).not.toContain('process.env.NODE_ENV');
  });
});
