import { defineConfig } from 'vitest/config';

/**
 * The stores' tests stand in a browser's globals (localStorage, location, fetch) and load store
 * modules that start themselves on import, so each of their files gets fresh modules (isolated).
 * Every other file (domain, API, services, database, workerd, page logic) builds its own app on
 * its own copy of the template database and leaves no global behind: those files share the modules
 * their worker already loaded, which saves importing the app again for each file (most of the
 * run's time before).
 */
const isolated = ['site/src/stores/**/*.test.ts', 'site/src/lib/upload.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/hash-cost.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'stores', include: isolated, isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['site/src/**/*.test.ts', 'shared/**/*.test.ts', 'worker/src/**/*.test.ts', 'db/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/commerce/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/worker/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: isolated,
          isolate: false,
        },
      },
    ],
  },
});
