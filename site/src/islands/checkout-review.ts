import { ApiError, getToken } from '../lib/api.ts';
import { directItemOf, fetchGuestQuote, type DirectItem, type GuestItems } from '../stores/checkout.ts';
import { parseGuestCart, serverType } from '../lib/guest-cart.ts';
import { emptyState, type Mode } from './checkout-review-layout.ts';
import { failureAlert, loadingLine } from './checkout-parts.ts';
import { mountWhenIdle } from './dom.ts';

/**
 * /checkout (the cart) and /simple-checkout?type=COURSE&itemId=5 (one item, "Buy now"): review
 * the lines at current prices, apply a coupon code (its discount, or why it is refused), see the
 * totals, and pay: the order is made on the server and the buyer goes to the provider's page.
 * A visitor sees the same review and pays with an email and a name beside it, or signs in
 * without leaving the page (checkout-guest.ts, loaded only then; decision 0065), and a buyer's coupon and Pay are
 * checkout-buyer.ts, loaded only for a buyer; after a sign-in
 * the guest cart joins the account's cart and the review is read again as that buyer's.
 */

/** The visitor's items: the one item of Buy now, else the guest cart kept in this browser. */
function guestItems(item: DirectItem | null): GuestItems {
  if (item) return [{ type: item.type, itemId: item.itemId, quantity: 1 }];
  let stored: string | null = null;
  try {
    stored = localStorage.getItem('drx_cart');
  } catch {
    // storage unavailable: an empty cart
  }
  return parseGuestCart(stored).map((l) => ({ type: serverType(l.type), itemId: l.itemId, quantity: l.quantity }));
}

/** A visitor's review: the same summary, and the guest form and coupon (loaded now) beside it. */
async function mountGuestReview(root: HTMLElement, mode: Mode, item: DirectItem | null, signedIn: () => void): Promise<void> {
  const items = guestItems(item);
  if (items.length === 0) {
    root.replaceChildren(emptyState(mode));
    return;
  }
  root.replaceChildren(loadingLine('Loading your order...'));
  try {
    const [quote, guest] = await Promise.all([fetchGuestQuote(items), import('./checkout-guest.ts')]);
    if (quote.lines.length === 0) {
      root.replaceChildren(emptyState(mode));
      return;
    }
    guest.showGuestReview(root, mode, quote, items, signedIn);
  } catch (err) {
    if (mode === 'direct' && err instanceof ApiError && (err.status === 404 || err.status === 400)) root.replaceChildren(emptyState(mode));
    else root.replaceChildren(failureAlert(err, () => void mountGuestReview(root, mode, item, signedIn)));
  }
}

async function mountCheckoutReview(root: HTMLElement): Promise<void> {
  const mode: Mode = root.dataset.mode === 'direct' ? 'direct' : 'cart';
  const item: DirectItem | null = mode === 'direct' ? directItemOf(location.search) : null;
  if (mode === 'direct' && !item) {
    root.replaceChildren(emptyState(mode));
    return;
  }
  root.replaceChildren(loadingLine('Loading your order...'));
  // Without a stored session this is a visitor: the sign-in store is not loaded for nothing.
  const user = getToken() ? await import('../stores/auth.ts').then((auth) => auth.loadUser()).catch(() => null) : null;
  if (!user) {
    // Signed in on this page: the review is read again as the buyer's, in place.
    await mountGuestReview(root, mode, item, () => void mountBuyer(root, mode, item, true));
    return;
  }
  await mountBuyer(root, mode, item, false);
}

/** The buyer's review, from its own module. */
async function mountBuyer(root: HTMLElement, mode: Mode, item: DirectItem | null, inPlace: boolean): Promise<void> {
  const { mountBuyerReview } = await import('./checkout-buyer.ts');
  await mountBuyerReview(root, mode, item, inPlace);
}

mountWhenIdle('[data-island="checkout-review"]', (root) => void mountCheckoutReview(root));
