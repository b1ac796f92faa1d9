import { asc, eq, sql } from 'drizzle-orm';
import { cartItems, coupons, type CouponRow } from '../../../../db/schema/index.ts';
import { applyCoupon, COUPON_MESSAGES, couponRuleOf, describeCoupon, normaliseCouponCode } from '../../domain/coupons.ts';
import { dollars, type ItemKind } from '../../domain/orders.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { describePurchasables, purchasableKey, type Purchasable } from '../purchasables.ts';
import { expireOverdueSessions } from './pending.ts';
import { preparedOnce } from '../prepared-batch.ts';
import { getPaymentProvider } from './index.ts';
import type { Quote, QuoteLine } from '../../../../shared/payments/checkout.ts';

/**
 * The checkout's prices (decision 0024): the lines at today's prices from the describers, never
 * from the client, and the coupon checked with the pure rule against its uses so far.
 */

export const FREE_ITEM = 'This item is free — no purchase is needed.';

const MAX_QUANTITY_PER_LINE = 99;

export interface RequestedItem {
  type: ItemKind;
  itemId: number;
  quantity?: number;
}

export interface PricedQuote extends Quote {
  couponRow: CouponRow | null;
  /** The coupon's refusal is one of its limits (a conflict at checkout). */
  couponLimitReached: boolean;
  /** Each line's `lineMetadata` by purchasableKey, for the order's lines (never sent to the buyer). */
  lineMetadata: ReadonlyMap<string, string>;
}

const cartLines = preparedOnce((db) =>
  db
    .select({ kind: cartItems.kind, itemId: cartItems.itemId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare(),
);

/** The lines to price: the given items (merged by item), else the user's server cart. */
async function requestedLines(db: Db, userId: number, items: RequestedItem[] | undefined): Promise<RequestedItem[]> {
  if (items) {
    const merged = new Map<string, RequestedItem>();
    for (const item of items) {
      const key = purchasableKey({ kind: item.type, itemId: item.itemId });
      const prev = merged.get(key);
      merged.set(key, { type: item.type, itemId: item.itemId, quantity: (prev?.quantity ?? 0) + (item.quantity ?? 1) });
    }
    return [...merged.values()];
  }
  const rows = await cartLines(db).execute({ userId });
  return rows.map((r) => ({ type: r.kind, itemId: r.itemId, quantity: r.quantity }));
}

/**
 * Uses of a coupon that count against its limits: reserved by pending orders and redeemed. The
 * buyer's own pending orders for these items do not count: this checkout replaces them.
 */
async function couponUsage(db: Db, couponId: number, userId: number, items: readonly RequestedItem[]) {
  const sameItems = items.length
    ? sql.join(
        items.map((l) => sql`(oi.kind = ${l.type} AND oi.item_id = ${l.itemId})`),
        sql` OR `,
      )
    : sql`0`;
  const [row] = await db.all<{ total: number; byUser: number }>(sql`SELECT count(*) AS total, coalesce(sum(r.user_id = ${userId}), 0) AS byUser
    FROM coupon_redemptions r
    WHERE r.coupon_id = ${couponId} AND r.status IN ('reserved', 'redeemed')
      AND NOT (r.status = 'reserved' AND r.order_id IN (SELECT o.id FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.user_id = ${userId} AND o.status = 'pending' AND (${sameItems})))`);
  return { total: Number(row?.total ?? 0), byUser: Number(row?.byUser ?? 0) };
}

async function findCoupon(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normaliseCouponCode(code)}`)
    .limit(1);
  return row ?? null;
}

/** Prices the lines at today's prices and applies the coupon, as the buyer would be charged. */
export async function priceQuote(platform: Platform, userId: number, input: { couponCode?: string; items?: RequestedItem[] }): Promise<PricedQuote> {
  const { db } = platform;
  const requested = await requestedLines(db, userId, input.items);
  const described = await describePurchasables(
    db,
    userId,
    requested.map((r) => ({ kind: r.type, itemId: r.itemId })),
  );
  const lineMetadata = new Map<string, string>();
  const lines: QuoteLine[] = requested.map((r) => {
    const key = purchasableKey({ kind: r.type, itemId: r.itemId });
    const p = described.get(key) as Purchasable;
    if (p.lineMetadata !== undefined) lineMetadata.set(key, p.lineMetadata);
    const quantity = Math.max(1, Math.min(r.quantity ?? 1, p.maxQuantity, MAX_QUANTITY_PER_LINE));
    const free = p.available && p.priceCents <= 0;
    return {
      type: r.type,
      itemId: r.itemId,
      title: p.title,
      imageUrl: p.imageUrl,
      quantity,
      unitPriceCents: p.priceCents,
      discountCents: 0,
      totalCents: p.priceCents * quantity,
      available: p.available && !free,
      reasonMessage: free ? FREE_ITEM : p.reasonMessage,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  let coupon: Quote['coupon'] = null;
  let couponError: string | null = null;
  let couponRow: CouponRow | null = null;
  let couponLimitReached = false;
  const code = input.couponCode?.trim();
  if (code) {
    const row = await findCoupon(db, code);
    if (!row) {
      couponError = COUPON_MESSAGES.invalid;
    } else {
      const rule = couponRuleOf(row);
      const priced = lines.filter((l) => l.available);
      const outcome = applyCoupon(
        rule,
        priced.map((l) => ({ kind: l.type, itemId: l.itemId, totalCents: l.totalCents })),
        await couponUsage(db, row.id, userId, requested),
        new Date(),
      );
      if (!outcome.ok) {
        couponError = outcome.reason;
        couponLimitReached = outcome.limitReached === true;
      } else {
        priced.forEach((line, i) => {
          line.discountCents = outcome.lineDiscounts[i] ?? 0;
          line.totalCents -= line.discountCents;
        });
        coupon = { code: row.code, description: row.description || describeCoupon(rule) };
        couponRow = row;
      }
    }
  }
  const discountCents = lines.reduce((sum, l) => sum + l.discountCents, 0);
  const totalCents = subtotalCents - discountCents;
  return {
    lines,
    subtotalCents,
    subtotal: dollars(subtotalCents),
    discountCents,
    totalCents,
    total: dollars(totalCents),
    coupon,
    couponError,
    testMode: getPaymentProvider(platform).name === 'test',
    couponRow,
    couponLimitReached,
    lineMetadata,
  };
}

/** POST /api/checkout/quote: what the buyer would pay, with the coupon's refusal as text. */
export async function quoteCheckout(platform: Platform, userId: number, input: { couponCode?: string; items?: RequestedItem[] }): Promise<Quote> {
  if (input.couponCode?.trim()) await expireOverdueSessions(platform);
  const { couponRow: _unused, couponLimitReached: _limit, lineMetadata: _metadata, ...quote } = await priceQuote(platform, userId, input);
  void _unused;
  void _limit;
  void _metadata;
  return quote;
}
