import { atom } from 'nanostores';
import type { ChecksReport, CheckResult, CheckStatus } from '../../../shared/deployment-checks.ts';
import type { DeploymentFacts } from '../../../shared/deployment.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { changeMessage, loadMessage } from './admin-store.ts';
import { bindLoadable, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * /admin/deployment: the server's facts (GET /api/admin/deployment) and its checks
 * run on demand (POST /api/admin/deployment/checks).
 */

export type { ChecksReport, CheckResult, CheckStatus, DeploymentFacts };

export const $deployment = atom<Loadable<DeploymentFacts>>({ status: 'idle' });

export async function loadDeployment(): Promise<void> {
  await bindLoadable($deployment, keyOf(api.admin.deployment), { failed: (error) => loadMessage(error, 'the deployment facts') });
}

export type ChecksState = { status: 'idle' } | { status: 'running'; last?: ChecksReport } | { status: 'done'; report: ChecksReport } | { status: 'error'; message: string };

export const $checks = atom<ChecksState>({ status: 'idle' });

export const CHECK_STATUS_LABELS: Record<CheckStatus, string> = { ok: 'OK', warn: 'Warning', fail: 'Failed' };

export function checkBadgeClass(status: CheckStatus): string {
  return status === 'ok' ? 'badge badge-success' : status === 'warn' ? 'badge badge-warning' : 'badge badge-danger';
}

export async function runChecks(): Promise<void> {
  const current = $checks.get();
  $checks.set({ status: 'running', last: current.status === 'done' ? current.report : undefined });
  try {
    const report = await call(api.admin.deployment.checks.$post());
    $checks.set({ status: 'done', report });
    const failed = report.checks.filter((c) => c.status !== 'ok').length;
    toast({
      title: report.status === 'ok' ? 'All checks passed' : 'Checks finished',
      description: report.status === 'ok' ? `${report.checks.length} checks passed.` : `${failed} of ${report.checks.length} checks need attention.`,
      variant: report.status === 'fail' ? 'destructive' : 'default',
    });
  } catch (error) {
    const message = changeMessage(error);
    $checks.set({ status: 'error', message });
    toast({ title: 'Error', description: `Failed to run the checks: ${message}`, variant: 'destructive' });
  }
}

/** 93784 s → "1 day 2 h 3 min". */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days ? `${days} day${days === 1 ? '' : 's'}` : '', hours ? `${hours} h` : '', `${minutes} min`].filter(Boolean);
  return seconds < 60 ? `${seconds} s` : parts.join(' ');
}

export const PAYMENT_MODE_LABELS: Record<DeploymentFacts['payments']['mode'], string> = {
  'test-provider': 'Built-in test provider (no card is charged)',
  'stripe-test': 'Stripe, test mode',
  'stripe-live': 'Stripe, live mode',
};
