export interface AssertionReport {
  status?: string;
  fullName?: string;
  title?: string;
  failureMessages?: string[];
}
export interface FileResult {
  name?: string;
  status?: string;
  message?: string;
  assertionResults?: AssertionReport[];
}
export interface LabelledResults {
  label: string;
  report: { testResults?: FileResult[] } | undefined;
}
export interface Failure {
  label: string;
  file: string;
  test: string;
  message: string;
}
export function failures(reports: LabelledResults[], root?: string): Failure[];
export function failedLines(reports: LabelledResults[], n?: number, root?: string): string[];
