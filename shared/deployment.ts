import type { MailTransportView } from './settings-mail.ts';

/** What the API answers and the site reads of worker/src/services/deployment.ts (decision 0054). */

export type RuntimeKind = 'node' | 'workers';

export interface MigrationState {
  committed: number;
  applied: number;
  /** The newest applied migration's tag (matched by its timestamp), or null. */
  latest_applied: string | null;
  /** Committed migrations newer than the last one applied: `npm start` (Node) or `npm run db:migrate:remote` applies them. */
  pending: string[];
}

export type PaymentMode = 'test-provider' | 'stripe-test' | 'stripe-live';

export interface DeploymentFacts {
  runtime: { kind: RuntimeKind; node_version: string | null; app_env: string };
  database: { kind: 'embedded' | 'libsql'; location: string; migrations: MigrationState | { error: string } };
  storage: { kind: 'r2' | 'disk'; location: string };
  payments: { mode: PaymentMode; webhook_secret_set: boolean; api_base_override: boolean };
  mail: MailTransportView;
  version: { package: string; commit: string | null };
  public_url: string | null;
  uptime_seconds: number;
  started_at: string;
  health: { status: 'ok' | 'fail'; database_ms: number | null; message: string };
}
