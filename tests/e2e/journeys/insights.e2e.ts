// What a restaurant group needs next, end to end on the production build: the admin gives a restaurant its
// VAT number on the form; a customer's receipt then shows the VAT and an e-invoice QR that decodes (from the
// pixels Chromium drew) to ZATCA's tags 1-5; the customer saves the order; the dashboard's funnel moved by one
// view, one code and one save; the order is on Orders under the customer's phone; the CSV exports download,
// start with a BOM and parse with the right row counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { decodeZatcaQr } from '../../server/helpers/zatca';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { downloadedBytes, signIn } from '../harness/session';

// A phone's ordinary browser: headless Chromium calls itself HeadlessChrome, which the funnel rightly counts as a bot.
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const VAT_NUMBER = '300000000000003';
const PHONE = '0507778899';
const DEVICE = FIXTURE.devices[2]; // Drive Thru, branch Al Malqa

let product: RunningProduct;
let desk: OpenBrowser;
let phone: OpenBrowser;
let admin: Page;
let customer: Page;
let before: { views: number; codes: number; saves: number };
let tillBefore: number[];

/** Receipts opened, codes and saves of the Drive Thru till, from its branch's devices page. */
async function tillFigures(p: Page) {
  await p.goto(`${product.url}/restaurants/branches/1`);
  await p
    .getByRole('row', { name: /Al Malqa/ })
    .getByRole('link', { name: 'Devices' })
    .click();
  const row = p.getByRole('row', { name: new RegExp(DEVICE.name) });
  await row.getByTestId(/^funnel-views-/).waitFor();
  return Promise.all(
    ['views', 'codes', 'saves'].map(async (s) =>
      Number(await row.getByTestId(new RegExp(`^funnel-${s}-`)).innerText()),
    ),
  );
}

async function funnelFigures(p: Page) {
  await p.goto(`${product.url}/home`);
  const read = async (id: string) => Number((await p.getByTestId(`funnel-${id}`).innerText()).trim());
  await p.getByTestId('funnel-views').waitFor();
  return { views: await read('views'), codes: await read('codes'), saves: await read('saves') };
}

const amount = (text: string) => Number(text.replace(/[^\d.]/g, ''));

beforeAll(async () => {
  product = await startProduct();
  desk = await openBrowser({ downloads: true });
  phone = await openBrowser({ phone: true, userAgent: ANDROID_UA });
  admin = await desk.context.newPage();
  customer = await phone.context.newPage();
  await signIn(admin, product);
});
afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await product?.stop();
});

