/**
 * The seller area's wording and rules of what a seller may do. Pure: the islands and
 * their stores read them, the unit tests pin them. The API decides in the end (decision 0029); these
 * only keep the buttons to the moves it would accept.
 */
import type { ResourceStatus, SellerProfileView, SellerStatus } from '../../../shared/store/views.ts';
import { formatCents } from './currency.ts';

export const RESOURCE_STATUS_ORDER = ['draft', 'submitted', 'published', 'rejected', 'archived'] as const satisfies readonly ResourceStatus[];

/** The badge text of a resource's status, as its seller reads it. */
export const SELLER_RESOURCE_STATUS: Record<ResourceStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  published: 'Published',
  rejected: 'Rejected',
  archived: 'Archived',
};

/** What each status means for the seller, one line. */
export const SELLER_RESOURCE_STATUS_HINT: Record<ResourceStatus, string> = {
  draft: 'Only you can see it. Submit it for review when it is ready.',
  submitted: 'Waiting for a curriculum admin to review it.',
  published: 'In the store: buyers can find and buy it.',
  rejected: 'Not approved. Edit it and submit it again.',
  archived: 'Out of the store. Restore it as a draft to work on it again.',
};

export function statusBadgeClass(status: ResourceStatus): string {
  if (status === 'published') return 'badge badge-success';
  if (status === 'submitted') return 'badge badge-warning';
  if (status === 'rejected') return 'badge badge-danger';
  return 'badge';
}

/** The most files a resource holds, and the fewest it needs to be submitted (decision 0029). */
export const MAX_RESOURCE_FILES = 5;
export const MIN_RESOURCE_FILES = 1;

export interface SellerResourceActions {
  edit: boolean;
  submit: boolean;
  /** Why Submit is not offered though the status allows it (no files yet), else null. */
  submitBlocked: string | null;
  archive: boolean;
  restore: boolean;
  delete: boolean;
}

/**
 * The moves of decision 0029 open to a resource's seller: drafts and rejected resources go to
 * review (with 1–5 files); anything but an archived one is archived; an archived one comes back as
 * a draft; only a draft never sold is deleted. An archived resource is restored before it is edited.
 */
export function sellerResourceActions(r: { status: ResourceStatus; file_count: number; sales_count: number }): SellerResourceActions {
  const submittable = r.status === 'draft' || r.status === 'rejected';
  const hasFiles = r.file_count >= MIN_RESOURCE_FILES && r.file_count <= MAX_RESOURCE_FILES;
  return {
    edit: r.status !== 'archived',
    submit: submittable && hasFiles,
    submitBlocked: submittable && !hasFiles ? 'Add at least one file before submitting it for review.' : null,
    archive: r.status !== 'archived',
    restore: r.status === 'archived',
    delete: r.status === 'draft' && r.sales_count === 0,
  };
}

export type ApplicationState = 'none' | SellerStatus;

/** Where a signed-in user stands with selling: no application yet, or their profile's status. */
export function applicationState(profile: Pick<SellerProfileView, 'status'> | null | undefined): ApplicationState {
  return profile ? profile.status : 'none';
}

/** The headline and text of an application that is not (or no longer) approved. */
export function applicationMessage(profile: Pick<SellerProfileView, 'status' | 'status_reason' | 'store_name'>): { title: string; text: string } {
  switch (profile.status) {
    case 'pending':
      return {
        title: 'Your application is being reviewed',
        text: `A curriculum admin is reviewing your application for “${profile.store_name}”. You will get a notice and an email when it is decided.`,
      };
    case 'rejected':
      return {
        title: 'Your application was not approved',
        text: profile.status_reason ? `Reason: ${profile.status_reason}` : 'No reason was given.',
      };
    case 'suspended':
      return {
        title: 'Your store is suspended',
        text: `${profile.status_reason ? `Reason: ${profile.status_reason}. ` : ''}Your resources are out of the store and you cannot submit new ones or ask for payouts until a curriculum admin reinstates it.`,
      };
    case 'approved':
      return { title: 'Your store is open', text: `“${profile.store_name}” is approved to sell in the curriculum store.` };
  }
}

/** Money of the seller's figures: signed cents, shown as '-$4.00' for refunds and payouts. */
export function signedCents(cents: number): string {
  return cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents);
}

/** A percent of the platform fee: '20%'. */
export function percentLabel(percent: number): string {
  return `${Math.round(percent * 100) / 100}%`;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Nov 25' for a YYYY-MM-DD day (UTC, as the API counts days). */
export function shortDay(day: string): string {
  const t = Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? day : dayFormat.format(t);
}

/** 'Nov 25, 2026' for an ISO time; '' when it cannot be read. */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dateFormat.format(t);
}

/** Pages of a paged list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}
