import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import ResponsiveTable, { type TableColumn } from '../../../components/ResponsiveTable.tsx';
import { formatCents } from '../../../lib/currency.ts';
import { $queuePage, $reviewQueue, loadReviewQueue, pageCount, QUEUE_PAGE_SIZE } from '../../../stores/admin-store.ts';
import { $storeStats, loadStoreStats } from '../../../stores/admin-store-settings.ts';
import { type StoreStats, type TopResource } from '../../../../../shared/store/store-stats.ts';
import { withErrorBoundary } from '../../ErrorBoundary.tsx';
import { ErrorState, LoadingState } from '../AdminStates.tsx';
import { PermissionGate, useCan } from '../PermissionGate.tsx';
import { Figures, formatCount, Pager, Panel, type Figure } from './parts.tsx';
import { ResourceReviewDialog } from './ResourceReview.tsx';
import { DecisionDialogs, ResourceTable, ReviewButtons } from './ResourceTable.tsx';

function figuresOf(stats: StoreStats, links: { sellers: boolean; resources: boolean }): Figure[] {
  const days = `last ${stats.window_days} days`;
  return [
    {
      label: 'Awaiting review',
      value: formatCount(stats.submitted_count),
      detail: stats.submitted_count === 0 ? 'The queue is empty' : 'Submitted resources',
      ...(links.resources ? { href: '/admin/resources', linkText: 'Open the queue' } : {}),
    },
    { label: 'Published', value: formatCount(stats.published_count), detail: 'In the store now' },
    {
      label: 'Seller applications',
      value: formatCount(stats.sellers_pending),
      detail: `${formatCount(stats.sellers_approved)} approved sellers`,
      ...(links.sellers ? { href: '/admin/sellers?status=pending', linkText: 'Review applications' } : {}),
    },
    { label: 'Sales', value: formatCount(stats.sales_count), detail: days },
    { label: 'Revenue', value: formatCents(stats.revenue_cents), detail: `${days}, net of refunds` },
    {
      label: 'Platform fees',
      value: formatCents(stats.platform_fees_cents),
      detail: `${days} · ${formatCents(stats.platform_fees_all_time_cents)} all time`,
    },
  ];
}

const TOP_COLUMNS: readonly TableColumn<TopResource>[] = [
  { header: 'Resource', rowHeader: true, cell: (r) => <span className="store-break">{r.title}</span> },
  { header: 'Seller', cell: (r) => r.seller.store_name || `Seller #${r.seller.id}` },
  { header: 'Sales', align: 'end', cell: (r) => formatCount(r.sales_count) },
  { header: 'Revenue', align: 'end', cell: (r) => formatCents(r.revenue_cents) },
];

function StoreFigures() {
  const stats = useStore($storeStats);
  const canSellers = useCan('sellers.manage');
  const canResources = useCan('resources.manage');

  useEffect(() => {
    void loadStoreStats();
  }, []);

  const data = stats.status === 'ready' || stats.status === 'loading' ? stats.data : undefined;
  if (stats.status === 'error') return <ErrorState message={stats.message} onRetry={() => void loadStoreStats()} />;
  if (!data) return <LoadingState label="Loading the store's figures..." />;
  return (
    <>
      <section aria-labelledby="store-figures" aria-busy={stats.status === 'loading' || undefined}>
        <h2 id="store-figures" className="admin-section-title">
          The store at a glance
        </h2>
        <Figures label="The store's figures" figures={figuresOf(data, { sellers: canSellers, resources: canResources })} />
      </section>
      <Panel id="store-top" title="Best-selling resources">
        {data.top_resources.length === 0 ? (
          <p className="muted">No resource has sold yet.</p>
        ) : (
          <ResponsiveTable caption="Best-selling resources, by revenue" columns={TOP_COLUMNS} rows={data.top_resources} rowKey={(r) => r.id} />
        )}
      </Panel>
    </>
  );
}

function ReviewQueue() {
  const queue = useStore($reviewQueue);
  const page = useStore($queuePage);

  useEffect(() => {
    void loadReviewQueue(1);
  }, []);

  const data = queue.status === 'ready' || queue.status === 'loading' ? queue.data : undefined;
  return (
    <Panel
      id="review-queue"
      title="Review queue"
      action={data && data.total > 0 ? <p className="muted store-queue-total">{data.total === 1 ? '1 resource waiting, the oldest first' : `${data.total} resources waiting, the oldest first`}</p> : undefined}
    >
      {queue.status === 'error' && <ErrorState message={queue.message} onRetry={() => void loadReviewQueue(page)} />}
      {!data && queue.status !== 'error' && <LoadingState label="Loading the review queue..." />}
      {data &&
        (data.data.length === 0 ? (
          <p className="muted">Nothing is waiting for review. Resources sellers submit appear here.</p>
        ) : (
          <ResourceTable
            caption="Resources awaiting review, the oldest first"
            rows={data.data}
            busy={queue.status === 'loading'}
            columns={['resource', 'seller', 'price', 'date']}
            dateLabel="Submitted"
            actions={(r) => <ReviewButtons resource={r} />}
          />
        ))}
      {data && data.total > QUEUE_PAGE_SIZE && <Pager page={data.page} pageCount={pageCount(data)} onPage={(p) => void loadReviewQueue(p)} />}
    </Panel>
  );
}

/** /admin/curriculum-officer and /curriculum-officer-dashboard: the review queue and the store's figures (resources.review). */
function CurriculumOfficerDashboard() {
  return (
    <PermissionGate action="resources.review" what="Reviewing resources">
      {() => (
        <div className="admin-stack">
          <ReviewQueue />
          <StoreFigures />
          <ResourceReviewDialog />
          <DecisionDialogs />
        </div>
      )}
    </PermissionGate>
  );
}

export default withErrorBoundary(CurriculumOfficerDashboard);
