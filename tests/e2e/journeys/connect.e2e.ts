// "Connect Foodics" in Chromium (docs/POS.md, "Foodics: connecting a restaurant"), against the demo's Foodics
// stand-in as `npm start` runs it: approving the business the demo's Najd Grill already has offers to reconnect
// Najd Grill and adds no restaurant (issue 49: one business, one restaurant); reconnected, it lands on its branches
// and devices, its QR sheet printable, its connection panel healthy, a customer's receipt saved from one of its
// tills (the sheet's link, the code, saved); its panel red once the stand-in refuses the token (401) and
// green again after "Reconnect Foodics" (photographed in both languages); then Decline, an expired state and the
// token endpoint down each come back with their message and add nothing (the expired one from an authorize page
// opened before the other cases, so its lifetime runs out while they run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { photograph } from '../harness/docShots';
import { signIn } from '../harness/session';
import { closeOrder, tillShows } from '../harness/standIn';

const PHONE = '0503334455';
/** The demo's restaurant connected to the stand-in's Saudi business (server/stand-ins/demoSeed.ts). */
const RESTAURANT = 'Najd Grill';

/** A round trip may take this long here (the expired-state case waits it out). */
const STATE_SECONDS = 20;

let product: RunningProduct;
let browser: OpenBrowser;
let page: Page;
/** An authorize page opened first and left until the last case, whose state has expired by then. */
let lateTab: Page;
let lateSince = 0;

