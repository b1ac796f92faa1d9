import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNativeDialog } from '../components/use-native-dialog.ts';
import { formatCents, formatCurrency } from '../lib/currency.ts';
import { timeLeft } from '../lib/time-left.ts';
import { $dismissing, $pendingPayments, dismissPendingPayment, paymentKind, paymentTitle, type PendingPayment } from '../stores/pending-payments.ts';
import '../styles/feature-gate.css';
import '../styles/pending-payments.css';

/**
 * The pending payments dialog: opens for a signed-in user with unfinished payments and cannot be
 * closed while any is pending (no close button; Escape and outside clicks do nothing); each
 * payment shows its type's icon and title, description, amount and time left, with Dismiss and
 * Complete Payment. 'No pending payments' once the list is empty (then it can be closed).
 */

export const FOOTER_TEXT = 'Complete your pending payments to access all features and content.';

const ICON_PATHS: Record<string, ReactNode> = {
  subscription: <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z" />,
  course: (
    <>
      <path d="M2 9l10-5 10 5-10 5z" />
      <path d="M6 11v5c2 2 10 2 12 0v-5" />
    </>
  ),
  resource: (
    <>
      <path d="M6 2h9l5 5v15H6z" />
      <path d="M14 2v6h6M9 13h8M9 17h8" />
    </>
  ),
  booking: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  payment: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
};

function amountOf(p: PendingPayment): string {
  return typeof p.amountCents === 'number' ? formatCents(p.amountCents) : formatCurrency(p.amount);
}

/** Now, moved on every 30 seconds so the time left stays true between polls. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function PaymentRow({ payment, now, busy }: { payment: PendingPayment; now: number; busy: boolean }) {
  const kind = paymentKind(payment.type);
  const left = timeLeft(payment.expiresAt ?? null, now);
  const titleId = `pending-${payment.id}-title`;
  return (
    <li className="pending-item" aria-labelledby={titleId}>
      <span className={`pending-icon pending-icon-${kind}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
          {ICON_PATHS[kind]}
        </svg>
      </span>
      <div className="pending-body">
        <p className="pending-title" id={titleId}>
          {paymentTitle(payment.type)}
        </p>
        <p className="pending-description">{payment.description}</p>
        <p className="pending-meta">
          <span className="pending-amount">{amountOf(payment)}</span>
          {left && <span className="pending-left">{left}</span>}
        </p>
        <div className="pending-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-label={`${busy ? 'Dismissing' : 'Dismiss'}: ${payment.description}`}
            onClick={() => void dismissPendingPayment(payment.id)}
          >
            {busy ? 'Dismissing...' : 'Dismiss'}
          </button>
          <a className="btn btn-primary btn-sm" href={payment.checkoutUrl} aria-label={`Complete Payment: ${payment.description}`}>
            Complete Payment
          </a>
        </div>
      </div>
    </li>
  );
}

/**
 * A native modal <dialog> rather than Radix's: Radix locks the page's scroll by injecting a <style>
 * element, which the pages' Content-Security-Policy refuses (style-src-elem, decision 0015). The
 * native one is modal by itself (the page behind is inert, focus stays inside).
 */
export default function PendingPaymentsDialog() {
  const state = useStore($pendingPayments);
  const dismissing = useStore($dismissing);
  const now = useNow();
  const list = 'data' in state && state.data ? state.data : [];
  const pending = list.length > 0;
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDialogElement>(null);

  // New payments found by a poll open it again.
  useEffect(() => {
    if (pending) setOpen(true);
  }, [pending]);

  useNativeDialog(ref, open, 'pending-dialog-open');

  const loading = state.status === 'loading' && !('data' in state && state.data);

  return (
    <dialog
      ref={ref}
      className="drx-dialog pending-dialog"
      aria-labelledby="pending-payments-title"
      aria-describedby="pending-payments-description"
      onCancel={(e) => {
        // Escape: nothing happens while payments are pending.
        if (pending) e.preventDefault();
      }}
      onClose={() => {
        // A browser may still close it (a second Escape): while payments are pending it comes back.
        if (pending) ref.current?.showModal();
        else setOpen(false);
      }}
    >
      <h2 className="drx-dialog-title" id="pending-payments-title">
        Pending Payments
      </h2>
      <p className="drx-dialog-description" id="pending-payments-description">
        {pending ? 'You have payments that were started but not finished.' : 'Nothing is waiting for payment.'}
      </p>
      {loading ? (
        <div className="loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading pending payments...</span>
        </div>
      ) : pending ? (
        <ul className="pending-list" aria-label="Pending payments">
          {list.map((p) => (
            <PaymentRow key={p.id} payment={p} now={now} busy={dismissing.has(String(p.id))} />
          ))}
        </ul>
      ) : (
        <p className="pending-empty" role="status">
          No pending payments
        </p>
      )}
      <p className="pending-footer">{FOOTER_TEXT}</p>
      {!pending && !loading && (
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      )}
    </dialog>
  );
}
