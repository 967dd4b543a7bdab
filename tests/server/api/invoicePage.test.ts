// /user/invoice drawn on the server (docs/PERFORMANCE.md, The receipt in the first response): the page's own
// server bundle, built here by Vite exactly as `vite build` builds it, loaded by the real app from its WEB_DIST;
// the till answered over real HTTP by the Foodics stand-in. The HTML carries the receipt's total and lines; a
// slow POS gets the shell first; a failing POS gets the Oops! panel the browser would show.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createBuilder } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../src/lib/money';
import { startFoodicsStandIn, type FoodicsStandIn } from '../../../server/stand-ins/foodics/server';
import { and, eq } from 'drizzle-orm';
import { funnelDaily } from '../../../server/db/schema';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';
import { deferHydration, logoPreload } from '../../../server/plugins/invoicePage';

// As vite writes public.html: the icon, the entry module and its modulepreload, the stylesheet.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><link rel="icon" type="image/svg+xml" href="/logo.svg" /><title>Specter | Invoice</title>
    <script type="module" crossorigin src="/assets/public-T1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-T2.js">
    <link rel="stylesheet" href="/assets/public.css"></head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The build's boot script (src/public/boot.ts), as it would be minified. */
const BOOT = 'import(document.querySelector(`script[data-entry]`).dataset.entry);';

let webDist: string;
let t: FoodicsTestApp;
let base: string;
let pos: FoodicsStandIn;

/** In front of the stand-in: while held, requests for orders wait until released, so a test knows the POS has
 * not answered yet (without timing anything). */
