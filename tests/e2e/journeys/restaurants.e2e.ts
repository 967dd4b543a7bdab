// The restaurants journey: a Foodics restaurant whose branches and devices arrive from the stand-in, its edit
// form, branches and devices, the QR PNGs at each level decoded back to the QR JSON of docs/PRODUCT.md (QR
// codes), and its deletion.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { DEMO_FOODICS_TOKEN, FIXTURE } from '../../../server/stand-ins/foodics/fixture';
import { openBrowser, type OpenBrowser } from '../harness/browser';
import { startProduct, type RunningProduct } from '../harness/product';
import { cspViolations, watchCsp } from '../harness/csp';
import { decodeQrPng, lastQrVersion, qrQuietZone, signIn } from '../harness/session';

let product: RunningProduct;
let browser: OpenBrowser;
let page: Page;
const downloads: Download[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-qr-'));

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser({ downloads: true });
  page = await browser.context.newPage();
  watchCsp(page);
  page.on('download', (d) => downloads.push(d));
  await signIn(page, product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function takeDownloads(n: number) {
  await expect.poll(() => downloads.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  const got = downloads.splice(0, downloads.length);
  const out = [];
  for (const d of got) {
    const file = path.join(dir, d.suggestedFilename());
    await d.saveAs(file);
    const json = JSON.parse(decodeQrPng(file) ?? 'null');
    // The quiet zone the QR standard asks for: four modules of white around the code (issue 49).
    expect(qrQuietZone(file, lastQrVersion)).toBeGreaterThanOrEqual(3.9);
    out.push({ name: d.suggestedFilename(), json });
  }
  return out;
}

let restId = 0;

describe('3. restaurants', () => {
  it('adds a Foodics restaurant; its branches and devices arrive from the stand-in', async () => {
    await page.goto(`${product.url}/restaurants/add`);
    await page.getByLabel(/^Name/).fill('Riyadh Bites');
    await page.getByLabel('Logo').fill('/demo/najd-grill.svg');
    await page.getByLabel('Token', { exact: true }).fill(DEMO_FOODICS_TOKEN);
    await page.getByLabel('Branchs Token').fill(DEMO_FOODICS_TOKEN);
    await page.getByRole('combobox', { name: /System Type/ }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options.map((o) => o.trim()).filter(Boolean)).toEqual(['Foodics']);
    await page.getByRole('option', { name: 'Foodics' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/restaurants');
    const row = page.getByRole('row').filter({ hasText: 'Riyadh Bites' });
    await row.waitFor();
    const href = await row.getByRole('link', { name: 'Branches' }).getAttribute('href');
    restId = Number(href!.split('/').pop());
    expect(restId).toBeGreaterThan(0);
    // The stand-in's branches on the branches page, and each branch's devices on its devices page.
    await page.goto(`${product.url}/restaurants/branches/${restId}`);
    await page.getByRole('heading', { name: 'Riyadh Bites Branches' }).first().waitFor();
    const nameCells = async () =>
      (await page.getByRole('row').allInnerTexts()).slice(1).map(
        (r) =>
          r
            .split('\t')
            .map((c) => c.trim())
            .filter(Boolean)[1],
      );
    await expect.poll(nameCells).toEqual(FIXTURE.branches.map((b) => b.name));
    for (const [i, branch] of FIXTURE.branches.entries()) {
      await page.goto(`${product.url}/restaurants/branches/${restId}`);
      await page.getByRole('row').filter({ hasText: branch.name }).getByRole('link', { name: 'Devices' }).click();
      await page.getByRole('heading', { name: 'Branch Devices' }).first().waitFor();
      await expect.poll(nameCells).toEqual(FIXTURE.devices.filter((d) => d.branch === i).map((d) => d.name));
    }
  });

  it('edit offers Foodics and Specter', async () => {
    await page.goto(`${product.url}/restaurants/edit/${restId}`);
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Riyadh Bites');
    await page.getByRole('combobox', { name: /System Type/ }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options.map((o) => o.trim()).filter(Boolean)).toEqual(['Foodics', 'Specter']);
    await page.keyboard.press('Escape');
    await page.getByLabel(/^Name/).fill('Riyadh Bites Co');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/restaurants');
    await page.getByText('Riyadh Bites Co', { exact: true }).waitFor();
  });

  it("Print QR's at restaurant level: one PNG per device, named and decoding to the QR JSON of docs/PRODUCT.md", async () => {
    const row = page.getByRole('row').filter({ hasText: 'Riyadh Bites Co' });
    await row.getByRole('button', { name: "Print QR's" }).click();
    const files = await takeDownloads(FIXTURE.devices.length);
    expect(files.map((f) => f.name).sort()).toEqual(
      FIXTURE.devices.map((d) => `Riyadh Bites Co - ${d.name} - ${d.id}.png`).sort(),
    );
    for (const f of files) {
      const device = FIXTURE.devices.find((d) => f.name.includes(d.id))!;
      // Key 3 is the till's plain link with its link key (docs/SECURITY.md, "Till links").
      const plain = `${product.url}/user/invoice?restId=${restId}&deviceId=${device.id}`;
      expect({ ...f.json, 3: undefined }).toEqual({ 1: restId, 2: device.id, 3: undefined });
      expect(String(f.json[3]).slice(0, plain.length)).toBe(plain);
      expect(String(f.json[3]).slice(plain.length)).toMatch(/^&key=[\w-]{16,}$/);
    }
  });

  it('branches page, branch-level QR, devices page, device-level QR', async () => {
    await page.getByRole('row').filter({ hasText: 'Riyadh Bites Co' }).getByRole('link', { name: 'Branches' }).click();
    await page.getByRole('heading', { name: 'Riyadh Bites Co Branches' }).first().waitFor();
    const olaya = page.getByRole('row').filter({ hasText: FIXTURE.branches[0].name });
    await olaya.getByRole('button', { name: "Print QR's" }).click();
    const branchFiles = await takeDownloads(2);
    expect(branchFiles.map((f) => f.name).sort()).toEqual(
      FIXTURE.devices
        .filter((d) => d.branch === 0)
        .map((d) => `${d.name} - ${d.id}.png`)
        .sort(),
    );
    await olaya.getByRole('link', { name: 'Devices' }).click();
    await page.getByRole('heading', { name: 'Branch Devices' }).first().waitFor();
    const cashier = page.getByRole('row').filter({ hasText: 'Cashier 1' });
    await cashier.getByRole('button', { name: 'Print QR' }).click();
    const [one] = await takeDownloads(1);
    expect(one.name).toBe(`Cashier 1 - ${FIXTURE.devices[0].id}.png`);
    expect(one.json[2]).toBe(FIXTURE.devices[0].id);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`**/restaurants/branches/${restId}`);
  });

  it('deletes the restaurant through both dialogs', async () => {
    await page.goto(`${product.url}/restaurants`);
    await page.getByRole('button', { name: 'Delete Riyadh Bites Co' }).click();
    await page.getByText('Are you sure', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('The Restaurants has been removed', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Riyadh Bites Co', { exact: true }).waitFor({ state: 'detached' });
  });
});

describe('security headers in the browser', () => {
  it('the built app ran with no Content-Security-Policy violation', () => {
    expect(cspViolations()).toEqual([]);
  });
});
