import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { TableScrollBox } from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import { $subscriptionStats, loadSubscriptionStats } from '../../stores/admin-subscriptions.ts';
import { ErrorState, LoadingState } from './AdminStates.tsx';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Monthly recurring revenue and live subscriptions per plan (GET /api/admin/subscription-stats),
 * on the admin dashboard and above the subscriptions list. Not an island itself: its pages' islands
 * render it for subscriptions.manage holders.
 */
export function SubscriptionFigures({ link = false, title = 'Subscriptions' }: { link?: boolean; title?: string }) {
  const stats = useStore($subscriptionStats);
  const id = useId();

  useEffect(() => {
    void loadSubscriptionStats();
  }, []);

  const headingId = `${id}-heading`;
  const heading = (
    <div className="admin-panel-head">
      <h2 id={headingId} className="admin-section-title">
        {title}
      </h2>
      {link && <a href="/admin/subscriptions">All subscriptions</a>}
    </div>
  );

  if (stats.status === 'error') {
    return (
      <section className="card admin-panel" aria-labelledby={headingId}>
        {heading}
        <ErrorState message={stats.message} onRetry={() => void loadSubscriptionStats()} />
      </section>
    );
  }
  const data = stats.status === 'ready' || stats.status === 'loading' ? stats.data : undefined;
  if (!data) {
    return (
      <section className="card admin-panel" aria-labelledby={headingId}>
        {heading}
        <LoadingState label="Loading subscription figures..." />
      </section>
    );
  }

  return (
    <section className="card admin-panel admin-stack" aria-labelledby={headingId} aria-busy={stats.status === 'loading'}>
      {heading}
      {data.total === 0 ? (
        <p className="muted">No subscriptions yet. Monthly recurring revenue and the plans’ subscribers appear here once someone subscribes.</p>
      ) : (
        <>
          <ul className="admin-stat-grid subscription-figures">
            <li className="admin-stat card">
              <p className="admin-stat-label">Monthly recurring revenue</p>
              <p className="admin-stat-value">{formatCents(data.mrr_cents)}</p>
              <p className="admin-stat-detail">Active and past-due paying subscriptions; yearly ones count a twelfth.</p>
            </li>
            <li className="admin-stat card">
              <p className="admin-stat-label">Paying subscriptions</p>
              <p className="admin-stat-value">{numberFormat.format(data.paying)}</p>
              <p className="admin-stat-detail">
                {numberFormat.format(data.past_due)} past due · {numberFormat.format(data.canceling)} cancelling ({formatCents(data.canceling_mrr_cents)} a
                month)
              </p>
            </li>
            <li className="admin-stat card">
              <p className="admin-stat-label">Free trials</p>
              <p className="admin-stat-value">{numberFormat.format(data.trialing)}</p>
              <p className="admin-stat-detail">Not in the revenue until their first payment.</p>
            </li>
          </ul>
          <TableScrollBox label="Subscriptions per plan">
            <table className="table admin-table-compact">
              <caption className="visually-hidden">Subscriptions per plan</caption>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col" className="admin-num">
                    Paying
                  </th>
                  <th scope="col" className="admin-num">
                    Trials
                  </th>
                  <th scope="col" className="admin-num">
                    MRR
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.plans.map((plan) => (
                  <tr key={plan.id}>
                    <th scope="row">{plan.name}</th>
                    <td className="admin-num">{numberFormat.format(plan.paying)}</td>
                    <td className="admin-num">{numberFormat.format(plan.trialing)}</td>
                    <td className="admin-num">{formatCents(plan.mrr_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScrollBox>
        </>
      )}
    </section>
  );
}
