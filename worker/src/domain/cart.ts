/**
 * The cart's rules, without I/O (decision 0025). The server's cart service and the browser's
 * guest cart both follow them, so a guest cart merged at sign-in ends where the same adds made
 * while signed in would have ended.
 */

/** A cart line's quantity is 1..99 (the cart_items CHECK); an item may allow fewer (a course: 1). */
export const MAX_CART_QUANTITY = 99;
/** Lines one merge may carry (a guest cart is small; more is not a cart). */
export const MAX_MERGE_ITEMS = 100;

export const CART_TYPES = ['COURSE', 'RESOURCE', 'FEEDBACK_CREDITS'] as const;
export type CartType = (typeof CART_TYPES)[number];

/**
 * How many of one item a buyer may want: a course is one enrolment; a resource is sold in seats;
 * a course's feedback credits in packs (decision 0070).
 */
export const CART_TYPE_MAX: Record<CartType, number> = { COURSE: 1, RESOURCE: 10, FEEDBACK_CREDITS: 5 };

/** The most of one item a line may hold: the item's own limit, never above the table's. */
export function lineCap(itemMax: number): number {
  if (!Number.isFinite(itemMax)) return MAX_CART_QUANTITY;
  return Math.max(1, Math.min(Math.floor(itemMax), MAX_CART_QUANTITY));
}

/** A wanted quantity held to 1..cap (whole numbers; a non-number counts as 1). */
export function capQuantity(quantity: number, itemMax: number): number {
  const q = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.max(1, Math.min(q, lineCap(itemMax)));
}

/** Adding `added` of an item already held `current` times: the sum, capped (adding an item already held increments its line). */
export function addedQuantity(current: number, added: number, itemMax: number): number {
  return capQuantity(current + Math.max(1, Math.floor(added) || 1), itemMax);
}

/** A quantity below 1 means removal. */
export const removes = (quantity: number) => !(quantity >= 1);

export interface MergeLine {
  type: CartType;
  itemId: number;
  quantity: number;
}

/**
 * The merge rule, step one: a guest cart may name an item twice (two tabs); its lines are
 * combined into one per item with the quantities summed. Step two (the service) adds each
 * combined line to the server cart exactly as POST /api/cart does: a line already there grows by
 * the guest quantity, capped at the item's limit; an item that cannot be bought is reported back.
 */
export function combineLines<T extends MergeLine>(lines: readonly T[]): T[] {
  const byKey = new Map<string, T>();
  for (const line of lines) {
    const key = `${line.type}:${line.itemId}`;
    const quantity = Math.max(1, Math.floor(line.quantity) || 1);
    const seen = byKey.get(key);
    if (seen) byKey.set(key, { ...seen, quantity: Math.min(seen.quantity + quantity, MAX_CART_QUANTITY) });
    else byKey.set(key, { ...line, quantity: Math.min(quantity, MAX_CART_QUANTITY) });
  }
  return [...byKey.values()];
}

/** What merging gives a line already holding `server` (0 = no line yet) when the guest had `guest`. */
export function mergedQuantity(server: number, guest: number, itemMax: number): number {
  return server > 0 ? addedQuantity(server, guest, itemMax) : capQuantity(guest, itemMax);
}

/** The header cart badge's text: nothing for an empty cart, the count up to 99, then 99+. */
export function badgeText(count: number): string {
  if (!(count > 0)) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}
