import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCents } from '../lib/currency.ts';
import { TEST_MODE_LABEL } from '../stores/checkout.ts';
import { $dismissals } from '../stores/pending-payments.ts';
import { $myOrders, loadMyOrders, orderDate, orderStatusLabel, orderStatusTone, type Order, type OrderItem } from '../stores/orders.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

const KIND_LABELS: Record<string, string> = { COURSE: 'Course', RESOURCE: 'Resource', SUBSCRIPTION: 'Subscription', BOOKING: 'Booking' };

function ItemRow({ item, order }: { item: OrderItem; order: Order }) {
  const paid = order.status === 'paid' || order.status === 'partially_refunded';
  return (
    <li className="purchase-item">
      <div>
        <p className="purchase-item-title">{item.title}</p>
        <p className="purchase-meta">
          {KIND_LABELS[item.kind] ?? item.kind}
          {item.quantity > 1 && ` · ${item.quantity} × ${formatCents(item.unitPriceCents)}`} · {formatCents(item.totalCents)}
          {item.revoked && ' · refunded, access ended'}
          {!item.revoked && item.refundedCents > 0 && ` · ${formatCents(item.refundedCents)} refunded`}
        </p>
      </div>
      {paid && item.nextAction && !item.revoked && (
        <a className="btn btn-primary btn-sm" href={item.nextAction.url} aria-label={`${item.nextAction.label}: ${item.title}`}>
          {item.nextAction.label}
        </a>
      )}
    </li>
  );
}

function OrderCard({ order }: { order: Order }) {
  const tone = orderStatusTone(order.status);
  const headingId = `order-${order.id}-heading`;
  return (
    <li>
      <article className="purchase-card" aria-labelledby={headingId}>
        <header className="purchase-head">
          <h2 id={headingId}>Order {order.number}</h2>
          <span className={tone === 'neutral' ? 'badge' : `badge badge-${tone}`}>{orderStatusLabel(order.status)}</span>
        </header>
        <p className="purchase-meta">
          <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>
          {order.couponCode && ` · coupon ${order.couponCode}`}
          {order.testMode && (
            <>
              {' · '}
              <span className="badge badge-warning">{TEST_MODE_LABEL}</span>
            </>
          )}
        </p>
        <ul className="purchase-items" aria-label={`Items of order ${order.number}`}>
          {order.items.map((item) => (
            <ItemRow key={item.id} item={item} order={order} />
          ))}
        </ul>
        <footer className="purchase-foot">
          <p className="purchase-item-title">
            Total {formatCents(order.totalCents)}
            {order.refundedCents > 0 && <span className="purchase-meta"> · {formatCents(order.refundedCents)} refunded</span>}
          </p>
          <p className="cluster" style={{ margin: 0 }}>
            {order.status === 'pending' && order.checkoutUrl && (
              <a className="btn btn-primary btn-sm" href={order.checkoutUrl} aria-label={`Complete Payment: order ${order.number}`}>
                Complete Payment
              </a>
            )}
            <a className="btn btn-secondary btn-sm" href={order.receiptUrl || `/my-purchases/${order.id}/receipt`} aria-label={`Receipt: order ${order.number}`}>
              Receipt
            </a>
          </p>
        </footer>
      </article>
    </li>
  );
}

/** /my-purchases: the buyer's orders, newest first, with what to do next per item and a receipt. */
function MyPurchases() {
  const state = useStore($myOrders);
  useEffect(() => {
    void loadMyOrders();
    // A payment dismissed from the pending payments dialog cancels its order: show it so.
    return $dismissals.listen(() => void loadMyOrders());
  }, []);

  if (state.status === 'loading') return <Loading text="Loading your purchases..." />;
  if (state.status !== 'ready') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">{state.status === 'error' ? state.message : 'Your purchases could not be loaded.'}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadMyOrders()}>
          Try again
        </button>
      </div>
    );
  }
  if (state.data.length === 0) {
    return (
      <div className="panel center stack">
        <p className="lead">You have not bought anything yet.</p>
        <p className="cluster" style={{ justifyContent: 'center' }}>
          <a className="btn btn-primary" href="/courses">
            Browse courses
          </a>
          <a className="btn btn-ghost" href="/curriculum">
            Browse Resources
          </a>
        </p>
        <p className="purchase-meta">
          Free resources you took are in <a href="/my-resources">My Resources</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <p className="purchase-meta">
        The files of the resources you bought or took for free are in <a href="/my-resources">My Resources</a>.
      </p>
      <ul className="purchase-list" aria-label="My orders">
        {state.data.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
    </div>
  );
}

export default withErrorBoundary(MyPurchases);
