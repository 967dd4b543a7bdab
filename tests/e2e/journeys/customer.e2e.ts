// The customer's journey (docs/PRODUCT.md, Invoice page): a customer on a phone-sized screen opens the
// QR link, sees the newest order at the Foodics stand-in, and saves it with the code from the server's log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { cspViolations, watchCsp } from '../harness/csp';
import { signIn } from '../harness/session';
import { closeOrder, tillShows } from '../harness/standIn';

let product: RunningProduct;
let phone: OpenBrowser;
let desk: OpenBrowser;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
  phone = await openBrowser({ phone: true });
  desk = await openBrowser();
  page = await phone.context.newPage();
  watchCsp(page);
});
afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await product?.stop();
});

const invoiceUrl = (deviceId: string, restId = 1) =>
  `${product.url}/user/invoice?restId=${restId}&deviceId=${deviceId}`;

async function ordersCount(p: Page) {
  await p.goto(`${product.url}/home`);
  const tile = p.getByRole('link', { name: 'Specter Orders' });
  await expect.poll(async () => /\d+/.test(await tile.innerText()), { timeout: 15_000 }).toBe(true);
  return Number((await tile.innerText()).match(/\d+/)![0]);
}

const ENGLISH = { saveInvoice: 'Save Invoice', phone: 'Phone', save: 'Save', digit: 'Digit' };
const ARABIC = { saveInvoice: 'حفظ الفاتورة', phone: 'رقم الجوال', save: 'حفظ', digit: 'الرقم' };

async function askForCode(number: string, t = ENGLISH) {
  await page.getByRole('button', { name: t.saveInvoice }).click();
  await page.getByLabel(t.phone).fill(number);
  const since = product.log().length;
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await page.getByLabel(`${t.digit} 1`).waitFor();
  return product.waitForCode(number.slice(-3), since);
}

/** What a phone's paste does: one paste event carrying the text, on the focused box. */
async function pasteIntoFocused(text: string) {
  await page.evaluate((pasted) => {
    const dt = new DataTransfer();
    dt.setData('text', pasted);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  }, text);
}

describe('0. the first five minutes: what npm start prints', () => {
  it('a demo receipt to open, and why a phone cannot open 127.0.0.1', async () => {
    const link = /Open a demo receipt: (\S+)/.exec(product.log())?.[1];
    // The till's link with its link key (docs/SECURITY.md, "Till links").
    expect(link!.slice(0, invoiceUrl(FIXTURE.devices[0].id).length)).toBe(invoiceUrl(FIXTURE.devices[0].id));
    expect(link!.slice(invoiceUrl(FIXTURE.devices[0].id).length)).toMatch(/^&key=[\w-]{16,}$/);
    expect(product.log()).toContain('QR links point at 127.0.0.1');
    expect(product.log()).toContain('phones cannot open');
    expect(product.log()).toMatch(/PUBLIC_URL=http:\/\/\S+ npm start/);
    await page.goto(link!);
    await page.getByText('Takeout total (incl. Tax)').waitFor();
  });
});

