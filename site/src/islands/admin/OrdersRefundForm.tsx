import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import FormField from '../../components/FormField.tsx';
import { formatCents } from '../../lib/currency.ts';
import { $refundError, $refundPending, centsOf, lineRefundableCents, refundOrder, type AdminOrderDetail } from '../../stores/admin-commerce.ts';
import { RefundAmountField, RefundCheckForm, RefundConfirmDialog, RefundError, RefundPanel, RefundSubmit } from './RefundParts.tsx';

type Mode = 'all' | 'lines' | 'amount';

/** The refund rule of feedback credits (decision 0070), said before the admin confirms. */
const CREDITS_REFUND_RULE = 'Feedback credits: only the unused credits are taken back (used ones keep their reviews); a pack whose every credit is used cannot be refunded.';

/**
 * The refund form of /admin/orders/{id} (decision 0026): everything left, chosen lines (their
 * access ends; the amount starts as what was paid for them), or an amount alone (access kept).
 * A confirmation says what will happen before anything is sent.
 */
export function OrdersRefundForm({ order }: { order: AdminOrderDetail }) {
  const id = useId();
  const pending = useStore($refundPending);
  const serverError = useStore($refundError);
  const [mode, setMode] = useState<Mode>('all');
  const [lines, setLines] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const refundable = order.refundableCents;
  const paid = order.status === 'paid' || order.status === 'partially_refunded';
  const open = order.items.filter((i) => lineRefundableCents(i) > 0);

  if (!paid || refundable <= 0) {
    return (
      <RefundPanel headingId={`${id}-heading`}>
        <p className="muted">
          {order.status === 'refunded'
            ? 'This order has been refunded in full.'
            : paid
              ? 'Nothing is left to refund on this order (a refund may still be pending at the provider).'
              : 'Only a paid order can be refunded.'}
        </p>
      </RefundPanel>
    );
  }

  const sumOf = (ids: number[]) =>
    Math.min(
      refundable,
      order.items.filter((i) => ids.includes(i.id)).reduce((s, i) => s + lineRefundableCents(i), 0),
    );
  const dollars = (cents: number) => (cents / 100).toFixed(2);

  function chooseMode(next: Mode) {
    setMode(next);
    setError(null);
    if (next === 'lines') setAmount(lines.length > 0 ? dollars(sumOf(lines)) : '');
    if (next === 'amount') setAmount('');
  }

  function toggleLine(lineId: number, on: boolean) {
    const next = on ? [...lines, lineId] : lines.filter((l) => l !== lineId);
    setLines(next);
    setAmount(next.length > 0 ? dollars(sumOf(next)) : '');
    setError(null);
  }

  const amountCents = mode === 'all' ? refundable : centsOf(amount);

  function check(): string | null {
    if (mode === 'lines' && lines.length === 0) return 'Choose at least one line to refund.';
    if (amountCents === null) return 'Enter an amount greater than $0.00.';
    if (amountCents > refundable) return `At most ${formatCents(refundable)} can be refunded.`;
    return null;
  }

  const endsCredits = order.items.some((i) => i.kind === 'FEEDBACK_CREDITS' && (mode === 'all' || (mode === 'lines' && lines.includes(i.id))));
  const consequence =
    (mode === 'all'
      ? 'Every item’s access ends (courses: the enrolment; resources: the download right).'
      : mode === 'lines'
        ? `Access ends for: ${order.items
            .filter((i) => lines.includes(i.id))
            .map((i) => i.title)
            .join(', ')}.`
        : 'No access ends: the buyer keeps every item.') + (endsCredits ? ` ${CREDITS_REFUND_RULE}` : '');

  return (
    <RefundPanel headingId={`${id}-heading`}>
      <p className="muted">
        {formatCents(refundable)} of {formatCents(order.totalCents)} can still be refunded. The refund goes back through{' '}
        {order.provider === 'test' ? 'the test provider (no card is charged or credited)' : 'Stripe'}.
      </p>
      <RefundCheckForm check={check} onProblem={setError} onConfirm={() => setConfirming(true)}>
        <fieldset className="commerce-fieldset">
          <legend>What to refund</legend>
          <label className="check">
            <input type="radio" name={`${id}-mode`} checked={mode === 'all'} onChange={() => chooseMode('all')} />
            Everything left ({formatCents(refundable)}), ending all access
          </label>
          <label className="check">
            <input type="radio" name={`${id}-mode`} checked={mode === 'lines'} onChange={() => chooseMode('lines')} disabled={open.length === 0} />
            Chosen lines, ending their access
          </label>
          <label className="check">
            <input type="radio" name={`${id}-mode`} checked={mode === 'amount'} onChange={() => chooseMode('amount')} />
            An amount only (access kept)
          </label>
        </fieldset>

        {mode === 'lines' && (
          <fieldset className="commerce-fieldset">
            <legend>Lines</legend>
            {open.map((item) => (
              <label key={item.id} className="check">
                <input type="checkbox" checked={lines.includes(item.id)} onChange={(e) => toggleLine(item.id, e.currentTarget.checked)} />
                {item.title} ({formatCents(lineRefundableCents(item))})
              </label>
            ))}
          </fieldset>
        )}

        {mode !== 'all' && (
          <RefundAmountField
            hint={`Up to ${formatCents(refundable)}.`}
            required
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
          />
        )}

        <FormField label="Reason (optional)" hint="Kept with the refund; the buyer does not see it.">
          <textarea className="input" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        </FormField>

        <RefundError message={error ?? serverError} />

        <RefundSubmit pending={pending} pendingLabel="Refunding..." />
      </RefundCheckForm>
      <RefundConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        amountCents={amountCents ?? 0}
        to={order.buyer.name}
        description={`${consequence} This cannot be undone.`}
        onConfirm={async () => {
          const ok = await refundOrder({
            amountCents: amountCents ?? 0,
            orderItemIds: mode === 'lines' ? lines : [],
            reason,
          });
          if (ok) {
            setMode('all');
            setLines([]);
            setAmount('');
            setReason('');
          }
          return true;
        }}
      />
    </RefundPanel>
  );
}
