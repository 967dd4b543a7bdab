// `npm run screenshots`: builds the web app, starts the whole product with the demo data (the e2e harness:
// production build, fresh embedded database, Foodics stand-in, console SMS provider) and saves a PNG of every
// screen, in English and in Arabic, under docs/screenshots/{en,ar}/. The back-office is shot at 1366x900, the
// public pages (invoice, privacy) at a 360x740 phone with deviceScaleFactor 2. Viewport shots only.
import { spawnSync } from 'node:child_process';
import { PRODUCTION_BUILD } from './lib/productionBuild.mjs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, type OpenBrowser } from '../tests/e2e/harness/browser';
import { startProduct, type RunningProduct } from '../tests/e2e/harness/product';
import { demoAdmin } from '../tests/e2e/harness/session';
import { TEXTS } from '../src/invoice/i18n';

type Lang = 'en' | 'ar';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = path.join(root, 'docs/screenshots');
const LOCALE_KEY = 'specter.locale';

/** Per language: which receipt the invoice shots save and with which phone (one code per phone per 60 s, one save per order). */
const RUNS: Record<Lang, { browserLocale: string; deviceId: string; phone: string; permissionDenied: string }> = {
  en: {
    browserLocale: 'en-US',
    deviceId: '7d000000-0001-4000-8000-00000000c001',
    phone: '0501112233',
    permissionDenied: 'Permission Denied',
  },
  // Drive Thru: the demo's Cashier 2 holds an order that is saved already (no Save Invoice to photograph).
  ar: {
    browserLocale: 'ar-SA',
    deviceId: '7d000000-0003-4000-8000-00000000c003',
    phone: '0502223344',
    permissionDenied: 'الصلاحية مرفوضة',
  },
};

const produced: string[] = [];

