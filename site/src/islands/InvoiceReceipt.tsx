import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import LoadError from '../components/LoadError.tsx';
import { ReceiptLayout, ReceiptNotFound, ReceiptSumRow } from '../components/ReceiptParts.tsx';
import { formatCents } from '../lib/currency.ts';
import { billingDate, invoiceDescription, invoiceStatus } from '../lib/subscription-status.ts';
import { $invoice, invoiceIdOf, loadInvoice } from '../stores/billing.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import { Loading } from './learning-parts.tsx';

const reload = () => void loadInvoice(invoiceIdOf(location.pathname));

/** /profile/manage/invoices/{id}: a one-page printable receipt of one of my subscription invoices. */
function InvoiceReceipt() {
  const state = useStore($invoice);
  useEffect(reload, []);

  if (state.status === 'loading') return <Loading text="Loading receipt..." />;
  if (state.status === 'not-found') {
    return <ReceiptNotFound text="This invoice was not found in your account." backHref="/profile/manage" backLabel="Manage Account" />;
  }
  if (state.status === 'error') return <LoadError message={state.message} onRetry={reload} />;
  const invoice = state.data;
  const currency = invoice.currency?.toUpperCase() || 'USD';
  const lines = invoice.lines.length > 0 ? invoice.lines : [{ description: invoiceDescription(invoice), amount_cents: invoice.amount_due_cents }];
  const period = invoice.period_start && invoice.period_end ? `${billingDate(invoice.period_start)} – ${billingDate(invoice.period_end)}` : null;
  return (
    <ReceiptLayout
      backHref="/profile/manage"
      backLabel="Manage Account"
      facts={[
        ['Invoice', invoice.number ?? `#${invoice.id}`],
        ['Date', billingDate(invoice.paid_at ?? invoice.created_at)],
        ['Status', invoiceStatus(invoice.status, invoice.failure_reason).label],
        ...(period ? ([['Period', period]] as const) : []),
      ]}
    >
      <table>
        <caption className="visually-hidden">Lines of invoice {invoice.number ?? invoice.id}</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i}>
              <td className="receipt-title-cell">{line.description}</td>
              <td className="num">{formatCents(line.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <ReceiptSumRow label={`Total (${currency})`}>
            <strong>{formatCents(invoice.amount_due_cents)}</strong>
          </ReceiptSumRow>
          <ReceiptSumRow label="Amount paid">{formatCents(invoice.amount_paid_cents)}</ReceiptSumRow>
          {invoice.refunded_cents > 0 && <ReceiptSumRow label="Refunded">−{formatCents(invoice.refunded_cents)}</ReceiptSumRow>}
        </tfoot>
      </table>
      {invoice.failure_reason && <p className="alert alert-error">Payment failed: {invoice.failure_reason}</p>}
      {invoice.hosted_invoice_url && (
        <p className="no-print">
          <a href={invoice.hosted_invoice_url} rel="noopener noreferrer" target="_blank">
            Stripe's copy of this invoice
          </a>
        </p>
      )}
      <p className="purchase-meta">Questions about this invoice? Write to us from the contact page and quote invoice {invoice.number ?? invoice.id}.</p>
    </ReceiptLayout>
  );
}

export default withErrorBoundary(InvoiceReceipt);
