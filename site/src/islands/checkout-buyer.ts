import { ApiError } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import { fetchQuote, startCheckout, type DirectItem } from '../stores/checkout.ts';
import { couponCheckFailed, couponForm, type CouponView } from './checkout-coupon.ts';
import { emptyState, quoteRows, renderReview, unavailableNote, type Mode } from './checkout-review-layout.ts';
import { failureAlert, loadingLine, testModeNote, totalsList } from './checkout-parts.ts';
import { h } from './dom.ts';

/**
 * A signed-in buyer's side of the checkout review, loaded only for a buyer: the coupon code (its
 * discount, or why it is refused), the totals, and Pay (the order is made on the server and the
 * buyer goes to the provider's page).
 */

interface View extends CouponView {
  paying: boolean;
  payError: unknown;
}

function render(root: HTMLElement, mode: Mode, view: View, actions: { apply: (code: string | null) => void; pay: () => void }): void {
  const { quote } = view;
  const unavailable = quote.lines.filter((l) => !l.available);
  const payError = view.payError
    ? view.payError instanceof ApiError && view.payError.status === 409
      ? h('div', { className: 'alert alert-error', role: 'alert' }, h('p', { className: 'alert-title' }, 'Your order could not be placed'), h('p', null, view.payError.message))
      : failureAlert(view.payError)
    : null;
  renderReview(root, mode, quote, [
    couponForm(view, actions.apply),
    totalsList(quoteRows(quote)),
    quote.testMode ? testModeNote() : null,
    unavailableNote(mode, quote),
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
  ]);
}

export /** A signed-in buyer's review, with the coupon and Pay. `inPlace`: the summary on screen stays until the new one is read. */
async function mountBuyerReview(root: HTMLElement, mode: Mode, item: DirectItem | null, inPlace: boolean): Promise<void> {
  if (mode === 'cart') {
    // A guest cart left in this browser joins the account's cart before the review.
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
      update({ applying: false, couponError: couponCheckFailed(err) });
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
    if (!inPlace) root.replaceChildren(loadingLine('Loading your order...'));
    inPlace = false;
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
