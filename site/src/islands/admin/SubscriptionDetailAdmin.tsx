import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import {
  $subscriptionActionPending,
  $subscriptionDetail,
  cancelSubscriptionAsAdmin,
  intervalLabel,
  loadSubscriptionDetail,
  statusBadgeClass,
  statusLabel,
  subscriptionIdFromPath,
  type AdminInvoice,
  type AdminSubscriptionDetail,
} from '../../stores/admin-subscriptions.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ConfirmDialog, ErrorState, formatDate, formatDateTime, LoadingState } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';
import { SubscriptionRefundForm } from './SubscriptionRefundForm.tsx';

const INVOICE_STATUS: Record<string, string> = { draft: 'Draft', open: 'Unpaid', paid: 'Paid', void: 'Void', uncollectible: 'Uncollectible' };

const INVOICE_COLUMNS: readonly TableColumn<AdminInvoice>[] = [
  { header: 'Invoice', rowHeader: true, cell: (i) => <span className="commerce-code">{i.number ?? `#${i.id}`}</span> },
  { header: 'Date', cell: (i) => formatDateTime(i.paid_at ?? i.created_at) },
  {
    header: 'Status',
    cell: (i) => (
      <div>
        <span>{INVOICE_STATUS[i.status] ?? i.status}</span>
        {i.failure_reason && <span className="admin-sub">{i.failure_reason}</span>}
      </div>
    ),
  },
  { header: 'Period', cell: (i) => (i.period_start ? `${formatDate(i.period_start)} – ${formatDate(i.period_end)}` : '—') },
  { header: 'Paid', align: 'end', cell: (i) => formatCents(i.amount_paid_cents) },
  { header: 'Refunded', align: 'end', cell: (i) => (i.refunded_cents > 0 ? formatCents(i.refunded_cents) : '—') },
  {
    header: 'Lines',
    cell: (i) =>
      i.lines.length === 0 ? (
        '—'
      ) : (
        <ul className="admin-plain-list">
          {i.lines.map((l, n) => (
            <li key={n}>
              {l.description}: {formatCents(l.amount_cents)}
            </li>
          ))}
        </ul>
      ),
  },
];

const isLive = (s: AdminSubscriptionDetail) => !s.ended_at && ['trialing', 'active', 'past_due'].includes(s.status);
const hasEnded = (s: AdminSubscriptionDetail) => !!s.ended_at || s.status === 'canceled' || s.status === 'incomplete_expired';

function CancelActions({ sub }: { sub: AdminSubscriptionDetail }) {
  const pending = useStore($subscriptionActionPending);
  if (hasEnded(sub)) return <p className="muted">This subscription has ended{sub.ended_at ? ` (${formatDateTime(sub.ended_at)})` : ''}.</p>;
  return (
    <div className="stack">
      {sub.cancel_at_period_end && (
        <p className="muted">Set to cancel at the end of its period ({formatDate(sub.current_period_end)}); access is kept until then.</p>
      )}
      <div className="subscription-actions">
        {isLive(sub) && !sub.cancel_at_period_end && (
          <ConfirmDialog
            trigger={
              <button type="button" className="btn btn-secondary" disabled={pending}>
                Cancel at period end
              </button>
            }
            title={`Cancel ${sub.user.name}’s subscription at the period end?`}
            description={`It stops renewing; ${sub.user.name} keeps ${sub.plan.name} until ${formatDate(sub.current_period_end)}. Nothing is refunded.`}
            confirmLabel="Cancel at period end"
            destructive
            onConfirm={async () => (await cancelSubscriptionAsAdmin(true)).ok}
          />
        )}
        <ConfirmDialog
          trigger={
            <button type="button" className="btn btn-danger" disabled={pending}>
              Cancel now
            </button>
          }
          title={`Cancel ${sub.user.name}’s subscription now?`}
          description={`It ends at once and ${sub.user.name} loses ${sub.plan.name}’s access. Nothing is refunded: use Refund for that. This cannot be undone.`}
          confirmLabel="Cancel now"
          destructive
          onConfirm={async () => (await cancelSubscriptionAsAdmin(false)).ok}
        />
      </div>
    </div>
  );
}

