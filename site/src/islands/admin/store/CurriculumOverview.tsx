import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { AGE_GROUPS, DANCE_STYLES, RESOURCE_LEVELS } from '../../../../../shared/store-query.ts';
import {
  $candidateSearch,
  $catalogueFacets,
  $featureCandidates,
  $featured,
  $statusCounts,
  FEATURED_ROW_SIZE,
  loadCatalogueFacets,
  loadFeatureCandidates,
  loadFeatured,
  loadStatusCounts,
  setCandidateSearch,
} from '../../../stores/admin-catalogue.ts';
import { ADMIN_RESOURCE_STATUSES, RESOURCE_STATUS_LABELS } from '../../../stores/admin-store.ts';
import type { ResourceFacets } from '../../../../../shared/store/views.ts';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { ErrorState, LoadingState } from '../AdminStates.tsx';
import { PermissionGate } from '../PermissionGate.tsx';
import { Figures, formatCount, Panel } from './parts.tsx';
import { ResourceReviewDialog } from './ResourceReview.tsx';
import { DecisionDialogs, FeatureButton, ResourceTable } from './ResourceTable.tsx';

function StatusCounts() {
  const state = useStore($statusCounts);
  useEffect(() => {
    void loadStatusCounts();
  }, []);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  return (
    <section aria-labelledby="catalogue-status">
      <h2 id="catalogue-status" className="admin-section-title">
        Resources by status
      </h2>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadStatusCounts()} />}
      {!data && state.status !== 'error' && <LoadingState label="Counting resources..." />}
      {data && (
        <Figures
          label="Resources by status"
          figures={ADMIN_RESOURCE_STATUSES.map((s) => ({
            label: RESOURCE_STATUS_LABELS[s],
            value: formatCount(data[s]),
            href: `/admin/resources?status=${s}`,
            linkText: s === 'submitted' ? 'Review them' : `See the ${RESOURCE_STATUS_LABELS[s].toLowerCase()} list`,
          }))}
        />
      )}
    </section>
  );
}

function FeaturedRow() {
  const state = useStore($featured);
  useEffect(() => {
    void loadFeatured();
  }, []);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const shown = data?.filter((r) => r.status === 'published').length ?? 0;
  return (
    <Panel id="featured-row" title="Featured row">
      <p className="muted">
        The store shows featured resources in a row above its list, up to {FEATURED_ROW_SIZE} at a time. Only published resources appear there.
      </p>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadFeatured()} />}
      {!data && state.status !== 'error' && <LoadingState label="Loading the featured resources..." />}
      {data &&
        (data.length === 0 ? (
          <p className="store-note">Nothing is featured: the store shows no featured row. Feature published resources below.</p>
        ) : (
          <>
            <p className="store-note" aria-live="polite">
              {formatCount(data.length)} featured{shown !== data.length && `, ${formatCount(shown)} of them published and shown`}
              {shown > FEATURED_ROW_SIZE && ` — more than the row's ${FEATURED_ROW_SIZE}`}.
            </p>
            <ResourceTable
              caption="Featured resources"
              rows={data}
              busy={state.status === 'loading'}
              columns={['resource', 'seller', 'status', 'sales']}
              actions={(r) => <FeatureButton resource={r} />}
            />
          </>
        ))}
    </Panel>
  );
}

function FeatureCandidates() {
  const id = useId();
  const search = useStore($candidateSearch);
  const state = useStore($featureCandidates);
  useEffect(() => {
    void loadFeatureCandidates();
  }, []);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  return (
    <Panel id="feature-candidates" title="Add to the featured row">
      <form className="field store-candidate-search" role="search" aria-label="Find published resources" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-q`}>Find a published resource</label>
        <input
          id={`${id}-q`}
          type="search"
          className="input"
          placeholder="Title or description"
          autoComplete="off"
          maxLength={100}
          value={search}
          onChange={(e) => setCandidateSearch(e.currentTarget.value)}
        />
      </form>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadFeatureCandidates()} />}
      {!data && state.status !== 'error' && <LoadingState label="Loading published resources..." />}
      {data &&
        (data.length === 0 ? (
          <p className="store-note">{search.trim() ? 'No published resource that is not featured matches.' : 'Every published resource is featured, or none is published yet.'}</p>
        ) : (
          <ResourceTable
            caption="Published resources not featured"
            rows={data}
            busy={state.status === 'loading'}
            columns={['resource', 'seller', 'price', 'sales']}
            actions={(r) => <FeatureButton resource={r} />}
          />
        ))}
    </Panel>
  );
}

type FacetRow = { label: string; count: number };

function FacetTable({ caption, heading, rows }: { caption: string; heading: string; rows: FacetRow[] }) {
  return (
    <table className="table admin-table-compact store-facet">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className="admin-num">
            Published
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td className={r.count === 0 ? 'admin-num store-gap' : 'admin-num'}>{r.count === 0 ? 'none yet' : formatCount(r.count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every value of an enumeration with its count (zero when the store has none: the gaps to fill). */
function facetRows(values: readonly string[], counts: readonly { value: string; count: number }[]): FacetRow[] {
  return values.map((value) => ({ label: value, count: counts.find((c) => c.value === value)?.count ?? 0 }));
}

function spread(f: ResourceFacets): { caption: string; heading: string; rows: FacetRow[] }[] {
  return [
    { caption: 'By dance style', heading: 'Dance style', rows: facetRows(DANCE_STYLES, f.dance_style) },
    { caption: 'By age group', heading: 'Age group', rows: facetRows(AGE_GROUPS, f.age_group) },
    { caption: 'By level', heading: 'Level', rows: facetRows(RESOURCE_LEVELS, f.level) },
    { caption: 'By category', heading: 'Category', rows: f.category.map((c) => ({ label: c.value, count: c.count })) },
    {
      caption: 'By price',
      heading: 'Price',
      rows: [
        { label: 'Free', count: f.price.free },
        { label: 'Paid', count: f.price.paid },
      ],
    },
  ];
}

function CatalogueSpread() {
  const state = useStore($catalogueFacets);
  useEffect(() => {
    void loadCatalogueFacets();
  }, []);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  return (
    <Panel id="catalogue-spread" title="What the store offers">
      <p className="muted">Published resources by the store's filters: where a teacher looking for something finds little.</p>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadCatalogueFacets()} />}
      {!data && state.status !== 'error' && <LoadingState label="Loading the catalogue..." />}
      {data && (
        <div className="store-facets">
          {spread(data).map((t) => (
            <FacetTable key={t.caption} caption={t.caption} heading={t.heading} rows={t.rows} />
          ))}
        </div>
      )}
    </Panel>
  );
}

/** /admin/curriculum: the catalogue as a whole (curriculum.manage). */
function CurriculumOverview() {
  return (
    <PermissionGate action="curriculum.manage" what="The curriculum catalogue">
      {() => (
        <div className="admin-stack">
          <StatusCounts />
          <FeaturedRow />
          <FeatureCandidates />
          <CatalogueSpread />
          <ResourceReviewDialog />
          <DecisionDialogs />
        </div>
      )}
    </PermissionGate>
  );
}

export default withErrorBoundary(CurriculumOverview);
