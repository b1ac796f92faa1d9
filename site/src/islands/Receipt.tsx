import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ReceiptHead, ReceiptToolbar } from '../components/ReceiptParts.tsx';
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

  if (state.status === 'loading') return <Loading text="Loading receipt..." />;
  if (state.status === 'not-found') {
    return (
      <div className="panel center stack">
        <p className="lead">This receipt was not found in your account.</p>
        <p>
          <a className="btn btn-primary" href="/my-purchases">
            My Purchases
          </a>
        </p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="alert alert-error" role="alert">
        <p className="alert-title">{state.message}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadOrder(orderIdOf(location.pathname))}>
          Try again
        </button>
      </div>
    );
  }
  const order = state.data;
  const paidCents = order.totalCents - order.refundedCents;
  return (
    <div className="stack">
      <ReceiptToolbar backHref="/my-purchases" backLabel="My Purchases" />
      <article className="receipt" aria-labelledby="receipt-heading">
        <ReceiptHead
          headingId="receipt-heading"
          facts={[
            ['Order', order.number],
            ['Date', orderDate(order.paidAt ?? order.createdAt)],
            ['Status', orderStatusLabel(order.status)],
            ['Payment', order.testMode ? 'Test card' : 'Card'],
          ]}
        />
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
            <tr>
              <th scope="row" colSpan={3} className="num">
                Subtotal
              </th>
              <td className="num">{formatCents(order.subtotalCents)}</td>
            </tr>
            {order.discountCents > 0 && (
              <tr>
                <th scope="row" colSpan={3} className="num">
                  Discount{order.couponCode ? ` (${order.couponCode})` : ''}
                </th>
                <td className="num">−{formatCents(order.discountCents)}</td>
              </tr>
            )}
            <tr>
              <th scope="row" colSpan={3} className="num">
                Total ({order.currency?.toUpperCase() || 'USD'})
              </th>
              <td className="num">
                <strong>{formatCents(order.totalCents)}</strong>
              </td>
            </tr>
            {order.refundedCents > 0 && (
              <>
                <tr>
                  <th scope="row" colSpan={3} className="num">
                    Refunded
                  </th>
                  <td className="num">−{formatCents(order.refundedCents)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3} className="num">
                    Net paid
                  </th>
                  <td className="num">{formatCents(paidCents)}</td>
                </tr>
              </>
            )}
          </tfoot>
        </table>
        <p className="purchase-meta">Questions about this order? Write to us from the contact page and quote order {order.number}.</p>
      </article>
    </div>
  );
}

export default withErrorBoundary(Receipt);
