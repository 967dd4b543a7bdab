// Lighthouse (mobile, its default simulated throttling: slow 4G, 4x CPU) on the invoice page, run by Debian's
// Chromium (never a downloaded browser): LCP, the performance score and the bytes transferred. Two cases in one
// run against the same production build: the receipt drawn in the browser (the build without its server bundle,
// as before) and the receipt drawn on the server into the first response (docs/PERFORMANCE.md).
// --logo-elsewhere: instead, the server-drawn receipt of a restaurant whose logo lives on its own host (a local
// stand-in on another origin serving a PNG), without a copy (LOGO_COPY=0: the logo's own address, as before) and
// with the copy on Specter's origin (server/pos/logoCopy.ts; the stand-in is on 127.0.0.1, so
// LOGO_COPY_PRIVATE_HOSTS=1), each started fresh, the copy waited for before the runs.
// Usage: CHROME_PATH=/usr/bin/chromium npx tsx bench/lighthouse.ts [--runs=3] [--logo-elsewhere] [--save=DIR]
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kb, ROOT, startProduct, table } from './lib';
import { pngImage, startLogoHost, type LogoHost } from '../server/stand-ins/logoHost';
import { chromeLauncher, lighthouse } from './tools';

const INVOICE = '/user/invoice?restId=1&deviceId=7d000000-0001-4000-8000-00000000c001';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
// --save=DIR keeps each run's JSON report (LCP element, its breakdown, the requests) for a closer look.
const SAVE = process.argv.find((a) => a.startsWith('--save='))?.slice(7);
const LOGO_ELSEWHERE = process.argv.includes('--logo-elsewhere');

async function audit(url: string, saveAs?: string) {
  const chrome = await (await chromeLauncher()).launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
  try {
    const result = await (
      await lighthouse()
    )(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result!.lhr;
    if (SAVE && saveAs) {
      mkdirSync(SAVE, { recursive: true });
      writeFileSync(path.join(SAVE, `${saveAs}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) {
      console.error(`Lighthouse (run retried): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      return null;
    }
    const lcpAudit = lhr.audits['largest-contentful-paint'];
    if (lcpAudit.errorMessage) console.error(`LCP: ${lcpAudit.errorMessage}`);
    return {
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      fcp: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      bytes: lhr.audits['total-byte-weight'].numericValue ?? NaN,
      lcpElement: String(
        (
          lhr.audits['largest-contentful-paint-element']?.details as {
            items?: { items?: { node?: { selector?: string } }[] }[];
          }
        )?.items?.[0]?.items?.[0]?.node?.selector ?? '?',
      ),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A restaurant logo as its own host might serve it: 96x96, a quarter of its pixels coloured (8.7 KB). */
function logoPng(): Buffer {
  return pngImage(96, 96, 0, (x, y) =>
    (x * 7 + y * 13) % 4 === 0 ? [(x * 37) % 256, (y * 53) % 256, (x * y) % 256, 255] : null,
  );
}

/** The demo restaurant's logo moved to the stand-in host, through the API as its admin would; with `copied`, the
 * copy waited for (the receipt names it). */
async function logoElsewhere(product: Awaited<ReturnType<typeof startProduct>>, host: LogoHost, copied: boolean) {
  const login = await fetch(`${product.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(product.admin),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const saved = await fetch(`${product.url}/restaurant/1`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ logo: `${host.url}/najd-grill.png` }),
  });
  if (saved.status !== 200) throw new Error(`the logo could not be saved (${saved.status}): ${await saved.text()}`);
  const till = new URL(product.url + INVOICE).searchParams.get('deviceId');
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${product.url}/order/foodics/web/last-order?restaurantId=1&casherId=${till}`);
    const logo = res.ok ? ((await res.json()) as { restaurant: { logo: string } }).restaurant.logo : '';
    if (copied ? logo.startsWith('/restaurant-logos/') : logo.startsWith(host.url)) return logo;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(copied ? 'the logo was not copied' : 'the receipt does not name the logo host');
}

export async function lighthouseInvoice() {
  // The "before" build: the same dist/ without dist/server, so the server answers the plain public.html.
  const clientOnly = mkdtempSync(path.join(os.tmpdir(), 'specter-dist-client-'));
  cpSync(path.join(ROOT, 'dist'), clientOnly, {
    recursive: true,
    filter: (src) => !src.startsWith(path.join(ROOT, 'dist', 'server')),
  });
  const host = LOGO_ELSEWHERE ? await startLogoHost() : null;
  host?.set('/najd-grill.png', { contentType: 'image/png', body: logoPng() });
  const cases: (readonly [string, Record<string, string>, string, boolean?])[] = host
    ? [
        ["logo on the restaurant's host, no copy (LOGO_COPY=0: before)", { LOGO_COPY: '0' }, 'elsewhere', false],
        ["logo copied to Specter's origin (after)", { LOGO_COPY_PRIVATE_HOSTS: '1' }, 'copied', true],
      ]
    : [
        ['receipt drawn in the browser (before)', { WEB_DIST: clientOnly }, 'browser'],
        ['receipt drawn on the server (after)', {}, 'server'],
      ];
  const rows = [];
  try {
    for (const [name, env, tag, copied] of cases) {
      const product = await startProduct(env);
      try {
        const logo = host ? await logoElsewhere(product, host, copied === true) : '';
        await audit(product.url + INVOICE); // warm-up: the first run pays for the server's first render and caches
        const runs = [];
        // A run whose trace Lighthouse could not record (runtimeError, e.g. NO_NAVSTART on a loaded machine) is
        // retried, never counted as a score of 0.
        for (let tries = 0; runs.length < RUNS && tries < RUNS * 2; tries++) {
          const r = await audit(product.url + INVOICE, `${tag}-${tries + 1}`);
          if (r) runs.push(r);
        }
        rows.push({
          case: name,
          runs: runs.length,
          'LCP (min-max)': `${(Math.min(...runs.map((r) => r.lcp)) / 1000).toFixed(2)}-${(Math.max(...runs.map((r) => r.lcp)) / 1000).toFixed(2)} s`,
          'LCP (median)': `${(median(runs.map((r) => r.lcp)) / 1000).toFixed(2)} s`,
          'LCP each (s)': runs.map((r) => (r.lcp / 1000).toFixed(3)).join(', '),
          'FCP (median)': `${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s`,
          'performance (min-max)': `${Math.min(...runs.map((r) => r.score))}-${Math.max(...runs.map((r) => r.score))}`,
          'accessibility (min-max)': `${Math.min(...runs.map((r) => r.a11y))}-${Math.max(...runs.map((r) => r.a11y))}`,
          'LCP element': [...new Set(runs.map((r) => r.lcpElement))].join(' | '),
          ...(host ? { logo: logo.replace(host.url, '(logo host)') } : {}),
          transferred: kb(median(runs.map((r) => r.bytes))),
          load: os.loadavg()[0].toFixed(1),
        });
      } finally {
        await product.stop();
      }
    }
  } finally {
    rmSync(clientOnly, { recursive: true, force: true });
    await host?.close();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) table(await lighthouseInvoice());
