import { CART_TYPE_MAX, MAX_MERGE_ITEMS, capQuantity, combineLines, type CartType } from '../../../worker/src/domain/cart.ts';
import type { Cart, CartLine } from '../../../shared/cart.ts';
import { CREDITS_SIGN_IN } from '../../../shared/feedback-credits.ts';

/**
 * The guest cart (its localStorage form) and the one view both carts are shown through, without I/O:
 * the store (stores/cart.ts) reads and writes localStorage and the API around these functions.
 */

export const GUEST_CART_KEY = 'drx_cart';
export const GUEST_MODE_KEY = 'guestModeEnabled';

export type ClientType = 'course' | 'resource';

/** The guest cart's line as stored: id, type (course or resource), itemId, title, price (dollars), quantity, imageUrl. */
export interface GuestCartItem {
  id: string;
  type: ClientType;
  itemId: number;
  title: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
}

export interface AddInput {
  type: CartType | ClientType;
  itemId: number;
  title?: string;
  price?: number;
  imageUrl?: string | null;
  quantity?: number;
}

/** The server's kind of a line; feedback credits (decision 0070) are bought signed in only, never kept in the guest cart. */
export const serverType = (type: string): CartType => {
  const upper = type.toUpperCase();
  return upper === 'RESOURCE' || upper === 'FEEDBACK_CREDITS' ? upper : 'COURSE';
};

/** The kinds a visitor's cart may hold: courses and resources (a pack of credits would be taken for its course). */
export const guestMayHold = (type: string): boolean => serverType(type) !== 'FEEDBACK_CREDITS';
export const clientType = (type: string): ClientType => (serverType(type) === 'RESOURCE' ? 'resource' : 'course');
export const guestLineId = (type: string, itemId: number) => `${clientType(type)}-${itemId}`;
const maxOf = (type: string) => CART_TYPE_MAX[serverType(type)];

/** Guest mode is on unless stored as 'false'. */
export const guestModeOn = (stored: string | null) => stored !== 'false';

const isPositiveId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The stored guest cart, forgiving: anything unreadable is dropped, duplicates are combined. */
export function parseGuestCart(raw: string | null): GuestCartItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  let items: GuestCartItem[] = [];
  for (const entry of value.slice(0, MAX_MERGE_ITEMS * 2) as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (typeof e.type !== 'string' || !/^(course|resource)$/i.test(e.type) || !isPositiveId(e.itemId)) continue;
    items = addGuestItem(items, {
      type: e.type as ClientType,
      itemId: e.itemId,
      title: typeof e.title === 'string' ? e.title : undefined,
      price: typeof e.price === 'number' && Number.isFinite(e.price) && e.price >= 0 ? e.price : undefined,
      imageUrl: typeof e.imageUrl === 'string' ? e.imageUrl : null,
      quantity: typeof e.quantity === 'number' ? e.quantity : 1,
    });
  }
  return items.slice(0, MAX_MERGE_ITEMS);
}

/**
 * Adding an item already in the cart increments its quantity (capped at the item's limit). A kind
 * the guest cart may not hold is refused with the reason (thrown), never stored as another kind.
 */
export function addGuestItem(items: readonly GuestCartItem[], input: AddInput): GuestCartItem[] {
  if (!guestMayHold(input.type)) throw new Error(CREDITS_SIGN_IN);
  const id = guestLineId(input.type, input.itemId);
  const added = Math.max(1, Math.floor(input.quantity ?? 1) || 1);
  const existing = items.find((i) => i.id === id);
  if (existing) {
    return items.map((i) =>
      i.id === id
        ? {
            ...i,
            quantity: capQuantity(i.quantity + added, maxOf(i.type)),
            title: input.title ?? i.title,
            price: input.price ?? i.price,
            imageUrl: input.imageUrl === undefined ? i.imageUrl : input.imageUrl,
          }
        : i,
    );
  }
  if (items.length >= MAX_MERGE_ITEMS) return [...items];
  return [
    ...items,
    {
      id,
      type: clientType(input.type),
      itemId: input.itemId,
      title: input.title ?? '',
      price: input.price ?? 0,
      quantity: capQuantity(added, maxOf(input.type)),
      imageUrl: input.imageUrl ?? null,
    },
  ];
}

