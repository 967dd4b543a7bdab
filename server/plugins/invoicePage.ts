// /user/invoice drawn on the server and streamed (docs/PERFORMANCE.md, The receipt in the first response): the
// shell (head, CSS, script, a spinner) leaves at once, so the browser fetches the page's assets while the POS is
// asked; the receipt (or the Oops! panel) follows in the same response when the POS answers, drawn by the page's
// own React components. The server reaches them only through the built bundle dist/server/invoice-render.js and
// the types of src/contract/invoicePageRender.ts (docs/ARCHITECTURE.md): never by importing web code.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { setTimeout as wait } from 'node:timers/promises';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  INVOICE_STATE_ID,
  LOCALE_COOKIE,
  type InvoicePageLang,
  type InvoicePageLoad,
  type InvoicePageRenderer,
  type InvoicePageState,
  TILL_EMPTY_HEADER,
} from '../../src/contract/invoicePageRender';

/** The built server bundle of the page, or null when this build has none (the page then renders in the browser). */
export async function loadInvoiceRenderer(webDist: string): Promise<InvoicePageRenderer | null> {
  const file = path.join(webDist, 'server', 'invoice-render.js');
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<InvoicePageRenderer>;
  return typeof mod.renderInvoicePage === 'function' ? { renderInvoicePage: mod.renderInvoicePage } : null;
}

/** The language the browser will pick (src/lib/useLanguage.ts): the remembered choice, else its first language. */
export function pageLanguage(req: FastifyRequest): InvoicePageLang {
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE.replace('.', '\\.')}=(ar|en)\\b`).exec(
    req.headers.cookie ?? '',
  );
  if (cookie) return cookie[1] as InvoicePageLang;
  return /^\s*ar\b/i.test(req.headers['accept-language'] ?? '') ? 'ar' : 'en';
}

const LOADING = { en: 'Loading', ar: 'جار التحميل' } as const;

// JSON inside <script>: '<' escaped so no text of the receipt can close the tag.
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The page's stylesheets (a few KB) written into the head: on a phone that saves a round trip before the
 * first paint (CSP allows inline styles: style-src 'unsafe-inline'). A file it cannot read stays a link. */
export function inlineStylesheets(template: string, webDist: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const css = path.join(webDist, file);
    return existsSync(css) ? `<style>${readFileSync(css, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>` : link;
  });
}

/** The page's icon (a small SVG of the build) written into its link as a data: address: a phone asks for the icon
 * around the time it paints the logo, and Lighthouse counts a request that ends before that paint against it
 * (docs/PERFORMANCE.md, The receipt in the first response). CSP allows data: images. Another icon stays a link. */
export function inlineIcon(template: string, webDist: string): string {
  return template.replace(/(<link rel="icon"[^>]*\shref=")\/([\w-]+\.svg)"/, (link, start: string, file: string) => {
    const svg = path.join(webDist, file);
    if (!existsSync(svg) || statSync(svg).size > 2048) return link;
    return `${start}data:image/svg+xml,${encodeURIComponent(readFileSync(svg, 'utf8').trim())}"`;
  });
}

/** public.html's entry script and its modulepreload links replaced by the build's invoice-boot script
 * (src/public/boot.ts), written into the head like the CSS: it fetches them only once the drawn receipt and its
 * logo are painted. Fetched and run before the first paint they held it back on a phone's network and CPU, and
 * even a boot script of its own address costs a request before that paint (docs/PERFORMANCE.md, The receipt in
 * the first response). The page's CSP allows it by its hash (scriptHashes). A build without that script keeps
 * its entry as it is. */
export function deferHydration(template: string, webDist: string): string {
  const assets = path.join(webDist, 'assets');
  const boot = existsSync(assets) ? readdirSync(assets).find((f) => /^invoice-boot-[\w-]+\.js$/.test(f)) : undefined;
  const entry = /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+\.js)"[^>]*><\/script>/.exec(template);
  if (!boot || !entry) return template;
  const code = readFileSync(path.join(assets, boot), 'utf8').trim();
  if (/<\/script|<!--/i.test(code)) return template;
  const preloads: string[] = [];
  const rest = template.replace(
    /[ \t]*<link rel="modulepreload"[^>]*\shref="(\/assets\/[^"]+\.js)"[^>]*>\n?/g,
    (_, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  return rest.replace(
    entry[0],
    () => `<script type="module" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}">${code}</script>`,
  );
}

