import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: the web app in jsdom (msw stands in for the API), the server on an embedded PGlite,
// and - when DATABASE_URL is set - the same server suites again on a real PostgreSQL.
const serverProject = (name: string, env: Record<string, string>, groupOrder: number) => ({
  test: {
    name,
    // Each project its own group: they run one after another, each with its own worker count.
    sequence: { groupOrder },
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    env,
    // PGlite instances are big (STACK.md): one per file, two files at a time on this 2-core machine.
    pool: 'forks' as const,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          sequence: { groupOrder: 0 },
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      serverProject('server', { TEST_DB: 'pglite' }, 1),
      ...(process.env.DATABASE_URL ? [serverProject('server-pg', { TEST_DB: 'postgres' }, 2)] : []),
    ],
  },
});
