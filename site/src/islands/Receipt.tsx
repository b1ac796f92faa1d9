import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import LoadError from '../components/LoadError.tsx';
import { ReceiptLayout, ReceiptNotFound, ReceiptSumRow } from '../components/ReceiptParts.tsx';
import { formatCents } from '../lib/currency.ts';
import { TEST_MODE_LABEL } from '../stores/checkout.ts';
import { $order, loadOrder, orderDate, orderStatusLabel } from '../stores/orders.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

/** The order id of /my-purchases/{id}/receipt. */
function orderIdOf(path: string): number | null {
  const m = /^\/my-purchases\/(\d+)\/receipt\/?$/.exec(path);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /my-purchases/{id}/receipt: a one-page printable receipt of one of my orders. */
function Receipt() {
  const state = useStore($order);
  useEffect(() => {
    void loadOrder(orderIdOf(location.pathname));
  }, []);

  if (state.status === 'loading' || state.status === 'idle') return <Loading text="Loading receipt..." />;
  if (state.status === 'error' && state.notFound) {
    return <ReceiptNotFound text="This receipt was not found in your account." backHref="/my-purchases" backLabel="My Purchases" />;
  }
  if (state.status === 'error') return <LoadError message={state.message} onRetry={() => void loadOrder(orderIdOf(location.pathname))} />;
  const order = state.data;
  const paidCents = order.totalCents - order.refundedCents;
  return (
    <ReceiptLayout
      backHref="/my-purchases"
      backLabel="My Purchases"
      facts={[
        ['Order', order.number],
        ['Date', orderDate(order.paidAt ?? order.createdAt)],
        ['Status', orderStatusLabel(order.status)],
        ['Payment', order.testMode ? 'Test card' : 'Card'],
      ]}
    >
      {order.testMode && (
        <p className="test-mode-note">
          <span className="badge badge-warning">TEST MODE</span> {TEST_MODE_LABEL}
        </p>
      )}
      <table>
        <caption className="visually-hidden">Items of order {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="receipt-title-cell">{item.title}</td>
              <td className="num">{item.quantity}</td>
              <td className="num">{formatCents(item.unitPriceCents)}</td>
              <td className="num">{formatCents(item.unitPriceCents * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <ReceiptSumRow label="Subtotal" span={3}>
            {formatCents(order.subtotalCents)}
          </ReceiptSumRow>
          {order.discountCents > 0 && (
            <ReceiptSumRow label={`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`} span={3}>
              −{formatCents(order.discountCents)}
            </ReceiptSumRow>
          )}
          <ReceiptSumRow label={`Total (${order.currency?.toUpperCase() || 'USD'})`} span={3}>
            <strong>{formatCents(order.totalCents)}</strong>
          </ReceiptSumRow>
          {order.refundedCents > 0 && (
            <>
              <ReceiptSumRow label="Refunded" span={3}>
                −{formatCents(order.refundedCents)}
              </ReceiptSumRow>
              <ReceiptSumRow label="Net paid" span={3}>
                {formatCents(paidCents)}
              </ReceiptSumRow>
            </>
          )}
        </tfoot>
      </table>
      <p className="purchase-meta">Questions about this order? Write to us from the contact page and quote order {order.number}.</p>
    </ReceiptLayout>
  );
}

export default withErrorBoundary(Receipt);
