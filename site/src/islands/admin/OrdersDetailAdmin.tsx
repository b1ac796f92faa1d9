import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import ResponsiveTable, { type TableColumn } from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import {
  $orderDetail,
  loadOrderDetail,
  ORDER_STATUS_LABELS,
  orderIdFromPath,
  statusBadgeClass,
  TEST_MODE_LABEL,
  type AdminOrderDetail,
  type RefundView,
} from '../../stores/admin-commerce.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ErrorState, formatDateTime, LoadingState } from './AdminStates.tsx';
import { OrdersRefundForm } from './OrdersRefundForm.tsx';
import { PermissionGate, useCan } from './PermissionGate.tsx';

type Item = AdminOrderDetail['items'][number];
type PaymentEvent = AdminOrderDetail['events'][number];

const KIND_LABELS: Record<Item['kind'], string> = { COURSE: 'Course', RESOURCE: 'Resource', SUBSCRIPTION: 'Subscription', BOOKING: 'Booking', PACKAGE: 'Lesson package', FEEDBACK_CREDITS: 'Feedback credits' };

function accessOf(item: Item): string {
  if (item.revoked) return 'Ended (refunded)';
  if (item.fulfilled) return 'Granted';
  return 'Not granted';
}

const ITEM_COLUMNS: readonly TableColumn<Item>[] = [
  { header: 'Item', rowHeader: true, cell: (i) => i.title },
  { header: 'Kind', cell: (i) => KIND_LABELS[i.kind] },
  { header: 'Unit price', align: 'end', cell: (i) => formatCents(i.unitPriceCents) },
  { header: 'Quantity', align: 'end', cell: (i) => i.quantity },
  { header: 'Discount', align: 'end', cell: (i) => (i.discountCents > 0 ? `−${formatCents(i.discountCents)}` : '—') },
  { header: 'Paid', align: 'end', cell: (i) => formatCents(i.totalCents) },
  { header: 'Access', cell: accessOf },
];

const REFUND_STATUS: Record<RefundView['status'], string> = { pending: 'Pending at the provider', succeeded: 'Refunded', failed: 'Failed' };

function refundColumns(order: AdminOrderDetail): readonly TableColumn<RefundView>[] {
  const titleOf = (id: number) => order.items.find((i) => i.id === id)?.title ?? `Line ${id}`;
  return [
    { header: 'Date', rowHeader: true, cell: (r) => formatDateTime(r.createdAt) },
    { header: 'Amount', align: 'end', cell: (r) => formatCents(r.amountCents) },
    { header: 'Status', cell: (r) => REFUND_STATUS[r.status] },
    {
      header: 'Access ended for',
      cell: (r) =>
        r.orderItemIds && r.orderItemIds.length > 0
          ? r.orderItemIds.map(titleOf).join(', ')
          : order.status === 'refunded'
            ? 'Every item (refunded in full)'
            : 'None (amount only)',
    },
    { header: 'Reason', cell: (r) => r.reason || '—' },
    { header: 'By', cell: (r) => (r.createdBy ? `@${r.createdBy.username}` : 'Payment provider') },
  ];
}

const EVENT_COLUMNS: readonly TableColumn<PaymentEvent>[] = [
  { header: 'Received', rowHeader: true, cell: (e) => formatDateTime(e.receivedAt) },
  { header: 'Event', cell: (e) => <code>{e.type}</code> },
  { header: 'Outcome', cell: (e) => e.outcome ?? '—' },
  { header: 'Event id', cell: (e) => <code className="commerce-code">{e.id}</code> },
];

function OrderDetail() {
  const state = useStore($orderDetail);
  const canRefund = useCan('orders.refund');

  useEffect(() => {
    void loadOrderDetail(orderIdFromPath(location.pathname));
  }, []);

  if (state.status === 'error') {
    return (
      <div className="admin-stack">
        <a href="/admin/orders" className="admin-back">
          ← All orders
        </a>
        {state.notFound ? (
          <p className="admin-empty card admin-panel">This order does not exist.</p>
        ) : (
          <ErrorState message={state.message} onRetry={() => void loadOrderDetail(orderIdFromPath(location.pathname))} />
        )}
      </div>
    );
  }
  const order = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  if (!order) return <LoadingState label="Loading order..." />;

  return (
    <div className="admin-stack">
      <a href="/admin/orders" className="admin-back">
        ← All orders
      </a>

      <section className="card admin-panel" aria-labelledby="order-heading">
        <div className="admin-panel-head">
          <h2 id="order-heading" className="admin-section-title">
            Order {order.number}
          </h2>
          <span className={statusBadgeClass(order.status)}>{ORDER_STATUS_LABELS[order.status]}</span>
        </div>
        {order.testMode && (
          <p className="alert alert-info commerce-test-mode" role="note">
            {TEST_MODE_LABEL}
          </p>
        )}
        <dl className="admin-fields">
          <div>
            <dt>Buyer</dt>
            <dd>
              <a href={`/admin/users/${order.buyer.id}`}>{order.buyer.name}</a>
              <span className="admin-sub">{order.buyer.email ?? `@${order.buyer.username}`}</span>
              <a className="admin-sub" href={`/admin/orders?buyerId=${order.buyer.id}`}>
                All orders of this buyer
              </a>
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{formatDateTime(order.paidAt)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{order.provider === 'test' ? 'Test provider' : 'Stripe'}</dd>
          </div>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(order.subtotalCents)}</dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd>
              {order.discountCents > 0 ? `−${formatCents(order.discountCents)}` : '—'}
              {order.couponCode && <span className="admin-sub">Coupon {order.couponCode}</span>}
            </dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>
              <strong>{formatCents(order.totalCents)}</strong>
            </dd>
          </div>
          <div>
            <dt>Refunded</dt>
            <dd>{formatCents(order.refundedCents)}</dd>
          </div>
        </dl>
      </section>

      <section className="card admin-panel" aria-labelledby="items-heading">
        <h2 id="items-heading" className="admin-section-title">
          Items (as sold)
        </h2>
        <ResponsiveTable caption="Items of this order" columns={ITEM_COLUMNS} rows={order.items} rowKey={(i) => i.id} />
      </section>

      {canRefund && <OrdersRefundForm order={order} />}

      <section className="card admin-panel" aria-labelledby="refunds-heading">
        <h2 id="refunds-heading" className="admin-section-title">
          Refunds
        </h2>
        {order.refunds.length === 0 ? (
          <p className="muted">No refunds.</p>
        ) : (
          <ResponsiveTable caption="Refunds of this order" columns={refundColumns(order)} rows={order.refunds} rowKey={(r) => r.id} />
        )}
      </section>

      <section className="card admin-panel" aria-labelledby="events-heading">
        <h2 id="events-heading" className="admin-section-title">
          Payment events
        </h2>
        {order.events.length === 0 ? (
          <p className="muted">No event from the payment provider yet.</p>
        ) : (
          <ResponsiveTable caption="Payment events of this order" columns={EVENT_COLUMNS} rows={order.events} rowKey={(e) => e.id} />
        )}
      </section>
    </div>
  );
}

function OrdersDetailAdmin() {
  return (
    <PermissionGate action="orders.read_all" what="Orders">
      {() => <OrderDetail />}
    </PermissionGate>
  );
}

export default withErrorBoundary(OrdersDetailAdmin);
