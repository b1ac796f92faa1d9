import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { ExportCsvButton } from '../../components/admin/ExportCsvButton.tsx';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import { $couponsExportHref, $couponsList, $couponsPageCount, $couponsQuery, $paymentTestMode, COUPON_KIND_LABELS, COUPON_STATE_LABELS, deactivateCoupon, emptyCouponForm, formOfCoupon, initCouponsList, loadPaymentMode, reloadCoupons, setCouponsPage, setCouponsSearch, TEST_MODE_LABEL, type CouponForm, type CouponItemKind } from '../../stores/admin-commerce.ts';
import { type CouponView } from '../../../../shared/coupons.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ConfirmDialog, ErrorState, formatDate, LoadingState } from './AdminStates.tsx';
import { CouponsForm } from './CouponsForm.tsx';
import { PermissionGate } from './PermissionGate.tsx';

function appliesTo(c: CouponView): string {
  const kinds = c.appliesToKinds?.map((k) => COUPON_KIND_LABELS[k as CouponItemKind] ?? k).join(', ');
  const items = c.appliesToItems?.map((i) => i.title ?? `#${i.itemId}`).join(', ');
  if (items) return kinds ? `${items} (${kinds})` : items;
  return kinds ?? 'Everything';
}

function validity(c: CouponView): string {
  if (!c.startsAt && !c.endsAt) return 'Always';
  // endsAt is the moment it stops: the last valid day is the one before.
  const lastDay = c.endsAt ? formatDate(new Date(Date.parse(c.endsAt) - 1).toISOString()) : null;
  if (c.startsAt && lastDay) return `${formatDate(c.startsAt)} – ${lastDay}`;
  return c.startsAt ? `From ${formatDate(c.startsAt)}` : `Until ${lastDay}`;
}

function uses(c: CouponView): string {
  const used = `${c.redeemedCount}${c.maxRedemptions !== null ? ` of ${c.maxRedemptions}` : ''} used`;
  return c.reservedCount > 0 ? `${used}, ${c.reservedCount} held by unpaid orders` : used;
}

const STATE_BADGE: Record<CouponView['state'], string> = {
  active: 'badge badge-success',
  scheduled: 'badge badge-primary',
  expired: 'badge badge-warning',
  used_up: 'badge badge-warning',
  inactive: 'badge badge-danger',
};

function CouponsList() {
  const id = useId();
  const query = useStore($couponsQuery);
  const exportHref = useStore($couponsExportHref);
  const list = useStore($couponsList);
  const pageCount = useStore($couponsPageCount);
  const testMode = useStore($paymentTestMode);
  const [editing, setEditing] = useState<{ coupon: CouponView | null; form: CouponForm; key: number } | null>(null);
  const [toDeactivate, setToDeactivate] = useState<CouponView | null>(null);

  useEffect(() => {
    initCouponsList();
    void loadPaymentMode();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const page = data?.page ?? query.page;

  const columns: readonly TableColumn<CouponView>[] = [
    {
      header: 'Code',
      rowHeader: true,
      cell: (c) => (
        <>
          <span className="admin-strong-link commerce-code">{c.code}</span>
          {c.description && <span className="admin-sub">{c.description}</span>}
        </>
      ),
    },
    { header: 'Discount', cell: (c) => (c.discountType === 'percent' ? `${c.percentOff}% off` : `${formatCents(c.amountOffCents)} off`) },
    { header: 'Applies to', cell: appliesTo },
    { header: 'Valid', cell: validity },
    { header: 'Uses', cell: (c) => `${uses(c)}${c.perUserLimit !== null ? ` · ${c.perUserLimit} per buyer` : ''}` },
    { header: 'Minimum order', cell: (c) => (c.minOrderCents > 0 ? formatCents(c.minOrderCents) : '—') },
    { header: 'Status', cell: (c) => <span className={STATE_BADGE[c.state]}>{COUPON_STATE_LABELS[c.state]}</span> },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (c) => (
        <span className="cluster">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Edit ${c.code}`}
            onClick={() => setEditing({ coupon: c, form: formOfCoupon(c), key: Date.now() })}
          >
            Edit
          </button>
          {c.active && (
            <button type="button" className="btn btn-secondary btn-sm" aria-label={`Deactivate ${c.code}`} onClick={() => setToDeactivate(c)}>
              Deactivate
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <div className="admin-stack">
      {testMode && (
        <p className="alert alert-info commerce-test-mode" role="note">
          {TEST_MODE_LABEL}
        </p>
      )}
      <div className="admin-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ coupon: null, form: emptyCouponForm(), key: Date.now() })}>
          New coupon
        </button>
      </div>

      {editing && (
        <CouponsForm key={editing.key} initial={editing.form} editing={editing.coupon} onDone={() => setEditing(null)} />
      )}

      <form className="admin-toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-q`} className="admin-field-label">
          Search coupons
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="input admin-search"
          placeholder="Code or description"
          autoComplete="off"
          value={query.q}
          onChange={(e) => setCouponsSearch(e.currentTarget.value)}
        />
        {data && (
          <p className="muted" aria-live="polite">
            {data.total === 1 ? '1 coupon' : `${data.total} coupons`}
          </p>
        )}
        <ExportCsvButton list="coupons" href={exportHref} />
      </form>

      {list.status === 'error' && <ErrorState message={list.message} onRetry={reloadCoupons} />}
      {!data && list.status !== 'error' && <LoadingState label="Loading coupons..." />}
      {data &&
        (data.data.length === 0 ? (
          <p className="admin-empty table-wrap">{query.q.trim() ? `No coupons match “${query.q.trim()}”.` : 'No coupons yet.'}</p>
        ) : (
          <ResponsiveTable caption="Coupons" columns={columns} rows={data.data} rowKey={(c) => c.id} busy={list.status === 'loading'} />
        ))}

      {data && (pageCount > 1 || page > 1) && (
        <nav className="admin-pagination" aria-label="Pagination">
          <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => setCouponsPage(page - 1)}>
            Previous
          </button>
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          <button type="button" className="btn btn-secondary" disabled={page >= pageCount} onClick={() => setCouponsPage(page + 1)}>
            Next
          </button>
        </nav>
      )}

      <ConfirmDialog
        open={toDeactivate !== null}
        onOpenChange={(open) => {
          if (!open) setToDeactivate(null);
        }}
        title={`Deactivate ${toDeactivate?.code ?? ''}?`}
        description="The code stops applying at checkout. Orders already placed keep their discount. You can activate it again by editing it."
        confirmLabel="Deactivate"
        destructive
        onConfirm={async () => {
          if (toDeactivate) await deactivateCoupon(toDeactivate);
          return true;
        }}
      />
    </div>
  );
}

/** Coupons are ADMIN's (coupons.manage). */
function CouponsAdmin() {
  return (
    <PermissionGate action="coupons.manage" what="Coupons">
      {() => <CouponsList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(CouponsAdmin);
