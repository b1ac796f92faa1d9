import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import FormField from '../../components/FormField.tsx';
import { formatCents } from '../../lib/currency.ts';
import { $subscriptionActionPending, centsOfDollars, refundSubscriptionAsAdmin, type AdminSubscriptionDetail } from '../../stores/admin-subscriptions.ts';
import { RefundAmountField, RefundCheckForm, RefundConfirmDialog, RefundError, RefundPanel, RefundSubmit } from './RefundParts.tsx';

/**
 * The refund form of /admin/subscriptions/{id}: a paid invoice, all that is left of it or an
 * amount, and whether to cancel the subscription now as well. A confirmation says what will happen
 * before anything is sent; the invoice's refunded amount follows the provider's event.
 */
export function SubscriptionRefundForm({ sub }: { sub: AdminSubscriptionDetail }) {
  const id = useId();
  const pending = useStore($subscriptionActionPending);
  const refundable = sub.invoices.filter((i) => i.refundable_cents > 0);
  const [invoiceId, setInvoiceId] = useState<number>(refundable[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [cancel, setCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const headingId = `${id}-heading`;
  if (refundable.length === 0) {
    return (
      <RefundPanel headingId={headingId}>
        <p className="muted">No paid invoice is left to refund.</p>
      </RefundPanel>
    );
  }

  const invoice = refundable.find((i) => i.id === invoiceId) ?? refundable[0]!;
  const amountCents = amount.trim() === '' ? invoice.refundable_cents : centsOfDollars(amount);
  const ended = !!sub.ended_at || sub.status === 'canceled';

  function check(): string | null {
    if (amountCents === null || amountCents <= 0) return 'Enter an amount greater than $0.00.';
    if (amountCents > invoice.refundable_cents) return `At most ${formatCents(invoice.refundable_cents)} can be refunded on this invoice.`;
    return null;
  }

  return (
    <RefundPanel headingId={headingId}>
      <p className="muted">The refund goes back through {sub.provider === 'test' ? 'the test provider (no card is charged or credited)' : 'Stripe'}.</p>
      <RefundCheckForm check={check} onProblem={setError} onConfirm={() => setConfirming(true)}>
        <div className="commerce-form">
          <div className="commerce-filter-wide">
            <FormField label="Invoice">
              <select
                className="input"
                value={invoice.id}
                onChange={(e) => {
                  setInvoiceId(Number(e.currentTarget.value));
                  setAmount('');
                  setError(null);
                }}
              >
                {refundable.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.number ?? `#${i.id}`}: {formatCents(i.refundable_cents)} left
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <RefundAmountField
            hint={`Empty: all that is left (${formatCents(invoice.refundable_cents)}).`}
            placeholder={(invoice.refundable_cents / 100).toFixed(2)}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
          />
        </div>
        {!ended && (
          <label className="check">
            <input type="checkbox" checked={cancel} onChange={(e) => setCancel(e.currentTarget.checked)} />
            Also cancel the subscription now
          </label>
        )}
        <RefundError message={error} />
        <RefundSubmit pending={pending} pendingLabel="Working..." />
      </RefundCheckForm>
      <RefundConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        amountCents={amountCents ?? 0}
        to={sub.user.name}
        description={`From invoice ${invoice.number ?? `#${invoice.id}`}. ${
          cancel && !ended ? 'The subscription ends now and its access is gone.' : 'The subscription goes on as it is.'
        } This cannot be undone.`}
        onConfirm={async () => {
          const result = await refundSubscriptionAsAdmin({ invoiceId: invoice.id, amountCents: amountCents ?? 0, cancel: cancel && !ended });
          if (result.ok) {
            setAmount('');
            setCancel(false);
          } else setError(result.message);
          return true;
        }}
      />
    </RefundPanel>
  );
}
