// The receipt the customer saves is the one they saw: on a busy till another order closes while the customer
// types their number, and the order saved to their account is still the one on their screen. The demo's
// Cashier 2, whose only order is saved already, reads "saved" and offers no Save Invoice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { signIn } from '../harness/session';

let product: RunningProduct;
let phone: OpenBrowser;
let desk: OpenBrowser;
let page: Page;

beforeAll(async () => {
  // No cache in front of the POS: the save call then sees order B at once, as it would after the cache period
  // on a busy till, so only the binding to the order shown can keep B out of this customer's account.
  product = await startProduct({ FOODICS_CACHE_MS: '0' });
  phone = await openBrowser({ phone: true });
  desk = await openBrowser();
  page = await phone.context.newPage();
});
afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await product?.stop();
});

const invoiceUrl = (deviceId: string) => `${product.url}/user/invoice?restId=1&deviceId=${deviceId}`;

/** Closes an order on a till at the demo's Foodics stand-in, as a cashier would. */
async function closeOrder(deviceId: string, fields: Record<string, unknown>) {
  const standIn = /Foodics stand-in \(demo POS\): (\S+);/.exec(product.log())?.[1];
  if (!standIn) throw new Error(`No stand-in address in the start-up lines:\n${product.log().slice(0, 2000)}`);
  const res = await fetch(`${standIn}/_stand-in/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ device_id: deviceId, ...fields }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}

describe('the customer saves the receipt they saw', () => {
  it('another order closes on the till while they type their number; the dashboard shows their total, not the newer one', async () => {
    const till = FIXTURE.devices[0].id;
    await closeOrder(till, { total_price: 123.45, subtotal_price: 107.35 });
    await page.goto(invoiceUrl(till));
    await expect.poll(() => page.getByTestId('takeout-total').innerText()).toMatch(/^SAR\s123\.45$/);

    await page.getByRole('button', { name: 'Save Invoice' }).click();
    await page.getByLabel('Phone').fill('05012');
    await closeOrder(till, { total_price: 678.9, subtotal_price: 590.35 });
    await page.getByLabel('Phone').pressSequentially('34567');
    const since = product.log().length;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Digit 1').waitFor();
    const code = await product.waitForCode('567', since);
    for (const [i, d] of code.split('').entries()) await page.getByLabel(`Digit ${i + 1}`).type(d);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog').getByText('Success', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    const admin = await desk.context.newPage();
    await signIn(admin, product);
    const table = admin.getByRole('table', { name: 'Latest Orders' });
    await table
      .getByText(/SAR\s123\.45/)
      .first()
      .waitFor();
    expect(await table.getByText(/678\.9/).count()).toBe(0);

    // The newer order is still there for its own customer to save.
    await page.goto(invoiceUrl(till));
    await expect.poll(() => page.getByTestId('takeout-total').innerText()).toMatch(/^SAR\s678\.90$/);
    await page.getByRole('button', { name: 'Save Invoice' }).waitFor();
  });

  it("a till whose only order is saved reads 'This invoice is saved' and offers no Save Invoice", async () => {
    await page.goto(invoiceUrl(FIXTURE.devices[1].id));
    await page.getByText('Takeout total (incl. Tax)').waitFor();
    await page.getByText('This invoice is saved').waitFor();
    expect(await page.getByRole('button', { name: 'Save Invoice' }).count()).toBe(0);
  });
});
