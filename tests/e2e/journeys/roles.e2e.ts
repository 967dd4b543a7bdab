// A restaurant group's own people (issue 26, docs/SECURITY.md "Roles") in Chromium on the production build: the
// demo admin invites a manager for Najd Grill (restaurant A) with the Add Admin form's role select and restaurants
// picker; the manager signs in and sees only A's restaurants, tills, saved orders (their CSV too), app users and
// dashboard figures, then adds a staff member for A; the staff member sees masked phones and no Export; typing the
// address of Nile Kitchen's (restaurant B's) edit page or QR sheet shows "Permission Denied" and asks the server for
// nothing of B. The manager's and the staff member's screens are photographed in both languages.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { photograph, photographing } from '../harness/docShots';
import { downloadedBytes, signIn } from '../harness/session';
import { closeOrder } from '../harness/standIn';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';

const MANAGER = { email: 'huda@najd-grill.sa', password: 'najd-manager-1' };
const STAFF = { email: 'fahad@najd-grill.sa', password: 'najd-staff-22' };
/** A customer who saves a receipt at Najd Grill and lets it know them as a guest (the guestbook staff read). */
const GUEST_PHONE = '0507771299';
/** The demo's app users who saved at Nile Kitchen only. */
const NILE_ONLY = ['+966510209458', '+966510523645'];

let product: RunningProduct;
let browser: OpenBrowser;
let page: Page;
/** Every API path the page asked for (to show that nothing of B was read). */
const asked: string[] = [];
let restA = 0;
let restB = 0;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
  page = await browser.context.newPage();
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await signIn(page, product);
  // The demo's two restaurants, as the admin's API reads them.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${product.url}/restaurant`, { headers: { authorization: `Bearer ${token}` } });
  const list = ((await res.json()) as { restaurants: { id: number; name: string }[] }).restaurants;
  restA = list.find((r) => r.name === 'Najd Grill')!.id;
  restB = list.find((r) => r.name === 'Nile Kitchen')!.id;
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function shot(lang: 'en' | 'ar', name: string) {
  if (!photographing) return;
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await photograph(page, lang, name);
}

/** The same screen in Arabic, photographed, then back to English. */
async function bothLanguages(name: string, ready: () => Promise<unknown>, readyAr: () => Promise<unknown>) {
  await ready();
  await shot('en', name);
  await page.evaluate(() => localStorage.setItem('specter.locale', 'ar'));
  await page.reload();
  await readyAr();
  await shot('ar', name);
  await page.evaluate(() => localStorage.setItem('specter.locale', 'en'));
  await page.reload();
  await ready();
}

