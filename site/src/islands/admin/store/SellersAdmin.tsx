import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { SearchFilter } from '../../../components/admin/ListFilters.tsx';
import { personName } from '../../../lib/store-format.ts';
import {
  $sellersList,
  $sellersPageCount,
  $sellersQuery,
  decideSeller,
  initSellersList,
  reloadSellers,
  SELLER_STATUS_LABELS,
  SELLER_STATUSES,
  sellerBadgeClass,
  sellerDecisions,
  setSellersPage,
  setSellersSearch,
  setSellersStatus,
  type SellerDecision,
  type SellerProfileView,
  type SellerStatus,
} from '../../../stores/admin-sellers.ts';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { ErrorState, formatDate, LoadingState } from '../AdminStates.tsx';
import { PermissionGate } from '../PermissionGate.tsx';
import { Pager, StatusFilter, type FilterOption } from './parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';

const DECISION_LABELS: Record<SellerDecision, string> = { approve: 'Approve', reject: 'Reject', suspend: 'Suspend', reinstate: 'Reinstate' };

/** A link the applicant gave: shown as text, opened in a new tab without telling the other site who sent us. */
function SampleLink({ url }: { url: string }) {
  const external = /^https?:\/\//i.test(url);
  return (
    <a href={url} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})} className="store-break">
      {url}
      {external && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}

function SellerCard({ profile, busy, onDecide }: { profile: SellerProfileView; busy: boolean; onDecide: (profile: SellerProfileView, decision: SellerDecision) => void }) {
  const headingId = `seller-${profile.user_id}`;
  const applicant = personName(profile.user);
  return (
    <li>
      <article className="card admin-panel store-seller" aria-labelledby={headingId}>
        <header className="store-seller-head">
          <h2 id={headingId} className="store-seller-name">
            {profile.store_name}
          </h2>
          <ul className="admin-badges" aria-label="Status">
            <li>
              <span className={sellerBadgeClass(profile.status)}>{SELLER_STATUS_LABELS[profile.status]}</span>
            </li>

          </ul>
        </header>
        <p className="admin-sub store-seller-who">
          {applicant} (@{profile.user.username}){profile.user.email && ` · ${profile.user.email}`} · applied {formatDate(profile.created_at)}
          {profile.decided_at && ` · decided ${formatDate(profile.decided_at)}`}
        </p>
        <dl className="admin-fields store-seller-fields">
          <div className="admin-field-wide">
            <dt>Bio</dt>
            <dd className="admin-prewrap">{profile.bio || '—'}</dd>
          </div>
          <div>
            <dt>Sample</dt>
            <dd>{profile.sample_url ? <SampleLink url={profile.sample_url} /> : 'None given'}</dd>
          </div>
          <div>
            <dt>Role asked for</dt>
            <dd>{profile.requested_role === 'CURRICULUM_SELLER' ? 'Curriculum seller (CURRICULUM_SELLER)' : 'Seller (SELLER)'}</dd>
          </div>
          {profile.application_note && (
            <div className="admin-field-wide">
              <dt>Note</dt>
              <dd className="admin-prewrap">{profile.application_note}</dd>
            </div>
          )}
          {profile.status_reason && (
            <div className="admin-field-wide">
              <dt>{profile.status === 'suspended' ? 'Reason for the suspension' : 'Reason given'}</dt>
              <dd className="admin-prewrap">{profile.status_reason}</dd>
            </div>
          )}
        </dl>
        <div className="cluster store-actions">
          {sellerDecisions(profile.status).map((decision) => (
            <button
              key={decision}
              type="button"
              className={decision === 'approve' || decision === 'reinstate' ? 'btn btn-primary btn-sm' : 'btn btn-danger btn-sm'}
              disabled={busy}
              aria-label={`${DECISION_LABELS[decision]} ${profile.store_name}`}
              onClick={() => onDecide(profile, decision)}
            >
              {DECISION_LABELS[decision]}
            </button>
          ))}
          <a className="btn btn-secondary btn-sm" href={`/admin/resources?seller=${profile.user_id}&status=all`} aria-label={`Resources of ${profile.store_name}`}>
            Resources
          </a>
          {profile.status === 'approved' && (
            <a className="btn btn-ghost btn-sm" href={`/sellers/${profile.user_id}`} aria-label={`Storefront of ${profile.store_name}`}>
              Storefront
            </a>
          )}
        </div>
      </article>
    </li>
  );
}

