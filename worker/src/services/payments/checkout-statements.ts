import { and, eq, exists, inArray, isNull, not, notExists, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { couponRedemptions, coupons, orderItems, orders } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { bind, builtStatement, preparedOnce, preparedPerCount, sqlPrepared, valuesOf, type Bound } from '../prepared-batch.ts';
import { oi, type BatchStatement } from './fulfilment.ts';

/**
 * The statements of the checkout's order batch (decision 0024), built once per database with
 * `sql.placeholder` values (decision 0074): each checkout binds its own values. The cancellation
 * of replaced orders names each item (`kind0`, `item0`, …): one statement per number of lines.
 */

/** Another order than the one a statement is about. */
const otherOrder = alias(orders, 'o2');

const p = {
  userId: sql.placeholder('userId'),
  number: sql.placeholder('number'),
  replacedBy: sql.placeholder('replacedBy'),
  couponId: sql.placeholder('couponId'),
  discountCents: sql.placeholder('discountCents'),
};

/** The order this checkout creates, found by its number. */
const thisOrder = sql<number>`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.number} = ${p.number})`;

/** An order line of one of the checkout's `count` items. */
const sameItems = (count: number) =>
  or(...Array.from({ length: count }, (_, i) => and(eq(oi.kind, sql.placeholder(`kind${i}`)), eq(oi.itemId, sql.placeholder(`item${i}`)))));

/** The buyer's orders this checkout replaced (cancelled with its reason). */
const replacedOrders = (db: Db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, p.userId), eq(orders.failureReason, p.replacedBy)));

/** The buyer's older pending orders for any of these items end: one open checkout per item. */
const cancelReplaced = preparedPerCount((db, count) =>
  db
    .update(orders)
    .set({ status: 'cancelled', closedAt: sqlNow, failureReason: sql<string>`${p.replacedBy}`, updatedAt: sqlNow })
    .where(
      and(
        eq(orders.userId, p.userId),
        eq(orders.status, 'pending'),
        isNull(orders.paidAt),
        // Each of the buyer's few open orders is looked up in its own items, never every
        // order of a product that may have sold a hundred thousand times.
        exists(db.select({ one: sql`1` }).from(oi).where(and(eq(oi.orderId, orders.id), sameItems(count)))),
      ),
    )
    .returning({ id: orders.id, providerSessionId: orders.providerSessionId })
    .prepare(),
);

const releaseReplacedCoupons = preparedOnce((db) =>
  db
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(and(eq(couponRedemptions.status, 'reserved'), inArray(couponRedemptions.orderId, replacedOrders(db))))
    .prepare(),
);

