// Print / Save as PDF in real Chromium (issue 33; docs/CUSTOMER.md, Printing a receipt): a customer saves a
// receipt, opens it in My receipts and presses Print (A4) and Print at till width (80 mm). The journey takes the
// page size the button chose (window.print is only recorded: a headless browser has no dialog), prints the page to
// PDF with the print media as the dialog's "Save as PDF" does, and reads the PDF back: the page size, the
// restaurant, the items, the total and the VAT lines, never a button or the page's navigation; in English a
// phase-2 POS's own e-invoice QR decodes from the printed page, in Arabic (no POS QR) there is none and the
// sentence naming the till's invoice is printed instead. The print layouts are photographed for docs/screenshots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { standInEInvoiceQr } from '../../../server/stand-ins/foodics/server';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { cspViolations, watchCsp } from '../harness/csp';
import { saveAndOpenReceipt } from '../harness/customer';
import { hasText, pdfQr, readPdf, type PrintedPage } from '../harness/pdf';
import { startProduct, type RunningProduct } from '../harness/product';
import { photograph, photographing } from '../harness/docShots';
import { closeOrder, tillShows } from '../harness/standIn';

/** The demo restaurant's VAT number (server/stand-ins/demoSeed.ts) and a stand-in order's total and VAT. */
const VAT_NUMBER = '310122393500003';
const TOTAL = 43.7;
const VAT = 5.7;

let product: RunningProduct;
let desk: OpenBrowser;
let deskAr: OpenBrowser;

beforeAll(async () => {
  product = await startProduct({ OTP_IP_SENDS_PER_10M: '100', OTP_IP_SENDS_PER_DAY: '100' });
  desk = await openBrowser();
  deskAr = await openBrowser({ locale: 'ar-SA' });
});
afterAll(async () => {
  await desk?.close();
  await deskAr?.close();
  await product?.stop();
});

/** Presses a print button and returns the PDF Chromium prints with the page size that button chose. */
async function printWith(page: Page, button: string): Promise<{ pdf: Buffer; pages: PrintedPage[] }> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: (string | null)[] };
    w.printed = [];
    window.print = () => w.printed.push(document.querySelector('style[data-print]')?.textContent ?? null);
  });
  await page.getByRole('button', { name: button }).click();
  const chosen = await page.evaluate(() => (window as unknown as { printed: (string | null)[] }).printed);
  expect(chosen).toHaveLength(1);
  expect(chosen[0]).toMatch(/@page\{size:/);
  // The button's page size, as it stood while the dialog was open (it is removed after printing).
  const style = await page.addStyleTag({ content: chosen[0]! });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await style.evaluate((s) => (s as Element).remove());
  return { pdf, pages: await readPdf(pdf) };
}

