// The last page one click from the first (docs/PERFORMANCE.md, last pages): App Users and Orders answer exact
// totals for the whole list, so react-admin's pagination offers the last page; the server reads it from the other
// end of the index. In Chromium against the production build, with 1,300 app users and 1,300 saved orders written
// before the product starts (older than the demo's), the admin jumps to the last page and sees the oldest rows.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDatabase } from '../../../server/db/client';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { demoAdmin, signIn } from '../harness/session';

const N = 1300;
let product: RunningProduct;
let desk: OpenBrowser;
let page: Page;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'specter-e2e-last-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  // Set-based, in 2020 (before anything the demo writes): the oldest user is "Oldest Customer", the oldest order
  // number "OLD-0001".
  await database.db.execute(sql`
    insert into app_users (first_name, last_name, phone, created_at)
    select case when i = 1 then 'Oldest' else 'Early' end, case when i = 1 then 'Customer' else 'Saleh' end,
           '+9665900' || lpad(i::text, 5, '0'), timestamptz '2020-01-01' + (i || ' minutes')::interval
    from generate_series(1, ${N}::int) as i`);
  await database.db.execute(sql`
    insert into restaurants (name, logo, token, branchs_token, system_type)
    values ('Early Grill', '/logo.svg', 't', 't', 'Specter')`);
  await database.db.execute(sql`
    insert into orders (app_user_id, restaurant_id, pos_order_id, device_id, branch_name, order_number, check_number,
                        order_date, order_time, payment_method, sub_total_price, discount_amount, total_price,
                        currency, created_at)
    select (select min(id) from app_users), (select max(id) from restaurants), 'early-' || i, 'early', 'Olaya',
           'OLD-' || lpad(i::text, 4, '0'), '1', '2020-01-01', '12:00', 'Cash', 10, 0, 11.5, 'SAR',
           timestamptz '2020-01-01' + (i || ' minutes')::interval
    from generate_series(1, ${N}::int) as i`);
  await database.close();
  product = await startProduct({ DATA_DIR: dataDir });
  desk = await openBrowser();
  page = await desk.context.newPage();
  await signIn(page, product);
}, 240_000);
afterAll(async () => {
  await desk?.close();
  await product?.stop();
});

/** The list's exact total, as the screen gets it (X-Total-Count of its first page). */
async function totalOf(list: string): Promise<number> {
  const login = await fetch(`${product.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAdmin(product)),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const res = await fetch(`${product.url}${list}?page=1&perPage=25`, {
    headers: { authorization: `Bearer ${data.token}` },
  });
  expect(res.headers.get('x-total-exact')).toBeNull();
  return Number(res.headers.get('x-total-count'));
}

describe('the last page, one click from the first', () => {
  it('App Users: the last page holds the oldest customer, last', async () => {
    const total = await totalOf('/user');
    expect(total).toBeGreaterThanOrEqual(N);
    const last = Math.ceil(total / 25);
    await page.goto(`${product.url}/users`);
    await page.getByRole('button', { name: `Go to page ${last}` }).click();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.last().innerText(), { timeout: 30_000 }).toContain('Oldest Customer');
    expect(await page.getByText(`${(last - 1) * 25 + 1}-${total} of ${total}`).count()).toBe(1);
  }, 90_000);

  it('Orders: the last page holds the oldest order, last', async () => {
    const total = await totalOf('/order');
    expect(total).toBeGreaterThanOrEqual(N);
    const last = Math.ceil(total / 25);
    await page.goto(`${product.url}/orders`);
    await page.getByRole('button', { name: `Go to page ${last}` }).click();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.last().innerText(), { timeout: 30_000 }).toContain('OLD-0001');
    expect(await page.getByText('OLD-0002').count()).toBe(1);
  }, 90_000);
});
