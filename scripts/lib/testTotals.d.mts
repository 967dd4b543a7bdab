export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}
export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
}
export function emptyTotals(): Totals;
export function addReport(totals: Totals, report: VitestReport): Totals;
export function closingLine(totals: Totals): string;
