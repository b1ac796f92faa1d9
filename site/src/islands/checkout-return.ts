import { ApiError } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import { loadUser, refreshUser, type User } from '../stores/auth.ts';
import { cancelOrder, confirmOrder, saveReceiptEmail, sessionIdOf } from '../stores/checkout.ts';
import type { Order, OrderItem } from '../stores/orders.ts';
import { failureAlert, loadingLine, orderSummary } from './checkout-parts.ts';
import { h, mountWhenIdle } from './dom.ts';

/**
 * The provider's return pages. /payment-success, /checkout/success and /checkout-complete
 * are one page: the order's summary as the server knows it (POST /api/checkout/confirm reads; it
 * never fulfils — that happens on the provider's signed event), "Payment received — we are
 * confirming it" while the event has not arrived (asked again a few times), then what to do next
 * per item (a bought file downloads from here), where the receipt went (or, for an account
 * without an email, a field to give one: decision 0065) and the ways to what was bought.
 * /cancel-payment cancels the unpaid order (POST /api/checkout/cancel); the cart stays.
 */

/** Set by the guest checkout for its return page: the address the set-password link went to. */
export const SET_PASSWORD_SENT_KEY = 'drx_set_password_sent';

export const CONFIRMING = 'Payment received — we are confirming it';
/** How often, and how many times, a pending order is asked again before the page says to wait. */
const POLL_MS = 2_000;
const POLLS = 8;

function heading(root: HTMLElement, text: string): void {
  const h1 = root.closest('.page')?.querySelector<HTMLElement>('h1');
  if (h1) h1.textContent = text;
  document.title = `${text} · DRX`;
}

/** A bought file: a signed link asked at the click (each counts one download), opened as a download. */
async function download(button: HTMLButtonElement, item: OrderItem): Promise<void> {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  const note = button.parentElement?.querySelector<HTMLElement>('[data-download-error]');
  if (note) note.hidden = true;
  try {
    const link = await call(api.resources[':id'].download.$get({ param: { id: String(item.itemId) }, query: {} }));
    const a = h('a', { href: link.url, download: link.file.name, rel: 'noopener' });
    document.body.appendChild(a);
    a.click();
    a.remove();
  } catch (err) {
    if (note) {
      note.textContent = err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'The download could not start. Please try again.';
      note.hidden = false;
    }
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

function nextActionOf(item: OrderItem): Node | null {
  if (!item.nextAction || item.revoked) return null;
  if (item.kind === 'RESOURCE') {
    const button: HTMLButtonElement = h(
      'button',
      { type: 'button', className: 'btn btn-primary btn-sm', 'aria-label': `Download: ${item.title}`, onclick: () => void download(button, item) },
      'Download',
    );
    return h('div', { className: 'stack-sm' }, h('p', { className: 'cluster' }, button), h('p', { className: 'field-error', role: 'alert', 'data-download-error': '', hidden: true }));
  }
  return h(
    'p',
    { className: 'cluster' },
    h('a', { className: 'btn btn-primary btn-sm', href: item.nextAction.url, 'aria-label': `${item.nextAction.label}: ${item.title}` }, item.nextAction.label),
  );
}

/** The pages of what this order bought (My Courses, My Resources, My Bookings), then My Purchases and the receipt. */
function waysOn(order: Order): [string, string, boolean?][] {
  const kinds = new Set(order.items.map((i) => i.kind));
  const ways: [string, string, boolean?][] = [];
  if (kinds.has('COURSE')) ways.push(['My Courses', '/my-courses']);
  if (kinds.has('RESOURCE')) ways.push(['My Resources', '/my-resources']);
  if (kinds.has('BOOKING') || kinds.has('PACKAGE')) ways.push(['My Bookings', '/my-bookings']);
  ways.push(['My Purchases', '/my-purchases'], ['View receipt', order.receiptUrl]);
  return ways;
}

function readSetPasswordSent(): string | null {
  try {
    return sessionStorage.getItem(SET_PASSWORD_SENT_KEY);
  } catch {
    return null;
  }
}

/** Where the receipt went; for an account without an email, a field to give one (saved to the account). */
function receiptNote(order: Order, user: User | null, sessionId: string): HTMLElement {
  const email = user?.email ?? null;
  if (email) {
    const setPassword = readSetPasswordSent() === email;
    return h(
      'p',
      { 'data-receipt-note': '' },
      `Order ${order.number} is paid. Your receipt is on its way to ${email}.`,
      setPassword ? ' We also sent a link there to choose a password for your new account.' : '',
    );
  }
  const box = h('div', { className: 'stack-sm', 'data-receipt-note': '' });
  const ask = (error?: string, busy = false, value = '') => {
    const input = h('input', {
      id: 'receipt-email',
      name: 'email',
      type: 'email',
      className: 'input',
      autocomplete: 'email',
      maxlength: 254,
      required: true,
      value,
      disabled: busy,
      'aria-invalid': error ? 'true' : null,
      'aria-describedby': error ? 'receipt-email-error' : null,
    });
    box.replaceChildren(
      h('p', null, `Order ${order.number} is paid. Your account has no email address yet: where should we send the receipt?`),
      h(
        'form',
        {
          className: 'stack-sm',
          novalidate: true,
          'aria-label': 'Send my receipt',
          onsubmit: (e: SubmitEvent) => {
            e.preventDefault();
            const address = input.value.trim();
            if (!address) {
              ask('Email is required');
              return;
            }
            ask(undefined, true, address);
            saveReceiptEmail(sessionId, address)
              .then((saved) => {
                box.replaceChildren(h('p', { role: 'status' }, `Your receipt is on its way to ${saved.email}. The address is saved to your account.`));
                void refreshUser().catch(() => undefined);
              })
              .catch((err: unknown) => {
                const message = err instanceof ApiError && err.status > 0 && err.status < 500 ? (err.validationErrors?.email?.[0] ?? err.message) : 'Please check your connection and try again.';
                ask(message, false, address);
                box.querySelector<HTMLElement>('#receipt-email')?.focus();
              });
          },
        },
        h('label', { for: 'receipt-email' }, 'Email'),
        h('div', { className: 'coupon-row' }, input, h('button', { type: 'submit', className: 'btn btn-secondary', disabled: busy, 'aria-busy': busy ? 'true' : null }, busy ? 'Sending...' : 'Send receipt')),
        error ? h('p', { id: 'receipt-email-error', className: 'field-error', role: 'alert' }, error) : null,
      ),
    );
  };
  ask();
  return box;
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

function renderOrder(root: HTMLElement, order: Order, pollsLeft: number, check: () => void, buyer: { user: User | null; sessionId: string }): void {
  if (order.status === 'paid' || order.status === 'partially_refunded' || order.status === 'refunded') {
    // Drawn once: a later poll must not wipe an address being typed.
    if (root.querySelector('[data-receipt-note]')) return;
    heading(root, 'Payment successful');
    root.replaceChildren(
      h(
        'div',
        { className: 'stack' },
        h('div', { className: 'alert alert-success', role: 'status' }, h('p', { className: 'alert-title' }, 'Thank you for your purchase!'), receiptNote(order, buyer.user, buyer.sessionId)),
        h('h2', null, 'What to do next'),
        orderSummary(order, nextActionOf),
        links(...waysOn(order)),
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
  const user = await loadUser().catch(() => null);
  if (!user) {
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
      renderOrder(
        root,
        order,
        order.status === 'pending' ? polls : 0,
        () => {
          polls = POLLS;
          void check();
        },
        { user, sessionId },
      );
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
