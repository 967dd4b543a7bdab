// A phone locked by wrong one-time codes, and an admin lifting the lock from the App Users screen, in Chromium
// against the production build. The product locks a phone after one wrong code here (OTP_PHONE_LOCK_AFTER=1),
// so the journey reaches the lock with one guess; the lock itself is the real one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { cspViolations, watchCsp } from '../harness/csp';
import { demoAdmin, signIn } from '../harness/session';

const PHONE = '0504445566';
let product: RunningProduct;
let desk: OpenBrowser;
let page: Page;

beforeAll(async () => {
  product = await startProduct({ OTP_PHONE_LOCK_AFTER: '1', OTP_RESEND_SECONDS: '0' });
  desk = await openBrowser();
  page = await desk.context.newPage();
  watchCsp(page);
});
afterAll(async () => {
  await desk?.close();
  await product?.stop();
});

const post = (path: string, body: object) =>
  fetch(`${product.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a phone locked by wrong codes, lifted by an admin', () => {
  it('a returning customer (one saved receipt) guesses one wrong code against a live code: the phone is locked, a new code answers 429', async () => {
    // App Users lists customers who saved a receipt: save one first, with the right code.
    const first = product.log().length;
    expect((await post('/user', { phone: PHONE })).status).toBe(200);
    const right = await product.waitForCode(PHONE.slice(-3), first);
    const saved = await post('/order/foodics/web/add-order', {
      casherId: FIXTURE.devices[0].id,
      restaurantId: 1,
      phone: PHONE,
      otp: right,
    });
    expect(saved.status).toBe(200);
    const since = product.log().length;
    expect((await post('/user', { phone: PHONE })).status).toBe(200);
    const code = await product.waitForCode(PHONE.slice(-3), since);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    // On another till: Cashier 1's newest order is saved now, so a save naming no order there is a 409 before
    // any code is checked (one receipt rule); Drive Thru's newest is still unsaved.
    const guess = await post('/order/foodics/web/add-order', {
      casherId: FIXTURE.devices[2].id,
      restaurantId: 1,
      phone: PHONE,
      otp: wrong,
    });
    expect(guess.status).toBe(400);
    const refused = await post('/user', { phone: PHONE });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
  });

  it('App Users shows the lock in English and in Arabic', async () => {
    await signIn(page, product);
    await page.goto(`${product.url}/users`);
    await page.getByPlaceholder('Search').fill(PHONE.slice(1));
    const row = page.getByRole('row').filter({ hasText: '+966504445566' });
    await row.getByText(/^Locked until /).waitFor();
    await page.getByRole('button', { name: 'العربية' }).click();
    await row.getByText(/^مقفل حتى /).waitFor();
    await row.getByRole('button', { name: 'رفع القفل +966504445566' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await row.getByText(/^Locked until /).waitFor();
  });

  it('Lift lock, confirmed: "Lock lifted", the mark goes, and the phone gets a code again', async () => {
    const row = page.getByRole('row').filter({ hasText: '+966504445566' });
    await row.getByRole('button', { name: 'Lift lock +966504445566' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, lift it' }).click();
    await page.getByText('The number can receive codes again').waitFor();
    await page.getByRole('dialog').getByRole('button').first().click();
    await row.getByText(/Locked until/).waitFor({ state: 'detached' });
    expect((await post('/user', { phone: PHONE })).status).toBe(200);
    expect(cspViolations()).toEqual([]);
  });

  it('the lift is on the Activity screen: "Phone lock lifted", by the signed-in admin, the phone masked', async () => {
    await page.getByRole('menuitem', { name: 'Activity' }).click();
    await page.waitForURL('**/activity');
    const row = page.getByRole('row').filter({ hasText: 'Phone lock lifted' }).first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(demoAdmin(product).email);
    expect(text).toContain('566');
    expect(text).not.toContain('+966504445566');
    expect(cspViolations()).toEqual([]);
  });
});
