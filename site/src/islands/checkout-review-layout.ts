import type { Quote } from '../stores/checkout.ts';
import { orderLine } from './checkout-parts.ts';
import { h } from './dom.ts';

/** What the buyer's and the visitor's reviews of /checkout and /simple-checkout draw alike. */

export type Mode = 'cart' | 'direct';

export function emptyState(mode: Mode): HTMLElement {
  return h(
    'div',
    { className: 'panel center stack' },
    h('p', { className: 'lead' }, mode === 'cart' ? 'Your cart is empty.' : 'This item cannot be bought here.'),
    h('p', { className: 'cluster', style: 'justify-content:center' }, h('a', { className: 'btn btn-primary', href: '/courses' }, 'Browse courses'), h('a', { className: 'btn btn-ghost', href: '/curriculum' }, 'Browse Resources')),
  );
}

export /** The review's two columns; `payment` is what the aside shows under its heading (the buyer's or the visitor's form). */
function renderReview(root: HTMLElement, mode: Mode, quote: Quote, payment: (Node | null)[]): void {
  root.replaceChildren(
    h(
      'div',
      { className: 'checkout-layout' },
      h(
        'section',
        { className: 'stack', 'aria-labelledby': 'review-heading' },
        h('h2', { id: 'review-heading' }, mode === 'cart' ? 'Review your order' : 'Review your purchase'),
        h(
          'ul',
          { className: 'checkout-lines panel', role: 'list' },
          quote.lines.map((line) =>
            orderLine(line, line.available ? null : h('p', { className: 'field-error', 'data-unavailable': '' }, line.reasonMessage ?? 'This item is not available.')),
          ),
        ),
        mode === 'cart' ? h('p', null, h('a', { href: '/cart' }, 'Edit cart')) : null,
      ),
      h('aside', { className: 'panel stack checkout-aside', 'aria-labelledby': 'pay-heading' }, h('h2', { id: 'pay-heading' }, 'Payment'), ...payment),
    ),
  );
}

export /** The totals rows of a quote. */
function quoteRows(quote: Quote): [string, number, { discount?: boolean; total?: boolean }?][] {
  const rows: [string, number, { discount?: boolean; total?: boolean }?][] = [['Subtotal', quote.subtotalCents]];
  if (quote.discountCents > 0) rows.push([quote.coupon ? `Discount (${quote.coupon.code})` : 'Discount', quote.discountCents, { discount: true }]);
  rows.push(['Total', quote.totalCents, { total: true }]);
  return rows;
}

export /** Why the order cannot be paid as it is, or null. */
function unavailableNote(mode: Mode, quote: Quote): HTMLElement | null {
  if (!quote.lines.some((l) => !l.available)) return null;
  return h(
    'p',
    { className: 'alert alert-info', role: 'status' },
    mode === 'cart' ? 'Remove the items that are no longer available from your cart to continue.' : 'This item is not available to you.',
  );
}
