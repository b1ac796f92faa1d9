import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { HBarChart, StackedBarChart, type Series } from '../../components/charts/BarCharts.tsx';
import { bucketDays, groupingFor, PERIOD_HEADINGS } from '../../lib/charts.ts';
import { formatCents } from '../../lib/currency.ts';
import { showDaysParam } from '../../lib/days-param.ts';
import {
  $adminDashboard,
  $adminDashboardDays,
  DASHBOARD_WINDOWS,
  dashboardDaysOf,
  loadAdminDashboard,
  type AdminDashboard,
  type DashboardWindow,
} from '../../stores/dashboards.ts';
import { ErrorState, formatDateTime, LoadingState, StatCard } from './AdminStates.tsx';
import './dashboard.css';

/**
 * The admin dashboard's figures over a window (GET /api/admin/dashboard): revenue by kind over
 * time, orders, subscriptions per plan and monthly recurring revenue, bookings, the review queue
 * and recent activity, each with an empty state while there is nothing yet.
 */

const numberFormat = new Intl.NumberFormat('en-US');
const count = (n: number) => numberFormat.format(n);
const money = (cents: number) => formatCents(cents);

export const WINDOW_LABELS: Record<DashboardWindow, string> = { 30: 'Last 30 days', 90: 'Last 90 days', 365: 'Last 12 months' };

type Kind = keyof AdminDashboard['revenue']['by_kind'];
export const KIND_SERIES: readonly Series<Kind>[] = [
  { key: 'COURSE', label: 'Courses' },
  { key: 'RESOURCE', label: 'Resources' },
  { key: 'SUBSCRIPTION', label: 'Subscriptions' },
  { key: 'BOOKING', label: 'Bookings' },
  { key: 'PACKAGE', label: 'Lesson packages' },
  { key: 'FEEDBACK_CREDITS', label: 'Feedback credits' },
];

const ACTIVITY_LABELS: Record<AdminDashboard['recent_activity'][number]['kind'], string> = {
  signup: 'Sign-up',
  order: 'Order',
  booking: 'Booking',
  audit: 'Admin action',
};

function Figures({ data }: { data: AdminDashboard }) {
  const s = data.subscriptions;
  return (
    <ul className="admin-stat-grid" aria-label="Figures of the period">
      <StatCard label="Revenue" value={money(data.revenue.total_cents)} detail="Net of refunds" href="/admin/orders" linkText="Orders" />
      <StatCard label="New users" value={count(data.users.new_in_period)} detail={`${count(data.users.total)} in all`} />
      <StatCard
        label="Orders paid"
        value={count(data.orders.paid)}
        detail={`${count(data.orders.pending)} awaiting payment · ${count(data.orders.refunded)} refunded (${money(data.orders.refunded_cents)})`}
      />
      <StatCard label="Monthly recurring revenue" value={money(s.mrr_cents)} detail={`${count(s.paying)} paying · ${count(s.trialing)} on a trial`} href="/admin/subscriptions" linkText="Subscriptions" />
      <StatCard
        label="Upcoming bookings"
        value={count(data.bookings.upcoming)}
        detail={`${count(data.bookings.completed)} taught · ${count(data.bookings.cancelled)} cancelled in the period`}
        href="/admin/bookings"
        linkText="Bookings"
      />
      <StatCard
        label="Awaiting review"
        value={count(data.review.resources_awaiting)}
        detail={`${count(data.review.sellers_pending)} seller applications`}
        href="/admin/curriculum-officer"
        linkText="Review queue"
      />
    </ul>
  );
}

function Revenue({ data }: { data: AdminDashboard }) {
  const grouping = groupingFor(data.days);
  const buckets = bucketDays(
    data.revenue.series,
    KIND_SERIES.map((s) => s.key),
    grouping,
  );
  const hasRevenue = KIND_SERIES.some((s) => data.revenue.by_kind[s.key] !== 0);
  return (
    <section className="card admin-panel admin-stack" aria-labelledby="revenue-heading">
      <h2 id="revenue-heading" className="admin-section-title">
        Revenue by kind
      </h2>
      {!hasRevenue ? (
        <p className="muted">No revenue in this period yet. Paid orders and subscription payments show here, net of refunds.</p>
      ) : (
        <div className="admin-stack">
          <StackedBarChart
            title={`Revenue by kind per ${grouping}`}
            buckets={buckets}
            series={KIND_SERIES}
            format={money}
            what="revenue"
            period={PERIOD_HEADINGS[grouping]}
          />
          <HBarChart
            title="Revenue by kind, the whole period"
            items={KIND_SERIES.map((s) => ({ key: s.key, label: s.label, value: data.revenue.by_kind[s.key] }))}
            format={money}
            empty="No revenue in this period."
          />
        </div>
      )}
    </section>
  );
}

