// The closing summary of `npm test` says where the time went: the ten slowest test files of the unit and e2e
// reports, slowest first, each with its suite and its path relative to the repository.
import { describe, expect, it } from 'vitest';
import { fileDurations, slowestLines } from '../../scripts/lib/slowestFiles.mjs';

const file = (name: string, startTime: number, seconds: number) => ({
  name: `/repo/${name}`,
  startTime,
  endTime: startTime + seconds * 1000,
});

describe('the slowest test files', () => {
  it('ranks the files of every report by wall time, slowest first, and keeps the n slowest', () => {
    const unit = {
      testResults: Array.from({ length: 12 }, (_, i) => file(`tests/server/f${i}.test.ts`, 1_000 * i, i + 1)),
    };
    const e2e = { testResults: [file('tests/e2e/journeys/a.e2e.ts', 0, 30.25)] };
    const reports = [
      { label: 'vitest', report: unit },
      { label: 'e2e', report: e2e },
    ];
    expect(fileDurations(reports, '/repo').map((f) => f.file)).toHaveLength(13);
    const lines = slowestLines(reports, 10, '/repo');
    expect(lines).toEqual([
      'The 10 slowest test files:',
      '   30.3 s  e2e     tests/e2e/journeys/a.e2e.ts',
      '   12.0 s  vitest  tests/server/f11.test.ts',
      '   11.0 s  vitest  tests/server/f10.test.ts',
      '   10.0 s  vitest  tests/server/f9.test.ts',
      '    9.0 s  vitest  tests/server/f8.test.ts',
      '    8.0 s  vitest  tests/server/f7.test.ts',
      '    7.0 s  vitest  tests/server/f6.test.ts',
      '    6.0 s  vitest  tests/server/f5.test.ts',
      '    5.0 s  vitest  tests/server/f4.test.ts',
      '    4.0 s  vitest  tests/server/f3.test.ts',
    ]);
  });

  it('prints nothing when no report has timings (every suite failed before reporting)', () => {
    expect(
      slowestLines([
        { label: 'vitest', report: undefined },
        { label: 'e2e', report: { testResults: [{ name: 'x' }] } },
      ]),
    ).toEqual([]);
  });
});