/** CSP sources ('sha256-...') for the inline module scripts of a template (deferHydration's boot). */
export function scriptHashes(template: string): string[] {
  return [...template.matchAll(/<script type="module"[^>]*>([^<]+)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`,
  );
}

/** The CSP helmet set on this answer (server/plugins/securityHeaders.ts) with the given script sources added to
 * its script-src; null when it has none to extend. */
export function allowScripts(csp: unknown, sources: string[]): string | null {
  if (typeof csp !== 'string' || !sources.length || !/(^|;)\s*script-src\s/.test(csp)) return null;
  return csp.replace(/((?:^|;)\s*script-src\s[^;]*)/, `$1 ${sources.join(' ')}`);
}

/** The restaurant's logo as a preload line for the shell's head, or ''. Only a logo on another host (http(s)) is
 * preloaded: one of this site, preloaded, took a second connection while the page was still streaming (a handshake
 * and a round trip on a phone's network, about 300 ms of Lighthouse's LCP); asked for when the receipt arrives, it
 * goes on the page's own connection (docs/PERFORMANCE.md, 1b). An address the page would not draw is never named. */
export function logoPreload(logo: string | null | undefined): string {
  if (!logo || !/^https?:\/\/[^"'<>\s\\]+$/i.test(logo)) return '';
  return `<link rel="preload" as="image" href="${logo.replace(/&/g, '&amp;')}" fetchpriority="high">`;
}

/** How long the shell waits for the restaurant's logo address before it leaves without it. */
const LOGO_WAIT_MS = 50;

export function invoicePageServer(
  app: FastifyInstance,
  template: string,
  renderer: InvoicePageRenderer,
  /** The logo of a live restaurant by the page's restId (remembered by the caller), or null. */
  logoOf: (restId: string) => Promise<string | null> = async () => null,
) {
  const ROOT = '<div id="root"></div>';
  const at = template.indexOf(ROOT);
  if (at < 0) throw new Error('public.html has no <div id="root"></div>');
  const before = template.slice(0, at);
  const after = template.slice(at + ROOT.length);
  const hashes = scriptHashes(template);

  /** The till's answer as the page would get it: the same call, the same messages, one retry (src/invoice/api.ts). */
  async function askTill(
    req: FastifyRequest,
    lang: InvoicePageLang,
    restId: string,
    deviceId: string,
    key: string,
  ): Promise<InvoicePageLoad> {
    const url =
      `/order/foodics/web/last-order?restaurantId=${encodeURIComponent(restId)}&casherId=${encodeURIComponent(deviceId)}` +
      (key ? `&key=${encodeURIComponent(key)}` : '');
    const once = () =>
      app.inject({
        method: 'GET',
        url,
        remoteAddress: req.ip,
        headers: {
          accept: 'application/json',
          // The page's language, as the browser's call sends it: the server's messages come back in it.
          'accept-language': lang,
          // The browser's own agent (with its address above): the funnel counts this view for the browser that
          // then asks for a code, and a bot's scan stays uncounted (funnel/recorder.ts).
          'user-agent': String(req.headers['user-agent'] ?? ''),
        },
      });
    let res = await once();
    if (res.statusCode !== 200) {
      await new Promise((r) => setTimeout(r, 300));
      res = await once();
    }
    let body: unknown = null;
    try {
      body = res.json();
    } catch {
      body = null;
    }
    if (res.statusCode === 200)
      return { state: 'ready', invoice: body as Extract<InvoicePageLoad, { state: 'ready' }>['invoice'] };
    const message = (body as { message?: unknown } | null)?.message;
    return {
      state: 'error',
      message: typeof message === 'string' ? message : '',
      empty: res.statusCode === 404 && res.headers[TILL_EMPTY_HEADER.toLowerCase()] === '1',
    };
  }

  /** The logo's address within LOGO_WAIT_MS, else null: a slow database never holds the shell back. */
  const quickLogo = (restId: string) =>
    Promise.race([logoOf(restId).catch(() => null), wait(LOGO_WAIT_MS, null, { ref: false })]);

  return async function serve(req: FastifyRequest, reply: FastifyReply) {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const restId = query.get('restId') ?? '';
    const deviceId = query.get('deviceId') ?? '';
    const key = query.get('key') ?? '';
    const lang = pageLanguage(req);
    // The logo is what a phone paints last and largest (Lighthouse's LCP element): named in the shell's head,
    // the browser fetches it while the POS is asked, instead of after the receipt arrives (docs/PERFORMANCE.md).
    const preload = logoPreload(/^\d{1,9}$/.test(restId) ? await quickLogo(restId) : null);
    const head = before
      .replace(/<html[^>]*>/, `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`)
      .replace('</head>', `${preload}</head>`);
    // Compressed when the browser takes gzip (the page carries the receipt twice: drawn, and as JSON for hydration);
    // flushed after the shell so compression never holds it back.
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ? createGzip() : null;
    const body = gzip ?? new PassThrough();
    // The shell goes now; the receipt when the POS answers. The spinner sits outside React's root (the CSS hides
    // it once the root has content), so the markup React hydrates is exactly what it drew.
    body.write(
      `${head}<div id="boot" class="spinner" role="status" aria-label="${LOADING[lang]}"></div>${ROOT.slice(0, -6)}`,
    );
    gzip?.flush();
    (async () => {
      const load = await askTill(req, lang, restId, deviceId, key);
      const state: InvoicePageState = { lang, restId, deviceId, ...(key ? { key } : {}), load };
      const html = await renderer.renderInvoicePage(state);
      body.end(
        `${html}</div><script type="application/json" id="${INVOICE_STATE_ID}">${jsonForScript(state)}</script>${after}`,
      );
    })().catch((err: unknown) => {
      // Without the server's drawing the browser draws the page itself, as before.
      req.log.error({ err }, 'invoice page server render failed');
      body.end(`</div>${after}`);
    });
    // The page carries the customer's order: never kept by a shared cache.
    if (gzip) reply.header('Content-Encoding', 'gzip');
    const csp = allowScripts(reply.raw.getHeader('content-security-policy'), hashes);
    if (csp) reply.header('Content-Security-Policy', csp);
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', 'no-store')
      .send(body);
  };
}
