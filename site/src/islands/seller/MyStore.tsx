import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import ImageDisplay from '../../components/ImageDisplay.tsx';
import { countLabel } from '../../lib/plural.ts';
import { ratingLabel, resourcePrice } from '../../lib/store-format.ts';
import { DEFAULT_RESOURCE_IMAGE, DEFAULT_SELLER_IMAGE } from '../../lib/store-images.ts';
import { $myStorefront, loadMyStorefront, type SellerProfileView } from '../../stores/seller.ts';
import { ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import SellerArea from './SellerArea.tsx';

function Preview({ profile }: { profile: SellerProfileView }) {
  const state = useStore($myStorefront);
  useEffect(() => {
    void loadMyStorefront(profile.user_id);
  }, [profile.user_id]);
  const store = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const publicPath = `/sellers/${profile.user_id}`;
  return (
    <div className="ca-stack">
      <div className="sl-toolbar">
        <p className="muted" style={{ margin: 0 }}>
          This is your storefront as buyers see it: only your published resources show.
        </p>
        <div className="cluster">
          <a className="btn btn-primary btn-sm" href={publicPath}>
            Open public storefront
          </a>
          <a className="btn btn-secondary btn-sm" href="/seller/settings">
            Edit store profile
          </a>
        </div>
      </div>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadMyStorefront(profile.user_id)} />}
      {store === undefined && state.status !== 'error' && <LoadingState label="Loading your storefront..." />}
      {store === null && (
        <p className="alert alert-info" role="status">
          Your storefront is not public while your store is {profile.status === 'suspended' ? 'suspended' : 'not approved'}.
        </p>
      )}
      {store && (
        <section className="ca-panel ca-stack" aria-labelledby="sl-store-name">
          <div className="sl-store-head">
            <ImageDisplay src={store.seller.logo_url ?? store.seller.profile_image_url} fallbackSrc={DEFAULT_SELLER_IMAGE} alt="" width={80} height={80} />
            <div>
              <h2 id="sl-store-name">{store.seller.store_name}</h2>
              <p className="muted" style={{ margin: 0 }}>
                {countLabel(store.seller.resource_count, 'resource')} · {ratingLabel(store.seller.rating_average, store.seller.rating_count)}
              </p>
            </div>
          </div>
          {store.seller.bio && <p style={{ margin: 0, whiteSpace: 'pre-line' }}>{store.seller.bio}</p>}
          {store.resources.length === 0 ? (
            <p className="ca-empty">
              Nothing is on sale yet. <a href="/seller/resources">Submit a resource for review</a>; once approved it shows here.
            </p>
          ) : (
            <ul className="sl-store-grid" aria-label="Published resources">
              {store.resources.map((r) => (
                <li key={r.id} className="sl-store-card">
                  <ImageDisplay src={r.cover_image_url} fallbackSrc={DEFAULT_RESOURCE_IMAGE} alt="" width={320} height={180} loading="lazy" />
                  <h3>
                    <a href={`/curriculum/${r.id}`}>{r.title}</a>
                  </h3>
                  <p className="text-sm muted">{[r.dance_style, r.age_group, r.level].join(' · ')}</p>
                  <p>
                    <strong>{resourcePrice(r.price_cents)}</strong> <span className="text-sm muted">· {ratingLabel(r.rating_average, r.rating_count)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

/** /my-store: the seller's storefront as buyers see it, with the link to it; the way to start selling otherwise. */
function MyStore() {
  return <SellerArea>{({ profile }) => <Preview profile={profile} />}</SellerArea>;
}

export default withErrorBoundary(MyStore);
