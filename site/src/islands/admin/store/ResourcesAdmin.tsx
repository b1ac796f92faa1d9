import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { ExportCsvButton } from '../../../components/admin/ExportCsvButton.tsx';
import { SearchFilter } from '../../../components/admin/ListFilters.tsx';
import {
  $resourcesExportHref,
  $resourcesList,
  $resourcesPageCount,
  $resourcesQuery,
  $sellerOptions,
  ADMIN_RESOURCE_SORT_LABELS,
  ADMIN_RESOURCE_SORTS,
  ADMIN_RESOURCE_STATUSES,
  DEFAULT_RESOURCES_QUERY,
  initResourcesList,
  loadSellerOptions,
  reloadResources,
  RESOURCE_STATUS_LABELS,
  setResourcesFilter,
  setResourcesPage,
  setResourcesSearch,
  type AdminResourceSort,
  type ResourceStatusFilter,
} from '../../../stores/admin-store.ts';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { ErrorState, LoadingState } from '../AdminStates.tsx';
import { PermissionGate } from '../PermissionGate.tsx';
import { Pager, StatusFilter, type FilterOption } from './parts.tsx';
import { ResourceReviewDialog } from './ResourceReview.tsx';
import { DecisionDialogs, ResourceTable, ReviewButtons } from './ResourceTable.tsx';

const EMPTY: Record<ResourceStatusFilter, string> = {
  submitted: 'Nothing is waiting for review.',
  published: 'No resource is published yet.',
  rejected: 'No resource has been rejected.',
  draft: 'No seller has a draft.',
  archived: 'No resource is archived.',
  all: 'No seller has added a resource yet.',
};

function ResourcesList() {
  const id = useId();
  const query = useStore($resourcesQuery);
  const list = useStore($resourcesList);
  const pageCount = useStore($resourcesPageCount);
  const sellers = useStore($sellerOptions);
  const exportHref = useStore($resourcesExportHref);

  useEffect(() => {
    initResourcesList();
    void loadSellerOptions();
  }, []);

  const data = list.status === 'ready' || list.status === 'loading' ? list.data : undefined;
  const counts = data?.counts;
  const options: FilterOption<ResourceStatusFilter>[] = [
    ...ADMIN_RESOURCE_STATUSES.map((s) => ({ value: s, label: s === 'submitted' ? 'Review queue' : RESOURCE_STATUS_LABELS[s], count: counts?.[s] })),
    { value: 'all', label: 'All' },
  ];
  const narrowed = !!(query.q.trim() || query.seller !== null || query.sort);
  const sellerKnown = query.seller === null || sellers.some((s) => s.id === query.seller);

  return (
    <div className="admin-stack">
      <form className="card admin-panel store-filters" role="search" aria-label="Filter resources" onSubmit={(e) => e.preventDefault()}>
        <StatusFilter label="Status" options={options} value={query.status} onChange={(status) => setResourcesFilter({ status })} />
        <SearchFilter
          id={`${id}-q`}
          className="field store-filter-search"
          label="Search resources"
          placeholder="Title or description"
          maxLength={100}
          value={query.q}
          onChange={setResourcesSearch}
        />
        <div className="field">
          <label htmlFor={`${id}-seller`}>Seller</label>
          <select
            id={`${id}-seller`}
            className="input"
            value={query.seller ?? ''}
            onChange={(e) => setResourcesFilter({ seller: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          >
            <option value="">Every seller</option>
            {!sellerKnown && <option value={query.seller ?? ''}>Seller #{query.seller}</option>}
            {sellers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.store_name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort</label>
          <select id={`${id}-sort`} className="input" value={query.sort} onChange={(e) => setResourcesFilter({ sort: e.currentTarget.value as AdminResourceSort })}>
            <option value="">{query.status === 'submitted' ? 'Longest waiting first' : 'Newest first'}</option>
            {ADMIN_RESOURCE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {ADMIN_RESOURCE_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="store-filter-total cluster">
          <p className="muted" aria-live="polite">
            {data ? (data.total === 1 ? '1 resource' : `${data.total.toLocaleString('en-US')} resources`) : ''}
            {data && query.status === 'submitted' && !query.sort && data.total > 0 && ' · the longest waiting first'}
          </p>
          {(narrowed || query.status !== DEFAULT_RESOURCES_QUERY.status) && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                setResourcesSearch('');
                setResourcesFilter({ status: DEFAULT_RESOURCES_QUERY.status, seller: null, sort: '' });
              }}
            >
              Back to the review queue
            </button>
          )}
          <ExportCsvButton list="resources" href={exportHref} />
        </div>
      </form>

      {list.status === 'error' && <ErrorState message={list.message} onRetry={reloadResources} />}
      {!data && list.status !== 'error' && <LoadingState label="Loading resources..." />}
      {data &&
        (data.data.length === 0 ? (
          <p className="card admin-empty">{narrowed ? 'No resources match these filters.' : EMPTY[query.status]}</p>
        ) : (
          <ResourceTable
            caption={query.status === 'submitted' ? 'Resources awaiting review' : 'Resources'}
            rows={data.data}
            busy={list.status === 'loading'}
            dateLabel={query.status === 'submitted' ? 'Submitted' : 'Updated'}
            actions={(r) => <ReviewButtons resource={r} />}
          />
        ))}

      {data && <Pager page={data.page} pageCount={pageCount} onPage={setResourcesPage} ends />}

      <ResourceReviewDialog />
      <DecisionDialogs />
    </div>
  );
}

/** /admin/resources: resources.manage (CURRICULUM_ADMIN, ADMIN). */
function ResourcesAdmin() {
  return (
    <PermissionGate action="resources.manage" what="Resources">
      {() => <ResourcesList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(ResourcesAdmin);
