// An admin turns on two-step sign-in in Chromium against the real product (docs/SECURITY.md, "Two-step sign-in"):
// the password first (issue 48), the Two-step sign-in page's key (as an authenticator app would read it from the QR),
// a first code, the recovery codes shown once - the session going on with its new token while another browser's
// session ends -; then signing in asks for the code after the password, and a recovery code works once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { cspViolations, watchCsp } from '../harness/csp';
import { demoAdmin, signIn } from '../harness/session';
import { totpCode } from '../../../server/lib/totp';

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

async function logout() {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

async function password() {
  const { email, password } = demoAdmin(product);
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
}

describe('two-step sign-in', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('is turned on from the top bar with the password: QR and key, a first code, the recovery codes once; other sessions end', async () => {
    // Another session of the same account (another browser's): turning it on ends it.
    const other = await openBrowser();
    const elsewhere = await other.context.newPage();
    await signIn(elsewhere, product);
    await page.getByRole('link', { name: 'Two-step sign-in' }).click();
    await page.waitForURL('**/two-step');
    await page.getByLabel('Your password').fill(demoAdmin(product).password);
    await page.getByRole('button', { name: 'Turn on' }).click();
    secret = (await page.getByTestId('totp-key').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByTestId('two-step').locator('svg').count()).toBe(1);
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    recoveryCodes = (await page.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Recovery codes left: 10').waitFor();
    // This session goes on (its new token), the other one is signed out at its next call.
    await page.goto(`${product.url}/home`);
    await page.getByText('Latest Orders').waitFor();
    expect(page.url()).toMatch(/\/home$/);
    await elsewhere.reload();
    await elsewhere.waitForURL('**/login');
    await other.close();
  });

  it('signing in asks for the code after the password; a wrong one is refused, the right one signs in', async () => {
    await logout();
    await password();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is wrong').waitFor();
    // The next step's code: the one of the confirmation may not sign in again.
    await page.getByLabel('Code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/home');
  });

  it('a recovery code signs in once', async () => {
    await logout();
    await password();
    await page.getByLabel('Code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/home');
    await logout();
    await password();
    await page.getByLabel('Code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is wrong').waitFor();
    expect(cspViolations()).toEqual([]);
  });
});
