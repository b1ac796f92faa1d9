import { sql } from 'drizzle-orm';
import journal from '../../../db/migrations/meta/_journal.json' with { type: 'json' };
import packageJson from '../../../package.json' with { type: 'json' };
import { defaultSettings } from '../domain/settings.ts';
import type { Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';
import { providerNameOf } from './payments/provider.ts';
import { mailTransport } from './settings-mail.ts';
import { readSettings } from './settings.ts';
import type { DeploymentFacts, RuntimeKind, MigrationState, PaymentMode } from '../../../shared/deployment.ts';

/**
 * What /admin/deployment shows (decision 0033): the facts of this running server —
 * runtime, database and its migrations against the committed journal, object store, payment mode,
 * mail transport, version, uptime — never a secret (a URL's host, a key's mode, "set" or not).
 */

/**
 * The commit the build was made from: scripts/build-server.ts defines `__DRX_COMMIT__` (git
 * rev-parse at build time) for the Node bundle; a Workers deploy passes it with
 * `wrangler deploy --define __DRX_COMMIT__:'"<sha>"'`. Unset (tests, `npm run dev`): unknown.
 */
declare const __DRX_COMMIT__: string | undefined;
export function buildCommit(): string | null {
  return typeof __DRX_COMMIT__ === 'string' && __DRX_COMMIT__ ? __DRX_COMMIT__ : null;
}

/** When this process (Node) or isolate (Workers) loaded the app: the start of its uptime. */
const LOADED_AT = Date.now();

/** Workers sets navigator.userAgent to 'Cloudflare-Workers'; anything else here is Node. */
export function runtimeKind(): RuntimeKind {
  const agent = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent;
  return agent === 'Cloudflare-Workers' ? 'workers' : 'node';
}

function nodeVersion(): string | null {
  const versions = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions;
  return versions?.node ?? null;
}

export interface MigrationInfo {
  tag: string;
  /** The journal's timestamp of the migration (what drizzle records when it applies it). */
  when: number;
}

/** The migrations committed in db/migrations (its journal), in order. */
export const COMMITTED_MIGRATIONS: readonly MigrationInfo[] = (journal.entries as { tag: string; when: number }[]).map((e) => ({ tag: e.tag, when: e.when }));

/** Migrations applied (drizzle's __drizzle_migrations) against the committed journal. */
export async function migrationState(db: Db): Promise<MigrationState> {
  const exists = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`);
  const rows = exists[0]?.n ? await db.all<{ created_at: number }>(sql`SELECT created_at FROM __drizzle_migrations ORDER BY created_at`) : [];
  const last = rows.length ? Number(rows[rows.length - 1]!.created_at) : null;
  // Drizzle's migrator applies every migration newer than the last one recorded: so are they pending.
  const pending = COMMITTED_MIGRATIONS.filter((m) => last === null || m.when > last).map((m) => m.tag);
  return {
    committed: COMMITTED_MIGRATIONS.length,
    applied: rows.length,
    latest_applied: last === null ? null : (COMMITTED_MIGRATIONS.find((m) => m.when === last)?.tag ?? null),
    pending,
  };
}

export function paymentMode(env: Platform['env']): PaymentMode {
  if (providerNameOf(env) !== 'stripe') return 'test-provider';
  return env.STRIPE_SECRET_KEY?.startsWith('sk_live_') || env.STRIPE_SECRET_KEY?.startsWith('rk_live_') ? 'stripe-live' : 'stripe-test';
}

/** A libSQL URL's host (and port), never its token or credentials. */
export function databaseHostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return 'unreadable LIBSQL_URL';
  }
}

/** A round trip to the database, timed. */
export async function databaseRoundTrip(db: Db): Promise<number> {
  const started = performance.now();
  await db.all(sql`SELECT 1`);
  return Math.round((performance.now() - started) * 10) / 10;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'Unknown error';

/** GET /api/admin/deployment. A part that cannot be read says why; the answer is never a 500. */
export async function deploymentFacts(platform: Platform): Promise<DeploymentFacts> {
  const { env, db } = platform;
  const runtime = runtimeKind();
  let health: DeploymentFacts['health'];
  try {
    const ms = await databaseRoundTrip(db);
    health = { status: 'ok', database_ms: ms, message: `The API answers and the database responded in ${ms} ms.` };
  } catch (err) {
    health = { status: 'fail', database_ms: null, message: `The database did not answer: ${messageOf(err)}` };
  }
  const migrations = await migrationState(db).catch((err: unknown) => ({ error: messageOf(err) }));
  const settings = await readSettings(db).catch(() => null);
  return {
    runtime: { kind: runtime, node_version: runtime === 'node' ? nodeVersion() : null, app_env: env.APP_ENV },
    database: env.LIBSQL_URL
      ? { kind: 'libsql', location: databaseHostOf(env.LIBSQL_URL), migrations }
      : { kind: 'embedded', location: `${env.DATA_DIR.replace(/\/+$/, '')}/drx.db`, migrations },
    storage: runtime === 'workers' ? { kind: 'r2', location: 'R2 binding UPLOADS' } : { kind: 'disk', location: `${env.DATA_DIR.replace(/\/+$/, '')}/uploads` },
    payments: { mode: paymentMode(env), webhook_secret_set: Boolean(env.STRIPE_WEBHOOK_SECRET), api_base_override: Boolean(env.STRIPE_API_BASE) },
    mail: mailTransport(platform, settings ?? defaultSettings()),
    version: { package: packageJson.version, commit: buildCommit() },
    public_url: env.PUBLIC_URL ?? null,
    uptime_seconds: Math.round((Date.now() - LOADED_AT) / 1000),
    started_at: new Date(LOADED_AT).toISOString(),
    health,
  };
}