/** The order; `userId` is the buyer's id, or the subquery naming a buyer created in the same batch. */
const insertOrder = (db: Db, userId: Placeholder | SQL<number>) =>
  db
    .insert(orders)
    .values({
      number: p.number,
      userId,
      type: sql.placeholder('type'),
      status: 'pending',
      description: sql.placeholder('description'),
      subtotalCents: sql.placeholder('subtotalCents'),
      discountCents: p.discountCents,
      totalCents: sql.placeholder('totalCents'),
      couponId: p.couponId,
      couponCode: sql.placeholder('couponCode'),
      provider: sql.placeholder('provider'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning({ id: orders.id, number: orders.number })
    .prepare();
const insertOrderOfBuyer = preparedOnce((db) => insertOrder(db, p.userId));

const insertLine = preparedOnce((db) =>
  db
    .insert(orderItems)
    .values({
      orderId: thisOrder,
      kind: sql.placeholder('kind'),
      itemId: sql.placeholder('itemId'),
      title: sql.placeholder('title'),
      imageUrl: sql.placeholder('imageUrl'),
      unitPriceCents: sql.placeholder('unitPriceCents'),
      quantity: sql.placeholder('quantity'),
      discountCents: p.discountCents,
      totalCents: sql.placeholder('totalCents'),
      metadata: sql.placeholder('metadata'),
    })
    .prepare(),
);

/** The coupon's reservation, counted against its limits in the statement; `userId` as for the order. */
const couponReservation = (db: Db, userId: Placeholder | SQL<number>) =>
  db
    .insert(couponRedemptions)
    .select(
      db
        .select(insertSelection(couponRedemptions, { couponId: coupons.id, orderId: thisOrder, userId, status: 'reserved', amountCents: p.discountCents }))
        .from(coupons)
        .where(
          and(
            eq(coupons.id, p.couponId),
            sql`${coupons.active} = 1`,
            sql`(${coupons.maxRedemptions} IS NULL OR (SELECT count(*) FROM coupon_redemptions r
              WHERE r.coupon_id = ${coupons.id} AND r.status IN ('reserved', 'redeemed')) < ${coupons.maxRedemptions})`,
            sql`(${coupons.perUserLimit} IS NULL OR (SELECT count(*) FROM coupon_redemptions r
              WHERE r.coupon_id = ${coupons.id} AND r.user_id = ${userId} AND r.status IN ('reserved', 'redeemed')) < ${coupons.perUserLimit})`,
          ),
        ),
    )
    .prepare();
const reserveCoupon = preparedOnce((db) => couponReservation(db, p.userId));

/** No use was left: the order goes again, in the same transaction (its items cascade). */
const dropOrderWithoutReservation = preparedOnce((db) =>
  sqlPrepared(
    db,
    db.run(sql`DELETE FROM orders WHERE number = ${p.number}
      AND NOT EXISTS (SELECT 1 FROM coupon_redemptions r WHERE r.order_id = orders.id)`),
  ),
);

/** ... and the older orders it would have replaced stay as they were. */
const restoreReplacedCoupons = preparedOnce((db) =>
  db
    .update(couponRedemptions)
    .set({ status: 'reserved' })
    .where(
      and(
        eq(couponRedemptions.status, 'released'),
        not(exists(db.select({ one: sql`1` }).from(orders).where(eq(orders.number, p.number)))),
        inArray(couponRedemptions.orderId, replacedOrders(db)),
      ),
    )
    .prepare(),
);

const restoreReplacedOrders = preparedOnce((db) =>
  db
    .update(orders)
    .set({ status: 'pending', closedAt: null, failureReason: null })
    .where(
      and(
        eq(orders.userId, p.userId),
        eq(orders.failureReason, p.replacedBy),
        eq(orders.status, 'cancelled'),
        notExists(db.select({ one: sql`1` }).from(otherOrder).where(eq(otherOrder.number, p.number))),
      ),
    )
    .prepare(),
);

const readBackOrder = preparedOnce((db) => db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.number, p.number)).prepare());

export interface OrderBatchInput {
  number: string;
  userId: number;
  order: {
    type: string;
    description: string;
    subtotalCents: number;
    discountCents: number;
    totalCents: number;
    couponId: number | null;
    couponCode: string | null;
    provider: string;
    expiresAt: string;
  };
  lines: readonly {
    type: string;
    itemId: number;
    title: string;
    imageUrl: string | null;
    unitPriceCents: number;
    quantity: number;
    discountCents: number;
    totalCents: number;
    metadata: string | null;
  }[];
  /** Statements of a buyer created with the order, and the subquery that names them (guest checkout, decision 0065). */
  newBuyer?: { statements: readonly BatchStatement[]; id: SQL<number> };
}

/**
 * The order's batch: a new buyer's account first, then the cancellation of the buyer's older
 * pending orders for these items (its answer at `accountStatements`), the order, its lines, the
 * coupon's reservation with its undoing when no use was left, and the order read back (last).
 */
export function orderBatch(db: Db, input: OrderBatchInput): Bound<unknown>[] {
  const { number, userId, order, lines, newBuyer } = input;
  const replacedBy = `Replaced by order ${number}`;
  const common = { userId, number, replacedBy };
  const items = valuesOf(
    'item',
    lines.map((l) => l.itemId),
    valuesOf(
      'kind',
      lines.map((l) => l.type),
    ),
  );
  return [
    ...(newBuyer?.statements.map(builtStatement) ?? []),
    bind(cancelReplaced(db, lines.length), { ...common, ...items }),
    bind(releaseReplacedCoupons(db), common),
    bind(newBuyer ? insertOrder(db, newBuyer.id) : insertOrderOfBuyer(db), { ...common, ...order }),
    ...lines.map((l) =>
      bind(insertLine(db), {
        number,
        kind: l.type,
        itemId: l.itemId,
        title: l.title,
        imageUrl: l.imageUrl,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
        discountCents: l.discountCents,
        totalCents: l.totalCents,
        metadata: l.metadata,
      }),
    ),
    ...(order.couponId !== null
      ? [
          bind(newBuyer ? couponReservation(db, newBuyer.id) : reserveCoupon(db), { ...common, couponId: order.couponId, discountCents: order.discountCents }),
          bind(dropOrderWithoutReservation(db), { number }),
          bind(restoreReplacedCoupons(db), common),
          bind(restoreReplacedOrders(db), common),
        ]
      : []),
    bind(readBackOrder(db), { number }),
  ];
}
