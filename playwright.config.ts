import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4400);
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** End-to-end tests in Debian's Chromium against the built app, started as `npm start` would. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
  // Tests tagged @plan-prices change a plan's price for a moment (put back after): they run once
  // every other test has finished, so no checkout or price shown elsewhere meets the changed price.
  // Tests tagged @site-settings close registration or rename the site for a moment (put back
  // after): they run last of all, so no other test meets a closed switch.
  projects: [
    { name: 'chromium', grepInvert: /@plan-prices|@site-settings/ },
    { name: 'plan-prices', grep: /@plan-prices/, dependencies: ['chromium'] },
    { name: 'site-settings', grep: /@site-settings/, dependencies: ['plan-prices'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { E2E_PORT: String(port) },
  },
});
