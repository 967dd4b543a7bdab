// The back-office at 390 px in Chromium (issue 30), English and Arabic: a restaurant's actions are one menu whose
// Branches opens the branches page; the dashboard's chart draws all 30 days and its three legend entries inside
// the screen; /orders shows Customer and Total on screen, with the rest in the row's expansion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { signIn } from '../harness/session';

let product: RunningProduct;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

/** The element's box lies within the 390 px screen's width. */
async function onScreen(p: Page, what: string, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(390);
}

const T = {
  en: { actions: 'Actions', branches: 'Branches', customer: 'Customer', total: 'Total', restaurant: 'Restaurant' },
  ar: { actions: 'الإجراءات', branches: 'الفروع', customer: 'العميل', total: 'الإجمالي', restaurant: 'المطعم' },
};

describe('the back-office on a 390 px phone', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`restaurants' row menu, the dashboard's chart and /orders' columns are usable (${lang})`, async () => {
      // A browser of its own: the language chosen stays in the context's storage.
      const phone: OpenBrowser = await openBrowser({ phone: true });
      const p = await phone.context.newPage();
      p.setDefaultTimeout(20_000);
      await p.setViewportSize({ width: 390, height: 844 });
      await signIn(p, product);
      await p.evaluate((l) => localStorage.setItem('specter.locale', l), lang);
      const t = T[lang];

      // The dashboard's chart: 30 days of bars and three legend entries, all within the screen.
      await p.goto(`${product.url}/home`);
      const chart = p.getByTestId('funnel-chart');
      await chart.locator('.recharts-legend-item').nth(2).waitFor();
      await chart.scrollIntoViewIfNeeded();
      await onScreen(p, 'chart', chart);
      expect(await chart.locator('.recharts-legend-item').count()).toBe(3);
      for (let i = 0; i < 3; i++) await onScreen(p, `legend ${i}`, chart.locator('.recharts-legend-item').nth(i));
      // One bar group per day: each series draws a rectangle per day with a value (views never 0 in the demo).
      await expect.poll(() => chart.locator('.recharts-bar').first().locator('.recharts-rectangle').count()).toBe(30);
      const bars = await chart.locator('.recharts-bar').first().locator('.recharts-rectangle').all();
      await onScreen(p, 'first day', bars[0]);
      await onScreen(p, 'last day', bars[bars.length - 1]);

      // Restaurants: the row's actions in one menu; Branches opens the branches page.
      await p.goto(`${product.url}/restaurants`);
      const row = p.locator('table tbody tr').first();
      const menuButton = row.getByRole('button', { name: new RegExp(`^${t.actions} `) });
      await menuButton.waitFor();
      await onScreen(p, 'actions button', menuButton);
      await menuButton.click();
      const menu = p.getByRole('menu');
      await menu.waitFor();
      await onScreen(p, 'menu', menu);
      await menu.getByRole('link', { name: t.branches }).click();
      await p.waitForURL('**/restaurants/branches/*');
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

      // Orders: Customer and Total on screen; the restaurant in the expanded row.
      await p.goto(`${product.url}/orders`);
      const first = p.locator('table tbody tr').first();
      await first.waitFor();
      const header = (name: string) => p.locator('thead th').filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) });
      for (const name of [t.customer, t.total]) await onScreen(p, name, header(name));
      expect(await header(t.restaurant).count()).toBe(0);
      await first.locator('td').nth(2).click();
      await p.locator('dl').getByText(t.restaurant, { exact: true }).waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await phone.close();
    });
  }
});