async function signOut() {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

/** Fills the Add Admin form: name, e-mail, password twice, the role, and restaurant A. */
async function addAccount(name: string, creds: { email: string; password: string }, role: 'Manager' | 'Staff') {
  await page.goto(`${product.url}/admins/add`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(creds.email);
  await page.locator('input[name=password]').fill(creds.password);
  await page.locator('input[name=confirmPassword]').fill(creds.password);
  await page.getByLabel('Role').click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  // react-admin's select offers an empty choice first.
  const offered = (await options.allInnerTexts()).map((o) => o.trim()).filter(Boolean);
  await page.getByRole('option', { name: role, exact: true }).click();
  await page.getByLabel('Restaurants').click();
  await page.getByRole('option', { name: 'Najd Grill' }).click();
  await page.keyboard.press('Escape');
  // The picker reads the chosen restaurants back (getMany) without an error under it.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  expect(await page.locator('.MuiFormHelperText-root.Mui-error').allInnerTexts()).toEqual([]);
  return offered;
}

/** Opening one of B's pages: Permission Denied, and no call for B. */
async function deniedFor(address: string) {
  const from = asked.length;
  await page.goto(`${product.url}${address}`);
  await page.getByRole('heading', { name: 'Permission Denied', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const ofB = asked
    .slice(from)
    .filter((p) => new RegExp(`/(restaurant|api/restaurants)(/\\w+)*/${restB}(/|$)`).test(p));
  expect(ofB).toEqual([]);
}

const rowTexts = async () => (await page.getByRole('row').allInnerTexts()).slice(1);

describe('a restaurant group signs in and sees its restaurants only', () => {
  it('the admin invites a manager for Najd Grill: the role select and the restaurants picker', async () => {
    const offered = await addAccount('Huda Al-Harbi', MANAGER, 'Manager');
    expect(offered).toEqual(['Admin', 'Manager', 'Staff']);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admins');
    await page.getByRole('row').filter({ hasText: MANAGER.email }).getByText('Manager').waitFor();
    await signOut();
  });

  it("the manager sees only Najd Grill's restaurants, tills, saved orders, app users and dashboard figures", async () => {
    await signIn(page, product, MANAGER);
    await expect.poll(() => page.getByTestId('signed-in').innerText()).toBe('Huda Al-Harbi · Manager · Najd Grill');
    // The dashboard counts one restaurant.
    await expect
      .poll(() => page.getByTestId('tile-/restaurants-Restaurants').innerText(), { timeout: 15_000 })
      .toBe('1');
    await bothLanguages(
      'manager-home',
      () => page.getByRole('table', { name: 'Latest Orders' }).getByRole('row').nth(1).waitFor(),
      () => page.getByTestId('signed-in').getByText('مدير').waitFor(),
    );
    // Latest orders: Najd Grill's only.
    const latest = await page.getByRole('table', { name: 'Latest Orders' }).locator('tbody tr').allInnerTexts();
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.every((r) => r.includes('Najd Grill'))).toBe(true);
    // Nile Kitchen's orders are in Egyptian pounds: no such total.
    expect(await page.getByTestId('total-EGY').count()).toBe(0);

    await page.goto(`${product.url}/restaurants`);
    await page.getByRole('row').nth(1).waitFor();
    const restaurants = await rowTexts();
    expect(restaurants).toHaveLength(1);
    expect(restaurants[0]).toContain('Najd Grill');
    // No Add New, no Delete, no Connect Foodics that would add a restaurant; editing its own one is offered.
    expect(await page.getByRole('link', { name: 'Add New' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await page.getByTestId('connect-foodics').count()).toBe(0);
    await page.getByRole('link', { name: 'Edit Najd Grill' }).waitFor();

    await page.goto(`${product.url}/tills`);
    await page.getByRole('row').nth(1).waitFor();
    const tills = await rowTexts();
    expect(tills.length).toBeGreaterThan(0);
    expect(tills.some((r) => r.includes('Nile Kitchen'))).toBe(false);

    await page.goto(`${product.url}/orders`);
    await page.getByRole('row').nth(1).waitFor();
    const orders = await rowTexts();
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((r) => r.includes('Najd Grill') && !r.includes('Nile Kitchen'))).toBe(true);
    // Its CSV holds Najd Grill's orders only.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = parse(await downloadedBytes(download), { bom: true }) as string[][];
    expect(csv.length).toBeGreaterThan(1);
    const at = csv[0].findIndex((h) => /restaurant/i.test(h));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(new Set(csv.slice(1).map((r) => r[at]))).toEqual(new Set(['Najd Grill']));

    // App users: those who saved at Najd Grill; the demo's third and sixth users saved only at Nile Kitchen
    // (server/stand-ins/demoSeed.ts).
    await page.goto(`${product.url}/users`);
    await page.getByRole('row').nth(1).waitFor();
    const users = (await rowTexts()).join('\n');
    expect(users).not.toContain(NILE_ONLY[0]);
    expect(users).not.toContain(NILE_ONLY[1]);
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('button', { name: /^Lift lock/ }).count()).toBe(0);
  });

  it("typing Nile Kitchen's edit page or QR sheet shows Permission Denied and reads nothing of it", async () => {
    await deniedFor(`/restaurants/edit/${restB}`);
    await deniedFor(`/restaurants/sheet/${restB}`);
    await deniedFor(`/restaurants/branches/${restB}`);
    // Its own QR sheet prints.
    await page.goto(`${product.url}/restaurants/sheet/${restA}`);
    await page.getByTestId('qr-card').first().waitFor();
  });

  it('the manager adds a staff member for Najd Grill: only Staff is offered', async () => {
    const offered = await addAccount('Fahad Saleh', STAFF, 'Staff');
    expect(offered).toEqual(['Staff']);
    await bothLanguages(
      'manager-admins-add',
      () => page.getByLabel('Restaurants').waitFor(),
      // The reload emptied the form: the Arabic one is filled again before its photograph.
      async () => {
        await page.locator('input[name=name]').fill('فهد صالح');
        await page.locator('input[name=email]').fill(STAFF.email);
        await page.getByLabel('المطاعم').click();
        await page.getByRole('option', { name: 'Najd Grill' }).click();
        await page.keyboard.press('Escape');
      },
    );
    // And the English one again, to save it.
    await addAccount('Fahad Saleh', STAFF, 'Staff');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admins');
    await page.getByRole('row').filter({ hasText: STAFF.email }).waitFor();
    const accounts = await rowTexts();
    // The manager sees itself and its staff, never the admins.
    expect(accounts.some((r) => r.includes(STAFF.email))).toBe(true);
    expect(accounts.some((r) => r.includes(MANAGER.email))).toBe(true);
    expect(accounts).toHaveLength(2);
    await signOut();
  });

  it('a customer saves a receipt at Najd Grill and lets it know them as a guest', async () => {
    await closeOrder(product, FIXTURE.devices[1].id);
    const phone = await browser.context.newPage();
    try {
      await phone.goto(`${product.url}/user/invoice?restId=${restA}&deviceId=${FIXTURE.devices[1].id}`);
      await phone.getByRole('button', { name: 'Save Invoice' }).click();
      await phone.getByLabel('Phone').fill(GUEST_PHONE);
      await phone.getByLabel(/^Join Najd Grill's rewards/).check();
      const since = product.log().length;
      await phone.getByRole('button', { name: 'Save', exact: true }).click();
      await phone.getByLabel('Digit 1').waitFor();
      const code = await product.waitForCode(GUEST_PHONE.slice(-3), since);
      for (const [i, d] of code.split('').entries()) await phone.getByLabel(`Digit ${i + 1}`).type(d);
      await phone.getByRole('button', { name: 'Send', exact: true }).click();
      await phone.getByRole('heading', { name: 'Success' }).waitFor();
    } finally {
      await phone.close();
    }
  });

  it('the staff member: masked phones, no Export, no App Users, no edit page; B still denied', async () => {
    await signIn(page, product, STAFF);
    await page.goto(`${product.url}/guests`);
    await page.getByRole('row').nth(1).waitFor();
    const guests = await rowTexts();
    expect(guests.length).toBeGreaterThan(0);
    expect(guests.every((r) => r.includes('•'))).toBe(true);
    expect(guests.join('\n')).not.toContain(GUEST_PHONE.slice(1));
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

    await page.goto(`${product.url}/orders`);
    await page.getByRole('row').nth(1).waitFor();
    expect((await rowTexts()).every((r) => r.includes('Najd Grill'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    await bothLanguages(
      'staff-orders',
      () => page.getByRole('row').nth(1).waitFor(),
      () => page.getByTestId('signed-in').getByText('موظف').waitFor(),
    );

    await page.goto(`${product.url}/restaurants/branches/${restA}`);
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'Sync with the POS' }).count()).toBe(0);

    await page.goto(`${product.url}/users`);
    await page.getByRole('heading', { name: 'Permission Denied', level: 1 }).waitFor();
    await page.goto(`${product.url}/restaurants/edit/${restA}`);
    await page.getByRole('heading', { name: 'Permission Denied', level: 1 }).waitFor();
    await deniedFor(`/restaurants/sheet/${restB}`);
    await deniedFor(`/restaurants/edit/${restB}`);
  });
});
