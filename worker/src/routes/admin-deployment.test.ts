import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema/index.ts';
import { createAdminTestApp, expectAdminOnly } from '../../../tests/support/admin-test-app.ts';
import { createSignedInUser, createAdmin, signIn } from '../../../tests/support/factories.ts';
import { useStripeFakeApp } from '../../../tests/support/stripe-app.ts';
import { read, type TestApp } from '../../../tests/support/test-app.ts';
import type { ObjectStore } from '../platform/storage.ts';
import type { ChecksReport } from '../../../shared/deployment-checks.ts';
import { COMMITTED_MIGRATIONS, databaseHostOf, paymentMode } from '../services/deployment.ts';
import { type DeploymentFacts } from '../../../shared/deployment.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  ({ t, adminToken, studentToken } = await createAdminTestApp());
});
afterAll(() => t.close());

const facts = async (token = adminToken) => read<DeploymentFacts>(await t.json('GET', '/api/admin/deployment', undefined, token));
const runChecks = async (app: TestApp = t, token = adminToken) => {
  const res = await app.json('POST', '/api/admin/deployment/checks', undefined, token);
  expect(res.status).toBe(200);
  return read<ChecksReport>(res);
};
const checkOf = (report: ChecksReport, key: string) => report.checks.find((c) => c.key === key)!;

describe('guards', () => {
  it.each([
    ['GET', '/api/admin/deployment'],
    ['POST', '/api/admin/deployment/checks'],
  ])('%s %s is ADMIN only (deployment.read)', async (method, path) => {
    const others = await Promise.all((['CURRICULUM_ADMIN', 'INSTRUCTOR_ADMIN'] as const).map(async (role) => (await createSignedInUser(t.db, { roles: [role] })).token));
    await expectAdminOnly(t, method, path, undefined, studentToken, others);
  });
});

