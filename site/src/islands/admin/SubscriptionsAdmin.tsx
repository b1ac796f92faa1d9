import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { ExportCsvButton } from '../../components/admin/ExportCsvButton.tsx';
import { SearchFilter, SelectFilter } from '../../components/admin/ListFilters.tsx';
import { Pager } from '../../components/Pager.tsx';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import {
  $subscriptionsExportHref,
  $subscriptionsList,
  $subscriptionsPageCount,
  $subscriptionsQuery,
  clearSubscriptionsFilters,
  initSubscriptionsList,
  intervalLabel,
  PLAN_KEYS,
  planLabel,
  reloadSubscriptions,
  setSubscriptionsFilter,
  setSubscriptionsPage,
  setSubscriptionsSearch,
  STATUS_LABELS,
  statusBadgeClass,
  statusLabel,
  SUBSCRIPTION_STATUSES,
  type AdminSubscriptionRow,
} from '../../stores/admin-subscriptions.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ErrorState, formatDate, formatDateTime, LoadingState } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';
import { SubscriptionFigures } from './SubscriptionFigures.tsx';

const COLUMNS: readonly TableColumn<AdminSubscriptionRow>[] = [
  {
    header: 'Subscriber',
    rowHeader: true,
    cell: (s) => (
      <>
        <a href={`/admin/subscriptions/${s.id}`} className="admin-strong-link">
          {s.user.name}
        </a>
        <span className="admin-sub">{s.user.email ?? `@${s.user.username}`}</span>
      </>
    ),
  },
  {
    header: 'Plan',
    cell: (s) => (
      <div>
        <span>{s.plan.name}</span>
        <span className="admin-sub">
          {intervalLabel(s.interval)} · {formatCents(s.price_cents)}
        </span>
      </div>
    ),
  },
  {
    header: 'Status',
    cell: (s) => (
      <div>
        <span className={statusBadgeClass(s.status)}>{statusLabel(s.status)}</span>
        {s.cancel_at_period_end && !s.ended_at && <span className="admin-sub">Cancels at period end</span>}
      </div>
    ),
  },
  { header: 'Period end', cell: (s) => (s.ended_at ? `Ended ${formatDate(s.ended_at)}` : formatDate(s.current_period_end)) },
  { header: 'Created', cell: (s) => formatDateTime(s.created_at) },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (s) => (
      <a href={`/admin/subscriptions/${s.id}`} aria-label={`View the subscription of ${s.user.name}`}>
        View
      </a>
    ),
  },
];

function SubscriptionsList() {
  const query = useStore($subscriptionsQuery);
  const list = useStore($subscriptionsList);
  const pageCount = useStore($subscriptionsPageCount);
  const exportHref = useStore($subscriptionsExportHref);
  const id = useId();

  useEffect(() => {
    initSubscriptionsList();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const page = data?.page ?? query.page;
  const filtered = !!(query.q.trim() || query.plan || query.status);

  return (
    <div className="admin-stack">
      <SubscriptionFigures title="Revenue and subscribers" />
      <form className="card admin-panel commerce-filters" role="search" aria-label="Filter subscriptions" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter
          id={`${id}-q`}
          className="field commerce-filter-wide"
          label="Search subscribers"
          placeholder="Name, email, username or subscription id"
          value={query.q}
          onChange={setSubscriptionsSearch}
        />
        <SelectFilter
          id={`${id}-plan`}
          label="Plan"
          allLabel="All plans"
          options={PLAN_KEYS}
          optionLabel={planLabel}
          value={query.plan}
          onChange={(plan) => setSubscriptionsFilter({ plan })}
        />
        <SelectFilter
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          options={SUBSCRIPTION_STATUSES}
          optionLabel={(s) => STATUS_LABELS[s]}
          value={query.status}
          onChange={(status) => setSubscriptionsFilter({ status })}
        />
        <div className="commerce-filter-actions commerce-filter-wide">
          <p className="muted" aria-live="polite">
            {data ? (data.total === 1 ? '1 subscription' : `${data.total} subscriptions`) : ''}
          </p>
          {filtered && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={clearSubscriptionsFilters}>
              Clear filters
            </button>
          )}
          <ExportCsvButton list="subscriptions" href={exportHref} />
        </div>
      </form>

      {list.status === 'error' && <ErrorState message={list.message} onRetry={reloadSubscriptions} />}
      {!data && list.status !== 'error' && <LoadingState label="Loading subscriptions..." />}

      {data &&
        (data.data.length === 0 ? (
          <p className="admin-empty table-wrap">{filtered ? 'No subscriptions match these filters.' : 'No subscriptions yet.'}</p>
        ) : (
          <ResponsiveTable caption="Subscriptions" columns={COLUMNS} rows={data.data} rowKey={(s) => s.id} busy={list.status === 'loading'} />
        ))}

      {data && <Pager page={page} pageCount={pageCount} onPage={setSubscriptionsPage} ends />}
    </div>
  );
}

/** Subscriptions are ADMIN's (subscriptions.manage): other admin roles open the page but see no list. */
function SubscriptionsAdmin() {
  return (
    <PermissionGate action="subscriptions.manage" what="Subscriptions">
      {() => <SubscriptionsList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(SubscriptionsAdmin);
