import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import { ExportCsvButton } from '../../components/admin/ExportCsvButton.tsx';
import { SearchFilter, SelectFilter } from '../../components/admin/ListFilters.tsx';
import { formatCents } from '../../lib/currency.ts';
import {
  $ordersExportHref,
  $ordersList,
  $ordersPageCount,
  $ordersQuery,
  clearOrdersFilters,
  initOrdersList,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  reloadOrders,
  setOrdersFilter,
  setOrdersPage,
  setOrdersSearch,
  statusBadgeClass,
  TEST_MODE_LABEL,
  type AdminOrderRow,
} from '../../stores/admin-commerce.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ErrorState, formatDateTime, LoadingState } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';
import { Pager } from '../../components/Pager.tsx';

const COLUMNS: readonly TableColumn<AdminOrderRow>[] = [
  {
    header: 'Order',
    rowHeader: true,
    cell: (o) => (
      <>
        <a href={`/admin/orders/${o.id}`} className="admin-strong-link">
          {o.number}
        </a>
        <span className="admin-sub">{o.description}</span>
      </>
    ),
  },
  { header: 'Date', cell: (o) => formatDateTime(o.createdAt) },
  {
    header: 'Buyer',
    cell: (o) => (
      <div>
        <span>{o.buyer.name}</span>
        <span className="admin-sub">{o.buyer.email ?? `@${o.buyer.username}`}</span>
      </div>
    ),
  },
  {
    header: 'Total',
    align: 'end',
    cell: (o) => (
      <div>
        <span>{formatCents(o.totalCents)}</span>
        {o.refundedCents > 0 && <span className="admin-sub">{formatCents(o.refundedCents)} refunded</span>}
      </div>
    ),
  },
  { header: 'Status', cell: (o) => <span className={statusBadgeClass(o.status)}>{ORDER_STATUS_LABELS[o.status]}</span> },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (o) => (
      <a href={`/admin/orders/${o.id}`} aria-label={`View order ${o.number}`}>
        View
      </a>
    ),
  },
];

function OrdersList() {
  const query = useStore($ordersQuery);
  const list = useStore($ordersList);
  const pageCount = useStore($ordersPageCount);
  const exportHref = useStore($ordersExportHref);
  const id = useId();

  useEffect(() => {
    initOrdersList();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const page = data?.page ?? query.page;
  const filtered = !!(query.q.trim() || query.status || query.from || query.to || query.buyerId);
  const buyer = query.buyerId ? data?.data.find((o) => String(o.buyer.id) === query.buyerId)?.buyer : undefined;
  const testMode = data?.data.some((o) => o.testMode);

  return (
    <div className="admin-stack">
      <form className="card admin-panel commerce-filters" role="search" aria-label="Filter orders" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter
          id={`${id}-q`}
          className="field commerce-filter-wide"
          label="Search orders"
          placeholder="Order number, buyer name, email or username"
          value={query.q}
          onChange={setOrdersSearch}
        />
        <SelectFilter
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          options={ORDER_STATUSES}
          optionLabel={(s) => ORDER_STATUS_LABELS[s]}
          value={query.status}
          onChange={(status) => setOrdersFilter({ status })}
        />
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" className="input" value={query.from} max={query.to || undefined} onChange={(e) => setOrdersFilter({ from: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" className="input" value={query.to} min={query.from || undefined} onChange={(e) => setOrdersFilter({ to: e.currentTarget.value })} />
        </div>
        {query.buyerId && (
          <p className="commerce-filter-wide">
            <span className="admin-chip">
              <span>Buyer: {buyer ? `${buyer.name} (@${buyer.username})` : `#${query.buyerId}`}</span>
              <button type="button" className="admin-chip-remove" aria-label="Show every buyer" onClick={() => setOrdersFilter({ buyerId: '' })}>
                ×
              </button>
            </span>
          </p>
        )}
        <div className="commerce-filter-actions commerce-filter-wide">
          <p className="muted" aria-live="polite">
            {data ? (data.total === 1 ? '1 order' : `${data.total} orders`) : ''}
            {data && ' · dates in UTC'}
          </p>
          {filtered && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={clearOrdersFilters}>
              Clear filters
            </button>
          )}
          <ExportCsvButton list="orders" href={exportHref} />
        </div>
      </form>

      {testMode && (
        <p className="alert alert-info commerce-test-mode" role="note">
          {TEST_MODE_LABEL}
        </p>
      )}

      {list.status === 'error' && <ErrorState message={list.message} onRetry={reloadOrders} />}
      {!data && list.status !== 'error' && <LoadingState label="Loading orders..." />}

      {data &&
        (data.data.length === 0 ? (
          <p className="admin-empty table-wrap">{filtered ? 'No orders match these filters.' : 'No orders yet.'}</p>
        ) : (
          <ResponsiveTable caption="Orders" columns={COLUMNS} rows={data.data} rowKey={(o) => o.id} busy={list.status === 'loading'} />
        ))}

      {data && <Pager page={page} pageCount={pageCount} onPage={setOrdersPage} ends />}
    </div>
  );
}

/** Orders are ADMIN's (orders.read_all): other admin roles open the page but see no list. */
function OrdersAdmin() {
  return (
    <PermissionGate action="orders.read_all" what="Orders">
      {() => <OrdersList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(OrdersAdmin);