beforeAll(async () => {
  product = await startProduct({ FOODICS_CONNECT_STATE_SECONDS: String(STATE_SECONDS) });
  browser = await openBrowser();
  page = await browser.context.newPage();
  await signIn(page, product);
  lateTab = await browser.context.newPage();
  await toAuthorizePage(lateTab);
  lateSince = Date.now();
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

/** The stand-in's Foodics API: 'unauthorized' refuses every token (401), 'ok' serves again. */
async function apiMode(mode: 'ok' | 'unauthorized') {
  const res = await fetch(`${standIn()}/_stand-in/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(res.status).toBe(200);
}

/** The connection panel of a restaurant's edit page, photographed in English and Arabic. */
async function shootPanel(restId: number, status: string, name: string) {
  for (const lang of ['en', 'ar'] as const) {
    await page.evaluate((l) => localStorage.setItem('specter.locale', l), lang);
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    const panel = page.getByTestId('connection-panel');
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 15_000 }).toBe(status);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await photograph(panel, lang, name);
  }
  await page.evaluate(() => localStorage.setItem('specter.locale', 'en'));
}

const restaurantRows = async () => {
  await page.goto(`${product.url}/restaurants`);
  await page.getByTestId('connect-foodics').waitFor();
  await page.getByRole('row').nth(1).waitFor();
  return page.getByRole('row').count();
};

/** From the restaurants list to the stand-in's authorize page. */
async function toAuthorizePage(tab = page) {
  await tab.goto(`${product.url}/restaurants`);
  await tab.getByTestId('connect-foodics').click();
  await tab.getByRole('heading', { name: 'Foodics (stand-in)' }).waitFor();
  expect(tab.url()).toContain('/authorize?client_id=');
}

describe('Connect Foodics', () => {
  let restId = 0;

  it('approving a business a restaurant already has offers to reconnect that one, adds nothing, and lands on its branches and devices', async () => {
    const before = await restaurantRows();
    await toAuthorizePage();
    await page.getByLabel(/Najd Grill Co\./).check();
    await page.getByRole('button', { name: 'Approve' }).click();
    // The demo's Najd Grill is connected to this business: the question, not a second restaurant.
    const dialog = page.getByRole('dialog', { name: 'This Foodics business is already connected' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(
      `${FIXTURE.business.name} (${FIXTURE.business.reference}) is connected to the restaurant “${RESTAURANT}” here`,
    );
    await dialog.getByRole('button', { name: `Reconnect ${RESTAURANT}` }).click();
    await page.waitForURL(/\/restaurants\/branches\/\d+$/);
    restId = Number(/branches\/(\d+)/.exec(page.url())![1]);
    await page.getByText('Foodics connected: its branches and devices are listed below.').waitFor();
    // The panel: healthy, the business and its reference, connected by the demo admin.
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    const panel = page.getByTestId('connection-panel');
    // Connected, the token accepted: green, or amber while no order was read since the demo's customers opened its
    // tills (the demo's funnel) - the next case reads one.
    await expect.poll(() => panel.getAttribute('data-status')).toMatch(/^(ok|quiet)$/);
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

    expect(await restaurantRows()).toBe(before);
    await expect
      .poll(() => page.getByTestId(`connection-${restId}`).getAttribute('data-status'))
      .toMatch(/^(ok|quiet)$/);
  });

  it("a customer saves a receipt from the reconnected restaurant: its till's link, the code, saved", async () => {
    await page.goto(`${product.url}/restaurants/sheet/${restId}`);
    const link = await page.getByTestId('qr-card').first().getAttribute('data-link');
    const till = new URL(link!).searchParams.get('deviceId')!;
    expect(new URL(link!).searchParams.get('restId')).toBe(String(restId));
    const closed = await closeOrder(product, till);
    // Shown once the server read it back from Foodics (a webhook's order waits for that: docs/SECURITY.md).
    await expect
      .poll(async () => (await tillShows(product, till, restId)).order_id, { timeout: 20_000 })
      .toBe(closed.id);
    const phone = await browser.context.newPage();
    try {
      // The QR holds the invoice link on this product's public address: opened as a phone's camera would.
      const opened = new URL(link!);
      await phone.goto(`${product.url}${opened.pathname}${opened.search}`);
      await phone.getByRole('button', { name: 'Save Invoice' }).click();
      await phone.getByLabel('Phone').fill(PHONE);
      const since = product.log().length;
      await phone.getByRole('button', { name: 'Save', exact: true }).click();
      await phone.getByLabel('Digit 1').waitFor();
      const code = await product.waitForCode(PHONE.slice(-3), since);
      for (const [i, d] of code.split('').entries()) await phone.getByLabel(`Digit ${i + 1}`).type(d);
      await phone.getByRole('button', { name: 'Send', exact: true }).click();
      await phone.getByRole('heading', { name: 'Success' }).waitFor();
    } finally {
      await phone.close();
    }
    // The back-office's saved orders hold it, at the new restaurant.
    await page.goto(`${product.url}/orders?filter=${encodeURIComponent(JSON.stringify({ restaurantId: restId }))}`);
    await page.getByRole('row').filter({ hasText: RESTAURANT }).first().waitFor();
  });

  it('the panel turns red when Foodics refuses the token (401), and green after Reconnect Foodics', async () => {
    await apiMode('unauthorized');
    try {
      await page.goto(`${product.url}/restaurants/branches/${restId}`);
      await page.getByRole('button', { name: 'Sync with the POS' }).click();
      await page.getByTestId('sync-outcome').waitFor();
      await shootPanel(restId, 'refused', 'connection-refused');
      await page.goto(`${product.url}/restaurants`);
      await expect.poll(() => page.getByTestId(`connection-${restId}`).getAttribute('data-status')).toBe('refused');
    } finally {
      await apiMode('ok');
    }
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    await page.getByRole('button', { name: 'Reconnect Foodics' }).click();
    await page.getByRole('heading', { name: 'Foodics (stand-in)' }).waitFor();
    await page.getByLabel(/Najd Grill Co\./).check();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(new RegExp(`/restaurants/branches/${restId}$`));
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    await expect.poll(() => page.getByTestId('connection-panel').getAttribute('data-status')).toBe('ok');
    await shootPanel(restId, 'ok', 'connection-ok');
  }, 120_000);

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
    // The tab opened its authorize page before the other cases: the state's lifetime ran out while they ran.
    await lateTab.waitForTimeout(Math.max(0, lateSince + (STATE_SECONDS + 1) * 1000 - Date.now()));
    await lateTab.getByRole('button', { name: 'Approve' }).click();
    await lateTab
      .getByText('This Foodics connection took more than 10 minutes and expired: nothing was changed. Start again.')
      .waitFor();
    expect(await restaurantRows()).toBe(before);
  }, 180_000);
});