function SubscriptionDetail() {
  const state = useStore($subscriptionDetail);

  useEffect(() => {
    void loadSubscriptionDetail(subscriptionIdFromPath(location.pathname));
  }, []);

  const back = (
    <a href="/admin/subscriptions" className="admin-back">
      ← All subscriptions
    </a>
  );
  if (state.status === 'error') {
    return (
      <div className="admin-stack">
        {back}
        {state.notFound ? (
          <p className="admin-empty card admin-panel">This subscription does not exist.</p>
        ) : (
          <ErrorState message={state.message} onRetry={() => void loadSubscriptionDetail(subscriptionIdFromPath(location.pathname))} />
        )}
      </div>
    );
  }
  const sub = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (!sub) return <LoadingState label="Loading subscription..." />;

  return (
    <div className="admin-stack">
      {back}
      <section className="card admin-panel" aria-labelledby="subscription-heading">
        <div className="admin-panel-head">
          <h2 id="subscription-heading" className="admin-section-title">
            {sub.plan.name} · {intervalLabel(sub.interval)}
          </h2>
          <span className={statusBadgeClass(sub.status)}>{statusLabel(sub.status)}</span>
        </div>
        <dl className="admin-fields">
          <div>
            <dt>Subscriber</dt>
            <dd>
              <a href={`/admin/users/${sub.user.id}`}>{sub.user.name}</a>
              <span className="admin-sub">{sub.user.email ?? `@${sub.user.username}`}</span>
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>
              {formatCents(sub.price_cents)} / {sub.interval === 'year' ? 'year' : 'month'}
            </dd>
          </div>
          <div>
            <dt>Access</dt>
            <dd>{sub.is_active ? 'Current (has the plan’s access)' : 'No access'}</dd>
          </div>
          <div>
            <dt>Current period</dt>
            <dd>{sub.current_period_start ? `${formatDate(sub.current_period_start)} – ${formatDate(sub.current_period_end)}` : '—'}</dd>
          </div>
          <div>
            <dt>Trial</dt>
            <dd>{sub.trial_end ? `${formatDate(sub.trial_start)} – ${formatDate(sub.trial_end)}` : 'None'}</dd>
          </div>
          <div>
            <dt>Renewal</dt>
            <dd>
              {sub.ended_at
                ? `Ended ${formatDateTime(sub.ended_at)}`
                : sub.cancel_at_period_end
                  ? `Cancels ${formatDate(sub.current_period_end)}`
                  : `Renews ${formatDate(sub.current_period_end)}`}
            </dd>
          </div>
          {sub.scheduled_change && (
            <div>
              <dt>Scheduled change</dt>
              <dd>
                To {sub.scheduled_change.plan.name} ({intervalLabel(sub.scheduled_change.interval).toLowerCase()}) on{' '}
                {formatDate(sub.scheduled_change.effective_at)}
              </dd>
            </div>
          )}
          <div>
            <dt>Started</dt>
            <dd>{formatDateTime(sub.created_at)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>
              {sub.provider === 'test' ? 'Test provider' : 'Stripe'}
              <span className="admin-sub commerce-code">{sub.provider_subscription_id}</span>
            </dd>
          </div>
        </dl>
      </section>

      <section className="card admin-panel" aria-labelledby="cancel-heading">
        <h2 id="cancel-heading" className="admin-section-title">
          Cancel
        </h2>
        {sub.manageable ? <CancelActions sub={sub} /> : <p className="muted">This subscription was made with another payment provider; manage it there.</p>}
      </section>

      {sub.manageable && <SubscriptionRefundForm sub={sub} />}

      <section className="card admin-panel" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="admin-section-title">
          Invoices
        </h2>
        {sub.invoices.length === 0 ? (
          <p className="muted">No invoices yet{sub.status === 'trialing' ? ': the first charge comes at the end of the trial' : ''}.</p>
        ) : (
          <ResponsiveTable caption="Invoices of this subscription" columns={INVOICE_COLUMNS} rows={sub.invoices} rowKey={(i) => i.id} />
        )}
      </section>
    </div>
  );
}

function SubscriptionDetailAdmin() {
  return (
    <PermissionGate action="subscriptions.manage" what="Subscriptions">
      {() => <SubscriptionDetail />}
    </PermissionGate>
  );
}

export default withErrorBoundary(SubscriptionDetailAdmin);
