import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { ExportCsvButton } from '../../components/admin/ExportCsvButton.tsx';
import { FilterSummary, SearchFilter, SelectFilter } from '../../components/admin/ListFilters.tsx';
import ReasonDialog from '../../components/ReasonDialog.tsx';
import { Pager } from '../../components/Pager.tsx';
import type { TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import {
  $bookingsExportHref,
  $bookingsList,
  $bookingsQuery,
  $instructorChoices,
  adminCanCancel,
  BOOKING_FILTER_STATUSES,
  bookingBadgeClass,
  bookingFilterLabel,
  cancelBookingAsAdmin,
  clearBookingsFilters,
  initBookingsList,
  reloadBookings,
  setBookingsFilter,
  setBookingsPage,
  setBookingsSearch,
  type BookingView,
} from '../../stores/admin-connect.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ListTable } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';

/** "Dec 1, 2026, 9:00 AM EST" in a zone. */
export function zonedDateTime(iso: string, timeZone: string, withYear = true): string {
  try {
    return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(iso));
  } catch {
    return new Date(iso).toISOString();
  }
}

function CancelDialog({ booking, onClose }: { booking: BookingView; onClose: () => void }) {
  const refund = booking.paid_with === 'package' ? 'The package credit is given back.' : booking.price_cents > 0 ? `${booking.booker.name} is refunded in full (${formatCents(booking.price_cents)}).` : 'Nothing was paid.';
  return (
    <ReasonDialog
      title={`Cancel booking ${booking.number}?`}
      description={`${booking.title} with ${booking.instructor.name} for ${booking.booker.name}. ${refund} Both are told by email.`}
      label="Reason (sent to both)"
      requiredMessage="Reason is required"
      inputClass="connect-reason"
      keepLabel="Keep booking"
      confirmLabel="Cancel and refund"
      busyLabel="Cancelling..."
      onConfirm={(reason) => cancelBookingAsAdmin(booking, reason)}
      onClose={onClose}
    />
  );
}

const COLUMNS = (onCancel: (b: BookingView) => void): TableColumn<BookingView>[] => [
  {
    header: 'Booking',
    rowHeader: true,
    cell: (b) => (
      <>
        <strong>{b.number}</strong>
        <span className="admin-sub">{b.title}</span>
      </>
    ),
  },
  {
    header: 'When',
    cell: (b) => (
      <>
        <span>{zonedDateTime(b.starts_at, b.instructor_time_zone)}</span>
        {b.booker_time_zone !== b.instructor_time_zone && <span className="admin-sub">Booker: {zonedDateTime(b.starts_at, b.booker_time_zone, false)}</span>}
      </>
    ),
  },
  { header: 'Instructor', cell: (b) => b.instructor.name },
  {
    header: 'Booker',
    cell: (b) => (
      <>
        <span>{b.booker.name}</span>
        {b.booker.email && <span className="admin-sub">{b.booker.email}</span>}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (b) => (
      <div>
        <span className={bookingBadgeClass(b)}>{b.status_label}</span>
        {b.cancel_reason && <span className="admin-sub">{b.cancel_reason}</span>}
      </div>
    ),
  },
  {
    header: 'Paid',
    cell: (b) => (
      <>
        <span>{b.paid_with === 'package' ? 'Package credit' : b.paid_with === 'free' ? 'Free' : formatCents(b.price_cents)}</span>
        {b.refund_cents > 0 && <span className="admin-sub">Refunded {formatCents(b.refund_cents)}</span>}
        {b.order_number && <span className="admin-sub">{b.order_number}</span>}
      </>
    ),
  },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (b) =>
      adminCanCancel(b) ? (
        <button type="button" className="btn btn-danger btn-sm" aria-label={`Cancel booking ${b.number}`} onClick={() => onCancel(b)}>
          Cancel
        </button>
      ) : null,
  },
];

function BookingsList() {
  const query = useStore($bookingsQuery);
  const list = useStore($bookingsList);
  const instructors = useStore($instructorChoices);
  const exportHref = useStore($bookingsExportHref);
  const id = useId();
  const [cancelling, setCancelling] = useState<BookingView | null>(null);

  useEffect(() => {
    initBookingsList();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const filtered = !!(query.q.trim() || query.status || query.instructorId || query.from || query.to);
  const instructorIds = instructors.map((i) => String(i.id));
  const nameOf = new Map(instructors.map((i) => [String(i.id), i.name]));

  return (
    <div className="admin-stack">
      <form className="card admin-panel commerce-filters" role="search" aria-label="Filter bookings" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter id={`${id}-q`} className="field commerce-filter-wide" label="Search bookings" placeholder="Booking number, lesson, booker or instructor" value={query.q} onChange={setBookingsSearch} />
        <SelectFilter
          id={`${id}-instructor`}
          label="Instructor"
          allLabel="All instructors"
          options={instructorIds}
          optionLabel={(v) => nameOf.get(v) ?? v}
          value={query.instructorId}
          onChange={(instructorId) => setBookingsFilter({ instructorId })}
        />
        <SelectFilter
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          options={BOOKING_FILTER_STATUSES}
          optionLabel={bookingFilterLabel}
          value={query.status}
          onChange={(status) => setBookingsFilter({ status })}
        />
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" className="input" value={query.from} max={query.to || undefined} onChange={(e) => setBookingsFilter({ from: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" className="input" value={query.to} min={query.from || undefined} onChange={(e) => setBookingsFilter({ to: e.currentTarget.value })} />
        </div>
        <FilterSummary count={data ? (data.pagination.total === 1 ? '1 booking' : `${data.pagination.total} bookings`) : ''} filtered={filtered} onClear={clearBookingsFilters}>
          <ExportCsvButton list="bookings" href={exportHref} />
        </FilterSummary>
      </form>

      <ListTable
        error={list.status === 'error' ? list.message : undefined}
        onRetry={reloadBookings}
        loadingLabel="Loading bookings..."
        empty={filtered ? 'No bookings match these filters.' : 'No bookings yet.'}
        caption="Bookings"
        columns={COLUMNS(setCancelling)}
        rows={data?.data}
        rowKey={(b) => b.id}
        busy={list.status === 'loading'}
      />
      {data && <Pager page={data.pagination.page} pageCount={data.pagination.totalPages} onPage={setBookingsPage} ends />}
      {cancelling && <CancelDialog booking={cancelling} onClose={() => setCancelling(null)} />}
    </div>
  );
}

/** /admin/bookings: bookings.manage (ADMIN's). */
function AdminBookings() {
  return (
    <PermissionGate action="bookings.manage" what="Bookings">
      {() => <BookingsList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(AdminBookings);
