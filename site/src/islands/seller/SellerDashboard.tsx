import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { BarChart } from '../../components/charts/BarCharts.tsx';
import ResponsiveTable from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import { countLabel } from '../../lib/plural.ts';
import { bucketSeries } from '../../lib/seller-charts.ts';
import { longDate, RESOURCE_STATUS_ORDER, SELLER_RESOURCE_STATUS } from '../../lib/seller-format.ts';
import { ratingFigure } from '../../lib/store-format.ts';
import { $notifications, $sellerAnalytics, $sellerDashboard, loadNotifications, loadSellerAnalytics, loadSellerDashboard, markNoticesRead, type SellerProfileView } from '../../stores/seller.ts';
import { type SellerDashboard as Dashboard } from '../../../../shared/store/seller-analytics.ts';
import { ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Figure, formatCount, Panel } from './parts.tsx';
import SellerApplication from './SellerApplication.tsx';
import SellerArea, { ApplicationStatus } from './SellerArea.tsx';
import QuestionsWaiting from '../../components/QuestionsWaiting.tsx';

type RecentOrder = Dashboard['recent_orders'][number];

/** Unread notices shown at once; marking one read brings the next. */
const NOTICES_SHOWN = 4;

function Summary({ dashboard }: { dashboard: Dashboard }) {
  return (
    <dl className="sl-figures" aria-label="Summary">
      <Figure label="Sales" value={formatCount(dashboard.sales_count)} />
      <Figure label="Revenue (gross)" value={formatCents(dashboard.revenue_gross_cents)} detail="What buyers paid, net of refunds" />
      <Figure label="Revenue (net)" value={formatCents(dashboard.revenue_net_cents)} detail="What you keep after the platform fee" />
      <Figure label="Downloads" value={formatCount(dashboard.downloads)} />
      <Figure
        label="Average rating"
        value={dashboard.rating_count > 0 ? `${ratingFigure(dashboard.rating_average)} / 5` : '—'}
        detail={dashboard.rating_count > 0 ? countLabel(dashboard.rating_count, 'review') : 'No reviews yet'}
      />
      <Figure label="Balance" value={formatCents(dashboard.balance_cents)} detail={<a href="/seller/payments">Payments</a>} />
    </dl>
  );
}