const gate = {
  held: false,
  waiting: [] as (() => void)[],
  release() {
    this.held = false;
    for (const go of this.waiting.splice(0)) go();
  },
};
let gateServer: http.Server;
async function startGate(target: string) {
  gateServer = http.createServer((req, res) => {
    const forward = () => {
      const up = http.request(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    if (gate.held && (req.url ?? '').includes('/orders')) gate.waiting.push(forward);
    else forward();
  });
  await new Promise<void>((r) => gateServer.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(gateServer.address() as AddressInfo).port}/v5`;
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'specter-ssr-'));
  const builder = await createBuilder({
    logLevel: 'warn',
    environments: { ssr: { build: { outDir: path.join(webDist, 'server') } } },
  });
  await builder.build(builder.environments.ssr);
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, 'public.html'), TEMPLATE);
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'public.css'), '.receipt { color: #123456; }');
  writeFileSync(path.join(webDist, 'assets', 'invoice-boot-T3.js'), `${BOOT}\n`);
  writeFileSync(
    path.join(webDist, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><rect width="8" height="8"/></svg>',
  );
  pos = await startFoodicsStandIn();
  const gateUrl = await startGate(new URL(pos.url).origin);
  t = await createFoodicsTestApp({
    WEB_DIST: webDist,
    FOODICS_CACHE_MS: '0',
    FOODICS_TIMEOUT_MS: '10000',
    FOODICS_BASE_URL: gateUrl,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  gate.release();
  await t?.close();
  await pos?.close();
  await new Promise((r) => gateServer?.close(r));
  rmSync(webDist, { recursive: true, force: true });
});

const pagePath = (deviceId = DEVICE) =>
  `/user/invoice?restId=${t.restaurantId}&deviceId=${encodeURIComponent(deviceId)}`;
const unescape = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page over real HTTP, each chunk as it arrived. */
function getChunks(url: string, headers: Record<string, string> = {}, onFirst?: () => void) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; chunks: string[] }>((resolve, reject) => {
    http
      .get(base + url, { headers: { accept: 'text/html', ...headers } }, (res) => {
        const chunks: string[] = [];
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          chunks.push(c);
          if (chunks.length === 1) onFirst?.();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks }));
      })
      .on('error', reject);
  });
}

describe('the invoice page drawn on the server', () => {
  it("the HTML of /user/invoice carries the till's receipt: restaurant, every line with its amount, the total, the save button", async () => {
    pos.setMode('ok');
    const placed = pos.addOrder(DEVICE, { total_price: 43.7 });
    const api = (
      await t.app.inject({
        method: 'GET',
        url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${DEVICE}`,
      })
    ).json();
    expect(api.order_id).toBe(placed.id);
    const res = await t.app.inject({
      method: 'GET',
      url: pagePath(),
      headers: { accept: 'text/html', 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = unescape(res.body);
    const receipt = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    expect(receipt).toContain(
      `<strong data-testid="takeout-total">${money(api.total_price, api.currency, 'en-US')}</strong>`,
    );
    expect(api.order_items.length).toBeGreaterThan(0);
    for (const item of api.order_items) {
      expect(receipt).toContain(`<span class="item-name">${item.item_name}</span>`);
      expect(receipt).toContain(money(item.total_price, api.currency, 'en-US'));
    }
    expect(receipt).toContain(api.restaurant.name);
    expect(receipt).toContain('Save Invoice');
    // The same answer for the browser to hydrate with, and the language the page was drawn in.
    const state = JSON.parse(/<script type="application\/json" id="invoice-state">(.*?)<\/script>/s.exec(res.body)![1]);
    expect(state).toMatchObject({
      lang: 'en',
      restId: String(t.restaurantId),
      deviceId: DEVICE,
      load: { state: 'ready', invoice: { order_id: placed.id } },
    });
    expect(res.body).toContain('<html lang="en" dir="ltr">');
  });

  it('an Arabic browser (Accept-Language) or the remembered choice (cookie) gets the receipt in Arabic, right to left', async () => {
    pos.setMode('ok');
    const ar = await t.app.inject({
      method: 'GET',
      url: pagePath(),
      headers: { accept: 'text/html', 'accept-language': 'ar-SA,ar;q=0.9' },
    });
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('إجمالي الطلب (شامل الضريبة)');
    const chosen = await t.app.inject({
      method: 'GET',
      url: pagePath(),
      headers: { accept: 'text/html', 'accept-language': 'ar-SA', cookie: 'x=1; specter.locale=en' },
    });
    expect(chosen.body).toContain('<html lang="en" dir="ltr">');
    expect(chosen.body).toContain('Takeout total (incl. Tax)');
  });

  it('a browser that takes gzip gets the page gzipped (Content-Encoding, Vary), the receipt inside', async () => {
    pos.setMode('ok');
    const res = await t.app.inject({
      method: 'GET',
      url: pagePath(),
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('data-testid="takeout-total"');
  });

  it('a slow POS: the first chunk (head, inlined CSS, spinner) arrives while the POS holds its answer, the receipt after it answers', async () => {
    pos.setMode('ok');
    gate.held = true;
    const res = await getChunks(pagePath(), {}, () => gate.release());
    expect(res.status).toBe(200);
    const [first, ...rest] = res.chunks;
    // The stylesheet comes inside the first chunk (no round trip before the first paint).
    expect(first).toContain('<style>.receipt { color: #123456; }</style>');
    expect(first).not.toContain('<link rel="stylesheet"');
    expect(first).toContain('<div id="boot" class="spinner" role="status" aria-label="Loading">');
    // The restaurant's logo is named in the head, so the phone fetches it while the POS is still asked.
    expect(first).toContain(
      '<link rel="preload" as="image" href="https://example.com/najd.png" fetchpriority="high"></head>',
    );
    expect(first).not.toContain('takeout-total');
    // The orders call was only let through once the first chunk had reached the browser.
    expect(rest.join('')).toContain('data-testid="takeout-total"');
  });

  it("a failing POS: the Oops! panel with the API's own message, as the browser would show it", async () => {
    pos.setMode('server-error');
    const api = await t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${DEVICE}`,
    });
    expect(api.statusCode).toBeGreaterThanOrEqual(500);
    const message = api.json().message as string;
    expect(message).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: pagePath(), headers: { accept: 'text/html' } });
    pos.setMode('ok');
    expect(res.statusCode).toBe(200);
    const html = unescape(res.body);
    expect(html).toContain('<div class="error-panel" role="alert"><h1>Oops!</h1>');
    expect(html).toContain(`<p>${message}.</p>`);
    expect(html).not.toContain('takeout-total');
  });

  it("the page drawn on the server counts its view for the customer's browser, so the code it asks for next is the same till's; a bot's scan counts nothing", async () => {
    pos.setMode('ok');
    const till = FIXTURE.devices[1].id;
    pos.addOrder(till);
    const phoneUa =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
    const botUa = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const open = (ua: string, ip: string) =>
      t.app.inject({
        method: 'GET',
        url: pagePath(till),
        headers: { accept: 'text/html', 'user-agent': ua },
        remoteAddress: ip,
      });
    expect((await open(botUa, '10.9.0.2')).statusCode).toBe(200);
    const page = await open(phoneUa, '10.9.0.1');
    expect(page.body).toContain('Save Invoice');
    // The code request carries no till: it is attributed to the till this browser's page was drawn for.
    const code = await t.app.inject({
      method: 'POST',
      url: '/user',
      payload: { phone: '0546667777' },
      headers: { 'user-agent': phoneUa },
      remoteAddress: '10.9.0.1',
    });
    expect(code.statusCode).toBe(200);
    await t.app.funnel.settled();
    const [row] = await t.database.db
      .select()
      .from(funnelDaily)
      .where(and(eq(funnelDaily.restaurantId, t.restaurantId), eq(funnelDaily.deviceId, till)));
    expect({ views: row?.views, codes: row?.codes }).toEqual({ views: 1, codes: 1 });
  });

  it('the logo preload: only for a live restaurant, only for a logo on another host the page would draw, escaped', async () => {
    const head = async (restId: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/user/invoice?restId=${restId}&deviceId=${DEVICE}`,
        headers: { accept: 'text/html' },
      });
      return res.body.slice(0, res.body.indexOf('</head>'));
    };
    expect(await head('999999')).not.toContain('rel="preload"');
    expect(await head('abc')).not.toContain('rel="preload"');
    // A logo of this site is asked for on the page's own connection when the receipt arrives: not preloaded.
    expect(logoPreload('/demo/najd-grill.svg')).toBe('');
    expect(logoPreload('https://cdn.example.com/a.png?w=72&h=72')).toContain(
      'href="https://cdn.example.com/a.png?w=72&amp;h=72"',
    );
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.png',
      'https://x/"><script>',
      '',
      null,
    ])
      expect(logoPreload(bad), String(bad)).toBe('');
  });

  it('the shell fetches no script before its first paint: the boot script inline (allowed by its hash in the CSP) in place of the entry and its modulepreload, the icon inline', async () => {
    pos.setMode('ok');
    const res = await getChunks(pagePath());
    const shell = res.chunks[0];
    expect(shell).not.toMatch(/<script[^>]*\ssrc=/);
    expect(shell).not.toContain('modulepreload');
    expect(shell).toContain(
      `<script type="module" data-entry="/assets/public-T1.js" data-preload="/assets/react-T2.js">${BOOT}</script>`,
    );
    const hash = createHash('sha256').update(BOOT).digest('base64');
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(shell).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg%20xmlns');
    expect(shell).not.toContain('href="/logo.svg"');
    // The other pages keep their own CSP: no script of theirs is allowed by this hash.
    const other = await t.app.inject({ method: 'GET', url: '/Privacy', headers: { accept: 'text/html' } });
    expect(String(other.headers['content-security-policy'])).not.toContain('sha256-');
    // A build without the boot script keeps its entry: the page still hydrates, only sooner.
    expect(deferHydration(TEMPLATE, path.join(webDist, 'server'))).toBe(TEMPLATE);
  });

  it("an unknown till: a 200 page with the Oops! panel and the API's own message (never a 500)", async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=nope`,
    });
    const res = await t.app.inject({ method: 'GET', url: pagePath('nope'), headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(unescape(res.body)).toContain(`<p>${api.json().message}.</p>`);
  });
});
