import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { FilterSummary, SearchFilter, SelectFilter } from '../../components/admin/ListFilters.tsx';
import ModalDialog from '../../components/ModalDialog.tsx';
import ReasonDialog from '../../components/ReasonDialog.tsx';
import { Pager } from '../../components/Pager.tsx';
import type { TableColumn } from '../../components/ResponsiveTable.tsx';
import {
  $instructorsList,
  $instructorsQuery,
  clearInstructorsFilters,
  initInstructorsList,
  PROFILE_STATUS_LABELS,
  PROFILE_STATUSES,
  profileBadgeClass,
  reloadInstructors,
  setInstructorsPage,
  setInstructorsSearch,
  setInstructorsStatus,
  setInstructorVerified,
  suspendInstructor,
  unsuspendInstructor,
  type AdminInstructorView,
} from '../../stores/admin-connect.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { formatDate, ListTable } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';

function SuspendDialog({ instructor, onClose }: { instructor: AdminInstructorView; onClose: () => void }) {
  const upcoming = instructor.upcoming_bookings;
  return (
    <ReasonDialog
      title={`Suspend ${instructor.name}?`}
      description={`Their profile leaves the directory at once, and their future bookings${upcoming ? ` (${upcoming} now)` : ''} are cancelled and refunded in full to the bookers.`}
      label="Reason (the instructor sees it)"
      requiredMessage="Give a reason for the suspension"
      inputClass="connect-reason"
      keepLabel="Keep"
      confirmLabel="Suspend and refund"
      busyLabel="Suspending..."
      onConfirm={(reason) => suspendInstructor(instructor, reason)}
      onClose={onClose}
    />
  );
}

function UnsuspendDialog({ instructor, onClose }: { instructor: AdminInstructorView; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Lift the suspension of ${instructor.name}?`}
      description="Their profile becomes a draft: they publish it again from their profile page. Cancelled bookings stay cancelled."
      busy={busy}
    >
      <div className="drx-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const result = await unsuspendInstructor(instructor);
            setBusy(false);
            if (result.ok) onClose();
          }}
        >
          {busy ? 'Working...' : 'Lift suspension'}
        </button>
      </div>
    </ModalDialog>
  );
}

function InstructorsList() {
  const query = useStore($instructorsQuery);
  const list = useStore($instructorsList);
  const id = useId();
  const [suspending, setSuspending] = useState<AdminInstructorView | null>(null);
  const [unsuspending, setUnsuspending] = useState<AdminInstructorView | null>(null);
  // The box shows the asked-for state while the change is saved (the list reloads after it).
  const [verifying, setVerifying] = useState<{ id: number; value: boolean } | null>(null);

  useEffect(() => {
    initInstructorsList();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const filtered = !!(query.q.trim() || query.status);

  const columns: TableColumn<AdminInstructorView>[] = [
    {
      header: 'Instructor',
      rowHeader: true,
      cell: (i) => (
        <>
          {i.status === 'published' ? (
            <a href={`/instructors/${i.id}`} className="admin-strong-link">
              {i.name}
            </a>
          ) : (
            <strong>{i.name}</strong>
          )}
          <span className="admin-sub">{i.email ?? ''}</span>
          {i.headline && <span className="admin-sub">{i.headline}</span>}
        </>
      ),
    },
    {
      header: 'Status',
      cell: (i) => (
        <div>
          <span className={profileBadgeClass(i.status)}>{PROFILE_STATUS_LABELS[i.status]}</span>
          {i.verified && <span className="badge badge-primary">Verified</span>}
          {i.premium && <span className="badge badge-primary">Premium</span>}
          {i.suspended_reason && <span className="admin-sub">Reason: {i.suspended_reason}</span>}
        </div>
      ),
    },
    {
      header: 'Styles',
      cell: (i) => (
        <>
          <span>{i.styles.length ? i.styles.join(', ') : 'None yet'}</span>
          <span className="admin-sub">{i.city ? `${i.city}, ${i.state ?? ''}` : 'Online'}</span>
        </>
      ),
    },
    {
      header: 'Activity',
      cell: (i) => (
        <>
          <span>
            {i.lesson_type_count === 1 ? '1 lesson type' : `${i.lesson_type_count} lesson types`} · {i.upcoming_bookings} upcoming
          </span>
          <span className="admin-sub">
            {i.rating === null ? 'No reviews' : `Rated ${i.rating.toFixed(1)} (${i.review_count})`} · since {formatDate(i.created_at)}
          </span>
        </>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (i) => (
        <div className="connect-actions">
          <label className="check">
            <input
              type="checkbox"
              checked={verifying?.id === i.id ? verifying.value : i.verified}
              disabled={verifying?.id === i.id}
              onChange={async (e) => {
                const next = e.currentTarget.checked;
                setVerifying({ id: i.id, value: next });
                await setInstructorVerified(i, next);
                setVerifying(null);
              }}
            />
            <span>
              Verified<span className="visually-hidden"> ({i.name})</span>
            </span>
          </label>
          {i.status === 'suspended' ? (
            <button type="button" className="btn btn-secondary btn-sm" aria-label={`Lift the suspension of ${i.name}`} onClick={() => setUnsuspending(i)}>
              Unsuspend
            </button>
          ) : (
            <button type="button" className="btn btn-danger btn-sm" aria-label={`Suspend ${i.name}`} onClick={() => setSuspending(i)}>
              Suspend
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="admin-stack">
      <form className="card admin-panel commerce-filters" role="search" aria-label="Filter instructors" onSubmit={(e) => e.preventDefault()}>
        <SearchFilter id={`${id}-q`} className="field commerce-filter-wide" label="Search instructors" placeholder="Name, email, username or headline" value={query.q} onChange={setInstructorsSearch} />
        <SelectFilter
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          options={PROFILE_STATUSES}
          optionLabel={(s) => PROFILE_STATUS_LABELS[s]}
          value={query.status}
          onChange={setInstructorsStatus}
        />
        <FilterSummary count={data ? (data.pagination.total === 1 ? '1 instructor' : `${data.pagination.total} instructors`) : ''} filtered={filtered} onClear={clearInstructorsFilters} />
      </form>

      <ListTable
        error={list.status === 'error' ? list.message : undefined}
        onRetry={reloadInstructors}
        loadingLabel="Loading instructors..."
        empty={filtered ? 'No instructors match these filters.' : 'No professional profiles yet.'}
        caption="Instructors"
        columns={columns}
        rows={data?.data}
        rowKey={(i) => i.id}
        busy={list.status === 'loading'}
      />
      {data && <Pager page={data.pagination.page} pageCount={data.pagination.totalPages} onPage={setInstructorsPage} />}
      {suspending && <SuspendDialog instructor={suspending} onClose={() => setSuspending(null)} />}
      {unsuspending && <UnsuspendDialog instructor={unsuspending} onClose={() => setUnsuspending(null)} />}
    </div>
  );
}

/** /admin/instructors: instructors.manage (ADMIN's). */
function AdminInstructors() {
  return (
    <PermissionGate action="instructors.manage" what="Instructors">
      {() => <InstructorsList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(AdminInstructors);
