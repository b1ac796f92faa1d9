/**
 * The header's cart button and its count badge (99+ above 99), on every page. It is
 * tiny on purpose (decision 0023): a guest's count is read straight from localStorage `drx_cart`;
 * the cart store (stores/cart.ts) loads only for a session (at idle) or when something uses the
 * cart, and tells the count through the `drx:cart` event. The dropdown itself is a React island
 * (CartDropdown.tsx) imported on the first hover, focus or click of the button.
 */

import { badgeText } from '../../../worker/src/domain/cart.ts';
import type * as DropdownMount from './cart-dropdown-mount.tsx';
import { onSession } from './on-session.ts';

const GUEST_CART_KEY = 'drx_cart';

/** The guest cart's item count, as stored (quantities summed; anything unreadable counts 0). */
export function storedGuestCount(raw: string | null): number {
  if (!raw) return 0;
  try {
    const items = JSON.parse(raw) as unknown;
    if (!Array.isArray(items)) return 0;
    return items.reduce<number>((n, i) => {
      const q = (i as { quantity?: unknown } | null)?.quantity;
      return n + (typeof q === 'number' && q >= 1 ? Math.floor(q) : 0);
    }, 0);
  } catch {
    return 0;
  }
}

export function cartLabel(count: number): string {
  return count > 0 ? `Shopping cart, ${count > 99 ? 'more than 99' : count} ${count === 1 ? 'item' : 'items'}` : 'Shopping cart, empty';
}

function readGuest(): number {
  try {
    return storedGuestCount(localStorage.getItem(GUEST_CART_KEY));
  } catch {
    return 0;
  }
}

/** Shows a count on every cart button of the page. */
export function showCount(count: number): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-cart-trigger]')) {
    button.setAttribute('aria-label', cartLabel(count));
    const badge = button.querySelector<HTMLElement>('[data-cart-badge]');
    if (!badge) continue;
    const text = badgeText(count);
    badge.textContent = text;
    badge.hidden = text === '';
  }
}

let storeStarted = false;
/** Loads the cart store (it follows the user, loads the server cart and announces its count). */
export function startCartStore(): void {
  if (storeStarted) return;
  storeStarted = true;
  void import('../stores/cart.ts');
}

let dropdown: Promise<typeof DropdownMount> | null = null;
const loadDropdown = () => (dropdown ??= import('./cart-dropdown-mount.tsx'));

export function mountCartButton(slot: HTMLElement): void {
  const button = slot.querySelector<HTMLButtonElement>('[data-cart-trigger]');
  if (!button) return;
  const preload = () => void loadDropdown().catch(() => undefined);
  button.addEventListener('pointerenter', preload, { once: true });
  button.addEventListener('focus', preload, { once: true });
  button.addEventListener('click', () => {
    button.setAttribute('aria-busy', 'true');
    loadDropdown()
      .then(({ mountCartDropdown }) => mountCartDropdown(slot))
      .catch(() => location.assign('/cart'));
  });
}

export function startCartBadge(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-island="cart"]')) mountCartButton(slot);
  window.addEventListener('drx:cart', (e) => showCount((e as CustomEvent<{ count: number }>).detail.count));
  showCount(readGuest());
  window.addEventListener('storage', (e) => {
    if (e.key === GUEST_CART_KEY && !storeStarted) showCount(readGuest());
  });
  // A session's cart is on the server: its store loads at idle (as the account menu does), or when someone signs in here.
  onSession(startCartStore, { idle: true });
}