describe('VAT, the funnel, Orders and CSV exports', () => {
  it("the VAT number typed on the restaurant's form puts VAT and a QR on the receipt; the QR's pixels decode to tags 1-5", async () => {
    await admin.goto(`${product.url}/restaurants/edit/1`);
    await admin.getByLabel('VAT number').fill(VAT_NUMBER);
    // Specter draws the 5-tag QR only for a ZATCA phase-1 seller (phase 2, the default, shows the POS's own).
    await admin.getByLabel('ZATCA e-invoicing phase').click();
    await admin.getByRole('option', { name: /^Phase 1/ }).click();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL('**/restaurants');
    before = await funnelFigures(admin);
    tillBefore = await tillFigures(admin);

    await customer.goto(`${product.url}/user/invoice?restId=1&deviceId=${DEVICE.id}`);
    await customer.getByText('Takeout total (incl. Tax)').waitFor();
    const vat = customer.getByRole('region', { name: 'VAT' });
    await expect.poll(() => vat.getByTestId('vat-number').innerText()).toBe(VAT_NUMBER);
    const vatAmount = amount(await vat.getByTestId('vat-amount').first().innerText());
    const total = amount(await customer.getByTestId('takeout-total').innerText());
    expect(vatAmount).toBeGreaterThan(0);

    const png = PNG.sync.read(await vat.getByRole('img', { name: 'E-invoice QR code' }).screenshot());
    const read = jsQR(
      new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
      png.width,
      png.height,
    );
    expect(read?.data).toBeTruthy();
    const tags = decodeZatcaQr(read!.data);
    // The seller's legal name: the business name the stand-in's /whoami reports, read at the save's sync.
    expect(tags[1]).toBe('Najd Grill Co.');
    expect(tags[2]).toBe(VAT_NUMBER);
    expect(tags[3]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(tags[4]).toBe(total.toFixed(2));
    expect(tags[5]).toBe(vatAmount.toFixed(2));
  });

  it('the customer saves the order; the funnel moved by exactly one view, one code and one save', async () => {
    await customer.getByRole('button', { name: 'Save Invoice' }).click();
    await customer.getByLabel('Phone').fill(PHONE);
    const since = product.log().length;
    await customer.getByRole('button', { name: 'Save', exact: true }).click();
    await customer.getByLabel('Digit 1').waitFor();
    const code = await product.waitForCode(PHONE.slice(-3), since);
    for (const [i, d] of code.split('').entries()) await customer.getByLabel(`Digit ${i + 1}`).type(d);
    await customer.getByRole('button', { name: 'Send', exact: true }).click();
    await customer.getByRole('dialog').getByText('Success', { exact: true }).waitFor();

    await expect
      .poll(() => funnelFigures(admin), { timeout: 15_000 })
      .toEqual({ views: before.views + 1, codes: before.codes + 1, saves: before.saves + 1 });
  });

  it("the till's own figures on its branch's devices page moved by one each too", async () => {
    expect(await tillFigures(admin)).toEqual(tillBefore.map((n) => n + 1));
  });

  it("the order is on Orders under the customer's phone, masked, and expands to its item lines", async () => {
    await admin.goto(`${product.url}/orders`);
    await admin.getByPlaceholder('Phone or order number').fill(PHONE);
    const row = admin.getByRole('row', { name: /•••899/ });
    await row.waitFor();
    await expect.poll(() => admin.locator('table tbody tr').count()).toBe(1);
    expect(await row.innerText()).toMatch(/Najd Grill/);
    expect(await row.innerText()).toMatch(/Al Malqa/);
    await row.click();
    await admin
      .getByRole('table', { name: /^Order Number / })
      .getByRole('row')
      .nth(1)
      .waitFor();
  });

  it('Export CSV downloads the filtered orders (one row) and all app users (as many rows as the Users tile), each with a BOM', async () => {
    const [orders] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const ordersCsv = await downloadedBytes(orders);
    expect([...ordersCsv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const orderRows = parse(ordersCsv, { bom: true }) as string[][];
    expect(orderRows).toHaveLength(2);
    expect(orderRows[1][1]).toBe('Najd Grill');
    expect(orderRows[1][6]).toBe('•••899');
    // The page heard from the server how far the download got, and that it finished.
    await admin.getByText('Export finished. Rows: 1').waitFor({ timeout: 15_000 });

    await admin.goto(`${product.url}/home`);
    const usersTile = admin.getByRole('link', { name: 'Users' });
    await expect.poll(async () => /\d+/.test(await usersTile.innerText()), { timeout: 15_000 }).toBe(true);
    const users = Number((await usersTile.innerText()).match(/\d+/)![0]);
    await admin.goto(`${product.url}/users`);
    await admin.locator('table tbody tr').first().waitFor();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const userRows = parse(await downloadedBytes(download), { bom: true }) as string[][];
    expect(userRows).toHaveLength(1 + users);
    await admin.getByText(`Export finished. Rows: ${users}`).waitFor({ timeout: 15_000 });
    // A phone is kept as text (the CSV convention, issue 49): ="+966..." keeps its + in a spreadsheet.
    expect(userRows.slice(1).some((r) => r[3] === '="+966507778899"')).toBe(true);
  });
});
