import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The cart store against a stand-in browser: localStorage, window events, location and a fetch
 * that answers like the API. Each test loads the store afresh (it starts itself on import).
 */

type Answer = { status: number; body: unknown };
type Handler = (method: string, path: string, body: unknown) => Answer | undefined;

const USER = { id: 7, username: 'buyer', role: 'STUDENT' };
const serverCart = (items: { id: number; itemId: number; quantity?: number }[] = []) => ({
  items: items.map((i) => ({
    id: i.id,
    type: 'COURSE',
    itemId: i.itemId,
    course_id: i.itemId,
    quantity: i.quantity ?? 1,
    maxQuantity: 1,
    title: `Course ${i.itemId}`,
    price: 10,
    priceCents: 1000,
    itemDetails: { title: `Course ${i.itemId}`, price: 10, image_url: null, url: `/courses/${i.itemId}` },
    available: true,
    reason: null,
    reasonMessage: null,
  })),
  count: items.reduce((n, i) => n + (i.quantity ?? 1), 0),
  subtotalCents: items.length * 1000,
  subtotal: items.length * 10,
  testMode: true,
});

let storage: Map<string, string>;
let calls: { method: string; path: string; body: unknown }[];
let handler: Handler;
let counts: number[];

function installBrowser(): void {
  storage = new Map();
  calls = [];
  counts = [];
  const target = new EventTarget();
  target.addEventListener('drx:cart', (e) => counts.push((e as CustomEvent<{ count: number }>).detail.count));
  vi.stubGlobal('window', target);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, String(v)),
    removeItem: (k: string) => void storage.delete(k),
  });
  vi.stubGlobal('location', { pathname: '/courses/5', search: '', assign: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const answer = handler(method, path, body) ?? (path === '/api/me' ? { status: 200, body: USER } : { status: 404, body: { message: 'Not found' } });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

async function loadStore() {
  vi.resetModules();
  const store = await import('./cart.ts');
  const toasts = await import('./toasts.ts');
  return { store, toasts };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

beforeEach(() => {
  installBrowser();
  handler = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe('cart store: a guest', () => {
  it('keeps the cart in drx_cart in the client form; adding again increments; below 1 removes', async () => {
    const { store } = await loadStore();
    await store.addToCart({ type: 'COURSE', itemId: 5, title: 'Tap', price: 29, imageUrl: null });
    await store.addToCart({ type: 'RESOURCE', itemId: 9, title: 'Sheet', price: 3 });
    await store.addToCart({ type: 'RESOURCE', itemId: 9 });
    expect(JSON.parse(storage.get('drx_cart')!)).toEqual([
      { id: 'course-5', type: 'course', itemId: 5, title: 'Tap', price: 29, quantity: 1, imageUrl: null },
      { id: 'resource-9', type: 'resource', itemId: 9, title: 'Sheet', price: 3, quantity: 2, imageUrl: null },
    ]);
    expect(store.$cart.get()).toMatchObject({ count: 3, subtotalCents: 2900 + 600 });
    expect(await store.setQuantity('resource-9', 0)).toBe(true);
    expect(await store.removeFromCart('course-5')).toBe(true);
    expect(storage.has('drx_cart')).toBe(false);
    expect(counts.at(-1)).toBe(0);
    expect(counts).toContain(3);
    // No API call for a guest's cart.
    expect(calls.filter((c) => c.path.startsWith('/api/cart'))).toEqual([]);
  });

  it('with guest mode off, Add to Cart sends the guest to sign in first', async () => {
    storage.set('guestModeEnabled', 'false');
    const { store } = await loadStore();
    expect(store.guestModeEnabled()).toBe(false);
    await store.addToCart({ type: 'COURSE', itemId: 5 });
    expect(location.assign).toHaveBeenCalledWith('/auth?redirect=%2Fcourses%2F5');
    expect(storage.has('drx_cart')).toBe(false);
  });
});

describe('cart store: a signed-in user', () => {
  it('merges the stored guest cart when the user is known, and clears it only after the server confirmed', async () => {
    storage.set('access_token', 'tok');
    storage.set('drx_cart', JSON.stringify([{ id: 'course-5', type: 'course', itemId: 5, title: 'Tap', price: 29, quantity: 1, imageUrl: null }]));
    handler = (method, path) => (method === 'POST' && path === '/api/cart/merge' ? { status: 200, body: { ...serverCart([{ id: 1, itemId: 5 }]), rejected: [] } } : undefined);
    const { store } = await loadStore();
    await store.mergeGuestCart();
    expect(calls.find((c) => c.path === '/api/cart/merge')!.body).toEqual({ items: [{ type: 'COURSE', itemId: 5, quantity: 1 }] });
    expect(storage.has('drx_cart')).toBe(false);
    expect(store.$cart.get()).toMatchObject({ count: 1, testMode: true });
    expect(store.$cart.get().lines[0]).toMatchObject({ id: 1, itemId: 5 });
    expect(calls.filter((c) => c.path === '/api/cart/merge')).toHaveLength(1);
  });

  it('keeps the guest cart when the merge fails', async () => {
    storage.set('access_token', 'tok');
    const guest = JSON.stringify([{ id: 'course-5', type: 'course', itemId: 5, title: 'Tap', price: 29, quantity: 1, imageUrl: null }]);
    storage.set('drx_cart', guest);
    handler = (_method, path) => (path === '/api/cart/merge' ? { status: 500, body: { message: 'Internal server error' } } : undefined);
    const { store } = await loadStore();
    expect(await store.mergeGuestCart()).toBe(false);
    expect(storage.get('drx_cart')).toBe(guest);
  });

  it('names the items the server could not take', async () => {
    storage.set('access_token', 'tok');
    storage.set('drx_cart', JSON.stringify([{ id: 'course-6', type: 'course', itemId: 6, title: 'Owned', price: 29, quantity: 1, imageUrl: null }]));
    handler = (_m, path) =>
      path === '/api/cart/merge'
        ? { status: 200, body: { ...serverCart(), rejected: [{ type: 'COURSE', itemId: 6, quantity: 1, title: 'Owned', reason: 'owned', reasonMessage: 'You are already enrolled in this course.' }] } }
        : undefined;
    const { store, toasts } = await loadStore();
    await store.mergeGuestCart();
    await settle();
    expect(toasts.$toasts.get().map((t) => [t.title, t.description])).toContainEqual(['One item was not moved to your cart', 'Owned: You are already enrolled in this course.']);
    expect(storage.has('drx_cart')).toBe(false);
  });

  it('sends changes to the server and shows the answer; a failure shows the destructive error toast', async () => {
    storage.set('access_token', 'tok');
    let cart = serverCart([{ id: 1, itemId: 5 }]);
    handler = (method, path) => {
      if (path === '/api/cart' && method === 'GET') return { status: 200, body: cart };
      if (path === '/api/cart/1' && method === 'PATCH') return { status: 500, body: { message: 'Internal server error' } };
      if (path === '/api/cart/1' && method === 'DELETE') {
        cart = serverCart();
        return { status: 200, body: { message: 'Item removed from cart', ...cart } };
      }
      if (path === '/api/cart' && method === 'DELETE') return { status: 500, body: { message: 'Internal server error' } };
      return undefined;
    };
    const { store, toasts } = await loadStore();
    await store.mergeGuestCart(); // nothing stored: loads the server cart
    expect(store.$cart.get().count).toBe(1);
    expect(await store.setQuantity(1, 2)).toBe(false);
    expect(await store.clearCart()).toBe(false);
    expect(toasts.$toasts.get().map((t) => t.title)).toEqual(['Failed to update quantity', 'Failed to clear cart']);
    expect(await store.removeFromCart(1)).toBe(true);
    expect(store.$cart.get().count).toBe(0);
    await settle();
    expect(counts.at(-1)).toBe(0);
  });
});
