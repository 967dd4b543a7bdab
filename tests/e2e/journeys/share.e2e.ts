// Share a saved receipt in real Chromium (issue 33; docs/CUSTOMER.md, Sharing a receipt): a customer saves a
// receipt, opens it in My receipts and presses Share. Chromium on Linux has no share sheet (navigator.share is
// absent, nothing is stubbed), so the link is copied: the journey reads it from the clipboard. Two strangers, each
// a fresh browser without cookies, open it: the receipt in their own language, never the customer's phone; its
// till-width print layout prints at 80 mm. The till's shared-link opens, as the back-office reads them, move by
// exactly the two browsers that opened it (a reload counts once). "Stop sharing" makes the link a calm 404 at once,
// and the count does not move for it. The share section and the shared page are photographed in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { cspViolations, watchCsp } from '../harness/csp';
import { saveAndOpenReceipt } from '../harness/customer';
import { hasText, readPdf } from '../harness/pdf';
import { startProduct, type RunningProduct } from '../harness/product';
import { photograph } from '../harness/docShots';
import { demoAdmin } from '../harness/session';
import { closeOrder, tillShows } from '../harness/standIn';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

let product: RunningProduct;
let customer: OpenBrowser;
let customerAr: OpenBrowser;

beforeAll(async () => {
  product = await startProduct({ OTP_IP_SENDS_PER_10M: '100', OTP_IP_SENDS_PER_DAY: '100' });
  customer = await openBrowser({ phone: true });
  customerAr = await openBrowser({ phone: true, locale: 'ar-SA' });
  for (const b of [customer, customerAr])
    await b.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
});
afterAll(async () => {
  await customer?.close();
  await customerAr?.close();
  await product?.stop();
});

async function shot(page: Page, lang: 'en' | 'ar', name: string, fullPage = false) {
  await photograph(page, lang, name, { fullPage });
}

