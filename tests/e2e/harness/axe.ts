// An accessibility check of the screen a journey shows (issue 49): axe-core's WCAG 2.1 A and AA rules, its source
// handed to the page through the DevTools protocol (page.evaluate: the product's CSP, which allows no inline
// script, does not apply to it), run on the whole document. A journey expects no violation on any screen it opens.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  screen: string;
  rule: string;
  impact: string | null;
  targets: string[];
  summary: string;
}

/** The WCAG 2.1 AA violations on the page as it is now, each named with `screen`. */
export async function axeViolations(page: Page, screen: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
    }
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').slice(0, 300),
    }));
  }, TAGS);
  return found.map((v) => ({ screen, ...v }));
}

/** A journey's axe-core record: `check` runs the rules on the screen as it is once the network is quiet, lists what
 * it finds as it goes and keeps it in `violations`, which the journey's last test expects empty. */
export function axeRecord() {
  const violations: AxeViolation[] = [];
  async function check(page: Page, screen: string) {
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const found = await axeViolations(page, screen);
    for (const v of found) console.log(`[axe] ${v.screen}: ${v.rule} (${v.impact}) ${v.targets.join(' | ')}`);
    violations.push(...found);
  }
  return { violations, check };
}
