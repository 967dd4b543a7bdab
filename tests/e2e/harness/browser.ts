// Debian's Chromium through playwright-core (never a downloaded browser), with the flags this machine needs (its
// network is closed, so background networking must be off). In the journeys' run one Chromium serves every journey
// (harness/globalSetup.ts launches it; each file connects), and each journey gets a fresh context of its own: no
// cookie, storage or cache of another journey, as a new profile would have, without a browser start per journey.
// Outside that run (scripts/screenshots.ts) each call launches its own Chromium.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the run's shared Chromium listens (set by harness/globalSetup.ts for the workers). */
export const SHARED_BROWSER_ENV = 'SPECTER_E2E_BROWSER_WS';

export const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export interface OpenBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

let shared: Promise<Browser> | undefined;

/** This file's connection to the run's Chromium (one per journey file; closed with the worker). */
function sharedBrowser(endpoint: string): Promise<Browser> {
  shared ??= chromium.connect(endpoint);
  return shared;
}

/** A fresh browser context, desktop by default or a phone when asked. */
export async function openBrowser(
  opts: {
    phone?: boolean;
    locale?: string;
    downloads?: boolean;
    userAgent?: string;
    javaScript?: boolean;
    /** The browser's time zone (IANA); the machine's when not given. */
    timeZone?: string;
  } = {},
): Promise<OpenBrowser> {
  const options: BrowserContextOptions = {
    acceptDownloads: opts.downloads ?? true,
    locale: opts.locale ?? 'en-US',
    ...(opts.timeZone ? { timezoneId: opts.timeZone } : {}),
    javaScriptEnabled: opts.javaScript ?? true,
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    ...(opts.phone
      ? { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
      : { viewport: { width: 1366, height: 900 } }),
  };
  const endpoint = process.env[SHARED_BROWSER_ENV];
  if (endpoint) {
    const context = await (await sharedBrowser(endpoint)).newContext(options);
    return { context, close: () => context.close() };
  }
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  const context = await browser.newContext(options);
  return {
    context,
    async close() {
      await context.close();
      await browser.close();
    },
  };
}

export type { Browser };