/** Set the quantity; below 1 removes the item. */
export function setGuestQuantity(items: readonly GuestCartItem[], id: string, quantity: number): GuestCartItem[] {
  if (!(quantity >= 1)) return removeGuestItem(items, id);
  return items.map((i) => (i.id === id ? { ...i, quantity: capQuantity(quantity, maxOf(i.type)) } : i));
}

export function removeGuestItem(items: readonly GuestCartItem[], id: string): GuestCartItem[] {
  return items.filter((i) => i.id !== id);
}

/** What POST /api/cart/merge receives: one line per item (decision 0025). */
export function mergePayload(items: readonly GuestCartItem[]): { items: { type: CartType; itemId: number; quantity: number }[] } {
  return { items: combineLines(items.map((i) => ({ type: serverType(i.type), itemId: i.itemId, quantity: i.quantity }))) };
}

/** A line as the dropdown and the cart page show it, from either cart. */
export interface ViewLine {
  /** The server line id, or the guest line id. */
  id: number | string;
  type: CartType;
  itemId: number;
  title: string;
  priceCents: number;
  quantity: number;
  maxQuantity: number;
  imageUrl: string | null;
  url: string;
  available: boolean;
  reasonMessage: string | null;
}

export interface CartView {
  lines: ViewLine[];
  count: number;
  subtotalCents: number;
  /** Set once known (the server cart says; a guest's comes from GET /api/payments/mode). */
  testMode: boolean | null;
  /** Lines that cannot be bought: checkout waits until they are removed. */
  blocked: boolean;
}

/** Where an item's page is, for a guest line (the server tells its own lines). */
export const itemUrl = (type: string, itemId: number) => (serverType(type) === 'RESOURCE' ? `/curriculum/${itemId}` : `/courses/${itemId}`);

/** What the guest's browser last learned about an item (a price check, decision 0025). */
export interface ItemCheck {
  title: string;
  priceCents: number;
  available: boolean;
  reasonMessage: string | null;
}

export function guestView(items: readonly GuestCartItem[], checks: ReadonlyMap<string, ItemCheck> = new Map(), testMode: boolean | null = null): CartView {
  const lines = items.map((i): ViewLine => {
    const check = checks.get(i.id);
    return {
      id: i.id,
      type: serverType(i.type),
      itemId: i.itemId,
      title: check?.title || i.title || 'Item',
      priceCents: check ? check.priceCents : Math.round(i.price * 100),
      quantity: i.quantity,
      maxQuantity: maxOf(i.type),
      imageUrl: i.imageUrl,
      url: itemUrl(i.type, i.itemId),
      available: check ? check.available : true,
      reasonMessage: check?.reasonMessage ?? null,
    };
  });
  return summarise(lines, testMode);
}

export function serverView(cart: Cart): CartView {
  const lines = cart.items.map(
    (l: CartLine): ViewLine => ({
      id: l.id,
      type: l.type,
      itemId: l.itemId,
      title: l.title,
      priceCents: l.priceCents,
      quantity: l.quantity,
      maxQuantity: l.maxQuantity,
      imageUrl: l.itemDetails.image_url,
      url: l.itemDetails.url,
      available: l.available,
      reasonMessage: l.reasonMessage,
    }),
  );
  return { ...summarise(lines, cart.testMode), count: cart.count, subtotalCents: cart.subtotalCents };
}

function summarise(lines: ViewLine[], testMode: boolean | null): CartView {
  return {
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: lines.reduce((n, l) => (l.available ? n + l.priceCents * l.quantity : n), 0),
    testMode,
    blocked: lines.some((l) => !l.available),
  };
}

export const EMPTY_VIEW: CartView = { lines: [], count: 0, subtotalCents: 0, testMode: null, blocked: false };