async function printShot(page: Page, lang: 'en' | 'ar', name: string, width: number) {
  if (!photographing) return;
  const size = page.viewportSize()!;
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width, height: 1100 });
  await photograph(page, lang, name, { fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(size);
}

/** The receipt on screen, from its totals to its VAT block (with the QR or the till-invoice sentence). */
async function vatShot(page: Page, lang: 'en' | 'ar') {
  if (!photographing) return;
  await page.locator('section.vat').scrollIntoViewIfNeeded();
  await photograph(page, lang, 'receipt-vat');
}

/** Nothing of the screen's chrome is printed: buttons, the language switch, the list's navigation. */
function noChrome(pages: PrintedPage[], words: string[]) {
  for (const w of words) expect(hasText(pages, w), `"${w}" is printed`).toBe(false);
}

describe('Print / Save as PDF', () => {
  it("English, a phase-2 POS's own e-invoice QR: A4 and 80 mm PDFs carry the receipt, its VAT and the QR, no buttons", async () => {
    const till = FIXTURE.devices[0].id;
    const posQr = standInEInvoiceQr({
      sellerName: FIXTURE.business.name,
      vatNumber: VAT_NUMBER,
      timestamp: new Date().toISOString(),
      total: TOTAL,
      vat: VAT,
    });
    const order = await closeOrder(product, till, { zatca_qr: posQr });
    await expect.poll(async () => (await tillShows(product, till)).order_id, { timeout: 20_000 }).toBe(order.id);
    const page = await desk.context.newPage();
    watchCsp(page);
    await saveAndOpenReceipt(page, product, { deviceId: till, phone: '0507780001', lang: 'en' });
    await page.getByTestId('e-invoice-qr').waitFor();
    await vatShot(page, 'en');

    const a4 = await printWith(page, 'Print / Save as PDF');
    expect(a4.pages).toHaveLength(1);
    expect(a4.pages[0].widthMm).toBeCloseTo(210, 0);
    expect(a4.pages[0].heightMm).toBeCloseTo(297, 0);
    for (const text of ['Najd Grill', 'Chicken Kabsa', 'Karak Tea', '43.70', 'VAT 15%', '5.70', VAT_NUMBER])
      expect(hasText(a4.pages, text), `"${text}" is not printed:\n${a4.pages[0].text}`).toBe(true);
    noChrome(a4.pages, ['Print / Save as PDF', 'till width', 'Share', 'Back to my receipts', 'Sign out', 'العربية']);
    // The QR printed is the POS's own, verbatim.
    expect(await pdfQr(a4.pdf)).toBe(posQr);

    const till80 = await printWith(page, 'Print at till width (80 mm)');
    expect(till80.pages[0].widthMm).toBeCloseTo(80, 0);
    for (const text of ['Najd Grill', 'Chicken Kabsa', '43.70', 'VAT 15%', '5.70'])
      expect(hasText(till80.pages, text), `"${text}" is not printed:\n${till80.pages[0].text}`).toBe(true);
    noChrome(till80.pages, ['Print / Save as PDF', 'Share', 'Sign out']);
    expect(await pdfQr(till80.pdf)).toBe(posQr);

    await printShot(page, 'en', 'receipt-print-a4', 794);
    await printShot(page, 'en', 'receipt-print-80mm', 302);
    expect(cspViolations()).toEqual([]);
    await page.close();
  });

  it('Arabic, phase 2 without a POS QR: right-to-left PDFs with the items, total and VAT, no QR, the till-invoice sentence', async () => {
    const till = FIXTURE.devices[2].id;
    const order = await closeOrder(product, till);
    await expect.poll(async () => (await tillShows(product, till)).order_id, { timeout: 20_000 }).toBe(order.id);
    const page = await deskAr.context.newPage();
    await saveAndOpenReceipt(page, product, { deviceId: till, phone: '0507780002', lang: 'ar' });
    await page.getByTestId('till-invoice').waitFor();
    expect(await page.getByTestId('e-invoice-qr').count()).toBe(0);
    await vatShot(page, 'ar');

    const a4 = await printWith(page, 'طباعة / حفظ بصيغة PDF');
    expect(a4.pages[0].widthMm).toBeCloseTo(210, 0);
    // The items as the POS named them (a saved receipt keeps the POS's names), the labels in Arabic.
    const arabic = ['رقم الطلب', 'Chicken Kabsa', 'Karak Tea', '43.70', 'ضريبة القيمة المضافة', '5.70', VAT_NUMBER];
    for (const text of [...arabic, 'عند الكاشير'])
      expect(hasText(a4.pages, text), `"${text}" is not printed:\n${a4.pages[0].text}`).toBe(true);
    noChrome(a4.pages, ['طباعة', 'مشاركة', 'تسجيل الخروج', 'English']);
    expect(await pdfQr(a4.pdf)).toBeNull();

    const till80 = await printWith(page, 'طباعة بعرض الكاشير (80 مم)');
    expect(till80.pages[0].widthMm).toBeCloseTo(80, 0);
    for (const text of ['رقم الطلب', 'Chicken Kabsa', '43.70', '5.70'])
      expect(hasText(till80.pages, text), `"${text}" is not printed:\n${till80.pages[0].text}`).toBe(true);

    await printShot(page, 'ar', 'receipt-print-a4', 794);
    await printShot(page, 'ar', 'receipt-print-80mm', 302);
    await page.close();
  });
});
