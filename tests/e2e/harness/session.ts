// Shared steps of the journeys: the demo admin's credentials from the product's own start-up lines, signing
// in through the login screen, and reading a PNG download back into a QR payload.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Download, Page } from 'playwright-core';
import type { RunningProduct } from './product';

export function demoAdmin(product: RunningProduct): { email: string; password: string } {
  const m = /Sign in with: (\S+) \/ (\S+)/.exec(product.log());
  if (!m) throw new Error(`No credentials in the start-up lines:\n${product.log().slice(0, 2000)}`);
  return { email: m[1], password: m[2] };
}

export async function signIn(page: Page, product: RunningProduct, creds = demoAdmin(product)) {
  await page.goto(`${product.url}/login`);
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
}

/** The white margin around a QR PNG's modules, in modules (issue 49: the standard asks for 4). The modules' span
 * is the dark pixels' bounding box; its width in modules is 17 + 4 x the version jsQR read. */
/** The version of the last code decodeQrPng read. */
export let lastQrVersion = 0;

export function qrQuietZone(file: string, version: number): number {
  const png = PNG.sync.read(readFileSync(file));
  let top = png.height;
  let left = png.width;
  let right = -1;
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const i = (y * png.width + x) * 4;
      const dark = png.data[i + 3] > 128 && png.data[i] + png.data[i + 1] + png.data[i + 2] < 3 * 128;
      if (!dark) continue;
      top = Math.min(top, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  const module = (right - left + 1) / (17 + 4 * version);
  return Math.min(top, left) / module;
}

export function decodeQrPng(file: string): string | null {
  const png = PNG.sync.read(readFileSync(file));
  // A dense code (a long link with its till key) in the spec's 255 px has modules of about 4.2 px: jsQR misreads
  // their anti-aliased edges at that size, where a phone's camera (many more pixels per module) does not. So the
  // image is read as it is, then at 4x with each pixel repeated (no new information, only room for the binarizer).
  for (const scale of [1, 4]) {
    const w = png.width * scale;
    const h = png.height * scale;
    const data = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const from = ((Math.floor(y / scale) * png.width + Math.floor(x / scale)) * 4) | 0;
        data.set(png.data.subarray(from, from + 4), (y * w + x) * 4);
      }
    const code = jsQR(data, w, h);
    if (code) {
      lastQrVersion = code.version;
      return code.data;
    }
  }
  return null;
}

/** A download's bytes. The journeys' browser is shared over a connection (harness/browser.ts), so the file is
 * copied here first (saveAs) rather than read where the browser put it. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'specter-download-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
