// The JavaScript a first visit to each page downloads, gzipped, from the production build (dist/):
// the entry script of its HTML and every chunk it imports statically (what the browser fetches at once).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, ROOT, table } from './lib';

const dist = path.join(ROOT, 'dist');

function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  // Static imports only (import "./x.js" / from "./x.js"); import("./x.js") is loaded later, on demand.
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
    staticGraph(path.join(path.dirname(file), m[1]), seen);
  }
  return seen;
}

/** Entry scripts of an HTML page plus the lazily loaded chunks whose names start with one of `routeChunks`
 * (the chunk the page's own route loads at once, e.g. InvoicePage). */
export function firstVisit(html: string, routeChunks: string[] = []) {
  const page = readFileSync(path.join(dist, html), 'utf8');
  const assets = readdirSync(path.join(dist, 'assets'));
  const route = assets.filter((f) => routeChunks.some((r) => f.startsWith(`${r}-`)));
  const entries = [
    ...route.filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`),
    ...[
      ...page.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
      ...page.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
    ].map((m) => m[1]),
  ];
  const files = new Set<string>();
  for (const e of entries) staticGraph(e, files);
  const css = [
    ...[...page.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]),
    ...[...files].map((f) => f.replace(/\.js$/, '.css')).filter((f) => existsSync(path.join(dist, f))),
    ...route.filter((f) => f.endsWith('.css')).map((f) => `assets/${f}`),
  ];
  const gz = (f: string) => gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  return {
    js: [...files].reduce((s, f) => s + gz(f), 0),
    css: [...new Set(css)].reduce((s, f) => s + gz(f), 0),
    files: [...files],
  };
}

export function bundleSizes() {
  if (!existsSync(path.join(dist, 'public.html'))) throw new Error('dist/ is missing: run npm run build first');
  const invoice = firstVisit('public.html', ['InvoicePage']);
  const admin = firstVisit('index.html');
  return [
    {
      page: 'invoice (/user/invoice)',
      'JS gz': kb(invoice.js),
      'CSS gz': kb(invoice.css),
      budget: '80 KB JS',
      ok: invoice.js <= 80 * 1024 ? 'yes' : 'NO',
    },
    { page: 'back-office (/login)', 'JS gz': kb(admin.js), 'CSS gz': kb(admin.css), budget: '-', ok: '-' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) table(bundleSizes());
