// An admin changes something in the back-office and finds it on the Activity screen: a restaurant edited
// through its form, then turned Specter and given a POS push key (shown once, then used by a "POS" to push an
// order the invoice page reads), each found in the list, newest first, with the filters by kind and by admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { cspViolations, watchCsp } from '../harness/csp';
import { demoAdmin, signIn } from '../harness/session';

let product: RunningProduct;
let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  page = await browser.context.newPage();
  watchCsp(page);
  await signIn(page, product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const rows = () => page.locator('table tbody tr');

describe('the Activity screen', () => {
  let restId = 0;

  it('an edit made through the restaurant form is on the Activity screen, newest first, with the admin and the record', async () => {
    await page.goto(`${product.url}/restaurants`);
    const row = page.getByRole('row').filter({ hasText: 'Nile Kitchen' });
    await row.waitFor();
    restId = Number((await row.getByRole('link', { name: 'Branches' }).getAttribute('href'))!.split('/').pop());
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Nile Kitchen');
    await page.getByLabel('Name', { exact: true }).fill('Nile Kitchen Audited');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/restaurants');

    await page.getByRole('menuitem', { name: 'Activity' }).click();
    await page.waitForURL('**/activity');
    await rows().filter({ hasText: 'Restaurant edited' }).first().waitFor();
    const first = await rows().first().innerText();
    expect(first).toContain('Restaurant edited');
    expect(first).toContain(`Nile Kitchen Audited #${restId}`);
    expect(first).toContain(demoAdmin(product).email);
  });

  it('a push key made on the edit page is shown once, pushes an order the invoice page reads, and is on the Activity screen', async () => {
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('Nile Kitchen Audited');
    await page.getByRole('combobox', { name: /System Type/ }).click();
    await page.getByRole('option', { name: 'Specter' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/restaurants');
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    await page.getByText('No push key yet').waitFor();
    await page.getByRole('button', { name: 'Make a new key' }).click();
    const key = (await page.getByTestId('push-key-value').innerText()).trim();
    expect(key).toMatch(/^spk_/);

    const push = await fetch(`${product.url}/pos/specter/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        restaurantId: restId,
        order_id: 'e2e-1',
        branch: { id: 'b1', name: 'Zamalek' },
        device: { id: 'till-e2e', name: 'Till' },
        invoice: {
          order_number: 'E2E-1',
          check_number: '9',
          branch_name: 'Zamalek',
          order_date: '2026-11-23',
          order_time: '12:00',
          payment_method: 'Cash',
          sub_total_price: 10,
          discount_amount: 0,
          total_price: 11.5,
          currency: 'EGY',
          order_items: [{ item_name: 'Koshari', item_quantity: 1, total_price: 10 }],
        },
      }),
    });
    expect(push.status).toBe(200);
    const invoice = await fetch(`${product.url}/order/foodics/web/last-order?restaurantId=${restId}&casherId=till-e2e`);
    expect(invoice.status).toBe(200);
    expect((await invoice.json()).order_number).toBe('E2E-1');

    await page.goto(`${product.url}/activity`);
    await rows().filter({ hasText: 'POS push key rotated' }).first().waitFor();
    expect(await rows().first().innerText()).toContain('POS push key rotated');
    // The key itself is nowhere on the screen.
    expect(await page.locator('body').innerText()).not.toContain(key);
  });

  it('the filters: by kind shows only that kind (both edits); the admin filter offers the admins by e-mail', async () => {
    await page.goto(`${product.url}/activity`);
    await rows().first().waitFor();
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Restaurant edited' }).click();
    await expect
      .poll(async () => (await rows().allInnerTexts()).every((r) => r.includes('Restaurant edited')))
      .toBe(true);
    expect(await rows().count()).toBe(2);
    await page.getByRole('combobox', { name: 'Admin' }).click();
    const options = (await page.getByRole('option').allInnerTexts()).map((o) => o.trim()).filter(Boolean);
    expect(options).toContain(demoAdmin(product).email);
    await page.keyboard.press('Escape');
    expect(cspViolations()).toEqual([]);
  });
});