describe('5. the customer saves the receipt', () => {
  it('types the code digit by digit: Success, and the dashboard counts it', async () => {
    const admin = await desk.context.newPage();
    await signIn(admin, product);
    const before = await ordersCount(admin);

    await page.goto(invoiceUrl(FIXTURE.devices[0].id));
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    expect(await page.title()).toBe('Specter | Invoice');
    await page.getByText('Invoice #', { exact: false }).waitFor();
    const code = await askForCode('0501112233');
    for (const [i, d] of code.split('').entries()) await page.getByLabel(`Digit ${i + 1}`).type(d);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByText('Success', { exact: true }).waitFor();
    await page.getByText('.Your invoice has been saved successfully').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    expect(await ordersCount(admin)).toBe(before + 1);
    await admin.getByRole('table', { name: 'Latest Orders' }).getByText('Olaya').first().waitFor();
  });

  it('each code the demo texts is also a plain line of its own in the output', () => {
    // Not only inside a JSON log line: a person reads it off the terminal (docs/DEPLOYMENT.md).
    expect(product.log()).toMatch(/^ {2}SMS to \S+233: [^\n{}"]*\b\d{4}\b/m);
  });

  it('pastes the code: Success', async () => {
    // Cashier 1's newest order was saved just now (its page now reads saved): the cashier closes the next one.
    const next = await closeOrder(product, FIXTURE.devices[0].id);
    await expect
      .poll(async () => (await tillShows(product, FIXTURE.devices[0].id)).order_id, { timeout: 20_000 })
      .toBe(next.id);
    await page.goto(invoiceUrl(FIXTURE.devices[0].id));
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    const code = await askForCode('0502223344');
    await page.getByLabel('Digit 1').focus();
    await pasteIntoFocused(code);
    expect(await page.getByLabel('Digit 4').inputValue()).toBe(code[3]);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('dialog').getByText('Success', { exact: true }).waitFor();
  });

  it('a wrong code keeps the code step with empty boxes and the tries left; a code with none left shows !Oops and returns to the receipt', async () => {
    await page.goto(invoiceUrl(FIXTURE.devices[2].id));
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    const code = await askForCode('0503334455');
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    // Issue 49: a typo keeps the step (2 tries left, then 1); the third wrong code leaves none.
    for (const left of [2, 1, 0]) {
      for (const [i, d] of wrong.split('').entries()) await page.getByLabel(`Digit ${i + 1}`).type(d);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      if (!left) break;
      await page.getByRole('alert').getByText(`tries left: ${left}`).waitFor();
      expect(await page.getByLabel('Digit 1').inputValue()).toBe('');
    }
    await page.getByRole('dialog').getByText('!Oops', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ok' }).click();
    await page.getByRole('button', { name: 'Save Invoice' }).waitFor();
    expect(await page.getByLabel('Digit 1').count()).toBe(0);
  });

  it("an unknown device shows the 'Oops!' panel", async () => {
    await page.goto(invoiceUrl('no-such-device'));
    await page.getByText('Oops!', { exact: true }).waitFor();
    // One text for every unknown or foreign till (docs/SECURITY.md, "Till links").
    await page.getByText('Restaurant not found').waitFor();
  });
});

describe('7. Arabic (invoice page)', () => {
  it('switching language turns the receipt right-to-left', async () => {
    // Drive Thru: its newest order is still unsaved (only a wrong code was tried on it above).
    await page.goto(invoiceUrl(FIXTURE.devices[2].id));
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'حفظ الفاتورة' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });
});

describe('7b. a code in Arabic-Indic digits (an Arabic keyboard, an Arabic SMS)', () => {
  it('pasted, the boxes show 0-9; typed one by one, it saves', async () => {
    // Still in Arabic on Drive Thru's unsaved order (section 7).
    const arabic = (latin: string) => latin.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const code = await askForCode('0504445566', ARABIC);

    await page.getByLabel('الرقم 1').focus();
    await pasteIntoFocused(arabic(code));
    const shown = await Promise.all([1, 2, 3, 4].map((i) => page.getByLabel(`الرقم ${i}`).inputValue()));
    expect(shown.join('')).toBe(code);

    for (const i of [4, 3, 2, 1]) await page.getByLabel(`الرقم ${i}`).fill('');
    await page.getByLabel('الرقم 1').focus();
    for (const d of arabic(code)) await page.keyboard.insertText(d);
    expect(await page.getByLabel('الرقم 4').inputValue()).toBe(code[3]);
    await page.getByRole('button', { name: 'إرسال', exact: true }).click();
    await page.getByRole('dialog').getByText('تم بنجاح', { exact: true }).waitFor();
  });
});

describe('security headers in the browser', () => {
  it('the built app ran with no Content-Security-Policy violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});
