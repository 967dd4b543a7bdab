// "Connect Foodics" in Chromium (docs/POS.md, "Foodics: connecting a restaurant"), against the demo's Foodics
// stand-in as `npm start` runs it: a new restaurant added through the stand-in's authorize page (Approve), its
// branches and devices listed, its QR sheet printable, its connection panel healthy; then Decline, an expired
// state and the token endpoint down each come back with their message and add nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { signIn } from '../harness/session';

/** A round trip may take this long here (the expired-state case waits it out). */
const STATE_SECONDS = 20;

let product: RunningProduct;
let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  product = await startProduct({ FOODICS_CONNECT_STATE_SECONDS: String(STATE_SECONDS) });
  browser = await openBrowser();
  page = await browser.context.newPage();
  await signIn(page, product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const standIn = () => /Foodics stand-in \(demo POS\): (\S+);/.exec(product.log())![1];
async function tokenEndpoint(mode: 'ok' | 'down') {
  const res = await fetch(`${standIn()}/_stand-in/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(res.status).toBe(200);
}

const restaurantRows = async () => {
  await page.goto(`${product.url}/restaurants`);
  await page.getByTestId('connect-foodics').waitFor();
  await page.getByRole('row').nth(1).waitFor();
  return page.getByRole('row').count();
};

/** From the restaurants list to the stand-in's authorize page. */
async function toAuthorizePage() {
  await page.goto(`${product.url}/restaurants`);
  await page.getByTestId('connect-foodics').click();
  await page.getByRole('heading', { name: 'Foodics (stand-in)' }).waitFor();
  expect(page.url()).toContain('/authorize?client_id=');
}

describe('Connect Foodics', () => {
  let restId = 0;

  it('adds a restaurant through the authorize page: named after the business, its branches and devices listed', async () => {
    const before = await restaurantRows();
    await toAuthorizePage();
    await page.getByLabel(/Najd Grill Co\./).check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/restaurants\/edit\/\d+$/);
    restId = Number(/edit\/(\d+)/.exec(page.url())![1]);
    await page.getByText('Foodics connected: its branches and devices are listed below.').waitFor();
    // The panel: healthy, the business and its reference, connected by the demo admin.
    const panel = page.getByTestId('connection-panel');
    await expect.poll(() => panel.getAttribute('data-status')).toBe('ok');
    await expect.poll(() => panel.innerText()).toContain(`${FIXTURE.business.name} (${FIXTURE.business.reference})`);
    // The token field holds only its masked form.
    expect(await page.getByLabel('Token', { exact: true }).inputValue()).toMatch(/^\*\*\*\*.{4}$/);

    await page.goto(`${product.url}/restaurants/branches/${restId}`);
    for (const b of FIXTURE.branches) await page.getByRole('row').filter({ hasText: b.name }).first().waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: FIXTURE.branches[0].name })
      .getByRole('link', { name: 'Devices' })
      .click();
    for (const d of FIXTURE.devices.filter((x) => x.branch === 0))
      await page.getByRole('row').filter({ hasText: d.name }).first().waitFor();

    // Its QR sheet: one card per till.
    await page.goto(`${product.url}/restaurants/sheet/${restId}`);
    await page.getByTestId('qr-card').first().waitFor();
    expect(await page.getByTestId('qr-card').count()).toBe(FIXTURE.devices.length);

    expect(await restaurantRows()).toBe(before + 1);
    await expect.poll(() => page.getByTestId(`connection-${restId}`).getAttribute('data-status')).toBe('ok');
  });

  it('Decline: back on the list with its message, nothing added', async () => {
    const before = await restaurantRows();
    await toAuthorizePage();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('The Foodics owner declined the connection: nothing was changed.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/restaurants');
    expect(await restaurantRows()).toBe(before);
  });

  it('the token endpoint down: its message, nothing added', async () => {
    const before = await restaurantRows();
    await tokenEndpoint('down');
    try {
      await toAuthorizePage();
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Foodics could not be reached: nothing was changed. Try again in a moment.').waitFor();
    } finally {
      await tokenEndpoint('ok');
    }
    expect(await restaurantRows()).toBe(before);
  });

  it('an expired state: its message, nothing added', async () => {
    const before = await restaurantRows();
    await toAuthorizePage();
    await page.waitForTimeout((STATE_SECONDS + 1) * 1000);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByText('This Foodics connection took more than 10 minutes and expired: nothing was changed. Start again.')
      .waitFor();
    expect(await restaurantRows()).toBe(before);
  }, 180_000);
});
