import { $pendingPayments, watchPendingPayments } from '../stores/pending-payments.ts';

/**
 * The pending payments dialog's starter, run by the account menu for a signed-in user on
 * every page but those of the payment itself (the checkout, the provider's page, the return pages
 * and the cart), where the buyer is finishing the very payment the dialog would ask about. It
 * watches GET /api/payments/pending (every 30 s) and loads the React dialog only once the list
 * is not empty, so a page without pending payments carries none of its code.
 */

const PAYMENT_PAGES = /^\/(cart|checkout|checkout-complete|simple-checkout|payment-success|cancel-payment)(\/|$)/;

export function showsPendingPayments(path: string): boolean {
  return !PAYMENT_PAGES.test(path);
}

let started = false;

export function startPendingPayments(): void {
  if (started || !showsPendingPayments(location.pathname)) return;
  started = true;
  let mounting = false;
  const stop = $pendingPayments.subscribe((state) => {
    if (mounting || state.status !== 'ready' || state.data.length === 0) return;
    mounting = true;
    queueMicrotask(() => stop());
    void import('./pending-payments-mount.tsx').then((m) => m.mountPendingPaymentsDialog());
  });
  void watchPendingPayments().catch(() => undefined);
}
