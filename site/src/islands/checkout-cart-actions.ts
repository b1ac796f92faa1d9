import { ApiError } from '../lib/api.ts';
import { buyNowHref, TEST_MODE_LABEL } from '../lib/purchase.ts';
import type * as CartStore from '../stores/cart.ts';
import { toast } from '../stores/toasts.ts';
import { h, hasSession } from './dom.ts';

/**
 * A paid course's purchase actions on its page and its enrol page: Add to Cart (helper K's cart
 * store, guest or signed in) and Buy now (/simple-checkout, one item); once the course is in the
 * cart, "In cart — View cart". The cart store loads after the page is idle, so the page's
 * JavaScript before interaction does not grow (decision 0023).
 */

export interface PurchasableCourse {
  id: number;
  title: string;
  price_cents: number;
  image_url?: string | null;
}

type CartModule = typeof CartStore;

let cartModule: Promise<CartModule> | undefined;
const loadCartModule = () => (cartModule ??= import('../stores/cart.ts'));

/** Whether a cart value (either cart's view) holds this course. */
export function cartHolds(cart: unknown, courseId: number): boolean {
  const value = cart as { lines?: unknown; items?: unknown } | unknown[] | null | undefined;
  const list = Array.isArray(value) ? value : (value?.lines ?? value?.items);
  const items: unknown[] = Array.isArray(list) ? list : [];
  return items.some((raw) => {
    const line = raw as { type?: string; itemId?: number; course_id?: number };
    return (String(line.type ?? '').toUpperCase() === 'COURSE' && Number(line.itemId) === courseId) || Number(line.course_id) === courseId;
  });
}

function inCart(large: boolean): HTMLElement[] {
  const size = large ? ' btn-lg' : '';
  return [h('span', { className: 'badge badge-success', 'data-in-cart': '' }, 'In cart'), h('a', { className: `btn btn-primary${size}`, href: '/cart' }, 'View cart')];
}

/** The markup of the actions (the server renders the same for visitors: components). */
export function purchaseButtons(course: PurchasableCourse, large: boolean): HTMLElement[] {
  const size = large ? ' btn-lg' : '';
  return [
    h('button', { type: 'button', className: `btn btn-primary${size}`, 'data-add-to-cart': '' }, 'Add to Cart'),
    h('a', { className: `btn btn-secondary${size}`, href: buyNowHref(course.id) }, 'Buy now'),
  ];
}

/**
 * Wires the actions inside `slot` (server-rendered or from purchaseButtons): a click on Add to Cart
 * adds the course; the slot shows "In cart — View cart" whenever the cart holds it.
 */
export function wirePurchaseActions(slot: HTMLElement, course: PurchasableCourse, large = true): void {
  let shown: 'buttons' | 'in-cart' = 'buttons';
  const show = (holds: boolean) => {
    // An enrolled learner's Continue took this place (islands/learner-action.ts).
    if (!slot.hasAttribute('data-purchase-actions')) return;
    const next = holds ? 'in-cart' : 'buttons';
    if (next === shown) return;
    shown = next;
    slot.replaceChildren(...(holds ? inCart(large) : purchaseButtons(course, large)));
    if (!holds) wire();
  };
  const wire = () => {
    const button = slot.querySelector<HTMLButtonElement>('[data-add-to-cart]');
    if (!button || button.dataset.wired) return;
    button.dataset.wired = '1';
    button.addEventListener('click', () => {
      if (button.disabled) return;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = 'Adding...';
      void loadCartModule()
        .then((cart) => cart.addToCart({ type: 'COURSE', itemId: course.id, title: course.title, price: course.price_cents / 100, imageUrl: course.image_url ?? null }))
        .then(() => loadCartModule())
        .then((cart) => {
          follow();
          show(cartHolds(cart.$cart.get(), course.id));
          slot.querySelector<HTMLElement>('a[href="/cart"]')?.focus();
        })
        .catch((err: unknown) => {
          // Refused by the server (already enrolled, no longer sold) or unreachable: say why.
          const message = err instanceof ApiError && err.status > 0 ? err.message : 'Please check your connection and try again.';
          toast({ title: 'Could not add to cart', description: message, variant: 'destructive' });
        })
        .finally(() => {
          if (!button.isConnected) return;
          button.disabled = false;
          button.removeAttribute('aria-busy');
          button.textContent = 'Add to Cart';
        });
    });
  };
  let following = false;
  const follow = () => {
    if (following) return;
    following = true;
    void loadCartModule()
      .then((cart) => {
        cart.$cart.subscribe((value) => show(cartHolds(value, course.id)));
        // The header's badge usually reads the cart already; read it if nothing has.
        if (cart.$cartStatus.get() === 'idle') void cart.loadCart().catch(() => undefined);
      })
      .catch(() => undefined);
  };
  wire();
  void labelTestMode();
  // A signed-in user's cart is on the server: follow the store. A guest's page stays light
  // (decision 0023): the stored guest cart is read directly, the store loads on the first click.
  if (hasSession()) follow();
  else show(guestCartHolds(course.id));
}

/** Whether the guest cart kept in this browser (localStorage drx_cart) holds the course, without the cart store. */
export function guestCartHolds(courseId: number, stored: string | null = readGuestCart()): boolean {
  try {
    return cartHolds(JSON.parse(stored ?? '[]'), courseId);
  } catch {
    return false;
  }
}

function readGuestCart(): string | null {
  try {
    return localStorage.getItem('drx_cart');
  } catch {
    return null;
  }
}

let mode: Promise<boolean> | undefined;

/** GET /api/payments/mode (public): whether payments run on the built-in test provider. */
function testMode(): Promise<boolean> {
  return (mode ??= fetch('/api/payments/mode')
    .then((res) => (res.ok ? (res.json() as Promise<{ testMode?: boolean } | null>) : null))
    .then((body) => body?.testMode === true)
    .catch(() => false));
}

/**
 * Every price shown in test mode carries the label: the page's course price gets it
 * beside the amount (on the same line, so nothing below moves).
 */
async function labelTestMode(): Promise<void> {
  const price = document.querySelector<HTMLElement>('[data-course-price]');
  if (!price || price.querySelector('[data-test-mode]') || !(await testMode())) return;
  if (price.querySelector('[data-test-mode]')) return;
  price.appendChild(h('span', { className: 'badge badge-warning', 'data-test-mode': '' }, TEST_MODE_LABEL));
}
