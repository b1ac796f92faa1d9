import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'drx-demo-2026';

/** Demo accounts of the seed (db/seed.ts DEMO_ACCOUNTS). */
export const ACCOUNTS = {
  student: 'student',
  seller: 'seller',
  curriculumSeller: 'curriculum_seller',
  instructorAdmin: 'instructor_admin',
  curriculumAdmin: 'curriculum_admin',
  admin: 'admin',
  multirole: 'multirole',
} as const;

let counter = 0;
/** A unique username for accounts a test creates. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}

type Fixtures = {
  /** Signs in by creating a session through the API and storing its token, as the app does. */
  loginAs: (username: string, password?: string) => Promise<string>;
};

export const test = base.extend<Fixtures>({
  loginAs: async ({ page, request }, use) => {
    await use(async (username, password = DEMO_PASSWORD) => {
      const res = await request.post('/api/login', { data: { username, password } });
      expect(res.ok(), `login as ${username}`).toBeTruthy();
      const { access_token } = (await res.json()) as { access_token: string };
      await page.addInitScript((token) => {
        window.localStorage.setItem('access_token', token);
      }, access_token);
      return access_token;
    });
  },
});

export { expect };

/** Registers a fresh account through the API and returns its credentials. */
export async function registerUser(page: Page, prefix = 'user') {
  const username = uniqueName(prefix);
  const password = 'correct-horse-42';
  const res = await page.request.post('/api/register', { data: { username, password, first_name: 'Test', last_name: 'Dancer' } });
  expect(res.status()).toBe(201);
  return { username, password };
}

/**
 * Waits until the page's islands have hydrated (Astro drops the `ssr` attribute then):
 * islands hydrate when the browser is idle, and a click on server-rendered markup before that
 * does nothing.
 */
export async function hydrated(page: Page): Promise<void> {
  // A guard renders the page's own islands only once the user is known; wait for that first.
  // (exact: the guard's own line, not a page that quotes it, such as the documentation's decision records)
  await expect(page.getByText('Verifying authentication...', { exact: true })).toHaveCount(0);
  // client:visible islands below the fold hydrate only when scrolled to; they are not waited for.
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
}