/** The production build the harness runs (dist/, and dist-server/main.js: tests/e2e/harness/product.ts). */
function build() {
  for (const [label, args] of PRODUCTION_BUILD) {
    console.log(`screenshots: ${label}…`);
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${label} failed (${r.status})`);
  }
}

/** Lets fonts, images and transitions settle, then saves a viewport PNG. */
async function shot(page: Page, lang: Lang, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        ),
    );
  });
  // park the pointer in an empty corner so no field or row shows its hover colour
  const size = page.viewportSize();
  if (size) await page.mouse.move(size.width - 2, size.height - 2);
  await page.waitForTimeout(400);
  const dir = path.join(outRoot, lang);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', fullPage: false });
  produced.push(path.relative(root, file));
  console.log(`  ${path.relative(root, file)}`);
}

/** Stores the language the way the language buttons do, then reloads so the page starts in it. */
async function useLang(page: Page, lang: Lang) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LOCALE_KEY, lang] as const);
  await page.reload();
  await page.waitForFunction((dir) => document.documentElement.dir === dir, lang === 'ar' ? 'rtl' : 'ltr');
}

/** The save steps sit under the receipt: show the end of the page (the step and 'Powered by'). */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

const firstRow = (page: Page): Locator => page.locator('table tbody tr').first();

async function backOffice(product: RunningProduct, lang: Lang) {
  const run = RUNS[lang];
  const browser: OpenBrowser = await openBrowser({ locale: run.browserLocale });
  try {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const go = (p: string) => page.goto(`${product.url}${p}`);

    // login
    await go('/login');
    await useLang(page, lang);
    await page.locator('button[type=submit]').waitFor();
    await shot(page, lang, 'login');

    // sign in (locale-independent selectors: the labels are translated)
    const creds = demoAdmin(product);
    await page.locator('input[name=email]').fill(creds.email);
    await page.locator('input[name=password]').fill(creds.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/home');

    // home (dashboard): tiles with numbers and the Latest Orders rows
    await firstRow(page).waitFor();
    await page.waitForFunction(() => /\d/.test(document.querySelector('main')?.textContent ?? ''));
    await page.locator('[data-testid=funnel-chart] svg').first().waitFor(); // the lazily loaded funnel chart
    await shot(page, lang, 'home');

    // admins
    await go('/admins');
    await firstRow(page).waitFor();
    await shot(page, lang, 'admins');

    // admins-add, with the validation messages after touching the fields
    await go('/admins/add');
    await page.locator('input[name=name]').click();
    await page.locator('input[name=email]').click();
    await page.locator('input[name=password]').fill('short');
    await page.locator('input[name=confirmPassword]').click();
    await page.locator('input[name=name]').click();
    await page.locator('.Mui-error').first().waitFor();
    await page.locator('input[name=name]').blur();
    await shot(page, lang, 'admins-add');

    // users
    await go('/users');
    await firstRow(page).waitFor();
    await shot(page, lang, 'users');

    // users-delete-dialog: the confirm dialog open (then cancelled: nothing is deleted)
    await firstRow(page)
      .getByRole('button', { name: /^(Delete|حذف) / })
      .click();
    await page.getByRole('dialog').waitFor();
    await shot(page, lang, 'users-delete-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // orders: the saved orders, newest first; then the first one expanded to its item lines
    await go('/orders');
    await firstRow(page).waitFor();
    await shot(page, lang, 'orders');
    await firstRow(page).click();
    await page.locator('table table').first().waitFor();
    await shot(page, lang, 'orders-expanded');

    // restaurants
    await go('/restaurants');
    await firstRow(page).waitFor();
    await shot(page, lang, 'restaurants');

    // restaurants-add
    await go('/restaurants/add');
    await page.locator('input[name=name]').waitFor();
    await shot(page, lang, 'restaurants-add');

    // restaurants-edit (id 1): wait until the record fills the form
    await go('/restaurants/edit/1');
    await page.waitForFunction(
      () => ((document.querySelector('input[name=name]') as HTMLInputElement | null)?.value ?? '') !== '',
    );
    await shot(page, lang, 'restaurants-edit');

    // restaurants-connection: the Foodics connection panel of restaurant 1 (docs/POS.md, "The connection's health")
    await page.getByTestId('connection-status').waitFor();
    await page.getByTestId('connection-panel').scrollIntoViewIfNeeded();
    await shot(page, lang, 'restaurants-connection');

    // branches of restaurant 1; the devices shot uses the first branch's own link
    await go('/restaurants/branches/1');
    await firstRow(page).waitFor();
    await page.waitForFunction(() => /\S+\s+\S+/.test(document.querySelector('h1')?.textContent ?? ''));
    const href = await page.locator('a[href^="/restaurants/devices/1/"]').first().getAttribute('href');
    if (!href) throw new Error('No Devices link on /restaurants/branches/1');
    if (href !== '/restaurants/devices/1/1')
      console.log(`  note: the first branch's devices link is ${href}, not /restaurants/devices/1/1`);
    await shot(page, lang, 'branches');

    // devices
    await go(href);
    await firstRow(page).waitFor();
    await shot(page, lang, 'devices');

    // qr-sheet: the printable sheet of restaurant 1, one card per till
    await go('/restaurants/sheet/1');
    await page.getByTestId('qr-card').first().waitFor();
    await shot(page, lang, 'qr-sheet');

    // permission-denied (unknown path while signed in)
    await go('/nowhere');
    await page.getByRole('heading', { level: 1, name: run.permissionDenied }).waitFor();
    await shot(page, lang, 'permission-denied');
  } finally {
    await browser.close();
  }
}

