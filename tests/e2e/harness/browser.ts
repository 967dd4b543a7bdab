// Debian's Chromium through playwright-core (never a downloaded browser), with the flags this
// machine needs (its network is closed, so background networking must be off) and a fresh profile.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A persistent context on a fresh user-data dir, desktop by default or a phone when asked. */
export async function openBrowser(
  opts: { phone?: boolean; locale?: string; downloads?: boolean; userAgent?: string; javaScript?: boolean } = {},
): Promise<OpenBrowser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'specter-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    acceptDownloads: opts.downloads ?? true,
    locale: opts.locale ?? 'en-US',
    javaScriptEnabled: opts.javaScript ?? true,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    ...(opts.phone
      ? { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1366, height: 900 } }),
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export type { Browser };
