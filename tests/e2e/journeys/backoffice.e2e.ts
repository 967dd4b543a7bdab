// The back-office journeys (sign-in, admins, app users, Privacy, Permission Denied, Arabic), in Chromium against
// the production build (screens and texts: docs/PRODUCT.md).
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
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const text = (s: string) => page.getByText(s, { exact: true });

describe('1. signing in and out', () => {
  it('a visitor on /home is sent to /login', async () => {
    await page.goto(`${product.url}/home`);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  it('validation messages appear after touching the fields', async () => {
    await page.getByLabel('Email').click();
    await page.getByLabel('Password').click();
    await text('Required').first().waitFor();
    await page.getByLabel('Password').fill('12345');
    await page.getByLabel('Email').click();
    await text('Should be 8 Numbers or characters').waitFor();
  });

  it("a wrong password shows 'Invalid Email or Password'", async () => {
    await page.getByLabel('Email').fill(demoAdmin(product).email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await text('Invalid Email or Password').waitFor();
  });

  it('signing in lands on /home with the four tiles and Latest Orders; reload keeps you in', async () => {
    await signIn(page, product);
    for (const tile of ['App Downloads', 'Users', 'Restaurants', 'Specter Orders']) {
      await page.getByRole('link', { name: tile }).waitFor();
    }
    await page.getByRole('table', { name: 'Latest Orders' }).waitFor();
    await page.reload();
    await page.getByRole('table', { name: 'Latest Orders' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('/ and /login while signed in go to /home', async () => {
    for (const path of ['/', '/login']) {
      await page.goto(`${product.url}${path}`);
      await page.waitForURL('**/home');
    }
  });
});

describe('2. admins', () => {
  it('adds an admin (each validation message first), finds it, deletes it; it can no longer sign in', async () => {
    await page.goto(`${product.url}/admins/add`);
    await page.getByLabel('Name').click();
    await page.getByLabel('Email').click();
    await text('Required').first().waitFor();
    await page.locator('input[name=password]').fill('short');
    await page.locator('input[name=confirmPassword]').click();
    await text('Should not be less than 8 characters').waitFor();
    await page.getByLabel('Name').fill('Layla Saleh');
    await page.getByLabel('Email').fill('layla@specter.sa');
    await page.locator('input[name=password]').fill('layla-password');
    await page.locator('input[name=confirmPassword]').fill('layla-password');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admins');
    await page.getByPlaceholder('Search').fill('layla');
    await text('layla@specter.sa').waitFor();
    await page.getByRole('button', { name: 'Delete Layla Saleh' }).click();
    await text("You can't reverse this deletion").waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await text('The Admin has been removed').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('layla@specter.sa').waitFor({ state: 'detached' });

    const res = await fetch(`${product.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'layla@specter.sa', password: 'layla-password' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('4. app users', () => {
  it('search, delete through both dialogs, the list refreshes', async () => {
    await page.goto(`${product.url}/users`);
    await page.getByRole('heading', { name: 'All Users' }).or(text('All Users')).first().waitFor();
    await page.getByPlaceholder('Search').fill('Nora');
    const row = page.getByRole('row').filter({ hasText: 'Nora' });
    await row.first().waitFor();
    const phone = (await row.first().getByRole('cell').nth(2).innerText()).trim();
    await row
      .first()
      .getByRole('button', { name: /^Delete/ })
      .click();
    await text('? Are you sure').waitFor();
    await text("! You can't reverse this deletion").waitFor();
    await page.getByRole('button', { name: '! Yes, delete' }).click();
    await text('The User has been removed').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText(phone, { exact: true }).waitFor({ state: 'detached' });
  });
});

describe('6. public and unknown pages', () => {
  it('/Privacy shows the Terms and the Privacy sections', async () => {
    await page.goto(`${product.url}/Privacy`);
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await page.getByRole('heading', { name: 'Governing Law' }).waitFor();
    await page.getByRole('heading', { name: 'Account Deletion' }).waitFor();
  });

  it("an unknown path shows 'Permission Denied' and Home leads to /home", async () => {
    await page.goto(`${product.url}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Permission Denied' }).waitFor();
    await page.getByRole('link', { name: 'Home' }).last().click();
    await page.waitForURL('**/home');
  });
});

describe('7. Arabic (back-office)', () => {
  it('switching language turns the layout right-to-left', async () => {
    await page.goto(`${product.url}/home`);
    await page.getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('أحدث الطلبات').waitFor();
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });
});

describe('1. (end) logout', () => {
  it('Logout goes to /login and removes the token', async () => {
    await page.goto(`${product.url}/home`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // Logout reloads the page (docs/PRODUCT.md): read the storage once the reloaded page has loaded.
    await page.waitForLoadState('load');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('token')).catch(() => 'the page is reloading'))
      .toBeNull();
  });
});

describe('security headers in the browser', () => {
  it('the built app ran with no Content-Security-Policy violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});
