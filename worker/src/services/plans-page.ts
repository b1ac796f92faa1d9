import type { Db } from '../platform/db.ts';
import { listActivePlans } from './subscriptions/plans.ts';
import type { PlanView } from '../../../shared/subscriptions/views.ts';

/**
 * The /subscription page (decision 0031), fresh without a rebuild the way the store's pages are
 * (decisions 0020, 0029): the build pre-renders the page from the plans in the database and
 * writes the hash of what it shows to `dist/plans-manifest.json`; the site router serves that file
 * while the database's plans hash the same, else renders the page on the server. Every write to
 * subscription_plans moves the `plans` content version, under which the answers are cached.
 */

export const PLANS_MANIFEST_PATH = '/plans-manifest.json';

export interface PlansManifest {
  version: 1;
  /** The hash of the page as built (no tier, monthly). */
  hash: string;
}

export function parsePlansManifest(value: unknown): PlansManifest | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<PlansManifest>;
  return v.version === 1 && typeof v.hash === 'string' ? { version: 1, hash: v.hash } : null;
}

/** The active plans as the page shows them, cheapest level first. */
export async function loadPlans(db: Db): Promise<PlanView[]> {
  const plans = await listActivePlans(db);
  return plans.sort((a, b) => a.level - b.level || a.position - b.position);
}

/** A hash of what the page shows of the plans (never their ids' order or edit times). */
export async function plansHash(plans: readonly PlanView[]): Promise<string> {
  const content = plans.map((p) => [p.key, p.name, p.level, p.description, p.monthly_price_cents, p.yearly_price_cents, p.features.map((f) => [f.text, f.included])]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(content)));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}
