// Which tests failed, for the closing summary of `npm test`: a CI log is often read from its end only, and
// a failure printed minutes of output earlier is lost there. Each failed test (or a file that failed before
// its tests ran) is named with its suite, its file and the first line of its message.
import path from 'node:path';

// The escape character written as a string: a control character in a regular expression literal reads as a typo.
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const firstLine = (text) =>
  String(text ?? '')
    .replace(COLOURS, '') // colour codes, as a terminal reporter leaves them
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean) ?? '';

/** Every failure of the reports: `{ label, file, test, message }`, `test` empty for a file that failed whole. */
export function failures(reports, root = process.cwd()) {
  const found = [];
  for (const { label, report } of reports) {
    for (const r of report?.testResults ?? []) {
      const file = path.relative(root, r.name ?? '');
      const failedTests = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedTests)
        found.push({ label, file, test: a.fullName ?? a.title ?? '', message: firstLine(a.failureMessages?.[0]) });
      if (!failedTests.length && r.status === 'failed')
        found.push({ label, file, test: '', message: firstLine(r.message) });
    }
  }
  return found;
}

/** The closing summary's lines about failures, at most `n` named; none when everything passed. */
export function failedLines(reports, n = 20, root = process.cwd()) {
  const all = failures(reports, root);
  if (!all.length) return [];
  const lines = [`Failed (${all.length}):`];
  for (const f of all.slice(0, n)) {
    lines.push(`  ${f.label}  ${f.file}${f.test ? ` > ${f.test}` : ''}`);
    if (f.message) lines.push(`      ${f.message.slice(0, 300)}`);
  }
  if (all.length > n) lines.push(`  ... and ${all.length - n} more`);
  return lines;
}