function SellersList() {
  const id = useId();
  const query = useStore($sellersQuery);
  const list = useStore($sellersList);
  const pageCount = useStore($sellersPageCount);
  const [busy, setBusy] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ profile: SellerProfileView; decision: 'reject' | 'suspend' } | null>(null);

  useEffect(() => {
    initSellersList();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const counts = data?.counts;
  const all = counts ? SELLER_STATUSES.reduce((n, s) => n + counts[s], 0) : undefined;
  const options: FilterOption<SellerStatus | ''>[] = [
    { value: '', label: 'All', count: all },
    ...SELLER_STATUSES.map((s) => ({ value: s, label: SELLER_STATUS_LABELS[s], count: counts?.[s] })),
  ];

  async function decide(profile: SellerProfileView, decision: SellerDecision) {
    if (decision === 'reject' || decision === 'suspend') {
      setAsking({ profile, decision });
      return;
    }
    setBusy(profile.user_id);
    try {
      await decideSeller(profile, decision);
    } finally {
      setBusy(null);
    }
  }

  const filtered = !!(query.status || query.q.trim());

  return (
    <div className="admin-stack">
      <form className="card admin-panel store-filters" role="search" aria-label="Filter sellers" onSubmit={(e) => e.preventDefault()}>
        <StatusFilter label="Status" options={options} value={query.status} onChange={setSellersStatus} />
        <SearchFilter
          id={`${id}-q`}
          className="field store-filter-search"
          label="Search sellers"
          placeholder="Store name, name, username or email"
          maxLength={100}
          value={query.q}
          onChange={setSellersSearch}
        />
        {data && (
          <p className="muted store-filter-total" aria-live="polite">
            {data.total === 1 ? '1 seller' : `${data.total} sellers`}
            {!query.status && counts && counts.pending > 0 && ' · pending applications first'}
          </p>
        )}
      </form>

      {list.status === 'error' && <ErrorState message={list.message} onRetry={reloadSellers} />}
      {!data && list.status !== 'error' && <LoadingState label="Loading sellers..." />}
      {data &&
        (data.data.length === 0 ? (
          <p className="card admin-empty">
            {filtered ? 'No sellers match these filters.' : 'No one has applied to sell yet. Applications appear here as they arrive.'}
          </p>
        ) : (
          <ul className="store-seller-list" aria-label="Sellers" aria-busy={list.status === 'loading' || undefined}>
            {data.data.map((profile) => (
              <SellerCard key={profile.user_id} profile={profile} busy={busy === profile.user_id} onDecide={(p, d) => void decide(p, d)} />
            ))}
          </ul>
        ))}

      {data && <Pager page={data.page} pageCount={pageCount} onPage={setSellersPage} />}

      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking?.decision === 'suspend' ? `Suspend ${asking.profile.store_name}?` : `Reject the application of ${asking?.profile.store_name ?? ''}?`}
        description={
          asking?.decision === 'suspend'
            ? "The seller's resources leave the store at once and they cannot submit new ones until you reinstate them. The seller reads your reason."
            : 'The applicant reads your reason and may apply again with a new sample.'
        }
        label="Reason (the seller reads it)"
        confirmLabel={asking?.decision === 'suspend' ? 'Suspend seller' : 'Reject application'}
        destructive
        onSubmit={async (reason) => (asking ? decideSeller(asking.profile, asking.decision, reason) : { ok: true })}
      />
    </div>
  );
}

/** /admin/sellers: sellers.manage (CURRICULUM_ADMIN, ADMIN). */
function SellersAdmin() {
  return (
    <PermissionGate action="sellers.manage" what="Sellers">
      {() => <SellersList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(SellersAdmin);