/** The back-office on a 390 px phone: no sideways scrolling, Language and Logout on screen. */
async function backOfficePhone(product: RunningProduct, lang: Lang) {
  const run = RUNS[lang];
  const browser = await openBrowser({ phone: true, locale: run.browserLocale });
  try {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const go = (p: string) => page.goto(`${product.url}${p}`);
    await go('/login');
    await useLang(page, lang);
    const creds = demoAdmin(product);
    await page.locator('input[name=email]').fill(creds.email);
    await page.locator('input[name=password]').fill(creds.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/home');
    await firstRow(page).waitFor();
    await shot(page, lang, 'phone-home');
    // The funnel's chart: all 30 days and its three legend entries in the phone's width.
    const chart = page.getByTestId('funnel-chart');
    await chart.locator('.recharts-legend-item').nth(2).waitFor();
    await chart.scrollIntoViewIfNeeded();
    await shot(page, lang, 'phone-home-chart');
    for (const [p, name] of [
      ['/users', 'phone-users'],
      ['/restaurants', 'phone-restaurants'],
      ['/orders', 'phone-orders'],
    ] as const) {
      await go(p);
      await firstRow(page).waitFor();
      await shot(page, lang, name);
    }
    // A restaurant's actions, folded into its row's menu.
    await go('/restaurants');
    await firstRow(page).waitFor();
    await firstRow(page)
      .getByRole('button', { name: /^(Actions|الإجراءات) / })
      .click();
    await page.getByRole('menu').waitFor();
    await shot(page, lang, 'phone-restaurants-menu');
  } finally {
    await browser.close();
  }
}

async function publicPages(product: RunningProduct, lang: Lang) {
  const run = RUNS[lang];
  const t = TEXTS[lang];
  const browser = await openBrowser({ phone: true, locale: run.browserLocale });
  try {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(20_000);
    const invoiceUrl = (deviceId: string) => `${product.url}/user/invoice?restId=1&deviceId=${deviceId}`;

    // privacy: top of the page
    await page.goto(`${product.url}/Privacy`);
    await useLang(page, lang);
    await page.locator('h2').first().waitFor();
    await shot(page, lang, 'privacy');

    // invoice: the receipt, top of the page
    await page.goto(invoiceUrl(run.deviceId));
    await page.getByText(t.takeout, { exact: false }).first().waitFor();
    await shot(page, lang, 'invoice');

    // invoice-vat: the VAT lines, the VAT number and the e-invoice QR (the demo's Najd Grill has a VAT number)
    await page.locator('.vat .e-invoice-qr').scrollIntoViewIfNeeded();
    await shot(page, lang, 'invoice-vat');
    await page.evaluate(() => window.scrollTo(0, 0));

    // invoice-phone-step: the phone typed in, the form scrolled into view
    await page.getByRole('button', { name: t.saveInvoice }).click();
    const phone = page.locator('input[name=phone]');
    await phone.fill(run.phone);
    await scrollToEnd(page);
    await shot(page, lang, 'invoice-phone-step');

    // invoice-code-step: Save sends the code (the console provider prints it to the server log)
    const since = product.log().length;
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await page.getByLabel(`${t.digit} 1`).waitFor();
    await scrollToEnd(page);
    await shot(page, lang, 'invoice-code-step');

    // invoice-success: the code typed digit by digit, then Send
    const code = await product.waitForCode(run.phone.slice(-3), since);
    for (const [i, d] of code.split('').entries()) await page.getByLabel(`${t.digit} ${i + 1}`).type(d);
    await page.getByRole('button', { name: t.send, exact: true }).click();
    await page.getByRole('dialog').getByText(t.successTitle, { exact: true }).waitFor();
    await shot(page, lang, 'invoice-success');

    // invoice-error: an unknown device
    await page.goto(invoiceUrl('unknown'));
    await page.getByText(t.oops, { exact: true }).waitFor();
    await shot(page, lang, 'invoice-error');
  } finally {
    await browser.close();
  }
}

async function main() {
  build();
  console.log('screenshots: starting the product with the demo data…');
  const product = await startProduct();
  try {
    // SCREENSHOTS=phone: the 390 px back-office shots only.
    const phoneOnly = process.env.SCREENSHOTS === 'phone';
    // Every back-office shot first, so both dashboards show the same demo data (saving a receipt adds an order).
    for (const lang of ['en', 'ar'] as const) {
      console.log(`screenshots: back-office, ${lang}`);
      if (!phoneOnly) await backOffice(product, lang);
      await backOfficePhone(product, lang);
    }
    for (const lang of phoneOnly ? [] : (['en', 'ar'] as const)) {
      console.log(`screenshots: public pages, ${lang}`);
      await publicPages(product, lang);
    }
  } catch (err) {
    console.error(String((err as Error)?.stack ?? err));
    console.error(`--- server log (tail) ---\n${product.log().slice(-3000)}`);
    throw err;
  } finally {
    await product.stop();
  }
  console.log(`screenshots: ${produced.length} files under ${path.relative(root, outRoot)}/`);
}

main().catch(() => process.exit(1));
