// The closing count of `npm test`: each suite's Vitest JSON report added up, skipped and todo tests
// counted as skipped; a suite that failed without a report counts as one failure.
export function emptyTotals() {
  return { passed: 0, failed: 0, skipped: 0 };
}

export function addReport(totals, report) {
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return totals;
}

export function closingLine(totals) {
  return `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
}
