import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['worker/src/**/*.test.ts', 'site/src/**/*.test.ts', 'db/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/commerce/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/worker/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
