// Where the suite's time goes: the slowest test files of the Vitest JSON reports (unit and e2e), for the
// closing summary of `npm test`. A file run by two projects (server on PGlite, server-pg) appears once per run.
import path from 'node:path';

/** Every file of the reports with its wall time in ms, slowest first. */
export function fileDurations(reports, root = process.cwd()) {
  const files = [];
  for (const { label, report } of reports) {
    for (const r of report?.testResults ?? []) {
      if (typeof r.startTime !== 'number' || typeof r.endTime !== 'number') continue;
      files.push({ label, file: path.relative(root, r.name), ms: Math.max(0, r.endTime - r.startTime) });
    }
  }
  return files.sort((a, b) => b.ms - a.ms);
}

/** The closing summary's lines: the `n` slowest files, e.g. "  12.3 s  server  tests/server/x.test.ts". */
export function slowestLines(reports, n = 10, root = process.cwd()) {
  const slowest = fileDurations(reports, root).slice(0, n);
  if (!slowest.length) return [];
  const width = Math.max(...slowest.map((f) => f.label.length));
  return [
    `The ${slowest.length} slowest test files:`,
    ...slowest.map((f) => `${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.label.padEnd(width)}  ${f.file}`),
  ];
}
