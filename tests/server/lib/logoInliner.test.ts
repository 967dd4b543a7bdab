// The invoice page's logo drawn inline (server/plugins/invoicePage.ts logoInliner): only a small SVG of the build
// at a path of this site; the restaurant's own host, an uploaded image, a large file or a path out of the build never.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { logoInliner } from '../../../server/plugins/invoicePage';

const dist = mkdtempSync(path.join(os.tmpdir(), 'specter-logo-'));
mkdirSync(path.join(dist, 'demo'));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="72"><circle r="30" cx="36" cy="36"/></svg>';
writeFileSync(path.join(dist, 'demo', 'grill.svg'), `${SVG}\n`);
writeFileSync(path.join(dist, 'demo', 'big.svg'), `<svg>${' '.repeat(3000)}</svg>`);
writeFileSync(path.join(os.tmpdir(), 'outside.svg'), SVG);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('draws a small SVG of the build inline, and nothing else', () => {
  const inline = logoInliner(dist);
  expect(inline('/demo/grill.svg')).toBe(`data:image/svg+xml,${encodeURIComponent(SVG)}`);
  expect(inline('/demo/big.svg')).toBeNull();
  expect(inline('/demo/missing.svg')).toBeNull();
  expect(inline('/../outside.svg')).toBeNull();
  expect(inline('/demo/../../outside.svg')).toBeNull();
  expect(inline('https://grill.example/logo.svg')).toBeNull();
  expect(inline('//grill.example/logo.svg')).toBeNull();
  expect(inline('data:image/png;base64,AAAA')).toBeNull();
});
