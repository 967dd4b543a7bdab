// Security headers on every answer (Content-Security-Policy, frame and referrer policies, HSTS in production or
// whenever PUBLIC_URL is https; a JSON answer without the document-only ones below),
// from helmet. Its middleware is built once here and run on each request: @fastify/helmet built it anew on every
// request (parsing the CSP each time), a tenth of the CPU of a call answered from memory (docs/PERFORMANCE.md).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's headers that only a document acts on: a JSON answer is read by code, never rendered, so there they tell
 * a browser nothing (OWASP's REST Security Cheat Sheet: an API answer needs a CSP with frame-ancestors,
 * X-Frame-Options, nosniff, HSTS, Cache-Control and its Content-Type - all kept). Dropped from JSON answers, every
 * other answer (pages, files, PDFs, CSV, errors in HTML) keeps them: six headers fewer for Node to validate and write
 * on every API call, about a tenth of the hot till's answer (docs/PERFORMANCE.md, "The hot till's front door").
 */
export const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The headers a middleware sets (and removes: helmet's X-Powered-By, which Node never sets), when it does so at
 * once and reads nothing of the request; else null. */
function headersOf(apply: Middleware): { set: [string, string | string[]][]; removed: string[] } | null {
  const set: [string, string | string[]][] = [];
  const removed: string[] = [];
  let finished = false;
  const req = new Proxy(
    {},
    {
      get: () => {
        throw new Error('reads the request');
      },
    },
  ) as IncomingMessage;
  const res = {
    setHeader: (name: string, value: string | number | string[]) =>
      set.push([name, Array.isArray(value) ? value : String(value)]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse;
  try {
    apply(req, res, (err) => (finished = !err));
  } catch {
    return null;
  }
  return finished ? { set, removed } : null;
}

export default fp(async function securityHeaders(app: FastifyInstance) {
  const { config } = app.deps;
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // emotion (MUI) injects <style> tags at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        // restaurant logos live on the restaurants' own hosts
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", ...config.CORS_ORIGINS],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.NODE_ENV === 'production' || config.PUBLIC_URL?.startsWith('https:') === true,
  });
  // Every header helmet sets here is the same on every answer (no nonce, nothing read from the request): taken
  // once from a run of its middleware, then set as they are - the hot till's answer paid a tenth of its CPU for
  // helmet's chain of middlewares per request (docs/PERFORMANCE.md, "The hot till as it ships").
  const headers = headersOf(apply);
  app.addHook('onRequest', (req, reply, done) => {
    if (!headers) return apply(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    const res = reply.raw;
    for (let i = 0; i < headers.removed.length; i++) res.removeHeader(headers.removed[i]);
    for (let i = 0; i < headers.set.length; i++) res.setHeader(headers.set[i][0], headers.set[i][1]);
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/json'))
      for (let i = 0; i < DOCUMENT_ONLY_HEADERS.length; i++) reply.raw.removeHeader(DOCUMENT_ONLY_HEADERS[i]);
    done(null, payload);
  });
});
