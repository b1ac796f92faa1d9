import { test as base, expect, type Page } from '@playwright/test';
import { BASE_PORT, startWorkerServer, type RunningServer } from './server.ts';

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

const DEMO_USERNAMES = new Set<string>(Object.values(ACCOUNTS));

let counter = 0;
/** A unique username for accounts a test creates. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}

type StorageState = { cookies: []; origins: { origin: string; localStorage: { name: string; value: string }[] }[] };

type Fixtures = {
  /** Signs in by creating a session through the API and storing its token, as the app does. */
  loginAs: (username: string, password?: string) => Promise<string>;
  /** A demo account whose saved sign-in every page of the test starts with (null: signed out). */
  signedInAs: string | null;
};

type WorkerFixtures = {
  /** This worker's own server, on its own copy of the seeded demo database (server.ts). */
  server: RunningServer;
  /** The saved sign-in of a demo account: one sign-in per account and worker. */
  savedSignIn: (username: string) => Promise<StorageState>;
};

let workerServer: RunningServer | undefined;

/** The data folder of this worker's server: specs that write its database directly open drx.db in it. */
export function serverDataDir(): string {
  if (!workerServer) throw new Error('The worker has no server yet: use this inside a test.');
  return workerServer.dataDir;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      workerServer = await startWorkerServer(BASE_PORT + 1 + workerInfo.workerIndex);
      await use(workerServer);
      await workerServer.stop();
      workerServer = undefined;
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  savedSignIn: [
    async ({ server, playwright }, use) => {
      const saved = new Map<string, Promise<StorageState>>();
      const api = await playwright.request.newContext({ baseURL: server.baseURL });
      await use((username) => {
        if (!saved.has(username)) {
          saved.set(
            username,
            (async () => {
              const res = await api.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
              expect(res.ok(), `login as ${username}`).toBeTruthy();
              const { access_token } = (await res.json()) as { access_token: string };
              return { cookies: [], origins: [{ origin: server.baseURL, localStorage: [{ name: 'access_token', value: access_token }] }] };
            })(),
          );
        }
        return saved.get(username)!;
      });
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, savedSignIn, storageState }, use) => use(signedInAs ? await savedSignIn(signedInAs) : storageState),
  loginAs: async ({ page, request, savedSignIn }, use) => {
    await use(async (username, password = DEMO_PASSWORD) => {
      let token: string;
      // A demo account's saved sign-in serves every test of the worker; other accounts sign in here.
      if (password === DEMO_PASSWORD && DEMO_USERNAMES.has(username)) {
        token = (await savedSignIn(username)).origins[0]!.localStorage[0]!.value;
      } else {
        const res = await request.post('/api/login', { data: { username, password } });
        expect(res.ok(), `login as ${username}`).toBeTruthy();
        token = ((await res.json()) as { access_token: string }).access_token;
      }
      await page.addInitScript((t) => {
        window.localStorage.setItem('access_token', t);
      }, token);
      return token;
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
