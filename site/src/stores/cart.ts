import { atom, computed } from 'nanostores';
import type { Cart, MergedCart } from '../../../shared/cart.ts';
import { ApiError, getToken } from '../lib/api.ts';
import { api, call, publicApi } from '../lib/api-client.ts';
import {
  EMPTY_VIEW,
  GUEST_CART_KEY,
  GUEST_MODE_KEY,
  addGuestItem,
  guestModeOn,
  guestView,
  mergePayload,
  parseGuestCart,
  removeGuestItem,
  serverType,
  serverView,
  setGuestQuantity,
  type AddInput,
  type CartView,
  type GuestCartItem,
  type ItemCheck,
} from '../lib/guest-cart.ts';
import { $user, loadUser } from './auth.ts';
import { toast } from './toasts.ts';

/**
 * The cart (decision 0025): a guest's lives in localStorage `drx_cart`, a signed-in
 * user's on the server (/api/cart). One set of actions serves both; islands only read the stores
 * and call the actions. The server cart is read again after each change (every answer is the
 * whole cart) and whenever the user changes; at sign-in or sign-up the guest cart is merged into
 * it and the local copy is cleared only once the server has confirmed the merge.
 */

export type { CartView, ViewLine } from '../lib/guest-cart.ts';

export const CART_MESSAGES = {
  remove: 'Failed to remove item from cart',
  update: 'Failed to update quantity',
  clear: 'Failed to clear cart',
} as const;

export const $guestItems = atom<GuestCartItem[]>([]);
/** The signed-in user's cart as the server last answered it; null for a guest or before it loads. */
export const $serverCart = atom<Cart | null>(null);
export const $cartStatus = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');
/** A guest's items as checked against the catalog (current title, price, whether still sold). */
export const $guestChecks = atom<ReadonlyMap<string, ItemCheck>>(new Map());
export const $paymentTestMode = atom<boolean | null>(null);
/** Whose cart is shown: a session (token) means the server's, else the guest's. */
export const $cartOwner = atom<'guest' | 'user'>('guest');
/** Items being changed (their line ids), so their buttons wait. */
export const $pendingLines = atom<ReadonlySet<number | string>>(new Set());

export const $cart = computed([$cartOwner, $guestItems, $serverCart, $guestChecks, $paymentTestMode], (owner, guest, server, checks, testMode): CartView => {
  if (owner === 'user') return server ? serverView(server) : EMPTY_VIEW;
  return guestView(guest, checks, testMode);
});
export const $cartCount = computed($cart, (c) => c.count);

// ---------- storage ----------

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeGuest(items: GuestCartItem[]): void {
  $guestItems.set(items);
  try {
    if (items.length > 0) localStorage.setItem(GUEST_CART_KEY, JSON.stringify(items));
    else localStorage.removeItem(GUEST_CART_KEY);
  } catch {
    // storage unavailable: the cart lasts for this page
  }
}

/** Guest mode (a cart without an account) is on unless stored as 'false'. */
export function guestModeEnabled(): boolean {
  return guestModeOn(readStorage(GUEST_MODE_KEY));
}

export function setGuestModeEnabled(on: boolean): void {
  try {
    localStorage.setItem(GUEST_MODE_KEY, String(on));
  } catch {
    // ignored
  }
}

// ---------- who owns the cart ----------

const signedIn = () => $cartOwner.get() === 'user';

function setPending(id: number | string, on: boolean): void {
  const next = new Set($pendingLines.get());
  if (on) next.add(id);
  else next.delete(id);
  $pendingLines.set(next);
}

function acceptServerCart(cart: Cart): Cart {
  $serverCart.set(cart);
  $paymentTestMode.set(cart.testMode);
  $cartStatus.set('ready');
  return cart;
}

// ---------- actions ----------

