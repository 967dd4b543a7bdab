import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: the web app in happy-dom (msw stands in for the API), the server on an embedded PGlite,
// and the same server suites again on a real PostgreSQL. Without DATABASE_URL that third project is not
// dropped in silence: a name pattern nothing matches collects its tests and reports every one as skipped.
const MATCHES_NO_TEST = '^(?!)';

const serverProject = (
  name: string,
  env: Record<string, string>,
  groupOrder: number,
  skipAll = false,
  include = ['tests/server/**/*.test.ts'],
  workers = 3,
) => ({
  test: {
    name,
    include,
    ...(skipAll ? { testNamePattern: MATCHES_NO_TEST } : {}),
    // Each project its own group: they run one after another, each with its own worker count.
    sequence: { groupOrder },
    environment: 'node',
    env,
    // One migrated database per run, copied by each file (tests/server/helpers/globalSetup.ts).
    globalSetup: ['tests/server/helpers/globalSetup.ts'],
    // Three files at a time on this 2-core machine: a file waits on a timer, a stand-in or PostgreSQL part of its
    // time (on PGlite 78 -> 71 s, on PostgreSQL 67 -> 57-61 s with three instead of two; docs/RELIABILITY.md).
    pool: 'forks' as const,
    maxWorkers: workers,
    // Each worker loads the server's modules once and runs its files one after another, instead of a fresh
    // process per file (docs/RELIABILITY.md, "Test suite speed"). A file owns
    // its app and database (tests/server/helpers), so nothing of one file is left for the next.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) is less than a background write can take on a slow CI machine (as in the
    // journeys' config): a poll that never matches still fails, only later.
    expect: { poll: { timeout: 15_000 } },
  },
});

const webProject = (name: string, include: string[], extra: { isolate?: boolean; setupFiles?: string[] } = {}) => ({
  plugins: [react()],
  test: {
    name,
    sequence: { groupOrder: 0 },
    include,
    // happy-dom, not jsdom: the same 41 back-office and public files in 81 s instead of 127 s here (jsdom's computed
    // styles, which Testing Library's role and visibility checks ask for on every query, were a fifth of its time;
    // docs/RELIABILITY.md, "Test suite speed").
    environment: 'happy-dom' as const,
    // Three files at a time on this 2-core machine (Vitest's default is one fewer than the cores: one here): a
    // file waits on its renders' timers part of its time (66 -> 58 s with three instead of two).
    maxWorkers: 3,
    globals: true,
    setupFiles: ['tests/web/setup.ts'],
    // A file's first render loads the admin's screens in the test DOM: 5-10 s alone, over 20 s when other work
    // shares the two cores (seen at load 14-20: timeouts only, every check passing when it finished).
    testTimeout: 60_000,
    ...extra,
  },
});

export default defineConfig({
  test: {
    // Each file's tests run in a shuffled order (the files keep theirs: slowest first), so a test that leans on
    // what an earlier test of its file left behind fails. The run prints its seed at the start ("Running tests with
    // seed N"); the same order again: `npx vitest run --sequence.seed=N <file>` (docs/RELIABILITY.md, "Tests that
    // stand alone"). Set once here for every project: Vitest shuffles by the root's setting, not a project's.
    sequence: { shuffle: { files: false, tests: true } },
    projects: [
      webProject(
        'web',
        ['tests/web/admin/**/*.test.{ts,tsx}', 'tests/web/resources/**/*.test.{ts,tsx}', 'tests/web/*.test.ts'],
        {
          // Each worker loads React, MUI and react-admin once and runs its files one after another (half the
          // project's time; docs/RELIABILITY.md, "Test suite speed"). The DOM is still new per file, and
          // tests/web/freshPage.ts starts each file as a fresh page would (language, storage, spies, sign-in).
          isolate: false,
          setupFiles: ['tests/web/setup.ts', 'tests/web/freshPage.ts'],
        },
      ),
      // The public pages keep a fresh module set per file: their entry wires the document once when it loads.
      webProject('web-public', ['tests/web/public/**/*.test.{ts,tsx}']),
      // The server project also runs the tests of the test tooling itself (tests/scripts), once.
      serverProject('server', { TEST_DB: 'pglite' }, 1, false, [
        'tests/server/**/*.test.ts',
        'tests/scripts/**/*.test.ts',
        'tests/lint/**/*.test.ts',
      ]),
      serverProject('server-pg', { TEST_DB: 'postgres' }, 2, !process.env.DATABASE_URL),
    ],
  },
});
