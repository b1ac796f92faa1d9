import { describe, expect, it } from 'vitest';
import { freshDataDir, spawnNodeServer } from '../support/node-server.ts';

// Payments fail closed (decision 0060): the Node server refuses to start on a payment
// configuration that would run the wrong provider, and says which variable is missing.

/** Starts the server with `variables`; resolves with its exit code and stderr once it exits or listens. */
async function start(variables: Record<string, string>): Promise<{ code: number | null; stderr: string; listened: boolean }> {
  const server = spawnNodeServer(freshDataDir('payments'), {
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    PAYMENTS: '',
    PUBLIC_URL: '',
    DRX_ADMIN_USERNAME: '',
    DRX_ADMIN_PASSWORD: '',
    ...variables,
  });
  const exited = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
  const listened = await server.listening.then(
    () => true,
    () => false,
  );
  if (listened) server.child.kill('SIGTERM');
  const code = await exited;
  return { code: listened ? null : code, stderr: server.stderr(), listened };
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
