import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ResourceStatus } from '../../../../shared/store/views.ts';
import ImageDisplay from '../../components/ImageDisplay.tsx';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import { RESOURCE_STATUS_ORDER, SELLER_RESOURCE_STATUS, sellerResourceActions } from '../../lib/seller-format.ts';
import { ratingFigure, resourcePrice } from '../../lib/store-format.ts';
import { DEFAULT_RESOURCE_IMAGE } from '../../lib/store-images.ts';
import { $ownResources, deleteResource, loadOwnResources, moveResource, type ResourceMove } from '../../stores/seller-resources.ts';
import { type OwnResource } from '../../../../shared/store/seller-analytics.ts';
import { ConfirmDialog, ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { formatCount, StatusBadge } from './parts.tsx';
import SellerArea from './SellerArea.tsx';

type Filter = ResourceStatus | 'all';

function filterOf(search: string): Filter {
  const status = new URLSearchParams(search).get('status');
  return status && (RESOURCE_STATUS_ORDER as readonly string[]).includes(status) ? (status as ResourceStatus) : 'all';
}

type Pending = { kind: 'delete' | 'archive'; resource: OwnResource } | null;

function Actions({ resource, ask }: { resource: OwnResource; ask: (p: Pending) => void }) {
  const [busy, setBusy] = useState(false);
  const can = sellerResourceActions(resource);
  async function move(kind: ResourceMove) {
    setBusy(true);
    try {
      await moveResource(resource, kind);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="sl-actions">
      {can.edit && (
        <a className="btn btn-secondary btn-sm" href={`/curriculum/${resource.id}/edit`} aria-label={`Edit ${resource.title}`}>
          Edit
        </a>
      )}
      {can.submit && (
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} aria-label={`Submit ${resource.title} for review`} onClick={() => void move('submit')}>
          Submit for review
        </button>
      )}
      {can.archive && (
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} aria-label={`Archive ${resource.title}`} onClick={() => ask({ kind: 'archive', resource })}>
          Archive
        </button>
      )}
      {can.restore && (
        <button type="button" className="btn btn-secondary btn-sm" disabled={busy} aria-label={`Restore ${resource.title}`} onClick={() => void move('restore')}>
          Restore
        </button>
      )}
      {can.delete && (
        <button type="button" className="btn btn-danger btn-sm" disabled={busy} aria-label={`Delete ${resource.title}`} onClick={() => ask({ kind: 'delete', resource })}>
          Delete
        </button>
      )}
    </span>
  );
}

function ResourcesList() {
  const state = useStore($ownResources);
  const [filter, setFilter] = useState<Filter>('all');
  const [pending, setPending] = useState<Pending>(null);
  useEffect(() => {
    setFilter(filterOf(location.search));
    void loadOwnResources();
  }, []);

  function choose(next: Filter) {
    setFilter(next);
    const url = new URL(location.href);
    if (next === 'all') url.searchParams.delete('status');
    else url.searchParams.set('status', next);
    history.replaceState(history.state, '', url.pathname + url.search);
  }

  const all = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const rows = all?.filter((r) => filter === 'all' || r.status === filter) ?? [];
  const count = (s: ResourceStatus) => all?.filter((r) => r.status === s).length ?? 0;

  const columns: TableColumn<OwnResource>[] = [
    {
      header: 'Resource',
      rowHeader: true,
      cell: (r) => (
        <span className="sl-resource-cell">
          <ImageDisplay className="sl-thumb" src={r.cover_image_url} fallbackSrc={DEFAULT_RESOURCE_IMAGE} alt="" width={64} height={48} loading="lazy" />
          <span className="sl-resource-name">
            {r.status === 'published' ? <a href={`/curriculum/${r.id}`}>{r.title}</a> : <span>{r.title}</span>}
            <span className="sl-sub">{[r.category?.name, r.dance_style, r.age_group, r.level].filter(Boolean).join(' · ')}</span>
          </span>
        </span>
      ),
    },
    {
      header: 'Status',
      cell: (r) => (
        <span>
          <StatusBadge status={r.status} />
          {r.status === 'rejected' && r.rejection_reason && <span className="sl-reason">Reason: {r.rejection_reason}</span>}
          {sellerResourceActions(r).submitBlocked && <span className="sl-sub sl-note">{sellerResourceActions(r).submitBlocked}</span>}
        </span>
      ),
    },
    { header: 'Price', align: 'end', cell: (r) => resourcePrice(r.price_cents) },
    { header: 'Sales', align: 'end', cell: (r) => formatCount(r.sales_count) },
    { header: 'Rating', align: 'end', cell: (r) => (r.rating_count > 0 ? `${ratingFigure(r.rating_average)} (${formatCount(r.rating_count)})` : '—') },
    { header: 'Actions', hideHeader: true, cell: (r) => <Actions resource={r} ask={setPending} /> },
  ];

  const target = pending?.resource;
  return (
    <div className="ca-stack">
      <div className="sl-toolbar">
        <div className="sl-filter" role="group" aria-label="Show resources by status">
          {(['all', ...RESOURCE_STATUS_ORDER] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={filter === value ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'}
              aria-pressed={filter === value}
              onClick={() => choose(value)}
            >
              {value === 'all' ? `All (${all?.length ?? 0})` : `${SELLER_RESOURCE_STATUS[value]} (${count(value)})`}
            </button>
          ))}
        </div>
        <a className="btn btn-primary" href="/seller/resources/add">
          Add resource
        </a>
      </div>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadOwnResources()} />}
      {!all && state.status !== 'error' && <LoadingState label="Loading your resources..." />}
      {all && all.length === 0 && (
        <p className="ca-empty">
          You have no resources yet. <a href="/seller/resources/add">Add your first resource</a>: a title, a description, a price and one to five files.
        </p>
      )}
      {all && all.length > 0 && rows.length === 0 && <p className="ca-empty">No {filter === 'all' ? '' : SELLER_RESOURCE_STATUS[filter].toLowerCase()} resources.</p>}
      {rows.length > 0 && <ResponsiveTable caption="My resources" columns={columns} rows={rows} rowKey={(r) => r.id} busy={state.status === 'loading'} />}

      <ConfirmDialog
        open={pending?.kind === 'delete'}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Delete “${target?.title ?? ''}”?`}
        description="The draft and its files are deleted. This action cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={async () => (target ? (await deleteResource(target)).ok : true)}
      />
      <ConfirmDialog
        open={pending?.kind === 'archive'}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Archive “${target?.title ?? ''}”?`}
        description="It leaves the store and cannot be bought; buyers keep their downloads. You can restore it as a draft later."
        confirmLabel="Archive"
        destructive
        onConfirm={async () => (target ? (await moveResource(target, 'archive')).ok : true)}
      />
    </div>
  );
}

/** /seller/resources: the seller's own resources, every status, with their moves. */
function SellerResources() {
  return <SellerArea>{() => <ResourcesList />}</SellerArea>;
}

export default withErrorBoundary(SellerResources);