function Subscriptions({ data }: { data: AdminDashboard }) {
  const plans = data.subscriptions.plans.filter((p) => p.paying > 0 || p.trialing > 0);
  return (
    <section className="card admin-panel admin-stack" aria-labelledby="plans-heading">
      <div className="admin-panel-head">
        <h2 id="plans-heading" className="admin-section-title">
          Subscriptions
        </h2>
        <a href="/admin/subscriptions">All subscriptions</a>
      </div>
      {plans.length === 0 ? (
        <p className="muted">No subscriptions yet. Monthly recurring revenue and each plan’s subscribers appear here once someone subscribes.</p>
      ) : (
        <div className="charts-grid">
          <HBarChart
            title="Monthly recurring revenue per plan"
            items={plans.map((p) => ({ key: p.id, label: p.name, value: p.mrr_cents, detail: `${count(p.paying)} paying` }))}
            format={money}
            empty="No plan brings recurring revenue yet."
          />
          <HBarChart
            title="Subscribers per plan"
            items={plans.map((p) => ({ key: p.id, label: p.name, value: p.paying + p.trialing, detail: `${count(p.trialing)} on a trial` }))}
            format={count}
            empty="No subscribers yet."
          />
        </div>
      )}
    </section>
  );
}

function Activity({ data }: { data: AdminDashboard }) {
  return (
    <section className="card admin-panel admin-stack" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="admin-section-title">
        Recent activity
      </h2>
      {data.recent_activity.length === 0 ? (
        <p className="muted">Nothing has happened yet. Sign-ups, payments, bookings and admin actions show here.</p>
      ) : (
        <ul className="admin-activity">
          {data.recent_activity.map((item, i) => (
            <li key={`${item.kind}-${item.at}-${i}`}>
              <span className="badge badge-primary">{ACTIVITY_LABELS[item.kind]}</span>
              <span className="admin-activity-text">
                <a href={item.href}>{item.text}</a>
                <span className="muted">
                  {' '}
                  · {item.actor}
                  {item.amount_cents !== null && ` · ${money(item.amount_cents)}`}
                </span>
              </span>
              <time className="muted text-sm" dateTime={item.at}>
                {formatDateTime(item.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The window's choice and everything over it. */
export function DashboardFigures() {
  const state = useStore($adminDashboard);
  const days = useStore($adminDashboardDays);
  useEffect(() => {
    void loadAdminDashboard(dashboardDaysOf(location.search));
  }, []);

  function choose(next: DashboardWindow) {
    showDaysParam(next);
    void loadAdminDashboard(next);
  }

  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const shown = data && data.days === days ? data : undefined;
  return (
    <section className="admin-stack" aria-labelledby="period-heading" aria-busy={state.status === 'loading' || undefined}>
      <div className="admin-panel-head admin-period-head">
        <h2 id="period-heading" className="admin-section-title">
          {WINDOW_LABELS[days]}
        </h2>
        <div className="admin-window" role="group" aria-label="Period">
          {DASHBOARD_WINDOWS.map((d) => (
            <button key={d} type="button" className={d === days ? 'btn btn-primary btn-sm' : 'btn btn-secondary btn-sm'} aria-pressed={d === days} onClick={() => choose(d)}>
              {WINDOW_LABELS[d]}
            </button>
          ))}
        </div>
      </div>
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadAdminDashboard(days)} />}
      {!shown && state.status !== 'error' && <LoadingState label="Loading the period's figures..." />}
      {shown && (
        <>
          <Figures data={shown} />
          <Revenue data={shown} />
          <Subscriptions data={shown} />
          <Activity data={shown} />
        </>
      )}
    </section>
  );
}
