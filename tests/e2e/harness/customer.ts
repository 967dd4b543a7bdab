// A customer's first steps, shared by the receipt journeys: the till's newest order saved from the invoice page
// with a phone and its texted code (read from the console SMS provider's log), then "See my receipts", which
// opens signed in (the save proved the phone), and the newest receipt opened in full (/user/receipts/{id}).
import type { Page } from 'playwright-core';
import type { RunningProduct } from './product';

export const CUSTOMER_TEXTS = {
  en: {
    total: 'Takeout total (incl. Tax)',
    saveInvoice: 'Save Invoice',
    phone: 'Phone',
    save: 'Save',
    digit: 'Digit',
    send: 'Send',
    seeMyReceipts: 'See my receipts',
    openReceipt: /^Open receipt:/,
  },
  ar: {
    total: 'إجمالي الطلب (شامل الضريبة)',
    saveInvoice: 'حفظ الفاتورة',
    phone: 'رقم الجوال',
    save: 'حفظ',
    digit: 'الرقم',
    send: 'إرسال',
    seeMyReceipts: 'عرض فواتيري',
    openReceipt: /^عرض الفاتورة:/,
  },
} as const;

/** Saves the till's newest order to `phone` and opens it from My receipts; resolves on the receipt's page. */
export async function saveAndOpenReceipt(
  page: Page,
  product: RunningProduct,
  opts: { deviceId: string; phone: string; lang: 'en' | 'ar'; restId?: number },
): Promise<void> {
  const t = CUSTOMER_TEXTS[opts.lang];
  await page.goto(`${product.url}/user/invoice?restId=${opts.restId ?? 1}&deviceId=${opts.deviceId}`);
  await page.getByText(t.total).waitFor();
  await page.getByRole('button', { name: t.saveInvoice }).click();
  await page.getByLabel(t.phone).fill(opts.phone);
  const since = product.log().length;
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await page.getByLabel(`${t.digit} 1`).waitFor();
  const code = await product.waitForCode(opts.phone.slice(-3), since);
  for (const [i, d] of code.split('').entries()) await page.getByLabel(`${t.digit} ${i + 1}`).type(d);
  await page.getByRole('button', { name: t.send, exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: t.seeMyReceipts }).click();
  await page.waitForURL(/\/user\/receipts$/);
  await page.getByRole('button', { name: t.openReceipt }).first().click();
  await page.waitForURL(/\/user\/receipts\/\d+$/);
  await page.getByText(t.total).waitFor();
}
