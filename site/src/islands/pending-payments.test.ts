import { describe, expect, it } from 'vitest';
import { showsPendingPayments } from './pending-payments.ts';

describe('where the pending payments dialog opens', () => {
  it('opens on the signed-in pages', () => {
    for (const path of ['/', '/my-courses', '/dashboard/user', '/my-purchases', '/my-purchases/4/receipt', '/courses/5', '/profile']) expect(showsPendingPayments(path), path).toBe(true);
  });

  it('stays away from the payment itself: cart, checkout, the provider page and the return pages', () => {
    for (const path of ['/cart', '/checkout', '/checkout/stripe', '/checkout/success', '/checkout-complete', '/simple-checkout', '/payment-success', '/cancel-payment'])
      expect(showsPendingPayments(path), path).toBe(false);
  });
});
