import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import ImageDisplay from '../components/ImageDisplay.tsx';
import { DEFAULT_RESOURCE_IMAGE } from '../lib/store-images.ts';
import { fileDetails } from '../lib/store-format.ts';
import { countLabel } from '../lib/plural.ts';
import { $downloading, $myResources, acquiredLabel, downloadFile, downloadKey, loadMyResources, type OwnedResource } from '../stores/my-resources.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

function OwnedCard({ owned, downloading }: { owned: OwnedResource; downloading: string | null }) {
  const { resource, files } = owned;
  const headingId = `owned-${resource.id}`;
  const page = `/curriculum/${resource.id}`;
  return (
    <li>
      <article className="owned-card" aria-labelledby={headingId}>
        <ImageDisplay className="owned-cover" src={resource.cover_image_url} fallbackSrc={DEFAULT_RESOURCE_IMAGE} alt="" width={192} height={108} loading="lazy" />
        <div className="owned-body">
          <header className="owned-head">
            <h2 id={headingId} className="owned-title">
              <a href={page}>{resource.title}</a>
            </h2>
            <p className="owned-meta">
              by <a href={`/sellers/${resource.seller.id}`}>{resource.seller.store_name}</a> · {resource.dance_style} · {resource.age_group} · {resource.level}
            </p>
            <p className="owned-meta">{acquiredLabel(owned)}</p>
            {resource.status !== 'published' && <p className="owned-meta">No longer listed in the store.</p>}
          </header>
          {files.length === 0 ? (
            <p className="owned-meta">The seller has not attached any files yet.</p>
          ) : (
            <ul className="owned-files" aria-label={`Files of ${resource.title}`}>
              {files.map((file) => {
                const busy = downloading === downloadKey(resource.id, file.id);
                return (
                  <li key={file.id} className="owned-file">
                    <span className="owned-file-name">
                      {file.name}
                      <span className="owned-meta">{fileDetails(file)}</span>
                    </span>
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-label={`Download ${file.name}`}
                      aria-busy={busy || undefined}
                      disabled={busy}
                      onClick={() => void downloadFile(resource.id, file.id)}
                    >
                      {busy ? 'Preparing...' : 'Download'}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <p className="cluster owned-links">
            <a className="btn btn-secondary btn-sm" href={page} aria-label={`View ${resource.title} in the store`}>
              View in store
            </a>
            <a className="btn btn-ghost btn-sm" href={`${page}#reviews`} aria-label={`Write a review of ${resource.title}`}>
              Write a review
            </a>
          </p>
        </div>
      </article>
    </li>
  );
}

/** /my-resources: the resources the user bought or took for free, with their downloads. */
function MyResources() {
  const state = useStore($myResources);
  const downloading = useStore($downloading);

  useEffect(() => {
    void loadMyResources();
  }, []);

  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">{state.message}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadMyResources()}>
          Try again
        </button>
      </div>
    );
  }
  if (!data) return <Loading text="Loading your resources..." />;
  if (data.length === 0) {
    return (
      <div className="panel center stack">
        <p className="lead">You have no resources yet.</p>
        <p>Lesson plans, syllabi and music lists you buy or take for free appear here, ready to download.</p>
        <p className="cluster" style={{ justifyContent: 'center' }}>
          <a className="btn btn-primary" href="/curriculum">
            Browse the store
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <p className="muted" aria-live="polite">
        {countLabel(data.length, 'resource')} · links to files are made when you press Download and last a few minutes.
      </p>
      <ul className="owned-list" aria-label="My resources">
        {data.map((owned) => (
          <OwnedCard key={owned.resource.id} owned={owned} downloading={downloading} />
        ))}
      </ul>
    </div>
  );
}

export default withErrorBoundary(MyResources);
