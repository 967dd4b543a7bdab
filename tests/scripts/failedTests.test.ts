// The closing summary of `npm test` names what failed, so a CI log read from its end says which test to open:
// each failed test with its suite, file and first message line; a file that failed before its tests ran; nothing
// when all passed.
import { describe, expect, it } from 'vitest';
import { failedLines, failures } from '../../scripts/lib/failedTests.mjs';

const passed = { status: 'passed', fullName: 'a passing test', failureMessages: [] };

describe('the failed tests in the closing summary', () => {
  it('names each failed test with its suite, its file and the first line of its message, colours removed', () => {
    const unit = {
      testResults: [
        {
          name: '/repo/tests/server/a.test.ts',
          status: 'failed',
          assertionResults: [
            passed,
            {
              status: 'failed',
              fullName: 'orders > lists the oldest last',
              failureMessages: ['\n\u001b[31mAssertionError: expected 2 to be 3\u001b[39m\n    at x.ts:1'],
            },
          ],
        },
        { name: '/repo/tests/server/b.test.ts', status: 'passed', assertionResults: [passed] },
      ],
    };
    const e2e = {
      testResults: [{ name: '/repo/tests/e2e/journeys/c.e2e.ts', status: 'failed', message: 'Hook timed out' }],
    };
    const reports = [
      { label: 'vitest', report: unit },
      { label: 'e2e', report: e2e },
    ];
    expect(failures(reports, '/repo')).toHaveLength(2);
    expect(failedLines(reports, 20, '/repo')).toEqual([
      'Failed (2):',
      '  vitest  tests/server/a.test.ts > orders > lists the oldest last',
      '      AssertionError: expected 2 to be 3',
      '  e2e  tests/e2e/journeys/c.e2e.ts',
      '      Hook timed out',
    ]);
  });

  it('says nothing when every test passed, and counts what it leaves out past n', () => {
    const ok = { testResults: [{ name: '/repo/x.test.ts', status: 'passed', assertionResults: [passed] }] };
    expect(
      failedLines([
        { label: 'vitest', report: ok },
        { label: 'e2e', report: undefined },
      ]),
    ).toEqual([]);
    const many = {
      testResults: Array.from({ length: 3 }, (_, i) => ({ name: `/repo/f${i}.test.ts`, status: 'failed' })),
    };
    const lines = failedLines([{ label: 'vitest', report: many }], 2, '/repo');
    expect(lines[0]).toBe('Failed (3):');
    expect(lines.at(-1)).toBe('  ... and 1 more');
  });
});
