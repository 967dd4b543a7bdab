// The invoice page's LCP in Lighthouse's mobile profile (its default simulated throttling: slow 4G, 4x CPU), run
// by Debian's Chromium headless (CHROME_PATH), on the product as `npm start` runs it (scripts/start.mjs, the
// compiled server, demo data: Cashier 1's order from the Foodics stand-in), after one warm-up run. Prints each
// run's LCP, FCP and score, then what the LCP is made of: its element, its phases (time to first byte, load delay,
// load time, render delay), the render-blocking requests and every request of the page (docs/PERFORMANCE.md 1b).
// Usage: npx tsx bench/lcp.ts [--runs=3]
import os from 'node:os';
import { startProduct, table } from './lib';
import { chromeLauncher, lighthouse } from './tools';

const INVOICE = '/user/invoice?restId=1&deviceId=7d000000-0001-4000-8000-00000000c001';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);

type Details = { items?: Record<string, unknown>[] };

async function audit(url: string) {
  const chrome = await (await chromeLauncher()).launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
  try {
    const lhr = (await (
      await lighthouse()
    )(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    }))!.lhr;
    if (lhr.runtimeError) return null;
    const a = lhr.audits;
    const items = (id: string) => ((a[id]?.details as Details | undefined)?.items ?? []) as Record<string, unknown>[];
    const lcpEl = items('largest-contentful-paint-element');
    return {
      lcp: a['largest-contentful-paint'].numericValue ?? NaN,
      fcp: a['first-contentful-paint'].numericValue ?? NaN,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      element: JSON.stringify(lcpEl[0] ?? {}).slice(0, 400),
      phases: JSON.stringify((lcpEl[1] as Details | undefined)?.items ?? []),
      blocking: items('render-blocking-resources').map((i) => `${i.url} ${i.wastedMs} ms`),
      requests: items('network-requests').map(
        (i) =>
          `${i.resourceType} ${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${i.transferSize} B ${Math.round(Number(i.networkEndTime) - Number(i.networkRequestTime))} ms`,
      ),
      load: os.loadavg()[0].toFixed(1),
      mainThread: items('mainthread-work-breakdown').map((i) => `${i.groupLabel} ${Math.round(Number(i.duration))} ms`),
    };
  } finally {
    await chrome.kill();
  }
}

const product = await startProduct();
try {
  await audit(product.url + INVOICE);
  const runs = [];
  for (let tries = 0; runs.length < RUNS && tries < RUNS * 2; tries++) {
    const r = await audit(product.url + INVOICE);
    if (r) runs.push(r);
  }
  table(
    runs.map((r, i) => ({
      run: i + 1,
      'LCP s': (r.lcp / 1000).toFixed(3),
      'FCP s': (r.fcp / 1000).toFixed(3),
      performance: r.score,
      'load (1 min)': r.load,
    })),
  );
  const last = runs.at(-1)!;
  console.log(`LCP element: ${last.element}\nphases: ${last.phases}`);
  console.log(`render-blocking: ${last.blocking.join('; ') || 'none'}`);
  console.log(`main thread (4x): ${last.mainThread.join('; ')}`);
  console.log(`requests:\n  ${last.requests.join('\n  ')}`);
} finally {
  await product.stop();
}
