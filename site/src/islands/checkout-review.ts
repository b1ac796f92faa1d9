import { ApiError } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import { loadUser } from '../stores/auth.ts';
import { directItemOf, fetchQuote, startCheckout, type DirectItem, type Quote } from '../stores/checkout.ts';
import { failureAlert, loadingLine, orderLine, testModeNote, totalsList } from './checkout-parts.ts';
import { h, mountWhenIdle } from './dom.ts';

/**
 * /checkout (the cart) and /simple-checkout?type=COURSE&itemId=5 (one item, "Buy now"): review
 * the lines at current prices, apply a coupon code (its discount, or why it is refused), see the
 * totals, and pay: the order is made on the server and the buyer goes to the provider's page.
 * A guest is asked to sign in or create an account first; both come back here, and the guest
 * cart is kept (merged into the account's cart at sign-in).
 */

type Mode = 'cart' | 'direct';

interface View {
  quote: Quote;
  couponCode: string | null;
  couponError: string | null;
  paying: boolean;
  payError: unknown;
  applying: boolean;
}

function signInPrompt(mode: Mode): HTMLElement {
  const here = location.pathname + location.search;
  const back = encodeURIComponent(here);
  return h(
    'div',
    { className: 'panel stack', 'data-sign-in-prompt': '' },
    h('h2', null, 'Sign in to check out'),
    h(
      'p',
      null,
      mode === 'cart'
        ? 'Sign in or create an account to pay. Your cart is kept: the items you chose move to your account.'
        : 'Sign in or create an account to buy this item. You come straight back here.',
    ),
    h(
      'p',
      { className: 'cluster' },
      h('a', { className: 'btn btn-primary', href: `/auth?redirect=${back}` }, 'Sign In'),
      h('a', { className: 'btn btn-secondary', href: `/auth?mode=signup&redirect=${back}` }, 'Create Account'),
      mode === 'cart' ? h('a', { className: 'btn btn-ghost', href: '/cart' }, 'Back to cart') : null,
    ),
  );
}

function emptyState(mode: Mode): HTMLElement {
  return h(
    'div',
    { className: 'panel center stack' },
    h('p', { className: 'lead' }, mode === 'cart' ? 'Your cart is empty.' : 'This item cannot be bought here.'),
    h('p', { className: 'cluster', style: 'justify-content:center' }, h('a', { className: 'btn btn-primary', href: '/courses' }, 'Browse courses'), h('a', { className: 'btn btn-ghost', href: '/curriculum' }, 'Browse Resources')),
  );
}

function couponForm(view: View, apply: (code: string | null) => void): HTMLElement {
  const input = h('input', {
    id: 'coupon-code',
    name: 'couponCode',
    type: 'text',
    className: 'input',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    maxlength: 64,
    value: view.couponCode ?? '',
    'aria-invalid': view.couponError ? 'true' : null,
    'aria-describedby': view.couponError ? 'coupon-code-error' : view.quote.coupon ? 'coupon-code-applied' : null,
  });
  const form = h(
    'form',
    {
      className: 'coupon-form stack-sm',
      novalidate: true,
      onsubmit: (e: SubmitEvent) => {
        e.preventDefault();
        const code = input.value.trim();
        if (code) apply(code);
        else input.focus();
      },
    },
    h('label', { for: 'coupon-code' }, 'Coupon code'),
    h('div', { className: 'coupon-row' }, input, h('button', { type: 'submit', className: 'btn btn-secondary', disabled: view.applying, 'aria-busy': view.applying ? 'true' : null }, view.applying ? 'Applying...' : 'Apply')),
    view.couponError ? h('p', { id: 'coupon-code-error', className: 'field-error', role: 'alert' }, view.couponError) : null,
    view.quote.coupon
      ? h(
          'p',
          { id: 'coupon-code-applied', className: 'coupon-applied cluster', role: 'status' },
          h('span', null, `Coupon ${view.quote.coupon.code} applied`, view.quote.coupon.description ? `: ${view.quote.coupon.description}` : '', ` (−${formatCents(view.quote.discountCents)})`),
          h('button', { type: 'button', className: 'btn btn-ghost btn-sm', onclick: () => apply(null) }, 'Remove coupon'),
        )
      : null,
  );
  return form;
}

