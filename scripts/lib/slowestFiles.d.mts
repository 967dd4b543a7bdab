export interface FileReport {
  name: string;
  startTime?: number;
  endTime?: number;
}
export interface LabelledReport {
  label: string;
  report: { testResults?: FileReport[] } | undefined;
}
export interface FileDuration {
  label: string;
  file: string;
  ms: number;
}
export function fileDurations(reports: LabelledReport[], root?: string): FileDuration[];
export function slowestLines(reports: LabelledReport[], n?: number, root?: string): string[];
