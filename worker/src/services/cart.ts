import { and, asc, eq, sql } from 'drizzle-orm';
import { cartItems } from '../../../db/schema/index.ts';
import { combineLines, lineCap, type CartType } from '../domain/cart.ts';
import { AppError, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import type { AppEnv } from '../platform/env.ts';
import { describePurchasable, describePurchasables, purchasableKey, type Purchasable } from './purchasables.ts';
import type { Cart, CartLine, MergedCart, RejectedItem } from '../../../shared/cart.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import { bind, preparedOnce, runBatch } from './prepared-batch.ts';

/**
 * A signed-in user's cart, kept on the server (decision 0025). Every write is one statement
 * (or one batch of them) whose quantity is capped inside the statement, so concurrent adds of
 * one item meet on the unique (user, kind, item) index: one line, never above its cap. Every
 * answer reads the cart again with the items' current titles, prices and availability.
 */

export const CART_ITEM_NOT_FOUND = 'Cart item not found';
export const FREE_ITEM = 'This item is free — no purchase is needed.';

const dollars = (cents: number) => Math.round(cents) / 100;

/** No Stripe keys: the built-in test provider takes the payments (decision 0024). */
export function isTestMode(env: Pick<AppEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>): boolean {
  return !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

function lineOf(row: { id: number; kind: CartType; itemId: number; quantity: number }, item: Purchasable): CartLine {
  const price = dollars(item.priceCents);
  return {
    id: row.id,
    type: row.kind,
    itemId: row.itemId,
    ...(row.kind === 'COURSE' ? { course_id: row.itemId } : row.kind === 'RESOURCE' ? { resource_id: row.itemId } : {}),
    quantity: row.quantity,
    maxQuantity: lineCap(item.maxQuantity),
    title: item.title,
    price,
    priceCents: item.priceCents,
    itemDetails: { title: item.title, price, image_url: item.imageUrl, url: item.url },
    available: item.available,
    reason: item.reason,
    reasonMessage: item.reasonMessage,
  };
}

const cartRowsQuery = preparedOnce((db) =>
  db
    .select({ id: cartItems.id, kind: cartItems.kind, itemId: cartItems.itemId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.id))
    .prepare(),
);

async function cartRows(db: Db, userId: number) {
  return cartRowsQuery(db).execute({ userId });
}

/** The cart as it is now: every line, with the current price and availability of its item. */
export async function loadCart(db: Db, userId: number, testMode: boolean): Promise<Cart> {
  const rows = await cartRows(db, userId);
  const items = await describePurchasables(
    db,
    userId,
    rows.map((r) => ({ kind: r.kind, itemId: r.itemId })),
  );
  const lines = rows.map((r) => lineOf(r, items.get(purchasableKey({ kind: r.kind, itemId: r.itemId }))!));
  const subtotalCents = lines.reduce((sum, l) => (l.available ? sum + l.priceCents * l.quantity : sum), 0);
  return {
    items: lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotalCents,
    subtotal: dollars(subtotalCents),
    testMode,
  };
}

/** Why an item cannot go into a cart, or null when it can. */
function refusalOf(item: Purchasable): { status: 404 | 409; reason: RejectedItem['reason']; message: string } | null {
  if (!item.available) {
    return { status: item.reason === 'not_found' ? 404 : 409, reason: item.reason ?? 'not_found', message: item.reasonMessage ?? 'This item is not available.' };
  }
  if (item.priceCents <= 0) return { status: 409, reason: 'free', message: FREE_ITEM };
  return null;
}

/** One upsert: a new line with the quantity capped, or the existing line grown by it, capped. */
const upsertLineQuery = preparedOnce((db) =>
  db
    .insert(cartItems)
    .values({ userId: sql.placeholder('userId'), kind: sql.placeholder('kind'), itemId: sql.placeholder('itemId'), quantity: sql.placeholder('quantity') })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.kind, cartItems.itemId],
      set: { quantity: sql`min(${cartItems.quantity} + excluded.quantity, ${sql.placeholder('cap')})`, updatedAt: sqlNow },
    })
    .prepare(),
);

function upsertLine(db: Db, userId: number, kind: CartType, itemId: number, quantity: number, cap: number) {
  return bind(upsertLineQuery(db), { userId, kind, itemId, quantity: Math.min(Math.max(1, quantity), cap), cap });
}

