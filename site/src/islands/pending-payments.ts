import { $pendingPayments, watchPendingPayments } from '../stores/pending-payments.ts';

/**
 * The pending payments dialog's starter, run by the account menu for a signed-in user. It opens
 * only where payments matter: the cart, the checkout review and the account's purchases and
 * profile pages; never on the provider's page or the return pages (the buyer is finishing that
 * very payment there) nor on the rest of the site. It watches GET /api/payments/pending (every
 * 30 s) and loads the React dialog only once the list is not empty, so a page without pending
 * payments carries none of its code.
 */

const PAYMENT_PAGES = /^\/(cart|checkout|simple-checkout|my-purchases|profile\/manage)\/?$/;

export function showsPendingPayments(path: string): boolean {
  return PAYMENT_PAGES.test(path);
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
