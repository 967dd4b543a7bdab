// Some journeys photograph the screens they walk through for docs/screenshots/{en,ar}/. Only when asked
// (SPECTER_SCREENSHOTS=1 npm run test:e2e): a plain `npm test` checks the product and leaves the tracked pictures
// alone, and spends no time encoding them (docs/RELIABILITY.md, "Test suite speed").
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

export const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
export const photographing = process.env.SPECTER_SCREENSHOTS === '1';

/** A picture of the page (or of one part of it) as docs/screenshots/<lang>/<name>.png, when photographing. */
export async function photograph(
  target: Page | Locator,
  lang: 'en' | 'ar',
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
) {
  if (!photographing) return;
  mkdirSync(path.join(SHOTS, lang), { recursive: true });
  const file = path.join(SHOTS, lang, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
}
