import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/**
 * What DRX sells. The cart holds courses, resources and a course's feedback credits;
 * subscriptions and bookings are bought through checkout directly. Every price is integer cents, USD.
 */
/**
 * PACKAGE: a Connect & Book lesson package (decision 0032), bought as an order of type booking.
 * FEEDBACK_CREDITS: a pack of a course's feedback credits (decision 0070), item_id = the course.
 */
export const ITEM_KINDS = ['COURSE', 'RESOURCE', 'SUBSCRIPTION', 'BOOKING', 'PACKAGE', 'FEEDBACK_CREDITS'] as const;
export const CART_KINDS = ['COURSE', 'RESOURCE', 'FEEDBACK_CREDITS'] as const;

/** An order's type as a pending payment: its items' kind, or 'order' when they are mixed. */
export const ORDER_TYPES = ['course', 'resource', 'subscription', 'booking', 'order'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded', 'partially_refunded'] as const;
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const COUPON_DISCOUNT_TYPES = ['percent', 'fixed'] as const;
/** reserved: held by a pending order; redeemed: its order was paid; released: the order ended unpaid. */
export const REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const;

/** A signed-in user's cart (kept on the server); one line per item. */
export const cartItems = sqliteTable(
  'cart_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CART_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('cart_items_user_item_unique').on(t.userId, t.kind, t.itemId),
    check('cart_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
  ],
);

export const coupons = sqliteTable(
  'coupons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    discountType: text('discount_type', { enum: COUPON_DISCOUNT_TYPES }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** JSON array of ITEM_KINDS the coupon applies to; null = every kind. */
    appliesToKinds: text('applies_to_kinds'),
    /** JSON array of {kind, itemId}; null = every item of the kinds above. */
    appliesToItems: text('applies_to_items'),
    startsAt: text('starts_at'),
    endsAt: text('ends_at'),
    maxRedemptions: integer('max_redemptions'),
    perUserLimit: integer('per_user_limit'),
    minOrderCents: integer('min_order_cents').notNull().default(0),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`upper(${t.code})`),
    check('coupons_percent_range', sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`),
    check('coupons_amount_positive', sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
  ],
);

/** An order: what was bought at which price (snapshot), and where its payment stands. */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The number a buyer and an admin quote (unique, not guessable from the id). */
    number: text('number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    description: text('description').notNull(),
    currency: text('currency').notNull().default('usd'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's checkout session (Stripe `cs_…`, or the test provider's). */
    providerSessionId: text('provider_session_id'),
    providerPaymentIntentId: text('provider_payment_intent_id'),
    checkoutUrl: text('checkout_url'),
    /** The provider session's expiry: a pending payment's `expiresAt`. */
    expiresAt: text('expires_at'),
    paidAt: text('paid_at'),
    closedAt: text('closed_at'),
    failureReason: text('failure_reason'),
    /** JSON: whatever the kind's fulfilment needs (booking slot, plan interval, ...). */
    metadata: text('metadata'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_provider_session_unique').on(t.providerSessionId),
    index('orders_user_status_idx').on(t.userId, t.status),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // The admin's list, newest first, of everyone's orders or of one buyer's.
    index('orders_created_idx').on(t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // Paid orders newest first (the admin's recent activity).
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paidAt} IS NOT NULL`),
    // A buyer's paid orders, latest payment first (their dashboard).
    index('orders_user_paid_idx').on(t.userId, t.paidAt).where(sql`${t.paidAt} IS NOT NULL`),
    // Open checkouts by provider and expiry (the overdue ones expire before each new checkout): only
    // the pending orders are in it.
    index('orders_pending_expiry_idx').on(t.provider, t.expiresAt).where(sql`${t.status} = 'pending'`),
    check('orders_amounts', sql`${t.totalCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.refundedCents} BETWEEN 0 AND ${t.totalCents}`),
  ],
);

/** The order's lines with the title and price paid (a snapshot: later edits of the item do not change it). */
export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ITEM_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** This line's share of the order's discount. */
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When the entitlement (enrolment, download right, ...) was granted, and when a refund ended it. */
    fulfilledAt: text('fulfilled_at'),
    revokedAt: text('revoked_at'),
    metadata: text('metadata'),
  },
  (t) => [uniqueIndex('order_items_order_item_unique').on(t.orderId, t.kind, t.itemId), index('order_items_item_idx').on(t.kind, t.itemId)],
);

/** A coupon use: reserved by a pending order, counted once when that order is paid. */
export const couponRedemptions = sqliteTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('reserved'),
    amountCents: integer('amount_cents').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    redeemedAt: text('redeemed_at'),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_unique').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.status),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
  ],
);

/** Every provider event received, by its id: a redelivery is recognised and changes nothing. */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    type: text('type').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The event's own creation time at the provider (seconds since the epoch). */
    providerCreated: integer('provider_created'),
    /** What handling it did: applied, ignored (stale or unknown), ... */
    outcome: text('outcome'),
    payload: text('payload'),
    receivedAt: text('received_at').notNull().default(now),
  },
  (t) => [index('payment_events_order_idx').on(t.orderId)],
);

/** A refund asked for by an admin; the order's refunded amount follows the provider's events. */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    /** JSON array of order item ids whose entitlement this refund ends; null = decided by amount. */
    orderItemIds: text('order_item_ids'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('refunds_provider_refund_unique').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    // Refunds that went through in a window, and their orders, read from the index alone.
    index('refunds_status_created_idx').on(t.status, t.createdAt, t.orderId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
