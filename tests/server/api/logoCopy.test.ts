import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { restaurantLogos, restaurants } from '../../../server/db/schema';
import { isPrivateAddress } from '../../../server/pos/logoCopy';
import { pngImage, startLogoHost, type LogoAnswer, type LogoHost } from '../../../server/stand-ins/logoHost';
import { createTestApp } from '../helpers/app';
import { createFoodicsTestApp, DEVICE, type FoodicsTestApp } from '../helpers/foodicsApp';

// The receipt's logo from Specter's own origin (server/pos/logoCopy.ts, docs/ARCHITECTURE.md "The receipt's logo"):
// a restaurant's logo on its own host (a local HTTP stand-in here) is copied after the restaurant is saved, without
// holding the save's answer, and the receipt names the copy on this site; what is not a small PNG, JPEG, GIF or WebP
// from a public host in time is never copied, and the receipt keeps the logo's own address.
describe("the receipt's logo copied to this site", () => {
  let t: FoodicsTestApp;
  let host: LogoHost;
  let auth: Record<string, string>;
  beforeAll(async () => {
    host = await startLogoHost();
    t = await createFoodicsTestApp({
      ANSWER_CACHE_MS: '0',
      LOGO_COPY: '1',
      // The stand-in listens on 127.0.0.1, which the server refuses by default (the last test).
      LOGO_COPY_PRIVATE_HOSTS: '1',
      // Long enough for the held answer's test to look before it releases the host, even on a loaded machine.
      LOGO_COPY_TIMEOUT_MS: '3000',
      LOGO_COPY_MAX_BYTES: '4096',
    });
    // The helper's restaurant has its logo on example.com: on the stand-in from the start, so nothing leaves the
    // machine.
    await t.database.db
      .update(restaurants)
      .set({ logo: `${host.url}/0/start.png` })
      .where(eq(restaurants.id, t.restaurantId));
    await t.app.logoCopies.settled();
    auth = { authorization: `Bearer ${await t.adminToken()}` };
    t.foodics.addOrder(DEVICE);
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  const save = async (logo: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/restaurant/${t.restaurantId}`,
      headers: auth,
      payload: { logo },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const kept = async () => {
    const [r] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, t.restaurantId));
    const [copy] = await t.database.db
      .select()
      .from(restaurantLogos)
      .where(eq(restaurantLogos.restaurantId, t.restaurantId));
    return { logoCopy: r.logoCopy, copy };
  };
  /** The logo the receipt of the till names. */
  const shown = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/order/foodics/web/last-order?restaurantId=${t.restaurantId}&casherId=${DEVICE}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().restaurant.logo as string;
  };
  let n = 0;
  const fresh = (path: string) => `/${++n}${path}`;

  it('is made after the save, served from this site with its type for good, and named by the receipt', async () => {
    const image = pngImage(144, 96);
    const path = fresh('/logo.png');
    host.set(path, { contentType: 'image/png', body: image });
    await save(`${host.url}${path}`);
    await t.app.logoCopies.settled();
    const { logoCopy, copy } = await kept();
    expect(logoCopy).toMatch(new RegExp(`^/restaurant-logos/${t.restaurantId}/[0-9a-f]{16}\\.png$`));
    expect(copy).toMatchObject({ source: `${host.url}${path}`, contentType: 'image/png', width: 144, height: 96 });
    const served = await t.app.inject({ method: 'GET', url: logoCopy! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(await shown()).toBe(logoCopy);
    // Another hash at the same restaurant is no copy of it.
    const other = logoCopy!.replace(/\/[0-9a-f]{16}\./, '/0000000000000000.');
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
  });

  it("the save answers while the logo's host has not answered yet; the receipt shows the logo's own address until the copy", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const path = fresh('/held.png');
    host.set(path, { contentType: 'image/png', body: pngImage(64, 64), after: held });
    await save(`${host.url}${path}`);
    // The answer came back with the host still holding its answer: a new address drops the old copy at once.
    expect((await kept()).logoCopy).toBeNull();
    expect(await shown()).toBe(`${host.url}${path}`);
    release();
    await t.app.logoCopies.settled();
    const { logoCopy, copy } = await kept();
    expect(copy).toMatchObject({ source: `${host.url}${path}`, width: 64, height: 64, error: null });
    expect(await shown()).toBe(logoCopy);
  });

  it('follows a redirect of the host', async () => {
    const path = fresh('/moved.png');
    host.set(path, { status: 302, headers: { location: `${path}.new` } });
    host.set(`${path}.new`, { contentType: 'image/png', body: pngImage(32, 48) });
    await save(`${host.url}${path}`);
    await t.app.logoCopies.settled();
    expect((await kept()).copy).toMatchObject({ width: 32, height: 48, error: null });
  });

  it.each<[string, () => LogoAnswer, RegExp]>([
    [
      'too big (declared)',
      () => ({ contentType: 'image/png', body: pngImage(16, 16, 8000) }),
      /larger than 4096 bytes/,
    ],
    [
      'too big (not declared: sent in chunks)',
      () => ({ contentType: 'image/png', body: pngImage(16, 16, 8000), headers: { 'transfer-encoding': 'chunked' } }),
      /larger than 4096 bytes/,
    ],
    [
      'a page',
      () => ({ contentType: 'text/html', body: '<html><body>Logo</body></html>' }),
      /not a PNG, JPEG, GIF or WebP/,
    ],
    [
      'an SVG',
      () => ({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      }),
      /not a PNG, JPEG, GIF or WebP/,
    ],
    [
      'an SVG declared as a PNG',
      () => ({
        contentType: 'image/png',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>',
      }),
      /not (a PNG, JPEG, GIF or WebP image|an image)/,
    ],
    [
      'a slow host',
      () => ({ contentType: 'image/png', body: pngImage(8, 8), after: sleep(20_000) }),
      /no answer within 3000 ms/,
    ],
    ['a missing logo', () => ({ status: 404, contentType: 'text/plain', body: 'gone' }), /answered 404/],
  ])("is not made from %s: the receipt keeps the logo's own address, and why is kept", async (_, answer, why) => {
    const path = fresh('/logo.png');
    host.set(path, answer());
    await save(`${host.url}${path}`);
    await t.app.logoCopies.settled();
    const { logoCopy, copy } = await kept();
    expect(logoCopy).toBeNull();
    expect(copy.bytes).toBeNull();
    expect(copy.error).toMatch(why);
    expect(await shown()).toBe(`${host.url}${path}`);
  });
});

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms, undefined).unref());
}

describe('the logo copy never fetches from a private address unless told to', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.20', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
  ] as const)('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('a logo on the loopback address (and a name resolving to it) is never asked for', async () => {
    const host = await startLogoHost();
    const t = await createTestApp({ LOGO_COPY: '1', LOGO_COPY_TIMEOUT_MS: '2000' });
    try {
      host.set('/logo.png', { contentType: 'image/png', body: pngImage(10, 10) });
      const port = new URL(host.url).port;
      const made = await t.database.db
        .insert(restaurants)
        .values(
          [`${host.url}/logo.png`, `http://localhost:${port}/logo.png`].map((logo, i) => ({
            name: `Private ${i}`,
            logo,
            token: 't',
            branchsToken: 't',
            systemType: 'Specter',
          })),
        )
        .returning({ id: restaurants.id });
      t.app.logoCopies.refresh();
      await t.app.logoCopies.settled();
      for (const { id } of made) {
        const [copy] = await t.database.db.select().from(restaurantLogos).where(eq(restaurantLogos.restaurantId, id));
        expect(copy.bytes).toBeNull();
        expect(copy.error).toMatch(/private address/);
      }
      expect(host.requests.get('/logo.png') ?? 0).toBe(0);
    } finally {
      await t.close();
      await host.close();
    }
  });
});
