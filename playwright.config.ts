import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Debian's Chromium. Its old headless shell (package chromium-headless-shell) is what Playwright
 * itself runs headless: without the full browser's compositor it spent 2.4× less CPU on the same
 * page visits here (decision 0038), so it is preferred when installed. CHROMIUM_PATH overrides.
 */
const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/**
 * End-to-end tests in Debian's Chromium against the built app, started as `npm start` would.
 * Every worker serves its own copy of the seeded demo database on its own port (tests/e2e/server.ts,
 * started by the `server` fixture of tests/e2e/fixtures.ts), so tests run in any order and on any
 * worker.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : process.env.CI ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    // A trace records a screencast of every page: kept for a retry only, it costs nothing when the
    // first attempt passes (recording every test cost more CPU than the pages themselves).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
