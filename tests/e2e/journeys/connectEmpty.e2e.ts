// A real deployment's first hour (issue 49, "Connecting Foodics, for real"; docs/POS.md), in Chromium: the product
// started EMPTY (no demo data) with a configured Foodics app (the stand-in's), as every real deployment starts.
// The empty Restaurants page has Connect Foodics and says what it does; approving at Foodics lands on the new
// restaurant's branches and tills with the setup checklist, whose steps tick themselves as they are done (the
// logo and VAT number on the form, the QR sheet printed, a phone's test scan showing the receipt) until "Setup
// complete". Then connecting the same business again asks to reconnect it and, answered no, creates nothing; and a
// pasted token Foodics refuses is said on the form in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { photograph } from '../harness/docShots';
import { signIn } from '../harness/session';
import { closeOrder, tillShows } from '../harness/standIn';

let product: RunningProduct;
let browser: OpenBrowser;
let page: Page;
let restId = 0;

beforeAll(async () => {
  product = await startProduct({ DEMO_DATA: 'false' });
  browser = await openBrowser();
  page = await browser.context.newPage();
  await signIn(page, product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const setLocale = (lang: 'en' | 'ar') => page.evaluate((l) => localStorage.setItem('specter.locale', l), lang);
/** Whether a checklist step is ticked now (the page asks the server again every few seconds). */
const step = (key: string) => page.getByTestId(`setup-${key}`).getAttribute('data-done');
const liveRestaurants = async () => {
  const res = await page.request.get(`${product.url}/restaurant?page=1&perPage=50`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
  });
  return ((await res.json()) as { restaurants: unknown[] }).restaurants.length;
};

describe('a deployment started empty, its Foodics app configured', () => {
  it('the empty Restaurants page has Connect Foodics and says what it does (both languages)', async () => {
    for (const lang of ['ar', 'en'] as const) {
      await setLocale(lang);
      await page.goto(`${product.url}/restaurants`);
      await page.getByTestId('restaurants-empty').waitFor();
      await page.getByTestId('connect-foodics').waitFor();
      await page.getByTestId('connect-help').waitFor();
      await photograph(page, lang, 'restaurants-empty');
    }
    await expect.poll(() => page.getByText("Restaurants doesn't exist").count()).toBe(1);
    expect(await page.getByTestId('connect-help').innerText()).toContain(
      "Connect Foodics adds a restaurant from its Foodics account: its owner approves on Foodics' page",
    );
    expect(await liveRestaurants()).toBe(0);
  });

  it('approving at Foodics lands on the new restaurant’s branches and tills, with its setup checklist', async () => {
    await page.getByTestId('connect-foodics').click();
    await page.getByRole('heading', { name: 'Foodics (stand-in)' }).waitFor();
    await page.getByLabel(/Najd Grill Co\./).check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/restaurants\/branches\/\d+$/);
    restId = Number(/branches\/(\d+)/.exec(page.url())![1]);
    await page.getByText('Foodics connected: its branches and devices are listed below.').waitFor();
    for (const b of FIXTURE.branches) await page.getByRole('row').filter({ hasText: b.name }).first().waitFor();
    const checklist = page.getByTestId('setup-checklist');
    await checklist.getByRole('heading', { name: `Set up ${FIXTURE.business.name}` }).waitFor();
    await expect.poll(() => step('tills')).toBe('true');
    for (const key of ['logo', 'vat', 'qr_sheet', 'test_scan']) expect(await step(key)).toBe('false');
    expect(await checklist.innerText()).toContain('1 of 5 done');
    await photograph(checklist, 'en', 'setup-checklist');
    await setLocale('ar');
    await page.reload();
    await page.getByTestId('setup-checklist').getByText('اكتمل 1 من 5').waitFor();
    await photograph(page.getByTestId('setup-checklist'), 'ar', 'setup-checklist');
    await setLocale('en');
    await page.reload();
    await page.getByTestId('setup-checklist').getByText('1 of 5 done').waitFor();
    expect(await liveRestaurants()).toBe(1);
  });

  it("the form's steps: the restaurant's logo, its VAT number and ZATCA phase", async () => {
    await page.getByTestId('setup-logo').getByRole('link', { name: 'Open the restaurant’s form' }).click();
    await page.waitForURL(new RegExp(`/restaurants/edit/${restId}$`));
    const logo = page.getByLabel('Logo', { exact: false }).first();
    await logo.fill('https://cdn.example.com/najd-grill.png');
    await page.getByLabel('VAT number').fill('310000000000003');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/restaurants$/);
    await page.goto(`${product.url}/restaurants/branches/${restId}`);
    await expect.poll(() => step('logo')).toBe('true');
    await expect.poll(() => step('vat')).toBe('true');
    expect(await page.getByTestId('setup-vat').innerText()).toContain('VAT number 310000000000003, ZATCA phase 2.');
  });

  it('printing the QR sheet ticks its step', async () => {
    await page.getByTestId('setup-qr_sheet').getByRole('link', { name: 'Open the QR sheet' }).click();
    await page.waitForURL(new RegExp(`/restaurants/sheet/${restId}$`));
    await page.getByTestId('qr-card').first().waitFor();
    // The browser's print dialog is not what is tested here: the sheet tells the server it was printed.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await page.goto(`${product.url}/restaurants/branches/${restId}`);
    await expect.poll(() => step('qr_sheet')).toBe('true');
  });

  it('a phone\'s test scan shows the receipt, and the checklist, left open, says "Setup complete"', async () => {
    const link = await page
      .getByTestId('setup-test_scan')
      .getByRole('link', { name: "Open a till's receipt page" })
      .getAttribute('href');
    const till = new URL(link!).searchParams.get('deviceId')!;
    const closed = await closeOrder(product, till);
    // Shown once the server read it back from Foodics (a webhook's order waits for that: docs/SECURITY.md).
    await expect
      .poll(async () => (await tillShows(product, till, restId)).order_id, { timeout: 20_000 })
      .toBe(closed.id);
    const phone = await browser.context.newPage();
    try {
      const opened = new URL(link!);
      await phone.goto(`${product.url}${opened.pathname}${opened.search}`);
      await phone.getByRole('button', { name: 'Save Invoice' }).waitFor();
    } finally {
      await phone.close();
    }
    // The page left open asks again on its own: the last step ticks, then the whole checklist is done.
    await page.getByTestId('setup-complete').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('setup-complete').innerText()).toContain('Setup complete');
    await photograph(page.getByTestId('setup-complete'), 'en', 'setup-complete');
  });

  it('connecting the same business again asks to reconnect it; answered no, nothing is created (both languages)', async () => {
    for (const [lang, title, cancel, kept] of [
      ['ar', 'هذا النشاط التجاري في فودكس مربوط بالفعل', 'إلغاء', 'لم يتغير شيء.'],
      ['en', 'This Foodics business is already connected', 'Cancel', 'Nothing was changed.'],
    ] as const) {
      await setLocale(lang);
      await page.goto(`${product.url}/restaurants`);
      await page.getByTestId('connect-foodics').click();
      await page.getByRole('heading', { name: 'Foodics (stand-in)' }).waitFor();
      await page.getByLabel(/Najd Grill Co\./).check();
      await page.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      if (lang === 'en')
        expect(await dialog.innerText()).toContain(`is connected to the restaurant “${FIXTURE.business.name}” here`);
      await photograph(dialog, lang, 'connect-already-connected');
      await dialog.getByRole('button', { name: cancel }).click();
      await page.getByText(kept).waitFor();
      expect(await liveRestaurants()).toBe(1);
    }
  });

  it('a pasted token Foodics refuses is said on the form, in English and in Arabic', async () => {
    for (const [lang, save, said] of [
      ['en', 'Save', 'Saved, but the point-of-sale system refused it'],
      ['ar', 'حفظ', 'تم الحفظ، لكن نظام نقاط البيع رفضه'],
    ] as const) {
      await setLocale(lang);
      await page.goto(`${product.url}/restaurants/edit/${restId}`);
      const token = page.getByLabel(lang === 'en' ? 'Token' : 'الرمز', { exact: true });
      await token.fill(`refused-by-foodics-${lang}-0001`);
      await page.getByRole('button', { name: save, exact: true }).click();
      await page.getByTestId('pos-refusal').waitFor();
      expect(await page.getByTestId('pos-refusal').innerText()).toContain(said);
      expect(new URL(page.url()).pathname).toBe(`/restaurants/edit/${restId}`);
      await photograph(page.getByTestId('pos-refusal'), lang, 'token-refused');
    }
    await setLocale('en');
  });
});
