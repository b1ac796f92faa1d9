/** What the API answers and the site reads of worker/src/services/deployment-checks.ts (decision 0054). */

/**
 * POST /api/admin/deployment/checks (decision 0033): each check of the running deployment, answered
 * ok / warn / fail with a sentence. A check that throws or hangs is a `fail` with its reason, never
 * a 500: the page is there for the day something is broken.
 */

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  key: string;
  label: string;
  status: CheckStatus;
  message: string;
  /** How long the check took, in milliseconds. */
  ms: number;
}

export interface ChecksReport {
  /** The worst status of the checks. */
  status: CheckStatus;
  checked_at: string;
  checks: CheckResult[];
}