/** A till's shared-link opens over the last days, as the back-office's till list reads them. */
async function sharedOpens(deviceId: string): Promise<number> {
  const login = await fetch(`${product.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAdmin(product)),
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const { branches } = (await (await fetch(`${product.url}/funnel/branches/1`, { headers: auth })).json()) as {
    branches: { id: number }[];
  };
  for (const b of branches) {
    const res = await fetch(`${product.url}/funnel/devices/${b.id}`, { headers: auth });
    const { devices } = (await res.json()) as { devices: { device_id: string; shared_opens: number }[] };
    const till = devices.find((d) => d.device_id === deviceId);
    if (till) return till.shared_opens;
  }
  throw new Error(`no till ${deviceId}`);
}

/** A new order on the till, known to the server, saved to `phone` and opened in My receipts. */
async function savedReceipt(page: Page, deviceId: string, phone: string, lang: 'en' | 'ar') {
  const order = await closeOrder(product, deviceId);
  await expect.poll(async () => (await tillShows(product, deviceId)).order_id, { timeout: 20_000 }).toBe(order.id);
  await saveAndOpenReceipt(page, product, { deviceId, phone, lang });
}

/** Presses Share where the browser has no share sheet: the link is copied, shown, and read back from the clipboard. */
async function shareByCopy(page: Page, t: { share: string; copied: string }) {
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await page.getByRole('button', { name: t.share, exact: true }).click();
  await page.getByRole('status').getByText(t.copied).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(new RegExp(`^${product.url.replace(/[.]/g, '\\.')}/r/[A-Za-z0-9_-]{22}$`));
  expect(await page.getByRole('textbox', { name: t.share }).inputValue()).toBe(copied);
  return copied;
}

describe('Share a saved receipt', () => {
  it('shared by copying its link, opened by two strangers in their languages without the phone, counted per browser, stopped: a calm 404', async () => {
    const till = FIXTURE.devices[1].id;
    const page = await customer.context.newPage();
    watchCsp(page);
    await savedReceipt(page, till, '0507790001', 'en');
    const before = await sharedOpens(till);

    const url = await shareByCopy(page, { share: 'Share', copied: 'Link copied' });
    await page.getByTestId('shared-until').waitFor();
    await page.getByRole('button', { name: 'Stop sharing' }).waitFor();
    await page.locator('section.share-actions').scrollIntoViewIfNeeded();
    await shot(page, 'en', 'receipt-share');

    // Strangers: fresh browsers, no cookies, one in English and one in Arabic (their own user agents).
    const stranger = await openBrowser({ phone: true, userAgent: IPHONE_UA });
    const strangerAr = await openBrowser({ phone: true, locale: 'ar-SA', userAgent: ANDROID_UA });
    try {
      const en = await stranger.context.newPage();
      watchCsp(en);
      const res = await en.goto(url);
      expect(res!.status()).toBe(200);
      expect(await stranger.context.cookies()).toEqual([]);
      expect(await en.locator('html').getAttribute('lang')).toBe('en');
      const html = await en.content();
      expect(html).not.toMatch(/7790001|0507|\+966|•••/);
      expect(html).not.toMatch(/<script/i);
      const text = await en.locator('body').innerText();
      for (const s of ['Najd Grill', 'Chicken Kabsa', '43.70', 'VAT 15%', '5.70', '310122393500003'])
        expect(text).toContain(s);
      expect(text).toContain('The tax invoice with its e-invoice QR code is the one printed at the till.');
      expect(text).not.toMatch(/Save Invoice|Stop sharing/);
      expect(await en.getByRole('button').count()).toBe(0);
      await shot(en, 'en', 'shared-receipt', true);
      // A reload is the same browser: it counts once.
      await en.reload();

      // Its till-width layout, one plain link away, prints at 80 mm without the page's print hints.
      await en.getByRole('link', { name: 'Till width (80 mm)' }).click();
      await en.waitForURL(/\?paper=80mm$/);
      const printed = await readPdf(await en.pdf({ preferCSSPageSize: true }));
      expect(printed[0].widthMm).toBeCloseTo(80, 0);
      for (const s of ['Najd Grill', 'Chicken Kabsa', '43.70', '5.70']) expect(hasText(printed, s)).toBe(true);
      expect(hasText(printed, 'Print layout')).toBe(false);

      const ar = await strangerAr.context.newPage();
      expect((await ar.goto(url))!.status()).toBe(200);
      expect(await ar.locator('html').getAttribute('dir')).toBe('rtl');
      const arText = await ar.locator('body').innerText();
      for (const s of ['نسخة من فاتورة شاركها العميل الذي حفظها.', 'ضريبة القيمة المضافة 15%', 'الرقم الضريبي'])
        expect(arText).toContain(s);
      expect(await ar.content()).not.toMatch(/7790001|0507|\+966/);
      await shot(ar, 'ar', 'shared-receipt', true);

      // Two browsers opened it (one of them three times): the till's count moves by two.
      await expect.poll(() => sharedOpens(till), { timeout: 20_000 }).toBe(before + 2);

      // Stop sharing: the link is dead at once, for everyone, in their language.
      await page.getByRole('button', { name: 'Stop sharing', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, stop sharing' }).click();
      await page.getByText('Sharing stopped: the link no longer opens this receipt.').waitFor();
      expect(await page.getByRole('button', { name: 'Stop sharing', exact: true }).count()).toBe(0);
      expect(await page.getByTestId('shared-until').count()).toBe(0);
      const gone = await en.goto(url);
      expect(gone!.status()).toBe(404);
      await en.getByRole('heading', { name: 'This link is no longer available' }).waitFor();
      expect((await ar.goto(url))!.status()).toBe(404);
      await ar.getByRole('heading', { name: 'هذا الرابط لم يعد متاحًا' }).waitFor();
      await shot(ar, 'ar', 'shared-receipt-gone');
      await shot(en, 'en', 'shared-receipt-gone');
      // A dead link's opens count nothing.
      expect(await sharedOpens(till)).toBe(before + 2);
    } finally {
      await stranger.close();
      await strangerAr.close();
    }
    expect(cspViolations()).toEqual([]);
    await page.close();
  });

  it('Arabic: Share copies the link and says so in Arabic; Stop sharing ends it', async () => {
    const till = FIXTURE.devices[2].id;
    const page = await customerAr.context.newPage();
    await savedReceipt(page, till, '0507790002', 'ar');
    const url = await shareByCopy(page, { share: 'مشاركة', copied: 'تم نسخ الرابط' });
    await page.getByText(/^مُشاركة حتى /).waitFor();
    await page.locator('section.share-actions').scrollIntoViewIfNeeded();
    await shot(page, 'ar', 'receipt-share');
    // Asking again while it lives gives the same link.
    expect(await shareByCopy(page, { share: 'مشاركة', copied: 'تم نسخ الرابط' })).toBe(url);
    await page.getByRole('button', { name: 'إيقاف المشاركة', exact: true }).click();
    // Asked first, then said (issue 49).
    await page.getByRole('button', { name: 'نعم، أوقف المشاركة' }).click();
    await page.getByText('تم إيقاف المشاركة: لم يعد الرابط يفتح هذه الفاتورة.').waitFor();
    expect(await page.getByRole('button', { name: 'إيقاف المشاركة', exact: true }).count()).toBe(0);
    expect((await fetch(url, { headers: { 'accept-language': 'ar' } })).status).toBe(404);
    await page.close();
  });
});
