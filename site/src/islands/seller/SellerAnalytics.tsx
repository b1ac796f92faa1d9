import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { BarChart, HBarChart } from '../../components/charts/BarCharts.tsx';
import { Pager } from '../../components/Pager.tsx';
import ResponsiveTable from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import { groupingFor } from '../../lib/charts.ts';
import { bucketSeries } from '../../lib/seller-charts.ts';
import { showDaysParam } from '../../lib/days-param.ts';
import { longDate } from '../../lib/seller-format.ts';
import { $analyticsDays, $sellerAnalytics, ANALYTICS_DAYS, analyticsDaysOf, loadSellerAnalytics, type AnalyticsDays } from '../../stores/seller.ts';
import { type SellerAnalytics as Analytics } from '../../../../shared/store/seller-analytics.ts';
import { ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Figure, formatCount, Panel, StatusBadge } from './parts.tsx';
import SellerArea from './SellerArea.tsx';

const WINDOW_LABELS: Record<AnalyticsDays, string> = { 30: 'Last 30 days', 90: 'Last 90 days', 365: 'Last 12 months' };
const PERIOD: Record<ReturnType<typeof groupingFor>, string> = { day: 'Day', week: 'Week', month: 'Month' };

const money = (cents: number) => formatCents(cents);
const count = (n: number) => formatCount(n);

function Figures({ analytics }: { analytics: Analytics }) {
  const t = analytics.totals;
  return (
    <dl className="sl-figures" aria-label="Totals of the period">
      <Figure label="Sales" value={count(t.sales)} />
      <Figure label="Revenue (gross)" value={money(t.revenue_cents)} />
      <Figure label="Revenue (net)" value={money(t.net_cents)} />
      <Figure label="Page views" value={count(t.views)} />
      <Figure label="Downloads" value={count(t.downloads)} />
    </dl>
  );
}

function Body() {
  const state = useStore($sellerAnalytics);
  const days = useStore($analyticsDays);
  useEffect(() => {
    void loadSellerAnalytics(analyticsDaysOf(location.search));
  }, []);

  function choose(next: AnalyticsDays) {
    showDaysParam(next);
    void loadSellerAnalytics(next);
  }

  const analytics = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const shown = analytics && analytics.days === days ? analytics : undefined;
  const page = shown?.resources_page ?? 1;
  const resourcePages = shown ? Math.max(1, Math.ceil(shown.resources_total / shown.resources_page_size)) : 1;
  const onPage = shown && resourcePages > 1 ? ` (page ${page} of ${resourcePages})` : '';
  const grouping = groupingFor(days);
  const buckets = shown ? bucketSeries(shown.series, grouping) : [];
  const period = PERIOD[grouping];
  const per = grouping === 'day' ? 'per day' : grouping === 'week' ? 'per week' : 'per month';

  return (
    <div className="ca-stack">
      <div className="sl-toolbar">
        <div className="sl-window" role="group" aria-label="Period">
          {ANALYTICS_DAYS.map((d) => (
            <button key={d} type="button" className={d === days ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'} aria-pressed={d === days} onClick={() => choose(d)}>
              {WINDOW_LABELS[d]}
            </button>
          ))}
        </div>
        {shown && (
          <p className="muted text-sm" style={{ margin: 0 }}>
            {longDate(`${shown.from}T00:00:00Z`)} – {longDate(`${shown.to}T00:00:00Z`)} (UTC)
          </p>
        )}
      </div>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadSellerAnalytics(days)} />}
      {!shown && state.status !== 'error' && <LoadingState label="Loading analytics..." />}
      {shown && (
        <>
          <Figures analytics={shown} />
          <Panel id="sl-over-time" title={`Over time (${per})`}>
            <div className="charts-grid">
              <BarChart title="Sales" what="sales" buckets={buckets} metric="sales" format={count} period={period} />
              <BarChart title="Revenue (gross)" what="revenue" buckets={buckets} metric="revenue_cents" format={money} period={period} alt />
              <BarChart title="Page views" what="page views" buckets={buckets} metric="views" format={count} period={period} />
              <BarChart title="Downloads" what="downloads" buckets={buckets} metric="downloads" format={count} period={period} alt />
            </div>
          </Panel>
          <Panel id="sl-per-resource" title="Per resource">
            {shown.resources_total > 0 && (
              <p className="muted text-sm" style={{ margin: 0 }}>
                {count(shown.resources_total)} {shown.resources_total === 1 ? 'resource' : 'resources'}, best sellers first.
              </p>
            )}
            {shown.resources.length === 0 ? (
              <p className="ca-empty">
                You have no resources yet. <a href="/seller/resources/add">Add your first resource</a>.
              </p>
            ) : (
              <div className="ca-stack">
                <div className="charts-grid">
                  <HBarChart
                    title={`Revenue per resource${onPage}`}
                    items={[...shown.resources]
                      .filter((r) => r.revenue_cents > 0)
                      .sort((a, b) => b.revenue_cents - a.revenue_cents)
                      .map((r) => ({ key: r.id, label: r.title, value: r.revenue_cents }))}
                    format={money}
                    empty="No revenue in this period."
                  />
                  <HBarChart
                    title={`Page views per resource${onPage}`}
                    items={[...shown.resources]
                      .filter((r) => r.views > 0)
                      .sort((a, b) => b.views - a.views)
                      .map((r) => ({ key: r.id, label: r.title, value: r.views }))}
                    format={count}
                    empty="No page views in this period."
                  />
                </div>
                <h3 className="sl-table-title">All figures per resource</h3>
                <ResponsiveTable
                  caption={`Per resource, ${WINDOW_LABELS[days].toLowerCase()}`}
                  rows={shown.resources}
                  rowKey={(r) => r.id}
                  columns={[
                    { header: 'Resource', rowHeader: true, cell: (r) => r.title },
                    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
                    { header: 'Sales', align: 'end', cell: (r) => count(r.sales) },
                    { header: 'Revenue (gross)', align: 'end', cell: (r) => money(r.revenue_cents) },
                    { header: 'Revenue (net)', align: 'end', cell: (r) => money(r.net_cents) },
                    { header: 'Views', align: 'end', cell: (r) => count(r.views) },
                    { header: 'Downloads', align: 'end', cell: (r) => count(r.downloads) },
                  ]}
                />
                <Pager page={page} pageCount={resourcePages} onPage={(next) => void loadSellerAnalytics(days, next)} label="Resource pages" small />
              </div>
            )}
          </Panel>
        </>
      )}
    </div>
  );
}

/** /seller/analytics: sales, revenue, views and downloads over 30, 90 or 365 days and per resource. */
function SellerAnalytics() {
  return <SellerArea>{() => <Body />}</SellerArea>;
}

export default withErrorBoundary(SellerAnalytics);
