import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNativeDialog } from '../components/use-native-dialog.ts';
import { formatCents, formatCurrency } from '../lib/currency.ts';
import { timeLeft } from '../lib/time-left.ts';
import { $dismissing, $pendingPayments, dismissPendingPayment, paymentKind, paymentTitle, type PendingPayment } from '../stores/pending-payments.ts';
import '../styles/feature-gate.css';
import '../styles/pending-payments.css';

/**
 * The pending payments dialog (opened only where payments matter: pending-payments.ts). It says
 * plainly what is waiting — "You have a payment that was not finished: $79.00 for Ballet Basics" —
 * with Finish paying and Cancel it for each, and Not now to close it for this page.
 */

export const FOOTER_TEXT = 'Cancelling charges nothing. An unfinished payment also ends by itself when its time runs out.';

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
  const what = `${amountOf(payment)} for ${payment.description}`;
  return (
    <li className="pending-item" aria-labelledby={titleId}>
      <span className={`pending-icon pending-icon-${kind}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
          {ICON_PATHS[kind]}
        </svg>
      </span>
      <div className="pending-body">
        <p className="pending-title" id={titleId}>
          <span className="pending-amount">{amountOf(payment)}</span> for <span className="pending-description">{payment.description}</span>
        </p>
        <p className="pending-meta">
          <span>{paymentTitle(payment.type)}</span>
          {left && <span className="pending-left">{left}</span>}
        </p>
        <div className="pending-actions">
          <a className="btn btn-primary btn-sm" href={payment.checkoutUrl} aria-label={`Finish paying ${what}`}>
            Finish paying
          </a>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-label={`${busy ? 'Cancelling' : 'Cancel'} the payment of ${what}`}
            onClick={() => void dismissPendingPayment(payment.id)}
          >
            {busy ? 'Cancelling...' : 'Cancel it'}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The dialog's sentence: what is waiting, in plain words. */
export function pendingSentence(list: readonly PendingPayment[]): string {
  if (list.length === 0) return 'Nothing is waiting for payment.';
  if (list.length === 1) return `You have a payment that was not finished: ${amountOf(list[0]!)} for ${list[0]!.description}.`;
  return `You have ${list.length} payments that were not finished.`;
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
      onClose={() => setOpen(false)}
    >
      <h2 className="drx-dialog-title" id="pending-payments-title">
        {list.length > 1 ? 'Payments not finished' : 'Payment not finished'}
      </h2>
      <p className="drx-dialog-description" id="pending-payments-description">
        {pendingSentence(list)}
      </p>
      {loading ? (
        <div className="loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading pending payments...</span>
        </div>
      ) : (
        pending && (
          <ul className="pending-list" aria-label="Payments not finished">
            {list.map((p) => (
              <PaymentRow key={p.id} payment={p} now={now} busy={dismissing.has(String(p.id))} />
            ))}
          </ul>
        )
      )}
      {pending && <p className="pending-footer">{FOOTER_TEXT}</p>}
      <div className="drx-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
          {pending ? 'Not now' : 'Close'}
        </button>
      </div>
    </dialog>
  );
}
