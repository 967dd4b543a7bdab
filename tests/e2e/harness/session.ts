// Shared steps of the journeys: the demo admin's credentials from the product's own start-up lines, signing
// in through the login screen, and reading a PNG download back into a QR payload.
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
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

export function decodeQrPng(file: string): string | null {
  const png = PNG.sync.read(readFileSync(file));
  const code = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  return code?.data ?? null;
}
