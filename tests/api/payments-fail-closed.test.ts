import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, templateDb, tmpDir } from '../support/paths.ts';

// Payments fail closed (decision 0060): the Node server refuses to start on a payment
// configuration that would run the wrong provider, and says which variable is missing.

/** Starts worker/src/node.ts with `variables`; resolves with its exit code and output once it exits or listens. */
function start(variables: Record<string, string>): Promise<{ code: number | null; stderr: string; listened: boolean }> {
  const dataDir = resolve(tmpDir, randomUUID());
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(templateDb, resolve(dataDir, 'drx.db'));
  const child = spawn(process.execPath, [resolve(root, 'worker/src/node.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DRX_SEED: 'none',
      APP_ENV: 'test',
      LIBSQL_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      PAYMENTS: '',
      PUBLIC_URL: '',
      DRX_ADMIN_USERNAME: '',
      DRX_ADMIN_PASSWORD: '',
      ...variables,
    },
  });
  let stdout = '';
  let stderr = '';
  return new Promise((done) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('DRX is running at')) {
        child.once('exit', () => done({ code: null, stderr, listened: true }));
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => {
      if (!stdout.includes('DRX is running at')) done({ code, stderr, listened: false });
    });
  });
}

describe('the Node server with a payment configuration that would run the wrong provider', () => {
  it('refuses to start with STRIPE_SECRET_KEY alone, naming STRIPE_WEBHOOK_SECRET', async () => {
    const run = await start({ STRIPE_SECRET_KEY: 'sk_test_half' });
    expect(run.listened).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('STRIPE_WEBHOOK_SECRET is not set: set it beside STRIPE_SECRET_KEY, or unset both to use the test provider on a local demo');
  }, 60_000);

  it('refuses to start with STRIPE_WEBHOOK_SECRET alone, naming STRIPE_SECRET_KEY', async () => {
    const run = await start({ STRIPE_WEBHOOK_SECRET: 'whsec_half' });
    expect(run.listened).toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('STRIPE_SECRET_KEY is not set: set it beside STRIPE_WEBHOOK_SECRET');
  }, 60_000);

  it('refuses to start the test provider on a deployment without PAYMENTS=test, and starts with it', async () => {
    const refused = await start({ PUBLIC_URL: 'https://drx.example' });
    expect(refused.listened).toBe(false);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set on a deployment (PUBLIC_URL is not local)');
    expect(refused.stderr).toContain('set PAYMENTS=test');
    const explicit = await start({ PUBLIC_URL: 'https://drx.example', PAYMENTS: 'test' });
    expect(explicit.listened).toBe(true);
  }, 60_000);
});