function render(root: HTMLElement, mode: Mode, view: View, actions: { apply: (code: string | null) => void; pay: () => void }): void {
  const { quote } = view;
  const unavailable = quote.lines.filter((l) => !l.available);
  const rows: [string, number, { discount?: boolean; total?: boolean }?][] = [['Subtotal', quote.subtotalCents]];
  if (quote.discountCents > 0) rows.push([quote.coupon ? `Discount (${quote.coupon.code})` : 'Discount', quote.discountCents, { discount: true }]);
  rows.push(['Total', quote.totalCents, { total: true }]);

  const payError = view.payError
    ? view.payError instanceof ApiError && view.payError.status === 409
      ? h('div', { className: 'alert alert-error', role: 'alert' }, h('p', { className: 'alert-title' }, 'Your order could not be placed'), h('p', null, view.payError.message))
      : failureAlert(view.payError)
    : null;

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
      h(
        'aside',
        { className: 'panel stack checkout-aside', 'aria-labelledby': 'pay-heading' },
        h('h2', { id: 'pay-heading' }, 'Payment'),
        couponForm(view, actions.apply),
        totalsList(rows),
        quote.testMode ? testModeNote() : null,
        unavailable.length > 0
          ? h(
              'p',
              { className: 'alert alert-info', role: 'status' },
              mode === 'cart' ? 'Remove the items that are no longer available from your cart to continue.' : 'This item is not available to you.',
            )
          : null,
        payError,
        h(
          'button',
          {
            type: 'button',
            className: 'btn btn-primary btn-lg btn-block',
            disabled: view.paying || unavailable.length > 0 || quote.lines.length === 0,
            'aria-busy': view.paying ? 'true' : null,
            onclick: actions.pay,
          },
          view.paying ? 'Starting payment...' : `Pay ${formatCents(quote.totalCents)}`,
        ),
        h('p', { className: 'text-sm muted' }, 'You pay on the payment provider’s secure page and come back here afterwards.'),
      ),
    ),
  );
}

async function mountCheckoutReview(root: HTMLElement): Promise<void> {
  const mode: Mode = root.dataset.mode === 'direct' ? 'direct' : 'cart';
  const item: DirectItem | null = mode === 'direct' ? directItemOf(location.search) : null;
  root.replaceChildren(loadingLine('Verifying authentication...'));
  const user = await loadUser().catch(() => null);
  if (!user) {
    root.replaceChildren(signInPrompt(mode));
    return;
  }
  if (mode === 'direct' && !item) {
    root.replaceChildren(emptyState(mode));
    return;
  }
  if (mode === 'cart') {
    // A guest cart left in this browser joins the account's cart before the review (helper K's store).
    await import('../stores/cart.ts').then((cart) => cart.mergeGuestCart()).catch(() => undefined);
  }

  let view: View | null = null;
  const update = (next: Partial<View>) => {
    view = { ...view!, ...next };
    render(root, mode, view, { apply, pay });
  };

  async function apply(code: string | null): Promise<void> {
    if (!view) return;
    update({ applying: true, couponError: null, payError: null });
    try {
      const quote = await fetchQuote(code, item);
      if (code && quote.couponError) update({ quote, couponCode: code, couponError: quote.couponError, applying: false });
      else update({ quote, couponCode: code && quote.coupon ? quote.coupon.code : null, couponError: null, applying: false });
      // The form was drawn again: the keyboard stays where it was.
      root.querySelector<HTMLElement>('#coupon-code')?.focus();
    } catch (err) {
      update({ applying: false, couponError: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'The coupon could not be checked. Please try again.' });
    }
  }

  async function pay(): Promise<void> {
    if (!view || view.paying) return;
    update({ paying: true, payError: null });
    try {
      const started = await startCheckout(view.quote.coupon ? view.couponCode : null, item);
      location.assign(started.checkoutUrl);
    } catch (err) {
      // A price or availability changed since the review: show the order as it is now.
      const quote = await fetchQuote(view.quote.coupon ? view.couponCode : null, item).catch(() => view!.quote);
      update({ paying: false, payError: err, quote });
    }
  }

  async function load(): Promise<void> {
    root.replaceChildren(loadingLine('Loading your order...'));
    try {
      const quote = await fetchQuote(null, item);
      if (quote.lines.length === 0) {
        root.replaceChildren(emptyState(mode));
        return;
      }
      view = { quote, couponCode: null, couponError: null, paying: false, payError: null, applying: false };
      render(root, mode, view, { apply, pay });
    } catch (err) {
      if (mode === 'direct' && err instanceof ApiError && (err.status === 404 || err.status === 400)) root.replaceChildren(emptyState(mode));
      else root.replaceChildren(failureAlert(err, () => void load()));
    }
  }
  await load();
}

mountWhenIdle('[data-island="checkout-review"]', (root) => void mountCheckoutReview(root));
