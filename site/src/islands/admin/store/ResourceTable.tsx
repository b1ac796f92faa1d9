import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import ImageDisplay from '../../../components/ImageDisplay.tsx';
import ResponsiveTable, { type TableColumn } from '../../../components/ResponsiveTable.tsx';
import { resourcePrice } from '../../../lib/store-format.ts';
import { DEFAULT_RESOURCE_IMAGE } from '../../../lib/store-images.ts';
import {
  $pendingDecision,
  approveResource,
  archiveResource,
  askToReject,
  dismissDecision,
  openResource,
  rejectResource,
  RESOURCE_STATUS_LABELS,
  resourceActions,
  resourceBadgeClass,
  toggleFeatured,
  type ResourceSummary,
} from '../../../stores/admin-store.ts';
import { rejectResourceSchema } from '../../../../../worker/src/schemas/store.ts';
import { ConfirmDialog, formatDate } from '../AdminStates.tsx';
import { formatCount } from './parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';

/** A resource's status badges: its status, and Featured when it is in the store's row. */
export function ResourceBadges({ resource }: { resource: Pick<ResourceSummary, 'status' | 'featured'> }) {
  return (
    <span className="store-badges">
      <span className={resourceBadgeClass(resource.status)}>{RESOURCE_STATUS_LABELS[resource.status]}</span>
      {resource.featured && <span className="badge badge-primary">Featured</span>}
    </span>
  );
}

/** The quick decisions of a row: Approve and Reject for a submitted resource (the review queue). */
export function ReviewButtons({ resource }: { resource: ResourceSummary }) {
  const [busy, setBusy] = useState(false);
  const can = resourceActions(resource);
  if (!can.approve && !can.reject) return null;
  return (
    <>
      {can.approve && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          aria-label={`Approve ${resource.title}`}
          onClick={async () => {
            setBusy(true);
            try {
              await approveResource(resource);
            } finally {
              setBusy(false);
            }
          }}
        >
          Approve
        </button>
      )}
      {can.reject && (
        <button type="button" className="btn btn-danger btn-sm" disabled={busy} aria-label={`Reject ${resource.title}`} onClick={() => askToReject(resource)}>
          Reject
        </button>
      )}
    </>
  );
}

/** Feature or Unfeature: puts a published resource in the store's featured row, or takes it out. */
export function FeatureButton({ resource }: { resource: ResourceSummary }) {
  const [busy, setBusy] = useState(false);
  if (!resourceActions(resource).feature) return null;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      disabled={busy}
      aria-label={`${resource.featured ? 'Unfeature' : 'Feature'} ${resource.title}`}
      onClick={async () => {
        setBusy(true);
        try {
          await toggleFeatured(resource);
        } finally {
          setBusy(false);
        }
      }}
    >
      {resource.featured ? 'Unfeature' : 'Feature'}
    </button>
  );
}

export type ResourceColumn = 'resource' | 'seller' | 'price' | 'status' | 'date' | 'sales';

interface ResourceTableProps {
  caption: string;
  rows: readonly ResourceSummary[];
  busy?: boolean;
  /** The columns to show, in this order (the actions column is always last). */
  columns?: readonly ResourceColumn[];
  /** The date the table shows: when it was last changed (a submission is a change) or created. */
  dateLabel?: string;
  /** Buttons after View in each row. */
  actions?: (resource: ResourceSummary) => ReactNode;
}

const ALL_COLUMNS: readonly ResourceColumn[] = ['resource', 'seller', 'price', 'status', 'date', 'sales'];

/** The resources table of the store's admin pages: a row per resource, stacked as cards on a phone. */
export function ResourceTable({ caption, rows, busy, columns = ALL_COLUMNS, dateLabel = 'Updated', actions }: ResourceTableProps) {
  const defs: Record<ResourceColumn, TableColumn<ResourceSummary>> = {
    resource: {
      header: 'Resource',
      rowHeader: true,
      cell: (r) => (
        <span className="store-resource-cell">
          <ImageDisplay className="store-thumb" src={r.cover_image_url} fallbackSrc={DEFAULT_RESOURCE_IMAGE} alt="" width={64} height={36} loading="lazy" />
          <span className="store-resource-name">
            <span className="admin-strong-link">{r.title}</span>
            <span className="admin-sub">
              {[r.category?.name, r.dance_style, r.age_group, r.level].filter(Boolean).join(' · ')}
            </span>
          </span>
        </span>
      ),
    },
    seller: {
      header: 'Seller',
      cell: (r) => (
        <a href={`/admin/resources?seller=${r.seller.id}&status=all`} className="store-break" aria-label={`Every resource of ${r.seller.store_name}`}>
          {r.seller.store_name}
        </a>
      ),
    },
    price: { header: 'Price', align: 'end', cell: (r) => resourcePrice(r.price_cents) },
    status: { header: 'Status', cell: (r) => <ResourceBadges resource={r} /> },
    date: { header: dateLabel, cell: (r) => formatDate(r.updated_at) },
    sales: {
      header: 'Sales',
      align: 'end',
      cell: (r) => (
        <span>
          {formatCount(r.sales_count)}
          <span className="admin-sub">{formatCount(r.download_count)} downloads</span>
        </span>
      ),
    },
  };
  const tableColumns: TableColumn<ResourceSummary>[] = [
    ...columns.map((c) => defs[c]),
    {
      header: 'Actions',
      hideHeader: true,
      cell: (r) => (
        <span className="cluster store-actions">
          <button type="button" className="btn btn-secondary btn-sm" aria-label={`View ${r.title}`} aria-haspopup="dialog" onClick={() => openResource(r.id)}>
            View
          </button>
          {actions?.(r)}
        </span>
      ),
    },
  ];
  return <ResponsiveTable caption={caption} columns={tableColumns} rows={rows} rowKey={(r) => r.id} busy={busy} />;
}

/** The reason dialog of a rejection and the confirmation of an archive, whichever button asked. Mounted once per page. */
export function DecisionDialogs() {
  const pending = useStore($pendingDecision);
  const resource = pending?.resource;
  return (
    <>
      <ReasonDialog
        open={pending?.kind === 'reject'}
        onOpenChange={(open) => {
          if (!open) dismissDecision();
        }}
        title={`Reject “${resource?.title ?? ''}”?`}
        description="The seller reads your reason beside the resource and in a notice; they can change it and submit it again."
        label="Reason (the seller reads it)"
        confirmLabel="Reject resource"
        destructive
        schema={rejectResourceSchema}
        onSubmit={async (reason) => (resource ? rejectResource(resource, reason) : { ok: true })}
      />
      <ConfirmDialog
        open={pending?.kind === 'archive'}
        onOpenChange={(open) => {
          if (!open) dismissDecision();
        }}
        title={`Archive “${resource?.title ?? ''}”?`}
        description="It leaves the store and the review queue and cannot be bought. Its seller can bring it back as a draft."
        confirmLabel="Archive"
        destructive
        onConfirm={async () => {
          if (!resource) return true;
          const result = await archiveResource(resource);
          return result.ok;
        }}
      />
    </>
  );
}
