import { planOfTier } from '../../../worker/src/domain/subscriptions.ts';

/** 'CURRICULUM_ADMIN' → 'Curriculum admin': the one helper every page that shows a role uses. */
export { roleLabel } from '../../../shared/roles.ts';

/** The plan a subscription tier counts as, for display: 'Educator', 'Free', ... */
export function planLabel(tier: string | null | undefined): string {
  const plan = planOfTier(tier);
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** 'TRIALING' → 'Trialing'; no status → 'None'. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'None';
  const s = status.toLowerCase().replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso.includes('T') || iso.endsWith('Z') ? iso : iso.replace(' ', 'T') + 'Z');
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}
