import { ApiError } from '../lib/api.ts';
import { loadUser } from '../stores/auth.ts';
import { cancelOrder, confirmOrder, sessionIdOf } from '../stores/checkout.ts';
import type { Order, OrderItem } from '../stores/orders.ts';
import { failureAlert, loadingLine, orderSummary } from './checkout-parts.ts';
import { h, mountWhenIdle } from './dom.ts';

/**
 * The provider's return pages. /payment-success, /checkout/success and /checkout-complete
 * are one page: the order's summary as the server knows it (POST /api/checkout/confirm reads; it
 * never fulfils — that happens on the provider's signed event), "Payment received — we are
 * confirming it" while the event has not arrived (asked again a few times), then what to do next
 * per item. /cancel-payment cancels the unpaid order (POST /api/checkout/cancel); the cart stays.
 */

export const CONFIRMING = 'Payment received — we are confirming it';
/** How often, and how many times, a pending order is asked again before the page says to wait. */
const POLL_MS = 2_000;
const POLLS = 8;

function heading(root: HTMLElement, text: string): void {
  const h1 = root.closest('.page')?.querySelector<HTMLElement>('h1');
  if (h1) h1.textContent = text;
  document.title = `${text} · DRX`;
}

function nextActionOf(item: OrderItem): Node | null {
  if (!item.nextAction || item.revoked) return null;
  return h(
    'p',
    { className: 'cluster' },
    h('a', { className: 'btn btn-primary btn-sm', href: item.nextAction.url, 'aria-label': `${item.nextAction.label}: ${item.title}` }, item.nextAction.label),
  );
}

function links(...items: [string, string, boolean?][]): HTMLElement {
  return h(
    'p',
    { className: 'cluster' },
    items.map(([label, href, primary]) => h('a', { className: primary ? 'btn btn-primary' : 'btn btn-ghost', href }, label)),
  );
}

function signInFirst(): HTMLElement {
  const back = encodeURIComponent(location.pathname + location.search);
  return h('div', { className: 'panel stack' }, h('p', null, 'Sign in to see this order.'), links(['Sign In', `/auth?redirect=${back}`, true]));
}

function renderOrder(root: HTMLElement, order: Order, pollsLeft: number, check: () => void): void {
  if (order.status === 'paid' || order.status === 'partially_refunded' || order.status === 'refunded') {
    heading(root, 'Payment successful');
    root.replaceChildren(
      h(
        'div',
        { className: 'stack' },
        h(
          'div',
          { className: 'alert alert-success', role: 'status' },
          h('p', { className: 'alert-title' }, 'Thank you for your purchase!'),
          h('p', null, `Order ${order.number} is paid. A receipt is on its way to your email.`),
        ),
        h('h2', null, 'What to do next'),
        orderSummary(order, nextActionOf),
        links(['My Purchases', '/my-purchases'], ['View receipt', order.receiptUrl], ['Browse courses', '/courses']),
      ),
    );
    return;
  }
  if (order.status === 'pending') {
    heading(root, 'Confirming your payment');
    root.replaceChildren(
      h(
        'div',
        { className: 'stack' },
        h(
          'div',
          { className: 'alert alert-info', role: 'status', 'aria-live': 'polite' },
          h('p', { className: 'alert-title' }, CONFIRMING),
          h(
            'p',
            null,
            pollsLeft > 0
              ? 'This usually takes a few seconds. Your course opens here as soon as the payment is confirmed.'
              : 'This is taking longer than usual. You can leave this page: your purchase appears in My Purchases as soon as it is confirmed, and we email your receipt.',
          ),
          pollsLeft > 0 ? h('span', { className: 'spinner', 'aria-hidden': 'true' }) : h('button', { type: 'button', className: 'btn btn-secondary btn-sm', onclick: check }, 'Check again'),
        ),
        orderSummary(order),
        links(['My Purchases', '/my-purchases']),
      ),
    );
    return;
  }
  heading(root, 'Payment not completed');
  const why = order.status === 'expired' ? 'The payment session expired before it was paid.' : order.status === 'failed' ? 'The payment failed.' : 'The payment was cancelled.';
  root.replaceChildren(
    h(
      'div',
      { className: 'stack' },
      h('div', { className: 'alert alert-error', role: 'alert' }, h('p', { className: 'alert-title' }, `${why} Nothing was charged.`), h('p', null, 'Your cart still holds your items.')),
      orderSummary(order),
      links(['Back to cart', '/cart', true], ['Browse courses', '/courses']),
    ),
  );
}

async function mountReturn(root: HTMLElement): Promise<void> {
  const sessionId = sessionIdOf(location.search);
  if (!sessionId) {
    root.replaceChildren(h('div', { className: 'panel stack' }, h('p', null, 'This address does not name a payment. Your orders are listed under My Purchases.'), links(['My Purchases', '/my-purchases', true])));
    return;
  }
  root.replaceChildren(loadingLine('Loading your order...'));
  if (!(await loadUser().catch(() => null))) {
    root.replaceChildren(signInFirst());
    return;
  }
  let polls = POLLS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = async (): Promise<void> => {
    clearTimeout(timer);
    try {
      const order = await confirmOrder(sessionId);
      if (order.status === 'pending' && polls > 0) {
        polls--;
        timer = setTimeout(() => void check(), POLL_MS);
      }
      renderOrder(root, order, order.status === 'pending' ? polls : 0, () => {
        polls = POLLS;
        void check();
      });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 403))
        root.replaceChildren(h('div', { className: 'panel stack' }, h('p', null, 'This order was not found in your account.'), links(['My Purchases', '/my-purchases', true])));
      else root.replaceChildren(failureAlert(err, () => void check()));
    }
  };
  await check();
}

async function mountCancel(root: HTMLElement): Promise<void> {
  const sessionId = sessionIdOf(location.search);
  const cancelled = (note?: string) =>
    root.replaceChildren(
      h(
        'div',
        { className: 'panel stack' },
        h('p', { className: 'lead' }, 'Your payment was cancelled and nothing was charged.'),
        h('p', null, note ?? 'Your cart is kept, so you can check out whenever you are ready.'),
        links(['Back to cart', '/cart', true], ['Browse courses', '/courses']),
      ),
    );
  if (!sessionId || !(await loadUser().catch(() => null))) {
    cancelled();
    return;
  }
  root.replaceChildren(loadingLine('Cancelling your payment...'));
  try {
    const order = await cancelOrder(sessionId);
    if (order.status === 'paid') {
      heading(root, 'Payment already complete');
      root.replaceChildren(h('div', { className: 'panel stack' }, h('p', null, `Order ${order.number} was paid before you left the payment page.`), links(['View order', `/payment-success?session_id=${encodeURIComponent(sessionId)}`, true])));
      return;
    }
    cancelled();
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) cancelled(err.message);
    else if (err instanceof ApiError && err.status > 0 && err.status < 500) cancelled();
    else root.replaceChildren(failureAlert(err, () => void mountCancel(root)));
  }
}

mountWhenIdle('[data-island="checkout-return"]', (root) => void (root.dataset.kind === 'cancel' ? mountCancel(root) : mountReturn(root)));