describe('GET /api/admin/deployment', () => {
  it('answers the facts of the test server: Node, the embedded file migrated to the journal, disk uploads, the test provider, no SMTP', async () => {
    const f = await facts();
    expect(f.runtime).toEqual({ kind: 'node', node_version: process.versions.node, app_env: 'test' });
    expect(f.database.kind).toBe('embedded');
    expect(f.database.location).toMatch(/drx\.db$/);
    expect(f.database.migrations).toEqual({ committed: COMMITTED_MIGRATIONS.length, applied: COMMITTED_MIGRATIONS.length, latest_applied: COMMITTED_MIGRATIONS.at(-1)!.tag, pending: [] });
    expect(f.storage.kind).toBe('disk');
    expect(f.payments).toEqual({ mode: 'test-provider', webhook_secret_set: false, api_base_override: false });
    expect(f.mail).toMatchObject({ transport: 'console', smtp_host: null, delivers_here: false });
    expect(f.version.package).toMatch(/^\d+\.\d+\.\d+/);
    expect(f.version.commit).toBeNull();
    expect(f.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(f.health).toMatchObject({ status: 'ok' });
  });

  it('lists migrations the database lacks as pending', async () => {
    const last = COMMITTED_MIGRATIONS.at(-1)!;
    await t.db.run(sql`DELETE FROM __drizzle_migrations WHERE created_at = ${last.when}`);
    try {
      const f = await facts();
      expect(f.database.migrations).toMatchObject({ applied: COMMITTED_MIGRATIONS.length - 1, pending: [last.tag] });
      const migrations = checkOf(await runChecks(), 'migrations');
      expect(migrations.status).toBe('fail');
      expect(migrations.message).toContain(last.tag);
    } finally {
      await t.db.run(sql`INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('restored-by-test', ${last.when})`);
    }
  });

  it('never shows the libSQL token or credentials, only the host; names the Stripe mode from the key', () => {
    expect(databaseHostOf('libsql://user:secret@db-drx.turso.io?authToken=abc')).toBe('db-drx.turso.io');
    expect(databaseHostOf('http://127.0.0.1:8080')).toBe('127.0.0.1:8080');
    const env = t.platform.env;
    expect(paymentMode({ ...env, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec' })).toBe('stripe-live');
    expect(paymentMode({ ...env, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec' })).toBe('stripe-test');
    expect(paymentMode({ ...env, STRIPE_SECRET_KEY: 'sk_live_x' })).toBe('test-provider');
  });

  it('shows a libSQL database by its host only', async () => {
    const original = t.platform.env;
    t.platform.env = { ...original, LIBSQL_URL: 'libsql://drx-prod.example.io', LIBSQL_AUTH_TOKEN: 'very-secret-token', SMTP_URL: 'smtps://u:p4ss@mail.example.io:465' };
    try {
      const res = await t.json('GET', '/api/admin/deployment', undefined, adminToken);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ database: { kind: 'libsql', location: 'drx-prod.example.io' }, mail: { transport: 'smtp', smtp_host: 'mail.example.io:465' } });
      expect(text).not.toContain('very-secret-token');
      expect(text).not.toContain('p4ss');
    } finally {
      t.platform.env = original;
    }
  });
});

describe('the mail transport it reports', () => {
  it('names an HTTP mail provider and its host, before SMTP, and never the key', async () => {
    const original = t.platform.env;
    t.platform.env = { ...original, MAIL_HTTP_PROVIDER: 'resend', MAIL_API_KEY: 're_very_secret_key', SMTP_URL: 'smtps://u:p4ss@mail.example.io:465' };
    try {
      const res = await t.json('GET', '/api/admin/deployment', undefined, adminToken);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({ mail: { transport: 'http', http_provider: 'Resend', http_host: 'api.resend.com' } });
      expect(text).not.toContain('re_very_secret_key');
      t.platform.env = { ...original, MAIL_HTTP_PROVIDER: 'resend', MAIL_API_KEY: 're_very_secret_key', MAIL_API_URL: 'http://127.0.0.1:9/emails' };
      const local = (await (await t.json('GET', '/api/admin/deployment', undefined, adminToken)).json()) as { mail: { http_host: string } };
      expect(local.mail.http_host).toBe('127.0.0.1:9');
    } finally {
      t.platform.env = original;
    }
  });
});

describe('POST /api/admin/deployment/checks', () => {
  it('passes every check on the test app, and leaves no probe object behind', async () => {
    const report = await runChecks();
    expect(report.checks.map((c) => [c.key, c.status])).toEqual([
      ['database', 'ok'],
      ['migrations', 'ok'],
      ['storage', 'ok'],
      ['payments', 'ok'],
      ['outbox', 'ok'],
    ]);
    expect(report.status).toBe('ok');
    expect(checkOf(report, 'database').message).toMatch(/SELECT 1 in [\d.]+ ms/);
    expect(checkOf(report, 'payments').message).toContain('built-in test provider');
  });

  it('fails the payments check, in the words the server refuses to start with, on a payment configuration with a problem (decision 0060)', async () => {
    const original = t.platform.env;
    const cases: [Partial<typeof original>, string][] = [
      [{ STRIPE_SECRET_KEY: 'sk_test_half' }, 'STRIPE_WEBHOOK_SECRET is not set: set it beside STRIPE_SECRET_KEY, or unset both to use the test provider on a local demo.'],
      [{ STRIPE_WEBHOOK_SECRET: 'whsec_half' }, 'STRIPE_SECRET_KEY is not set: set it beside STRIPE_WEBHOOK_SECRET, or unset both to use the test provider on a local demo.'],
      [
        { DRX_ADMIN_USERNAME: 'owner', DRX_ADMIN_PASSWORD: 'a-real-secret-42' },
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set on a deployment (DRX_ADMIN_USERNAME is set, DRX_ADMIN_PASSWORD is set): set both, or set PAYMENTS=test to use the test provider on purpose.',
      ],
    ];
    try {
      for (const [variables, message] of cases) {
        t.platform.env = { ...original, ...variables };
        const report = await runChecks();
        expect(checkOf(report, 'payments')).toMatchObject({ status: 'fail', message });
        expect(report.status).toBe('fail');
      }
      t.platform.env = { ...original, DRX_ADMIN_USERNAME: 'owner', PAYMENTS: 'test' };
      expect(checkOf(await runChecks(), 'payments')).toMatchObject({ status: 'ok' });
    } finally {
      t.platform.env = original;
    }
  });

  it('reports a storage that throws as a failed check, not a 500', async () => {
    const storage = t.platform.storage;
    const broken: ObjectStore = { ...storage, put: async () => { throw new Error('Disk is read-only'); } };
    t.platform.storage = broken;
    try {
      const report = await runChecks();
      expect(checkOf(report, 'storage')).toMatchObject({ status: 'fail', message: 'Disk is read-only' });
      expect(checkOf(report, 'database').status).toBe('ok');
      expect(report.status).toBe('fail');
    } finally {
      t.platform.storage = storage;
    }
  });

  it('reports a storage that loses the object as failed', async () => {
    const storage = t.platform.storage;
    t.platform.storage = { ...storage, get: async () => null };
    try {
      expect(checkOf(await runChecks(), 'storage')).toMatchObject({ status: 'fail', message: 'A probe object was written but could not be read back.' });
    } finally {
      t.platform.storage = storage;
    }
  });

  it('warns about failed emails in the outbox', async () => {
    const [row] = await t.db.insert(emailOutbox).values({ toAddress: 'x@example.com', subject: 'S', textBody: 'T', kind: 'test', status: 'failed', error: 'Refused' }).returning();
    try {
      const outbox = checkOf(await runChecks(), 'outbox');
      expect(outbox.status).toBe('warn');
      expect(outbox.message).toContain('1 email(s) failed to send');
    } finally {
      await t.db.delete(emailOutbox).where(sql`id = ${row!.id}`);
    }
  });
});

describe('with Stripe (the local fake)', () => {
  const stripe = useStripeFakeApp({ secretKey: 'sk_test_deployment', webhookSecret: 'whsec_deployment' });

  it('shows Stripe test mode and reaches the provider; a provider error is a failed check', async () => {
    const token = await signIn(stripe.app.db, (await createAdmin(stripe.app.db)).id);
    const f = await read<DeploymentFacts>(await stripe.app.json('GET', '/api/admin/deployment', undefined, token));
    expect(f.payments).toEqual({ mode: 'stripe-test', webhook_secret_set: true, api_base_override: true });
    const report = await runChecks(stripe.app, token);
    expect(checkOf(report, 'payments')).toMatchObject({ status: 'ok' });
    expect(checkOf(report, 'payments').message).toContain('Stripe answered in test mode');
    expect(stripe.fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/balance')).toBe(true);

    stripe.fake.failNext(500, 2);
    const failing = checkOf(await runChecks(stripe.app, token), 'payments');
    expect(failing.status).toBe('fail');
  });
});
