// First visit of the invoice page on a weak phone (docs/PERFORMANCE.md): Chromium with mobile emulation and Chrome
// DevTools Protocol throttling (1.6 Mbps down, 750 kbps up, 150 ms latency, 4x CPU slowdown), from
// navigation to the receipt's total being visible, against the production build served by npm start with
// the Foodics stand-in answering at once. Compared in the same run with the back-office's login page, and
// the back-office's dashboard on a desktop profile.
import { chromium, type Page } from 'playwright-core';
import { kb, startProduct, table } from './lib';

const PHONE = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8, cpu: 4 };

async function measure(page: Page, url: string, ready: (p: Page) => Promise<unknown>, throttle: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latency,
      downloadThroughput: PHONE.downloadThroughput,
      uploadThroughput: PHONE.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  }
  const types = new Map<string, string>();
  const bytes: Record<string, number> = {};
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const t = types.get(e.requestId) ?? 'Other';
    bytes[t] = (bytes[t] ?? 0) + e.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  const ms = Date.now() - started;
  await page.waitForTimeout(300);
  await cdp.detach();
  return { ms, bytes };
}

export async function pageLoad() {
  const product = await startProduct();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  try {
    const phone = () =>
      browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
    const desk = () => browser.newContext({ viewport: { width: 1366, height: 900 } });
    const cases: [string, () => ReturnType<typeof phone>, string, (p: Page) => Promise<unknown>, boolean][] = [
      [
        'invoice page, phone, throttled',
        phone,
        '/user/invoice?restId=1&deviceId=7d000000-0001-4000-8000-00000000c001',
        (p) => p.getByTestId('takeout-total').waitFor({ timeout: 60_000 }),
        true,
      ],
      [
        'back-office login, phone, throttled',
        phone,
        '/login',
        (p) => p.getByRole('button', { name: 'Login' }).waitFor({ timeout: 60_000 }),
        true,
      ],
      ['back-office login, desktop', desk, '/login', (p) => p.getByRole('button', { name: 'Login' }).waitFor(), false],
    ];
    for (const [name, ctx, path, ready, throttle] of cases) {
      const c = await ctx();
      const page = await c.newPage();
      const r = await measure(page, product.url + path, ready, throttle);
      const js = r.bytes.Script ?? 0;
      const all = Object.values(r.bytes).reduce((a, b) => a + b, 0);
      rows.push({
        case: name,
        'ready ms': r.ms,
        JS: kb(js),
        CSS: kb(r.bytes.Stylesheet ?? 0),
        images: kb(r.bytes.Image ?? 0),
        fonts: kb(r.bytes.Font ?? 0),
        'all bytes': kb(all),
      });
      await c.close();
    }
    // The dashboard after sign-in, desktop: the second screen of the back-office.
    const c = await desk();
    const page = await c.newPage();
    await page.goto(`${product.url}/login`);
    await page.getByLabel('Email').fill(product.admin!.email);
    await page.getByLabel('Password').fill(product.admin!.password);
    const started = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('table', { name: 'Latest Orders' }).waitFor();
    rows.push({
      case: 'sign-in -> dashboard with data, desktop',
      'ready ms': Date.now() - started,
      JS: '-',
      CSS: '-',
      images: '-',
      fonts: '-',
      'all bytes': '-',
    });
    await c.close();
  } finally {
    await browser.close();
    await product.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) table(await pageLoad());
