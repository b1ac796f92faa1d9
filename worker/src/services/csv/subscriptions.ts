import type { Db } from '../../platform/db.ts';
import type { AdminSubscriptionsQuery } from '../../schemas/subscriptions-admin.ts';
import type { Position } from '../keyset.ts';
import { adminSubscriptionsAfter, countAdminSubscriptions } from '../subscriptions/admin.ts';
import type { AdminSubscriptionRow } from '../../../../shared/subscriptions/admin.ts';
import type { CsvExport } from './stream.ts';
import { centsAsDollars, csvHeaders, type CsvColumn } from './writer.ts';

/** The admin's subscriptions list (GET /api/admin/subscriptions) as CSV: the same filters, every page, the list's order. */

const SUBSCRIPTION_COLUMNS: CsvColumn<AdminSubscriptionRow>[] = [
  { header: 'ID', value: (s) => s.id, kind: 'number' },
  { header: 'Subscriber username', value: (s) => s.user.username },
  { header: 'Subscriber name', value: (s) => s.user.name },
  { header: 'Subscriber email', value: (s) => s.user.email },
  { header: 'Plan', value: (s) => s.plan.name },
  { header: 'Interval', value: (s) => s.interval },
  { header: 'Status', value: (s) => s.status },
  { header: 'Price', value: (s) => centsAsDollars(s.price_cents), kind: 'number' },
  { header: 'Currency', value: (s) => s.currency.toUpperCase() },
  { header: 'Cancels at period end', value: (s) => s.cancel_at_period_end },
  { header: 'Trial end (UTC)', value: (s) => s.trial_end, kind: 'date' },
  { header: 'Current period start (UTC)', value: (s) => s.current_period_start, kind: 'date' },
  { header: 'Current period end (UTC)', value: (s) => s.current_period_end, kind: 'date' },
  { header: 'Canceled at (UTC)', value: (s) => s.canceled_at, kind: 'date' },
  { header: 'Ended at (UTC)', value: (s) => s.ended_at, kind: 'date' },
  {
    header: 'Scheduled change',
    value: (s) =>
      s.scheduled_change ? `${s.scheduled_change.plan.name} (${s.scheduled_change.interval}) from ${s.scheduled_change.effective_at ?? 'the period end'}` : null,
  },
  { header: 'Provider', value: (s) => (s.provider === 'test' ? 'test (no card charged)' : s.provider) },
  { header: 'Provider subscription ID', value: (s) => s.provider_subscription_id },
  { header: 'Created at (UTC)', value: (s) => s.created_at, kind: 'date' },
];

export const SUBSCRIPTIONS_CSV_HEADER = csvHeaders(SUBSCRIPTION_COLUMNS);

export function subscriptionsExport(db: Db, filters: Omit<AdminSubscriptionsQuery, 'page' | 'pageSize' | 'after' | 'before'>): CsvExport<AdminSubscriptionRow, Position> {
  return {
    columns: SUBSCRIPTION_COLUMNS,
    total: () => countAdminSubscriptions(db, filters),
    page: (position, limit) => adminSubscriptionsAfter(db, filters, position, limit),
    cursorOf: (s) => [s.created_at, s.id],
  };
}
