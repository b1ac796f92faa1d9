import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, existingDemoAccounts } from '../../db/seed.ts';
import { createApp } from '../../worker/src/app.ts';
import { parseEnv } from '../../worker/src/platform/env.ts';
import { createNodePlatform } from '../../worker/src/platform/node-platform.ts';
import { tmpDir } from '../support/paths.ts';

/**
 * Demo accounts only on a demo (decision 0016), as the attacker did it: read the README's demo password, then sign in as `admin` on
 * someone's deployment. A deployment (here: `npm start`'s platform with a configured admin) has
 * demo content but no demo login.
 */
const closers: (() => void)[] = [];
afterAll(() => {
  for (const close of closers) close();
});

async function startAs(variables: Record<string, string>) {
  const dir = resolve(tmpDir, `start-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const platform = await createNodePlatform(parseEnv({ APP_ENV: 'test', DATA_DIR: dir, ...variables }));
  closers.push(() => platform.close());
  const app = createApp();
  const login = (username: string, password: string) =>
    app.request(
      '/api/login',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) },
      { platform, clientAddress: '203.0.113.77' },
    );
  return { platform, app, login };
}

describe('the README demo password on a deployment', () => {
  it('signs in as nobody where a real admin is configured; the real admin signs in; demo courses are there', async () => {
    const { platform, app, login } = await startAs({ DRX_ADMIN_USERNAME: 'studio-owner', DRX_ADMIN_PASSWORD: 'a-real-secret-42' });
    for (const account of DEMO_ACCOUNTS) expect((await login(account.username, DEMO_PASSWORD)).status, account.username).toBe(401);
    expect((await login('studio-owner', 'a-real-secret-42')).status).toBe(200);
    expect(await existingDemoAccounts(platform.db)).toEqual([]);
    const courses = await app.request('/api/courses', {}, { platform });
    expect(((await courses.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  }, 60_000);

  it('closes the demo logins of a database first started as a local demo once an admin is configured', async () => {
    const dir = resolve(tmpDir, `start-${randomUUID()}`);
    mkdirSync(dir, { recursive: true });
    const demo = await createNodePlatform(parseEnv({ APP_ENV: 'test', DATA_DIR: dir }));
    expect((await existingDemoAccounts(demo.db)).length).toBe(DEMO_ACCOUNTS.length);
    demo.close();

    const restarted = await createNodePlatform(
      parseEnv({ APP_ENV: 'test', DATA_DIR: dir, DRX_ADMIN_USERNAME: 'studio-owner', DRX_ADMIN_PASSWORD: 'a-real-secret-42' }),
    );
    closers.push(() => restarted.close());
    const res = await createApp().request(
      '/api/login',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }) },
      { platform: restarted, clientAddress: '203.0.113.78' },
    );
    expect(res.status).toBe(401);
    expect(await existingDemoAccounts(restarted.db)).toEqual([]);
  }, 60_000);

  it('DRX_SEED=none makes no demo login either', async () => {
    const { login } = await startAs({ DRX_SEED: 'none' });
    expect((await login('admin', DEMO_PASSWORD)).status).toBe(401);
  }, 60_000);
});
