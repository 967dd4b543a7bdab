// A restaurant group's first week (issue 49), end to end on the production build: the owner reads money right -
// the dashboard's Sales card gives revenue, saved receipts and average ticket per currency (the demo's riyals at
// Najd Grill and pounds at Nile Kitchen never added together), equal to the Orders screen's sums for the same
// dates; a manager opens Insights on their restaurant (preselected, no "Server communication error") and sees
// their own figures on the dashboard; a customer's typo keeps the code step (boxes emptied and focused, the tries
// left said) and the code they already have still saves. Every screen the journey opens passes axe-core's WCAG
// 2.1 AA rules, in English and Arabic; the changed screens are photographed in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { cspViolations, watchCsp } from '../harness/csp';
import { signIn } from '../harness/session';
import { closeOrder, tillShows } from '../harness/standIn';
import { axeRecord } from '../harness/axe';
import { photograph } from '../harness/docShots';

const MANAGER = { email: 'salma@nile-kitchen.eg', password: 'nile-manager-1' };

let product: RunningProduct;
let desk: OpenBrowser;
let phone: OpenBrowser;
let page: Page;
let customer: Page;
let najd = 0;
let nile = 0;
const { violations, check } = axeRecord();

beforeAll(async () => {
  product = await startProduct();
  desk = await openBrowser();
  phone = await openBrowser({ phone: true });
  page = await desk.context.newPage();
  customer = await phone.context.newPage();
  watchCsp(page);
  watchCsp(customer);
  await page.goto(`${product.url}/login`);
  await check(page, 'login');
  await photograph(page, 'en', 'login-forgot');
  await inArabic(page, 'login-forgot', () => page.getByText('نسيت كلمة المرور؟', { exact: false }).waitFor());
  await signIn(page, product);
  const list = (await api('GET', '/restaurant')) as { restaurants: { id: number; name: string }[] };
  najd = list.restaurants.find((r) => r.name === 'Najd Grill')!.id;
  nile = list.restaurants.find((r) => r.name === 'Nile Kitchen')!.id;
});
afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await product?.stop();
});