/** Reads the cart again: the server's for a signed-in user, the stored one (checked against the catalog) for a guest. */
export async function loadCart(): Promise<CartView> {
  if (!signedIn()) {
    $guestItems.set(parseGuestCart(readStorage(GUEST_CART_KEY)));
    $cartStatus.set('ready');
    return $cart.get();
  }
  if ($serverCart.get() === null) $cartStatus.set('loading');
  try {
    acceptServerCart(await call(api.cart.$get()));
  } catch (err) {
    $cartStatus.set('error');
    throw err;
  }
  return $cart.get();
}

/** POST /api/cart/refresh for a signed-in user (current prices, quantities within limits); a guest's items are checked. */
export async function refreshCart(): Promise<CartView> {
  if (!signedIn()) {
    await loadCart();
    await checkGuestItems();
    return $cart.get();
  }
  acceptServerCart(await call(api.cart.refresh.$post()));
  return $cart.get();
}

/**
 * Adds an item (an item already there grows by one, up to its limit). A signed-in user's add
 * goes to the server, whose refusal (owned, gone, unpublished) is thrown as an ApiError. A guest
 * with guest mode off is sent to sign in first.
 */
export async function addToCart(input: AddInput): Promise<CartView> {
  await settleOwner();
  if (signedIn()) {
    acceptServerCart(await call(api.cart.$post({ json: { type: serverType(input.type), itemId: input.itemId, ...(input.quantity ? { quantity: input.quantity } : {}) } })));
    return $cart.get();
  }
  if (!guestModeEnabled()) {
    location.assign(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`);
    return $cart.get();
  }
  writeGuest(addGuestItem(parseGuestCart(readStorage(GUEST_CART_KEY)), input));
  return $cart.get();
}

async function change(id: number | string, failure: string, run: () => Promise<void>): Promise<boolean> {
  setPending(id, true);
  try {
    await run();
    return true;
  } catch (err) {
    toast({ title: failure, description: err instanceof ApiError && err.status !== 0 ? err.message : undefined, variant: 'destructive' });
    // The server cart may have moved on (another tab): show what it holds now.
    if (signedIn()) void loadCart().catch(() => undefined);
    return false;
  } finally {
    setPending(id, false);
  }
}

/** Sets a line's quantity; below 1 removes it. 'Failed to update quantity' on failure. */
export function setQuantity(id: number | string, quantity: number): Promise<boolean> {
  return change(id, CART_MESSAGES.update, async () => {
    if (signedIn()) {
      acceptServerCart(await call(api.cart[':id'].$patch({ param: { id: String(id) }, json: { quantity } })));
    } else {
      writeGuest(setGuestQuantity(parseGuestCart(readStorage(GUEST_CART_KEY)), String(id), quantity));
    }
  });
}

/** Removes a line. 'Failed to remove item from cart' on failure. */
export function removeFromCart(id: number | string): Promise<boolean> {
  return change(id, CART_MESSAGES.remove, async () => {
    if (signedIn()) acceptServerCart(await call(api.cart[':id'].$delete({ param: { id: String(id) } })));
    else writeGuest(removeGuestItem(parseGuestCart(readStorage(GUEST_CART_KEY)), String(id)));
  });
}

/** Empties the cart. 'Failed to clear cart' on failure. */
export function clearCart(): Promise<boolean> {
  return change('all', CART_MESSAGES.clear, async () => {
    if (signedIn()) acceptServerCart(await call(api.cart.$delete()));
    else writeGuest([]);
  });
}

let merging: Promise<boolean> | null = null;

/**
 * Moves the guest cart into the signed-in user's server cart (POST /api/cart/merge, decision
 * 0025). The local cart is cleared only after the server confirmed; items it could not take
 * (already owned, gone) are named in a toast. Answers whether the local cart is now empty.
 * Safe to call more than once: concurrent calls share one request.
 */
export function mergeGuestCart(): Promise<boolean> {
  merging ??= (async () => {
    try {
      await settleOwner();
      if (!signedIn()) return false;
      const items = parseGuestCart(readStorage(GUEST_CART_KEY));
      if (items.length === 0) {
        await loadCart().catch(() => undefined);
        return true;
      }
      let merged: MergedCart;
      try {
        merged = await call(api.cart.merge.$post({ json: mergePayload(items) }));
      } catch {
        return false;
      }
      acceptServerCart(merged);
      // Only what was sent leaves the local cart (an item added meanwhile stays for the next merge).
      const sent = new Set(items.map((i) => i.id));
      writeGuest(parseGuestCart(readStorage(GUEST_CART_KEY)).filter((i) => !sent.has(i.id)));
      if (merged.rejected.length > 0) {
        toast({
          title: merged.rejected.length === 1 ? 'One item was not moved to your cart' : `${merged.rejected.length} items were not moved to your cart`,
          description: merged.rejected.map((r) => `${r.title}: ${r.reasonMessage}`).join(' '),
        });
      }
      return true;
    } finally {
      merging = null;
    }
  })();
  return merging;
}

/** Checks a guest's course lines against the public catalog: current title and price, still sold. */
export async function checkGuestItems(): Promise<void> {
  const items = $guestItems.get().filter((i) => i.type === 'course');
  if (items.length === 0) return;
  const checks = new Map($guestChecks.get());
  await Promise.all(
    items.map(async (item) => {
      try {
        const res = await publicApi.courses[':id'].$get({ param: { id: String(item.itemId) } }, { headers: { accept: 'application/json' } });
        // A missing course is thrown as an error answer by the route, so its type names only the 200.
        if ((res.status as number) === 404) {
          checks.set(item.id, { title: item.title, priceCents: Math.round(item.price * 100), available: false, reasonMessage: 'This item no longer exists.' });
          return;
        }
        if (!res.ok) return;
        const course = await res.json();
        const sold = course.status === undefined || course.status === 'published';
        checks.set(item.id, { title: course.title, priceCents: course.price_cents, available: sold, reasonMessage: sold ? null : 'This item is not available.' });
      } catch {
        // offline: the stored title and price stay
      }
    }),
  );
  $guestChecks.set(checks);
}

/** Test mode (no card is charged) for a guest's cart: GET /api/payments/mode; a server cart says it itself. */
export async function loadPaymentMode(): Promise<void> {
  if ($paymentTestMode.get() !== null) return;
  try {
    const res = await publicApi.payments.mode.$get(undefined, { headers: { accept: 'application/json' } });
    if (res.ok) $paymentTestMode.set((await res.json()).testMode !== false);
  } catch {
    // unknown: no label
  }
}

// ---------- following the user ----------

let settled: Promise<void> | null = null;

/** Knows who owns the cart: with a token, the auth store's user (loaded once). */
function settleOwner(): Promise<void> {
  settled ??= (async () => {
    if (!getToken()) return;
    try {
      await loadUser();
    } catch {
      // the API is unreachable: the guest cart shows until it answers
    }
  })();
  return settled;
}

let currentUserId: number | null = null;

function followUser(): void {
  $user.subscribe((user) => {
    const id = user?.id ?? null;
    if (id === currentUserId) return;
    currentUserId = id;
    $serverCart.set(null);
    if (id === null) {
      $cartOwner.set('guest');
      void loadCart();
      return;
    }
    $cartOwner.set('user');
    $cartStatus.set('loading');
    // A new user (sign-in, sign-up, a switch of account): their cart, with the guest cart merged in.
    void mergeGuestCart();
  });
}

/** The header badge follows the count through an event, so it needs none of this module's code. */
function announceCount(): void {
  let last = -1;
  $cartCount.subscribe((count) => {
    if (count === last) return;
    last = count;
    window.dispatchEvent(new CustomEvent('drx:cart', { detail: { count } }));
  });
}

if (typeof window !== 'undefined') {
  $guestItems.set(parseGuestCart(readStorage(GUEST_CART_KEY)));
  if (getToken()) $cartOwner.set('user');
  followUser();
  announceCount();
  void settleOwner().then(() => {
    if (!getToken()) $cartOwner.set('guest');
  });
  window.addEventListener('storage', (e) => {
    if (e.key === GUEST_CART_KEY || e.key === null) $guestItems.set(parseGuestCart(readStorage(GUEST_CART_KEY)));
  });
}
