import { useStore } from '@nanostores/react';
import { useState } from 'react';
import ImageDisplay from '../../../components/ImageDisplay.tsx';
import ModalDialog from '../../../components/ModalDialog.tsx';
import { fileDetails, personName, resourcePrice } from '../../../lib/store-format.ts';
import { DEFAULT_RESOURCE_IMAGE, DEFAULT_SELLER_IMAGE } from '../../../lib/store-images.ts';
import {
  $openResourceId,
  $resourceDetail,
  approveResource,
  askToArchive,
  askToReject,
  closeResource,
  reloadResourceDetail,
  resourceActions,
  toggleFeatured,
  type ResourceDetail,
} from '../../../stores/admin-store.ts';
import { $downloading, downloadFile, downloadKey } from '../../../stores/my-resources.ts';
import { ErrorState, formatDateTime, LoadingState } from '../AdminStates.tsx';
import { formatCount } from './parts.tsx';
import { ResourceBadges } from './ResourceTable.tsx';
import '../../../styles/feature-gate.css';

function Files({ resource }: { resource: ResourceDetail }) {
  const downloading = useStore($downloading);
  if (resource.files.length === 0) return <p className="muted">No files are attached.</p>;
  return (
    <ul className="store-files" aria-label="Files">
      {resource.files.map((file) => {
        const busy = downloading === downloadKey(resource.id, file.id);
        return (
          <li key={file.id} className="store-file">
            <span className="store-break">
              <strong>{file.name}</strong>
              <span className="admin-sub">{fileDetails(file)}</span>
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`Download ${file.name}`}
              disabled={busy}
              onClick={() => void downloadFile(resource.id, file.id)}
            >
              {busy ? 'Preparing...' : 'Download'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Actions({ resource }: { resource: ResourceDetail }) {
  const [busy, setBusy] = useState(false);
  const can = resourceActions(resource);
  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="cluster store-actions store-review-actions">
      {can.approve && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(() => approveResource(resource))}>
          Approve
        </button>
      )}
      {can.reject && (
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => askToReject(resource)}>
          Reject
        </button>
      )}
      {can.feature && (
        <button type="button" className="btn btn-secondary" disabled={busy} aria-pressed={resource.featured} onClick={() => void run(() => toggleFeatured(resource))}>
          {resource.featured ? 'Unfeature' : 'Feature'}
        </button>
      )}
      {can.archive && (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => askToArchive(resource)}>
          Archive
        </button>
      )}
      {resource.status === 'published' && (
        <a className="btn btn-ghost" href={`/curriculum/${resource.id}`} target="_blank" rel="noopener">
          Open in store<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}

function Review({ resource }: { resource: ResourceDetail }) {
  const seller = resource.seller;
  return (
    <div className="store-review">
      <div className="store-review-head">
        <ImageDisplay className="store-review-cover" src={resource.cover_image_url} fallbackSrc={DEFAULT_RESOURCE_IMAGE} alt={`Cover of ${resource.title}`} width={320} height={180} />
        <div className="stack-sm">
          <ResourceBadges resource={resource} />
          <dl className="store-facts">
            <div>
              <dt>Price</dt>
              <dd>{resourcePrice(resource.price_cents)}</dd>
            </div>
            <div>
              <dt>Category</dt>
              <dd>{resource.category?.name ?? 'None'}</dd>
            </div>
            <div>
              <dt>Style · age · level</dt>
              <dd>
                {resource.dance_style} · {resource.age_group} · {resource.level}
              </dd>
            </div>
            <div>
              <dt>Sales · downloads</dt>
              <dd>
                {formatCount(resource.sales_count)} · {formatCount(resource.download_count)}
              </dd>
            </div>
            <div>
              <dt>Last changed</dt>
              <dd>{formatDateTime(resource.updated_at)}</dd>
            </div>
          </dl>
        </div>
      </div>

      {resource.status === 'rejected' && resource.rejection_reason && (
        <div className="alert alert-error" role="note">
          <p className="alert-title">Reason given to the seller</p>
          <p className="admin-prewrap">{resource.rejection_reason}</p>
        </div>
      )}

      <Actions resource={resource} />

      <section aria-label="Description">
        <h3 className="store-review-title">Description</h3>
        {/* Rendered and sanitised by the server (ResourceDetail.description_html). */}
        <div className="prose store-review-description" dangerouslySetInnerHTML={{ __html: resource.description_html }} />
      </section>

      <section aria-label="Files to review">
        <h3 className="store-review-title">Files</h3>
        <Files resource={resource} />
      </section>

      {resource.preview_image_urls.length > 0 && (
        <section aria-label="Preview images">
          <h3 className="store-review-title">Preview images</h3>
          <ul className="store-previews">
            {resource.preview_image_urls.map((url, i) => (
              <li key={url}>
                <ImageDisplay src={url} alt={`Preview ${i + 1} of ${resource.title}`} width={160} height={120} loading="lazy" />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Seller">
        <h3 className="store-review-title">Seller</h3>
        <div className="store-seller-card">
          <ImageDisplay className="store-seller-logo" src={seller.logo_url ?? seller.profile_image_url} fallbackSrc={DEFAULT_SELLER_IMAGE} alt="" width={48} height={48} />
          <p className="store-break">
            <strong>{seller.store_name}</strong>
            <span className="admin-sub">
              {personName(seller)} (@{seller.username}) · {formatCount(seller.resource_count)} published
            </span>
            <a href={`/admin/resources?seller=${seller.id}&status=all`}>Every resource of this seller</a>
          </p>
        </div>
      </section>
    </div>
  );
}

/** The resource a reviewer opened (View): everything the seller submitted, and the decisions. */
export function ResourceReviewDialog() {
  const openId = useStore($openResourceId);
  const state = useStore($resourceDetail);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const resource = data && data.id === openId ? data : undefined;
  return (
    <ModalDialog
      open={openId !== null}
      onOpenChange={(open) => {
        if (!open) closeResource();
      }}
      className="drx-dialog-wide store-review-dialog"
      loading={state.status === 'loading'}
      title={<span className="store-break">{resource?.title ?? 'Resource'}</span>}
      titleAction={
        <button type="button" className="btn btn-secondary btn-sm" onClick={closeResource}>
          Close
        </button>
      }
      description="The resource as its seller submitted it, with its files and the review decisions."
      hideDescription
    >
      {state.status === 'error' && <ErrorState message={state.message} onRetry={reloadResourceDetail} />}
      {!resource && state.status !== 'error' && <LoadingState label="Loading the resource..." />}
      {resource && <Review resource={resource} />}
    </ModalDialog>
  );
}