function ByStatus({ counts }: { counts: Dashboard['resources_by_status'] }) {
  const total = RESOURCE_STATUS_ORDER.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return (
    <Panel
      id="sl-by-status"
      title="Resources by status"
      action={
        <a className="btn btn-primary btn-sm" href="/seller/resources/add">
          Add resource
        </a>
      }
    >
      {total === 0 ? (
        <p className="ca-empty">
          You have no resources yet. <a href="/seller/resources/add">Add your first resource</a>.
        </p>
      ) : (
        <ul className="sl-status-list">
          {RESOURCE_STATUS_ORDER.map((status) => (
            <li key={status}>
              <a href={`/seller/resources?status=${status}`} className="sl-status-link">
                <span className="sl-status-count">{formatCount(counts[status] ?? 0)}</span>
                <span>{SELLER_RESOURCE_STATUS[status]}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function RecentOrders({ orders }: { orders: RecentOrder[] }) {
  return (
    <Panel id="sl-recent-orders" title="Recent orders" action={<a href="/seller/payments">All earnings</a>}>
      {orders.length === 0 ? (
        <p className="ca-empty">No sales yet. When a buyer pays for one of your resources it shows here.</p>
      ) : (
        <ResponsiveTable
          caption="Recent orders"
          rows={orders}
          rowKey={(o) => `${o.order_id ?? 'x'}-${o.resource?.id ?? 'x'}-${o.date}`}
          columns={[
            { header: 'Resource', rowHeader: true, cell: (o) => (o.resource ? <a href={`/curriculum/${o.resource.id}`}>{o.resource.title}</a> : 'A removed resource') },
            { header: 'Order', cell: (o) => o.order_number ?? '—' },
            { header: 'Date', cell: (o) => longDate(o.date) },
            { header: 'Buyer', cell: (o) => o.buyer_first_name || '—' },
            { header: 'Paid', align: 'end', cell: (o) => formatCents(o.amount_cents) },
            {
              header: 'You earn',
              align: 'end',
              cell: (o) => (
                <>
                  {formatCents(o.net_cents)}
                  {o.refunded && <span className="badge badge-danger sl-inline-badge">Refunded</span>}
                </>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
}

/** The last 30 days' revenue per day (GET /api/seller/analytics?days=30), the way into Analytics. */
function RecentRevenue() {
  const state = useStore($sellerAnalytics);
  useEffect(() => {
    void loadSellerAnalytics(30);
  }, []);
  const analytics = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const shown = analytics && analytics.days === 30 ? analytics : undefined;
  return (
    <Panel id="sl-recent-revenue" title="The last 30 days" action={<a href="/seller/analytics">Analytics</a>}>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadSellerAnalytics(30)} />}
      {!shown && state.status !== 'error' && <LoadingState label="Loading the last 30 days..." />}
      {shown &&
        (shown.totals.sales === 0 && shown.totals.revenue_cents === 0 ? (
          <p className="ca-empty">No sales in the last 30 days. Views and downloads are on the Analytics page.</p>
        ) : (
          <BarChart title="Revenue per day" what="revenue" buckets={bucketSeries(shown.series, 'day')} metric="revenue_cents" format={formatCents} period="Day" />
        ))}
    </Panel>
  );
}

function Notices() {
  const state = useStore($notifications);
  useEffect(() => {
    void loadNotifications();
  }, []);
  const list = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const unread = list?.data.filter((n) => !n.read) ?? [];
  const shown = unread.slice(0, NOTICES_SHOWN);
  return (
    <Panel
      id="sl-notices"
      title={list && list.unread > 0 ? `Notices (${list.unread} unread)` : 'Notices'}
      action={
        unread.length > 1 ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void markNoticesRead()}>
            Mark all read
          </button>
        ) : undefined
      }
    >
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadNotifications()} />}
      {!list && state.status !== 'error' && <LoadingState label="Loading notices..." />}
      {list && unread.length === 0 && <p className="ca-empty">No unread notices. Reviews, sales and decisions on your resources show here.</p>}
      {shown.length > 0 && (
        <ul className="sl-notices">
          {shown.map((n) => (
            <li key={n.id} className="sl-notice">
              <div>
                <p className="sl-notice-title">{n.url ? <a href={n.url}>{n.title}</a> : n.title}</p>
                {n.body && <p className="sl-notice-body">{n.body}</p>}
                <p className="sl-notice-date">{longDate(n.created_at)}</p>
              </div>
              <button type="button" className="btn btn-ghost btn-sm" aria-label={`Mark read: ${n.title}`} onClick={() => void markNoticesRead(n.id)}>
                Mark read
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function DashboardBody({ profile }: { profile: SellerProfileView }) {
  const state = useStore($sellerDashboard);
  useEffect(() => {
    void loadSellerDashboard();
  }, []);
  const dashboard = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  return (
    <div className="ca-stack">
      <div className="sl-store-line">
        <p>
          Your store: <strong>{profile.store_name}</strong>
        </p>
        <div className="cluster">
          <a className="btn btn-secondary btn-sm" href={`/sellers/${profile.user_id}`}>
            View storefront
          </a>
          <a className="btn btn-ghost btn-sm" href="/seller/settings">
            Store settings
          </a>
        </div>
      </div>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadSellerDashboard()} />}
      {!dashboard && state.status !== 'error' && <LoadingState label="Loading dashboard..." />}
      {dashboard && (
        <>
          <Summary dashboard={dashboard} />
          <div className="sl-columns">
            <ByStatus counts={dashboard.resources_by_status} />
            <Notices />
          </div>
          <QuestionsWaiting scope="selling" />
          <RecentRevenue />
          <RecentOrders orders={dashboard.recent_orders} />
        </>
      )}
    </div>
  );
}

/** What /seller shows a signed-in user who is not an approved seller: Start selling, or where their application stands. */
function BecomeSeller({ profile }: { profile: SellerProfileView | null }) {
  const [applying, setApplying] = useState(() => typeof location !== 'undefined' && new URLSearchParams(location.search).get('apply') === '1');
  if (profile?.status === 'pending') return <ApplicationStatus profile={profile} />;
  if (applying) return <SellerApplication previous={profile} onCancel={() => setApplying(false)} />;
  if (profile?.status === 'rejected') {
    return (
      <ApplicationStatus
        profile={profile}
        action={
          <p>
            <button type="button" className="btn btn-primary" onClick={() => setApplying(true)}>
              Apply again
            </button>
          </p>
        }
      />
    );
  }
  return (
    <section className="ca-panel sl-prompt" aria-labelledby="sl-start">
      <h2 id="sl-start">Sell your teaching materials</h2>
      <p>Lesson plans, syllabi, music lists and class outlines: other dance teachers buy them in the curriculum store, and you keep the price less the platform fee.</p>
      <ul className="sl-steps">
        <li>Apply with your store name, a short bio and a sample of your work.</li>
        <li>A curriculum admin reviews your application.</li>
        <li>Once approved, add resources; each is reviewed before it goes on sale.</li>
      </ul>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => setApplying(true)}>
          Start selling
        </button>
      </p>
    </section>
  );
}

/** /seller and /seller-dashboard: the approved seller's figures, or the way to become one. */
function SellerDashboard() {
  return <SellerArea notSeller={(_user, profile) => <BecomeSeller profile={profile} />}>{({ profile }) => <DashboardBody profile={profile} />}</SellerArea>;
}

export default withErrorBoundary(SellerDashboard);
