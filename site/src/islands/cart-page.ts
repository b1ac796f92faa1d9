import { formatCents } from '../lib/currency.ts';
import { imageUrl } from '../lib/image-url.ts';
import {
  $cart,
  $cartOwner,
  $cartStatus,
  $pendingLines,
  clearCart,
  loadPaymentMode,
  refreshCart,
  removeFromCart,
  setQuantity,
  type CartView,
  type ViewLine,
} from '../stores/cart.ts';
import { h, mountWhenIdle } from './dom.ts';

export const TEST_MODE_LABEL = 'Test mode — no card is charged';

/**
 * /cart: the whole cart with the dropdown's actions (quantity − and +, remove, Clear Cart),
 * current prices, the lines that can no longer be bought flagged with their reason, the total
 * and Checkout (to /checkout). Plain DOM over the cart store (decision 0023).
 */

function lineItem(line: ViewLine, busy: boolean): HTMLElement {
  return h(
    'li',
    { className: `cart-line${line.available ? '' : ' cart-line-unavailable'}` },
    h('img', { className: 'cart-line-image', src: imageUrl(line.imageUrl), alt: '', width: 96, height: 72, loading: 'lazy', decoding: 'async' }),
    h(
      'div',
      { className: 'cart-line-main' },
      h('a', { className: 'cart-line-title', href: line.url || null }, line.title),
      h('span', { className: 'cart-line-price' }, `${formatCents(line.priceCents)}${line.quantity > 1 ? ` × ${line.quantity} = ${formatCents(line.priceCents * line.quantity)}` : ''}`),
      !line.available && line.reasonMessage ? h('span', { className: 'cart-line-reason' }, line.reasonMessage) : null,
      h(
        'div',
        { className: 'cart-line-controls' },
        h(
          'div',
          { className: 'cart-qty', role: 'group', 'aria-label': `Quantity of ${line.title}` },
          h(
            'button',
            { type: 'button', className: 'cart-qty-btn', 'aria-label': `Decrease quantity of ${line.title}`, disabled: busy, onclick: () => void setQuantity(line.id, line.quantity - 1) },
            '−',
          ),
          h('span', { className: 'cart-qty-value' }, line.quantity),
          h(
            'button',
            {
              type: 'button',
              className: 'cart-qty-btn',
              'aria-label': `Increase quantity of ${line.title}`,
              disabled: busy || line.quantity >= line.maxQuantity,
              onclick: () => void setQuantity(line.id, line.quantity + 1),
            },
            '+',
          ),
        ),
        h('button', { type: 'button', className: 'cart-remove', 'aria-label': `Remove ${line.title} from cart`, disabled: busy, onclick: () => void removeFromCart(line.id) }, 'Remove'),
      ),
    ),
  );
}

function summary(cart: CartView, busy: boolean): HTMLElement {
  return h(
    'aside',
    { className: 'cart-summary', 'aria-labelledby': 'cart-summary-heading' },
    h('h2', { id: 'cart-summary-heading' }, 'Order summary'),
    h('div', { className: 'cart-total' }, h('span', null, 'Total'), h('strong', null, formatCents(cart.subtotalCents))),
    cart.testMode ? h('p', { className: 'cart-test-mode' }, TEST_MODE_LABEL) : null,
    cart.blocked ? h('p', { className: 'cart-blocked' }, 'Remove the items that can no longer be bought before you check out.') : null,
    cart.blocked
      ? h('button', { type: 'button', className: 'btn btn-primary btn-block', disabled: true }, 'Checkout')
      : h('a', { className: 'btn btn-primary btn-block', href: '/checkout' }, 'Checkout'),
    h('button', { type: 'button', className: 'btn btn-ghost btn-block', disabled: busy, onclick: () => void clearCart() }, 'Clear Cart'),
    h('a', { className: 'btn btn-secondary btn-block', href: '/courses' }, 'Continue shopping'),
  );
}

export function mountCartPage(root: HTMLElement): () => void {
  const render = () => {
    const cart = $cart.get();
    const status = $cartStatus.get();
    const pending = $pendingLines.get();
    if (cart.lines.length === 0) {
      if (status === 'loading' || status === 'idle') return;
      root.replaceChildren(
        status === 'error'
          ? h('div', { className: 'cart-empty', role: 'alert' }, h('p', null, 'Your cart could not be loaded.'), h('button', { type: 'button', className: 'btn btn-primary', onclick: () => void refreshCart().catch(() => render()) }, 'Try again'))
          : h('div', { className: 'cart-empty' }, h('p', null, 'Your cart is empty.'), h('a', { className: 'btn btn-primary', href: '/curriculum' }, 'Browse Resources')),
      );
      return;
    }
    // Keep focus on the same control across the re-render (its aria-label names it).
    const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement.getAttribute('aria-label') : null;
    root.replaceChildren(
      h(
        'div',
        { className: 'cart-page' },
        h(
          'section',
          { 'aria-labelledby': 'cart-items-heading' },
          h('h2', { id: 'cart-items-heading', className: 'visually-hidden' }, 'Items'),
          h('ul', { className: 'cart-lines', 'aria-label': 'Items in your cart' }, cart.lines.map((l) => lineItem(l, pending.has(l.id) || pending.has('all')))),
        ),
        summary(cart, pending.has('all')),
      ),
    );
    if (focused) {
      const again = [...root.querySelectorAll<HTMLElement>('[aria-label]')].find((el) => el.getAttribute('aria-label') === focused && !(el as HTMLButtonElement).disabled);
      (again ?? root.querySelector<HTMLElement>('.cart-lines button:not(:disabled)'))?.focus();
    }
  };
  const stops = [$cart.listen(render), $cartStatus.listen(render), $pendingLines.listen(render)];
  // Current prices on arrival: POST /api/cart/refresh for a signed-in user, the catalog for a guest's items.
  const refresh = () =>
    refreshCart().catch(() => {
      $cartStatus.set('error');
      render();
    });
  void refresh();
  const stopOwner = $cartOwner.listen(() => void refresh());
  if ($cartOwner.get() === 'guest') void loadPaymentMode();
  render();
  return () => {
    stops.forEach((s) => s());
    stopOwner();
  };
}

mountWhenIdle('[data-island="cart-page"]', mountCartPage);
