import type { SubscriptionView } from '../../../shared/subscriptions/views.ts';

/**
 * What /profile/manage says about a subscription: its status in words, the line that
 * explains it, and the date that matters. Pure, so the rules are tested without a browser.
 */

export type BillingTone = 'success' | 'warning' | 'danger' | 'neutral';

export interface SubscriptionStatusText {
  /** Trialing, Active, Past due, Cancelled, Ended, Incomplete. */
  label: string;
  tone: BillingTone;
  /** The sentence under the plan's name. */
  explanation: string;
  /** What the date row is called (Trial ends, Renews on, Access until, Ended on), and its date. */
  dateLabel: string | null;
  date: string | null;
}

/** A date as the billing pages show it: "November 23, 2026" (in UTC, the time the server stores). */
export function billingDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "monthly" / "yearly" as a word, and the price's suffix. */
export function intervalWord(interval: string): string {
  return interval === 'year' ? 'Yearly' : 'Monthly';
}
export function perInterval(interval: string): string {
  return interval === 'year' ? '/year' : '/month';
}

/** Statuses whose subscription still runs (it can be cancelled, resumed or changed). */
const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete']);

/** Whether a subscription is still running at the provider (not ended). */
export function isLive(sub: Pick<SubscriptionView, 'status' | 'ended_at'>): boolean {
  return !sub.ended_at && LIVE.has(sub.status);
}

/**
 * The subscription /profile/manage manages: a running one (the highest level first, then the
 * newest), else the newest that ended, else none.
 */
export function managedSubscription(list: readonly SubscriptionView[]): SubscriptionView | null {
  const newestFirst = [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
  const live = newestFirst.filter(isLive).sort((a, b) => b.plan.level - a.plan.level);
  return live[0] ?? newestFirst[0] ?? null;
}

/** The status of a subscription as its owner reads it. */
export function subscriptionStatusText(sub: SubscriptionView): SubscriptionStatusText {
  const periodEnd = billingDate(sub.current_period_end);
  if (!isLive(sub)) {
    const ended = billingDate(sub.ended_at ?? sub.current_period_end ?? sub.canceled_at);
    return {
      label: 'Ended',
      tone: 'neutral',
      explanation: ended ? `Your ${sub.plan.name} subscription ended on ${ended}.` : `Your ${sub.plan.name} subscription has ended.`,
      dateLabel: ended ? 'Ended on' : null,
      date: ended || null,
    };
  }
  if (sub.status === 'past_due' || sub.status === 'unpaid') {
    // The renewal that failed was due when the current period began.
    const due = billingDate(sub.current_period_start);
    return { label: 'Past due', tone: 'danger', explanation: 'Payment failed — update your card.', dateLabel: due ? 'Payment was due on' : null, date: due || null };
  }
  if (sub.status === 'incomplete') {
    return { label: 'Incomplete', tone: 'warning', explanation: 'The first payment has not gone through yet.', dateLabel: null, date: null };
  }
  if (sub.cancel_at_period_end) {
    return {
      label: 'Cancelled',
      tone: 'warning',
      explanation: periodEnd ? `Cancelled — you keep access until ${periodEnd}.` : 'Cancelled — you keep access until the end of the billing period.',
      dateLabel: 'Access until',
      date: periodEnd || null,
    };
  }
  if (sub.status === 'trialing') {
    const trialEnd = billingDate(sub.trial_end ?? sub.current_period_end);
    return { label: 'Trialing', tone: 'success', explanation: `Your trial ends on ${trialEnd}.`, dateLabel: 'Trial ends', date: trialEnd || null };
  }
  return { label: 'Active', tone: 'success', explanation: `Renews on ${periodEnd}.`, dateLabel: 'Renews on', date: periodEnd || null };
}

/** Words for an invoice's status. */
const INVOICE_STATUS: Record<string, { label: string; tone: BillingTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  open: { label: 'Open', tone: 'warning' },
  draft: { label: 'Draft', tone: 'neutral' },
  uncollectible: { label: 'Payment failed', tone: 'danger' },
  payment_failed: { label: 'Payment failed', tone: 'danger' },
  failed: { label: 'Payment failed', tone: 'danger' },
  void: { label: 'Void', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  partially_refunded: { label: 'Partially refunded', tone: 'warning' },
};

/** An invoice's status in words; an open invoice whose charge failed reads as Payment failed. */
export function invoiceStatus(status: string, failureReason?: string | null): { label: string; tone: BillingTone } {
  if (status === 'open' && failureReason) return INVOICE_STATUS.payment_failed!;
  return INVOICE_STATUS[status] ?? { label: status.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), tone: 'neutral' };
}

/** What an invoice was for, in one line: its first line's description, else its billing reason. */
export function invoiceDescription(invoice: { lines: readonly { description: string }[]; billing_reason: string | null }): string {
  const first = invoice.lines.find((l) => l.description.trim())?.description;
  if (first) return invoice.lines.length > 1 ? `${first} (+${invoice.lines.length - 1} more)` : first;
  switch (invoice.billing_reason) {
    case 'subscription_create':
      return 'New subscription';
    case 'subscription_cycle':
      return 'Renewal';
    case 'subscription_update':
      return 'Change of plan';
    default:
      return 'Subscription';
  }
}
