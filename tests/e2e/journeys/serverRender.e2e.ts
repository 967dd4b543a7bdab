// The receipt in the first response (docs/PERFORMANCE.md): /user/invoice arrives with its receipt drawn on the
// server, readable with JavaScript turned off; with JavaScript the page hydrates that markup without a mismatch
// (English and Arabic, right-to-left) and the save flow works on it; the product's CSP allows what it emits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { cspViolations, watchCsp } from '../harness/csp';
import { startProduct, type RunningProduct } from '../harness/product';

let product: RunningProduct;
const opened: OpenBrowser[] = [];
const invoiceUrl = (deviceId: string) => `${product.url}/user/invoice?restId=1&deviceId=${deviceId}`;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  for (const b of opened) await b.close();
  await product?.stop();
});

async function phonePage(opts: { javaScript?: boolean; locale?: string } = {}) {
  const b = await openBrowser({ phone: true, ...opts });
  opened.push(b);
  const page = await b.context.newPage();
  watchCsp(page);
  return page;
}

/** React's hydration complaints (mismatch, recoverable errors) and any other error the page logs. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text().slice(0, 300));
  });
  page.on('pageerror', (e) => errors.push(String(e).slice(0, 300)));
  return errors;
}

describe('the receipt in the first response', () => {
  it('with JavaScript turned off, the receipt is readable: restaurant, lines, total, and no spinner', async () => {
    const page = await phonePage({ javaScript: false });
    await page.goto(invoiceUrl(FIXTURE.devices[0].id));
    await expect.poll(() => page.getByTestId('takeout-total').isVisible()).toBe(true);
    expect(await page.getByTestId('takeout-total').innerText()).toMatch(/\d+\.\d{2}/);
    expect(await page.getByRole('heading', { name: 'Najd Grill' }).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Items' }).getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await page.getByText('Invoice #', { exact: false }).isVisible()).toBe(true);
    expect(await page.locator('#boot').isVisible()).toBe(false);
  });

  it('with JavaScript, the drawn receipt hydrates without an error and the save flow saves it', async () => {
    const page = await phonePage();
    const errors = watchErrors(page);
    // The till is asked once, by the server: the hydrated page does not ask again.
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/last-order') && asked.push(r.url()));
    await page.goto(invoiceUrl(FIXTURE.devices[2].id));
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: 'Save Invoice' }).click();
    await page.getByLabel('Phone').fill('0503334455');
    const since = product.log().length;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Digit 1').waitFor();
    const code = await product.waitForCode('455', since);
    for (const [i, d] of code.split('').entries()) await page.getByLabel(`Digit ${i + 1}`).type(d);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByText('Success', { exact: true }).waitFor();
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    expect(cspViolations()).toEqual([]);
  });

  it('the hydration script is fetched only once the receipt and its logo are painted; the page hydrates after', async () => {
    const page = await phonePage();
    const errors = watchErrors(page);
    await page.goto(invoiceUrl(FIXTURE.devices[0].id));
    const times = () =>
      page.evaluate(() => {
        const loaded = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const at = (re: RegExp) => loaded.find((r) => re.test(new URL(r.name).pathname));
        return {
          entry: at(/^\/assets\/public-[\w-]+\.js$/)?.startTime,
          logo: at(/^\/demo\/najd-grill\.svg$/)?.responseEnd,
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        };
      });
    await expect.poll(async () => (await times()).entry).toBeGreaterThan(0);
    const t = await times();
    expect(t.entry).toBeGreaterThan(t.logo!);
    expect(t.entry).toBeGreaterThan(t.paint!);
    await page.getByRole('button', { name: 'Save Invoice' }).click();
    await page.getByLabel('Phone').waitFor();
    expect(errors).toEqual([]);
    expect(cspViolations()).toEqual([]);
  });

  it('a tap on Save Invoice as soon as the receipt shows is not lost: the page hydrates at once and takes it', async () => {
    const page = await phonePage();
    const errors = watchErrors(page);
    await page.goto(invoiceUrl(FIXTURE.devices[0].id), { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Save Invoice' }).click();
    await page.getByLabel('Phone').waitFor();
    expect(errors).toEqual([]);
    expect(cspViolations()).toEqual([]);
  });

  it('an Arabic phone gets the receipt drawn in Arabic, right to left, and hydrates it without an error; the switch still works', async () => {
    const page = await phonePage({ locale: 'ar-SA' });
    const errors = watchErrors(page);
    await page.goto(invoiceUrl(FIXTURE.devices[1].id));
    await page.getByText('إجمالي الطلب (شامل الضريبة)').waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    // The choice is remembered for the server too: the next visit is drawn in English.
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    expect(errors).toEqual([]);
    expect(cspViolations()).toEqual([]);
  });
});
