// Security headers, the body size limit and CORS from configuration (docs/RELIABILITY.md, Security).
import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges } from '../../../server/db/schema';
import { DOCUMENT_ONLY_HEADERS } from '../../../server/plugins/securityHeaders';
import { createTestApp, type TestApp } from '../helpers/app';

describe('security headers, body limit, CORS', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT: '2048', CORS_ORIGINS: 'https://admin.example' });
    auth = { authorization: `Bearer ${await t.adminToken()}` };
  });
  afterAll(() => t.close());

  function expectSecurityHeaders(h: Record<string, unknown>, body = '') {
    const csp = String(h['content-security-policy'] ?? '');
    expect(csp).toMatch(/(^|;)\s*frame-ancestors 'none'/);
    expect(csp).toMatch(/(^|;)\s*default-src 'self'/);
    expect(csp).toMatch(/(^|;)\s*object-src 'none'/);
    // No inline or eval'd script may run: script-src is 'self', plus on the server-drawn invoice page the hash of
    // the one inline script it carries (its boot script, server/plugins/invoicePage.ts) - nothing else.
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];
    expect(scriptSrc[0]).toBe("'self'");
    const inline = [...body.matchAll(/<script type="module"[^>]*>([^<]+)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
    );
    expect(scriptSrc.slice(1)).toEqual(inline);
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(String(h['referrer-policy'] ?? '')).toMatch(
      /^(no-referrer|strict-origin|strict-origin-when-cross-origin|same-origin)$/,
    );
    expect(h['x-powered-by']).toBeUndefined();
  }

  it('GET /healthz carries the headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it('the HTML pages (back-office and public invoice page) carry the headers', async () => {
    for (const url of ['/', '/restaurants', '/user/invoice?restId=1&deviceId=x', '/Privacy']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      // 200 with the built app; 404 text when dist/ is not built: headers either way.
      expect([200, 404]).toContain(res.statusCode);
      expectSecurityHeaders(res.headers, res.body);
    }
  });

  it('API answers, errors included, carry the headers', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/admin', headers: auth }),
      await t.app.inject({ method: 'GET', url: '/admin' }),
      await t.app.inject({ method: 'GET', url: '/no/such/route' }),
      await t.app.inject({ method: 'POST', url: '/admin/login', payload: { email: 'x' } }),
    ]) {
      expectSecurityHeaders(res.headers);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('JSON answers leave out the headers only a document acts on; pages keep them', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/admin', headers: auth });
    expect(json.headers['content-type']).toMatch(/application\/json/);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(json.headers[name], name).toBeUndefined();
    expect(json.headers['cross-origin-resource-policy']).toBe('same-site');
    const page = await t.app.inject({ method: 'GET', url: '/Privacy', headers: { accept: 'text/html' } });
    // The page when dist/ is built, else its plain-text 404: a document either way, never JSON.
    expect(page.headers['content-type']).toMatch(/^text\/(html|plain)/);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(page.headers[name], name).toBeDefined();
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('a body larger than BODY_LIMIT answers 413 JSON {message}, on public and admin calls', async () => {
    const big = JSON.stringify({
      name: 'x'.repeat(4000),
      logo: 'https://example.com/a.png',
      token: 't',
      branchs_token: 't',
      system_type: 'Specter',
    });
    for (const [url, headers] of [
      ['/restaurant', auth],
      ['/user', {}],
      ['/admin/login', {}],
      ['/order/foodics/web/add-order', {}],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: big,
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    // Just under the limit is read normally.
    const small = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: { email: 'a@b.c', password: 'p'.repeat(100) },
    });
    expect(small.statusCode).toBe(401);
  });

  /** One raw HTTP/1.1 exchange over a real socket, so the headers (a lying Content-Length) go out as written. */
  async function raw(head: string, body: string): Promise<{ status: number; text: string }> {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => t.app.listeningOrigin);
    const { port } = new URL(address);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let text = '';
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
      socket.on('data', (d) => {
        text += d;
      });
      socket.on('error', reject);
      socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
      socket.end(`${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n${body}`);
    });
  }

  it('a Content-Length claiming more than BODY_LIMIT is 413 JSON {message} before the body is read', async () => {
    const res = await raw(
      'POST /user HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 10000000',
      '{"phone":"0551234567"}',
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text.slice(res.text.indexOf('\r\n\r\n') + 4))).toEqual({ message: expect.any(String) });
  });

  it('a Content-Length claiming less than the body sent: only the declared bytes are the body, 400 JSON {message}, no code sent', async () => {
    // Read whole, this body would be a valid send-code call; its first 12 bytes are not JSON.
    const res = await raw(
      'POST /user HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 12',
      '{"phone":"0551234567"}',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text.slice(res.text.indexOf('\r\n\r\n') + 4))).toEqual({ message: expect.any(String) });
    expect(await t.database.db.select().from(otpChallenges)).toEqual([]);
  });

  it('a chunked body over the limit is refused with 413 JSON {message}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: JSON.stringify({ phone: '0'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('CORS: the configured origin is allowed and sees X-Total-Count; another origin is not', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/admin?page=1&perPage=5',
      headers: { ...auth, origin: 'https://admin.example' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(String(ok.headers['access-control-expose-headers'])).toMatch(/X-Total-Count/i);
    expect(ok.headers['x-total-count']).toBeDefined();

    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/restaurant',
      headers: {
        origin: 'https://admin.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(pre.statusCode).toBeLessThan(300);
    expect(pre.headers['access-control-allow-origin']).toBe('https://admin.example');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');

    for (const origin of ['https://evil.example', 'https://admin.example.evil.com', 'http://admin.example', 'null']) {
      const res = await t.app.inject({ method: 'GET', url: '/admin', headers: { ...auth, origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const p = await t.app.inject({
        method: 'OPTIONS',
        url: '/restaurant',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(p.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // Never a wildcard, and never credentials for a wildcard.
    expect(ok.headers['access-control-allow-origin']).not.toBe('*');
  });
});
