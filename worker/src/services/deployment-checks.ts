import { and, count, eq, lt } from 'drizzle-orm';
import { emailOutbox } from '../../../db/schema/index.ts';
import type { Platform } from '../platform/context.ts';
import { databaseRoundTrip, migrationState, paymentMode } from './deployment.ts';
import { httpMailConfigProblem, httpMailProviderLabel } from '../platform/http-mailer.ts';
import { paymentConfigurationProblem, providerNameOf } from './payments/provider.ts';
import { createStripeClient } from './payments/stripe-provider.ts';
import type { CheckStatus, ChecksReport, CheckResult } from '../../../shared/deployment-checks.ts';

/** A check gives up after this long (a hanging database or provider is a failure to report). */
export const CHECK_TIMEOUT_MS = 10_000;
/** A database round trip slower than this is a warning. */
export const SLOW_DATABASE_MS = 250;
/** An email still pending after this long means nothing delivers it. */
export const STUCK_PENDING_MINUTES = 30;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'Unknown error';

type Outcome = { status: CheckStatus; message: string };

interface CheckDef {
  key: string;
  label: string;
  run: (platform: Platform) => Promise<Outcome>;
}

async function databaseCheck(platform: Platform): Promise<Outcome> {
  const ms = await databaseRoundTrip(platform.db);
  return ms > SLOW_DATABASE_MS ? { status: 'warn', message: `The database answered, slowly: ${ms} ms for SELECT 1.` } : { status: 'ok', message: `The database answered SELECT 1 in ${ms} ms.` };
}

async function migrationsCheck(platform: Platform): Promise<Outcome> {
  const state = await migrationState(platform.db);
  if (state.pending.length === 0) return { status: 'ok', message: `All ${state.committed} committed migrations are applied (latest ${state.latest_applied ?? 'none'}).` };
  return { status: 'fail', message: `${state.pending.length} committed migration(s) not applied: ${state.pending.join(', ')}. Restart with npm start (Node) or run npm run db:migrate:remote.` };
}

async function storageCheck(platform: Platform): Promise<Outcome> {
  const key = `deployment-probe/${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}.txt`;
  const text = `DRX storage probe ${new Date().toISOString()}`;
  const bytes = new TextEncoder().encode(text);
  await platform.storage.put(key, bytes, 'text/plain');
  try {
    const object = await platform.storage.get(key);
    if (!object) return { status: 'fail', message: 'A probe object was written but could not be read back.' };
    const back = await new Response(object.body).text();
    if (back !== text) return { status: 'fail', message: 'A probe object was read back with different bytes.' };
  } finally {
    await platform.storage.delete(key);
  }
  if (await platform.storage.head(key)) return { status: 'fail', message: 'A probe object was written and read, but deleting it did not remove it.' };
  return { status: 'ok', message: `A probe object of ${bytes.length} bytes was written, read back and deleted.` };
}

async function paymentsCheck(platform: Platform): Promise<Outcome> {
  // A configuration that would run the wrong provider fails, in the words the Node server refuses to start with (decision 0060).
  const problem = paymentConfigurationProblem(platform.env);
  if (problem) return { status: 'fail', message: `${problem}.` };
  const mode = paymentMode(platform.env);
  if (providerNameOf(platform.env) !== 'stripe') {
    return { status: 'ok', message: 'The built-in test provider is in use (no Stripe keys): checkouts are simulated and no card is charged.' };
  }
  const balance = await createStripeClient(platform.env).balance.retrieve();
  const live = balance.livemode ? 'live' : 'test';
  const expected = mode === 'stripe-live' ? 'live' : 'test';
  if (live !== expected) return { status: 'warn', message: `Stripe answered in ${live} mode, but the key is a ${expected} key.` };
  return { status: 'ok', message: `Stripe answered in ${live} mode${platform.env.STRIPE_API_BASE ? ` (at ${new URL(platform.env.STRIPE_API_BASE).host})` : ''}; the webhook secret is set.` };
}

async function outboxCheck(platform: Platform): Promise<Outcome> {
  // HTTP mail half configured fails closed, in the words Node's start-up refusal uses (decision 0062).
  const mailProblem = httpMailConfigProblem(platform.env);
  if (mailProblem) return { status: 'fail', message: mailProblem };
  const { db } = platform;
  const cutoff = new Date(Date.now() - STUCK_PENDING_MINUTES * 60_000).toISOString();
  const [[failed], [stuck]] = await Promise.all([
    db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'failed')),
    db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), lt(emailOutbox.createdAt, cutoff))),
  ]);
  const failedCount = failed?.n ?? 0;
  const stuckCount = stuck?.n ?? 0;
  const problems = [
    ...(failedCount ? [`${failedCount} email(s) failed to send`] : []),
    ...(stuckCount ? [`${stuckCount} email(s) pending for more than ${STUCK_PENDING_MINUTES} minutes`] : []),
  ];
  if (problems.length) return { status: 'warn', message: `${problems.join('; ')}. See /admin/messages.` };
  const provider = httpMailProviderLabel(platform.env);
  const how = platform.mailer ? (provider ? `delivered by ${provider} over HTTP` : 'delivered by SMTP') : platform.env.SMTP_URL ? 'waiting for delivery (this runtime has no SMTP)' : 'kept in the outbox (no SMTP configured)';
  return { status: 'ok', message: `No failed emails; new ones are ${how}.` };
}

export const CHECKS: readonly CheckDef[] = [
  { key: 'database', label: 'Database round trip', run: databaseCheck },
  { key: 'migrations', label: 'Migrations up to date', run: migrationsCheck },
  { key: 'storage', label: 'Object store write, read, delete', run: storageCheck },
  { key: 'payments', label: 'Payment provider reachable', run: paymentsCheck },
  { key: 'outbox', label: 'Email delivery', run: outboxCheck },
];

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const RANK: Record<CheckStatus, number> = { ok: 0, warn: 1, fail: 2 };

/** Runs every check side by side; each failure is reported in its own row. */
export async function runDeploymentChecks(platform: Platform, checks: readonly CheckDef[] = CHECKS): Promise<ChecksReport> {
  const results = await Promise.all(
    checks.map(async (check): Promise<CheckResult> => {
      const started = performance.now();
      let outcome: Outcome;
      try {
        outcome = await withTimeout(
          Promise.resolve().then(() => check.run(platform)),
          CHECK_TIMEOUT_MS,
        );
      } catch (err) {
        outcome = { status: 'fail', message: messageOf(err) };
      }
      return { key: check.key, label: check.label, ...outcome, ms: Math.round(performance.now() - started) };
    }),
  );
  const status = results.reduce<CheckStatus>((worst, r) => (RANK[r.status] > RANK[worst] ? r.status : worst), 'ok');
  return { status, checked_at: new Date().toISOString(), checks: results };
}
