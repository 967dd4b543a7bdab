// Lighthouse (mobile, its default simulated throttling: slow 4G, 4x CPU) on the invoice page, run by Debian's
// Chromium (never a downloaded browser): LCP, the performance score and the bytes transferred. Two cases in one
// run against the same production build: the receipt drawn in the browser (the build without its server bundle,
// as before) and the receipt drawn on the server into the first response (docs/PERFORMANCE.md).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { kb, ROOT, startProduct, table } from './lib';
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

async function audit(url: string, saveAs?: string) {
  const chrome = await (await chromeLauncher()).launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
  try {
    const result = await (
      await lighthouse()
    )(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
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
      bytes: lhr.audits['total-byte-weight'].numericValue ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function lighthouseInvoice() {
  // The "before" build: the same dist/ without dist/server, so the server answers the plain public.html.
  const clientOnly = mkdtempSync(path.join(os.tmpdir(), 'specter-dist-client-'));
  cpSync(path.join(ROOT, 'dist'), clientOnly, {
    recursive: true,
    filter: (src) => !src.startsWith(path.join(ROOT, 'dist', 'server')),
  });
  const rows = [];
  try {
    for (const [name, env, tag] of [
      ['receipt drawn in the browser (before)', { WEB_DIST: clientOnly }, 'browser'],
      ['receipt drawn on the server (after)', {}, 'server'],
    ] as const) {
      const product = await startProduct(env);
      try {
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
          'FCP (median)': `${(median(runs.map((r) => r.fcp)) / 1000).toFixed(2)} s`,
          'performance (min-max)': `${Math.min(...runs.map((r) => r.score))}-${Math.max(...runs.map((r) => r.score))}`,
          transferred: kb(median(runs.map((r) => r.bytes))),
        });
      } finally {
        await product.stop();
      }
    }
  } finally {
    rmSync(clientOnly, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) table(await lighthouseInvoice());
