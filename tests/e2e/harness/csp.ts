// Collects Content-Security-Policy violations Chromium reports in a page's console (docs/RELIABILITY.md, Security: the
// built app must pass its own CSP with none).
import type { Page } from 'playwright-core';

const violations: string[] = [];

export function watchCsp(page: Page) {
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(m.text()))
      violations.push(m.text().slice(0, 300));
  });
}

export const cspViolations = () => [...violations];
