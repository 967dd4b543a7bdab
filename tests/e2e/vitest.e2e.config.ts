import { defineConfig } from 'vitest/config';

// The browser journeys run one file at a time against one production build of the product.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    passWithNoTests: true,
  },
});