/** POST /api/cart: adds the item (an existing line grows, capped at the item's limit). */
export async function addToCart(db: Db, userId: number, input: { type: CartType; itemId: number; quantity?: number }, testMode: boolean): Promise<Cart> {
  const item = await describePurchasable(db, userId, { kind: input.type, itemId: input.itemId });
  const refusal = refusalOf(item);
  if (refusal) throw new AppError(refusal.status, refusal.message, { details: { reason: refusal.reason } });
  const upsert = upsertLine(db, userId, input.type, input.itemId, input.quantity ?? 1, lineCap(item.maxQuantity));
  await upsert.prepared.execute(upsert.values);
  return loadCart(db, userId, testMode);
}

async function ownLine(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({ kind: cartItems.kind, itemId: cartItems.itemId })
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  if (!row) throw notFound(CART_ITEM_NOT_FOUND);
  return row;
}

/** PATCH /api/cart/:id: sets the quantity (capped); below 1 removes the line. Another user's line is 404. */
export async function setLineQuantity(db: Db, userId: number, id: number, quantity: number, testMode: boolean): Promise<Cart> {
  if (quantity < 1) {
    await removeLine(db, userId, id);
    return loadCart(db, userId, testMode);
  }
  const row = await ownLine(db, userId, id);
  const item = await describePurchasable(db, userId, { kind: row.kind, itemId: row.itemId });
  const updated = await db
    .update(cartItems)
    .set({ quantity: Math.min(quantity, lineCap(item.maxQuantity)), updatedAt: sqlNow })
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw notFound(CART_ITEM_NOT_FOUND);
  return loadCart(db, userId, testMode);
}

/** DELETE /api/cart/:id: only the user's own line; anything else is 404. */
export async function removeLine(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw notFound(CART_ITEM_NOT_FOUND);
}

/** DELETE /api/cart */
export async function clearCart(db: Db, userId: number, testMode: boolean): Promise<Cart> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return loadCart(db, userId, testMode);
}

/**
 * POST /api/cart/refresh: lines whose quantity is above their item's current limit are brought
 * down to it (one statement each, in one batch); unavailable lines are kept and flagged, so the
 * buyer sees why (checkout refuses while one is there) and removes them.
 */
export async function refreshCart(db: Db, userId: number, testMode: boolean): Promise<Cart> {
  const cart = await loadCart(db, userId, testMode);
  const over = cart.items.filter((l) => l.quantity > l.maxQuantity);
  if (over.length === 0) return cart;
  const statements = over.map((l) =>
    db
      .update(cartItems)
      .set({ quantity: sql`min(${cartItems.quantity}, ${l.maxQuantity})`, updatedAt: sqlNow })
      .where(and(eq(cartItems.id, l.id), eq(cartItems.userId, userId))),
  );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return loadCart(db, userId, testMode);
}

/**
 * POST /api/cart/merge (decision 0025): the guest cart's lines, combined per item, are each added
 * as POST /api/cart adds — an item already in the server cart grows by the guest quantity, capped
 * at its limit; a new item becomes a line, capped. All upserts run in one batch. Items that
 * cannot be bought (owned, gone, unpublished, free) are not added and are answered in `rejected`.
 */
export async function mergeGuestCart(
  db: Db,
  userId: number,
  guestLines: readonly { type: CartType; itemId: number; quantity: number }[],
  testMode: boolean,
): Promise<MergedCart> {
  const lines = combineLines(guestLines);
  const items = await describePurchasables(
    db,
    userId,
    lines.map((l) => ({ kind: l.type, itemId: l.itemId })),
  );
  const rejected: RejectedItem[] = [];
  const statements = [];
  for (const line of lines) {
    const item = items.get(purchasableKey({ kind: line.type, itemId: line.itemId }))!;
    const refusal = refusalOf(item);
    if (refusal) {
      rejected.push({ type: line.type, itemId: line.itemId, quantity: line.quantity, title: item.title, reason: refusal.reason, reasonMessage: refusal.message });
      continue;
    }
    statements.push(upsertLine(db, userId, line.type, line.itemId, line.quantity, lineCap(item.maxQuantity)));
  }
  if (statements.length > 0) await runBatch(db, statements);
  return { ...(await loadCart(db, userId, testMode)), rejected };
}