/** A call of the API as the page's signed-in account. */
async function api(method: string, path: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${product.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** The page in Arabic (reloaded), checked and photographed, then back to English. */
async function inArabic(p: Page, screen: string, ready: () => Promise<unknown>) {
  await p.evaluate(() => localStorage.setItem('specter.locale', 'ar'));
  await p.reload();
  await ready();
  await check(p, `${screen} (ar)`);
  await photograph(p, 'ar', screen);
  await p.evaluate(() => localStorage.setItem('specter.locale', 'en'));
  await p.reload();
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The Orders screen's rows of a period, summed per currency (the screen answers the code it stores: SAR, EGY). */
async function ordersScreen(from: string, to: string) {
  const rows = (await api('GET', `/order?page=1&perPage=200&from=${from}&to=${to}`)) as {
    total_price: number;
    currency: string;
  }[];
  const sums = new Map<string, number>();
  for (const o of rows) sums.set(o.currency, (sums.get(o.currency) ?? 0) + Math.round(o.total_price * 100));
  return sums;
}

const amount = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe("a restaurant group's first week", () => {
  it("the dashboard's Sales card: revenue per currency, never riyals and pounds together, equal to the Orders screen's", async () => {
    await page.goto(`${product.url}/home`);
    const card = page.getByRole('region', { name: 'Sales' });
    await card.getByTestId('sales-SAR-revenue').waitFor();
    // The last 7 days (the default) hold the demo's saved orders: both currencies, each on its own lines.
    const to = isoDay(new Date());
    const from = isoDay(new Date(Date.now() - 6 * 86_400_000));
    const screen = await ordersScreen(from, to);
    expect([...screen.keys()].sort()).toEqual(['EGY', 'SAR']);
    for (const [currency, label] of [
      ['SAR', 'SAR'],
      ['EGY', 'EGP'],
    ]) {
      const revenue = await card.getByTestId(`sales-${currency}-revenue`).locator('td').first().innerText();
      expect(revenue).toContain(label);
      expect(Math.round(amount(revenue) * 100)).toBe(screen.get(currency));
    }
    // No line adds the two currencies.
    const total = [...screen.values()].reduce((a, b) => a + b, 0) / 100;
    expect(await card.innerText()).not.toContain(total.toFixed(2));
    await check(page, 'home');
    await photograph(card, 'en', 'home-sales');
    await inArabic(page, 'home-sales', () =>
      page.getByRole('region', { name: 'المبيعات' }).getByTestId('sales-SAR-revenue').waitFor(),
    );
    // The Orders screen and Insights, checked too.
    await page.goto(`${product.url}/orders`);
    await page.locator('table tbody tr').first().waitFor();
    await check(page, 'orders');
    await page.goto(`${product.url}/guests/insights`);
    await page.getByTestId('insights-spend').waitFor();
    await check(page, 'insights (admin)');
    // The admin's other screens, each checked once loaded.
    const branches = (await api('GET', `/restaurant/branches/${najd}`)) as { branches: { id: number }[] };
    const admins = (await api('GET', '/admin')) as { id: number; email: string }[];
    for (const path of [
      '/users',
      '/admins',
      '/restaurants',
      `/restaurants/edit/${najd}`,
      `/restaurants/branches/${najd}`,
      `/restaurants/devices/${najd}/${branches.branches[0].id}`,
      `/restaurants/sheet/${najd}`,
      '/activity',
      '/guests',
      '/tills',
      `/admins/edit/${admins[admins.length - 1].id}`,
      '/admins/add',
    ]) {
      await page.goto(`${product.url}${path}`);
      await page.locator('#main-content').waitFor();
      await check(page, path);
    }
    // An account's edit page offers the admin a password reset (issue 49): a staff member's who forgot theirs.
    const staff = await api('POST', '/user', {
      name: 'Fahad Staff',
      email: 'fahad@najd-grill.sa',
      password: 'najd-staff-1',
      confirmPassword: 'najd-staff-1',
      role: 'staff',
      restaurantIds: [najd],
    });
    await page.goto(`${product.url}/admins/edit/${staff.id}`);
    await page.getByRole('region', { name: 'Reset password' }).waitFor();
    await photograph(page, 'en', 'admins-edit-reset');
    await inArabic(page, 'admins-edit-reset', () =>
      page.getByRole('region', { name: 'إعادة تعيين كلمة المرور' }).waitFor(),
    );
    // The devices page and the top bar on a 390 px phone: a till's actions and the account items in menus.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${product.url}/restaurants/devices/${najd}/${branches.branches[0].id}`);
    await page
      .getByRole('button', { name: /^Actions / })
      .first()
      .waitFor();
    await check(page, 'devices at 390 px');
    await photograph(page, 'en', 'phone-devices');
    await inArabic(page, 'phone-devices', () =>
      page
        .getByRole('button', { name: /^الإجراءات / })
        .first()
        .waitFor(),
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    // Every admin screen is opened and checked by axe-core, in two languages: 29 s on a quiet machine, over the
    // suite's 60 s once on a loaded one (the eighteenth session's CI). A bound on a hang, not on speed.
  }, 120_000);

  it('a manager opens Insights on their restaurant, preselected, and the dashboard shows their own figures', async () => {
    const made = await api('POST', '/user', {
      name: 'Salma Fathy',
      email: MANAGER.email,
      password: MANAGER.password,
      confirmPassword: MANAGER.password,
      role: 'manager',
      restaurantIds: [nile],
    });
    expect(made.id).toBeGreaterThan(0);
    await page.evaluate(() => localStorage.removeItem('token'));
    await signIn(page, product, MANAGER);

    await page.goto(`${product.url}/guests/insights`);
    const spend = page.getByTestId('insights-spend');
    await spend.waitFor();
    expect(await page.getByRole('combobox', { name: 'Restaurant' }).innerText()).toContain('Nile Kitchen');
    expect(await page.getByText('Server communication error').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await spend.innerText()).toContain('EGP');
    expect(await spend.innerText()).not.toContain('SAR');
    await check(page, 'insights (manager)');
    await photograph(page, 'en', 'manager-insights');
    await inArabic(page, 'manager-insights', () => page.getByTestId('insights-spend').waitFor());

    await page.goto(`${product.url}/home`);
    const card = page.getByRole('region', { name: 'Sales' });
    await card.getByTestId('sales-EGY-revenue').waitFor();
    expect(await card.getByTestId('sales-SAR-revenue').count()).toBe(0);
    await check(page, 'home (manager)');
    await photograph(page, 'en', 'manager-home-sales');
    await inArabic(page, 'manager-home-sales', () =>
      page.getByRole('region', { name: 'المبيعات' }).getByTestId('sales-EGY-revenue').waitFor(),
    );
    // The manager's other screens.
    for (const path of ['/restaurants', '/orders', `/restaurants/branches/${nile}`]) {
      await page.goto(`${product.url}${path}`);
      await page.locator('#main-content').waitFor();
      await check(page, `${path} (manager)`);
    }
    expect(najd).toBeGreaterThan(0);
  });

  it("a customer's typo keeps the code step: boxes emptied and focused, the tries left said; their code still saves", async () => {
    const NUMBER = '0551234599';
    await customer.goto(`${product.url}/user/invoice?restId=1&deviceId=${FIXTURE.devices[0].id}`);
    await customer.getByText('Takeout total (incl. Tax)').waitFor();
    await check(customer, 'invoice');
    await customer.getByRole('button', { name: 'Save Invoice' }).click();
    await customer.getByLabel('Phone').fill(NUMBER);
    await check(customer, 'invoice phone step');
    const since = product.log().length;
    await customer.getByRole('button', { name: 'Save', exact: true }).click();
    await customer.getByLabel('Digit 1').waitFor();
    const code = await product.waitForCode(NUMBER.slice(-3), since);
    const typo = String((Number(code) + 1) % 10000).padStart(4, '0');
    for (const [i, d] of typo.split('').entries()) await customer.getByLabel(`Digit ${i + 1}`).type(d);
    await customer.getByRole('button', { name: 'Send', exact: true }).click();

    const note = customer.getByRole('alert');
    await note.waitFor();
    expect(await note.innerText()).toBe('That code is not right. Type it again: tries left: 2');
    expect(await customer.getByRole('dialog').count()).toBe(0);
    for (let i = 1; i <= 4; i++) expect(await customer.getByLabel(`Digit ${i}`).inputValue()).toBe('');
    await expect
      .poll(() => customer.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Digit 1');
    await check(customer, 'invoice code step after a typo');
    await photograph(customer, 'en', 'invoice-code-typo');

    for (const [i, d] of code.split('').entries()) await customer.getByLabel(`Digit ${i + 1}`).type(d);
    await customer.getByRole('button', { name: 'Send', exact: true }).click();
    await customer.getByRole('dialog').getByText('Success', { exact: true }).waitFor();
    await check(customer, 'invoice saved');
    expect(cspViolations()).toEqual([]);
  });

  it('the same typo in Arabic says it in Arabic', async () => {
    const NUMBER = '0551234588';
    // The cashier closes another order on the till (the first one is saved now).
    const closed = await closeOrder(product, FIXTURE.devices[0].id);
    // The till shows it once the stand-in's webhook arrived.
    await expect
      .poll(async () => (await tillShows(product, FIXTURE.devices[0].id)).order_id, { timeout: 20_000 })
      .toBe(closed.id);
    await customer.evaluate(() => localStorage.setItem('specter.locale', 'ar'));
    await customer.goto(`${product.url}/user/invoice?restId=1&deviceId=${FIXTURE.devices[0].id}`);
    const save = customer.getByRole('button', { name: 'حفظ الفاتورة' });
    await save.waitFor();
    await save.click();
    await customer.getByLabel('رقم الجوال').fill(NUMBER);
    const since = product.log().length;
    await customer.getByRole('button', { name: 'حفظ', exact: true }).click();
    await customer.getByLabel('الرقم 1').waitFor();
    const code = await product.waitForCode(NUMBER.slice(-3), since);
    const typo = String((Number(code) + 1) % 10000).padStart(4, '0');
    for (const [i, d] of typo.split('').entries()) await customer.getByLabel(`الرقم ${i + 1}`).type(d);
    await customer.getByRole('button', { name: 'إرسال', exact: true }).click();
    await customer
      .getByRole('alert')
      .getByText(/المحاولات المتبقية: 2/)
      .waitFor();
    await check(customer, 'invoice code step after a typo (ar)');
    await photograph(customer, 'ar', 'invoice-code-typo');
  });

  it('no screen of the journey has a WCAG 2.1 AA violation (axe-core)', () => {
    expect(violations).toEqual([]);
  });
});
