import { describe, expect, it } from 'vitest';
import { showsPendingPayments } from './pending-payments.ts';

describe('where the pending payments dialog opens', () => {
  it('opens where payments matter: the cart, the checkout review, the account\'s purchases and profile', () => {
    for (const path of ['/cart', '/checkout', '/simple-checkout', '/my-purchases', '/my-purchases/', '/profile/manage']) expect(showsPendingPayments(path), path).toBe(true);
  });

  it('stays away from the rest of the site', () => {
    for (const path of ['/', '/my-courses', '/dashboard/user', '/courses/5', '/profile', '/my-purchases/4/receipt', '/cartography'])
      expect(showsPendingPayments(path), path).toBe(false);
  });

  it('stays away from the payment itself: the provider page and the return pages', () => {
    for (const path of ['/checkout/stripe', '/checkout/success', '/checkout-complete', '/payment-success', '/cancel-payment']) expect(showsPendingPayments(path), path).toBe(false);
  });
});
