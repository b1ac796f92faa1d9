import { and, eq, exists, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import { courses, enrollments, orderItems, orders, resourceOwnerships, resources, sellerLedger } from '../../../../db/schema/index.ts';
import type { ItemKind } from '../../domain/orders.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { publicLink } from '../../platform/public-url.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { emailsFromSelect, HELLO_USER, noticesFromSelect } from '../notifications.ts';
import { platformFeePercentSql } from '../store/store-settings.ts';
import type { NextAction } from '../../../../shared/payments/fulfilment.ts';

/**
 * The fulfilment registry (decision 0024): per kind of item, the SQL that grants a paid line's
 * entitlement and the SQL that ends it after a refund. They are statements, not functions that
 * run them, so the webhook handler puts them into the one batch that changes the order: the
 * grant and the state change happen together or not at all. Every statement is guarded by the
 * line's own state (the `grantable` / `revocable` condition over `oi` = order_items and
 * `o` = orders), so running it twice changes nothing. A new kind's fulfiller is registered with
 * the others in payments/registry.ts. What a refund of a line ends (`revoke`) is the kind's
 * refund rule.
 */

/** A statement for `db.batch`: a drizzle builder query or a raw `db.run` / `db.all`. */
export type BatchStatement = BatchItem<'sqlite'>;

/**
 * The order's lines and the order, under the names the `grantable` / `revocable` conditions use
 * (`oi`, `o`), for the statements that select them.
 */
export const oi = alias(orderItems, 'oi');
export const o = alias(orders, 'o');

/** The order's lines of `kind` that `condition` selects (over `oi` and `o`). */
export const linesOf = (orderId: number, kind: ItemKind, condition: SQL) => and(eq(o.id, orderId), eq(oi.kind, kind), condition);

export interface Fulfiller {
  /** Grants the entitlement of this kind's lines of the order that `grantable` selects. */
  grant(db: Db, orderId: number, grantable: SQL): BatchStatement[];
  /** Ends the entitlement of this kind's lines that `revocable` selects (they were granted). */
  revoke(db: Db, orderId: number, revocable: SQL): BatchStatement[];
  /** What the buyer does next with a granted line (shown in /my-purchases and on the success page). */
  nextAction(line: { itemId: number }): NextAction | null;
  /**
   * Emails to others than the buyer (a seller's "you made a sale") for the order's lines of this
   * kind, written to the outbox with `status` in the payment's batch when `paidHere` holds (only the
   * delivery that made the paid transition), returning the rows for the runtime's mailer.
   */
  paidEmails?(platform: Pick<Platform, 'db' | 'env' | 'mailer'>, orderId: number, paidHere: SQL): OutboxInsert;
  /**
   * Frees what the order kept while it was open (a booking's held seat) once it ended unpaid:
   * expired, cancelled, replaced or failed. Put in (or right after) the batch that ends the order;
   * each statement checks the order's status itself.
   */
  release?(db: Db, orderId: number): BatchStatement[];
}

export type { OutboxRow } from '../notifications.ts';
export type OutboxInsert = ReturnType<typeof emailsFromSelect>;

/** The COURSE lines of the order that `condition` selects, with their course (`c`). */
const courseLines = (orderId: number, condition: SQL) => sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN courses c ON c.id = oi.item_id
  WHERE o.id = ${orderId} AND oi.kind = 'COURSE' AND ${condition}`;

/**
 * The buyer's enrolments in the COURSE lines that `condition` selects (over `enrollments`, `oi`, `o`).
 */
const enrolmentOfLine = (orderId: number, condition: SQL) => sql`EXISTS (
  SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
  WHERE o.id = ${orderId} AND oi.kind = 'COURSE' AND oi.item_id = enrollments.course_id
    AND o.user_id = enrollments.user_id AND ${condition})`;

/**
 * COURSE: the buyer is enrolled (source 'purchase'). An enrolment they had without buying (a
 * lapsed plan's, decision 0063) becomes the purchase, remembering how it came; a refund puts that
 * one back and ends an enrolment the purchase made.
 */
export const courseFulfiller: Fulfiller = {
  grant: (db, orderId, grantable) => [
    db
      .insert(enrollments)
      .select(
        db
          .select(insertSelection(enrollments, { userId: o.userId, courseId: oi.itemId, source: 'purchase' }))
          .from(oi)
          .innerJoin(o, eq(o.id, oi.orderId))
          .where(and(linesOf(orderId, 'COURSE', grantable), exists(db.select({ one: sql`1` }).from(courses).where(eq(courses.id, oi.itemId))))),
      )
      .onConflictDoUpdate({
        target: [enrollments.userId, enrollments.courseId],
        // The SET reads the row as it was: its source is kept beside the purchase.
        set: { source: 'purchase', sourceBeforePurchase: sql`${enrollments.source}`, updatedAt: sqlNow },
        setWhere: sql`${enrollments.source} <> 'purchase'`,
      }),
    noticesFromSelect(
      db,
      'enrolment',
      { userId: sql`o.user_id`, title: sql`'You are enrolled in “' || c.title || '”'`, body: sql`'Your purchase in order ' || o.number || ' enrolled you. Start whenever you like.'`, url: sql`'/learn/courses/' || c.id` },
      courseLines(orderId, grantable),
    ),
  ],
  revoke: (db, orderId, revocable) => [
    // Back to how it came (its progress and completion stay); the lessons then open as that source allows.
    db
      .update(enrollments)
      .set({ source: sql`${enrollments.sourceBeforePurchase}`, sourceBeforePurchase: null, updatedAt: sqlNow })
      .where(and(eq(enrollments.source, 'purchase'), isNotNull(enrollments.sourceBeforePurchase), enrolmentOfLine(orderId, revocable))),
    db.run(sql`DELETE FROM enrollments WHERE source = 'purchase' AND ${enrolmentOfLine(orderId, revocable)}`),
  ],
  nextAction: (line) => ({ label: 'Start course', url: `/learn/courses/${line.itemId}` }),
  paidEmails: (platform, orderId, paidHere) =>
    emailsFromSelect(
      platform,
      'enrolment',
      {
        userId: sql`o.user_id`,
        to: sql`u.email`,
        subject: sql`'You are enrolled in “' || c.title || '”'`,
        text: sql`${HELLO_USER} ||
          'Your purchase in order ' || o.number || ' enrolled you in “' || c.title || '”.' || char(10) || char(10) || ${publicLink(platform.env, '/learn/courses/')} || c.id`,
      },
      sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN courses c ON c.id = oi.item_id JOIN users u ON u.id = o.user_id
        WHERE o.id = ${orderId} AND oi.kind = 'COURSE' AND ${paidHere}`,
    ),
};

/** The paid RESOURCE lines of the order that `condition` selects, with the resource they bought. */
const resourceLines = (orderId: number, condition: SQL) => sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN resources r ON r.id = oi.item_id
  WHERE o.id = ${orderId} AND oi.kind = 'RESOURCE' AND ${condition}`;

/**
 * The refund that ended a line: the latest succeeded refund naming it, else (a full refund) the
 * order's latest succeeded refund. Over `o` and `oi`.
 */
export const endingRefundId = sql`COALESCE(
  (SELECT rf.id FROM refunds rf, json_each(rf.order_item_ids) j
    WHERE rf.order_id = o.id AND rf.status = 'succeeded' AND json_valid(rf.order_item_ids) AND CAST(j.value AS INTEGER) = oi.id
    ORDER BY rf.id DESC LIMIT 1),
  (SELECT max(rf.id) FROM refunds rf WHERE rf.order_id = o.id AND rf.status = 'succeeded'))`;

/**
 * What a line's refunds gave back: each succeeded refund naming it contributes its amount in
 * proportion to the line's share of the lines it names; a line no refund names was ended by a full
 * refund and gave back its whole total. Never more than the line's total. Over `o` and `oi`.
 */
export const refundedOfLine = sql`MIN(oi.total_cents, COALESCE(
  (SELECT sum(CAST(round(rf.amount_cents * 1.0 * oi.total_cents / NULLIF(
      (SELECT sum(oi2.total_cents) FROM order_items oi2, json_each(rf.order_item_ids) j2
        WHERE oi2.order_id = o.id AND oi2.id = CAST(j2.value AS INTEGER)), 0)) AS INTEGER))
    FROM refunds rf, json_each(rf.order_item_ids) j
    WHERE rf.order_id = o.id AND rf.status = 'succeeded' AND json_valid(rf.order_item_ids) AND CAST(j.value AS INTEGER) = oi.id),
  oi.total_cents))`;

/**
 * RESOURCE (decision 0029): the buyer owns the resource (source 'purchase', with the order, whose
 * number is stamped into the PDFs they download), its sales count grows by the line's quantity,
 * the seller's ledger gets the line's sale row (gross = the line's total, fee = round(gross ×
 * platform fee % / 100) read from app_settings in the statement, net = gross − fee; the unique
 * index keeps one per line) and the seller an in-app notice. A refund that ends the line removes
 * that ownership and writes the line's negative refund row: the amount given back and the same
 * share of the sale's fee. Every statement is guarded by the line's state, so a redelivered event
 * changes nothing.
 */
const r = alias(resources, 'r');
/** The platform's fee of a sale line: round(gross × platform fee % / 100), the percentage read in the statement. */
const saleFee = sql<number>`CAST(round(${oi.totalCents} * ${platformFeePercentSql} / 100.0) AS INTEGER)`;
/** The same share of the sale's fee as the refund is of its gross (over `ended`). */
const refundFee = sql<number>`CASE WHEN ended.sale_gross > 0 THEN CAST(round(ended.sale_fee * 1.0 * ended.amount / ended.sale_gross) AS INTEGER) ELSE 0 END`;

export const resourceFulfiller: Fulfiller = {
  grant: (db, orderId, grantable) => [
    db
      .insert(resourceOwnerships)
      .select(
        db
          .select(insertSelection(resourceOwnerships, { userId: o.userId, resourceId: oi.itemId, source: 'purchase', orderId: o.id }))
          .from(oi)
          .innerJoin(o, eq(o.id, oi.orderId))
          .innerJoin(r, eq(r.id, oi.itemId))
          .where(linesOf(orderId, 'RESOURCE', grantable)),
      )
      .onConflictDoNothing(),
    db
      .update(resources)
      .set({
        salesCount: sql`${resources.salesCount} + (${db
          .select({ quantity: sql`coalesce(sum(${oi.quantity}), 0)` })
          .from(oi)
          .innerJoin(o, eq(o.id, oi.orderId))
          .where(and(linesOf(orderId, 'RESOURCE', grantable), eq(oi.itemId, resources.id)))})`,
      })
      .where(inArray(resources.id, db.select({ itemId: oi.itemId }).from(oi).innerJoin(o, eq(o.id, oi.orderId)).where(linesOf(orderId, 'RESOURCE', grantable)))),
    db
      .insert(sellerLedger)
      .select(
        db
          .select(
            insertSelection(sellerLedger, {
              sellerId: r.sellerId,
              type: 'sale',
              orderId: o.id,
              orderItemId: oi.id,
              resourceId: r.id,
              grossCents: oi.totalCents,
              feeCents: saleFee,
              netCents: sql`${oi.totalCents} - ${saleFee}`,
              description: sql`'Sale: ' || ${oi.title} || CASE WHEN ${oi.quantity} > 1 THEN ' × ' || ${oi.quantity} ELSE '' END || ' · Order ' || ${o.number}`,
            }),
          )
          .from(oi)
          .innerJoin(o, eq(o.id, oi.orderId))
          .innerJoin(r, eq(r.id, oi.itemId))
          .where(linesOf(orderId, 'RESOURCE', grantable)),
      )
      .onConflictDoNothing(),
    noticesFromSelect(
      db,
      'resource_sold',
      {
        userId: sql`r.seller_id`,
        title: sql`'You made a sale'`,
        body: sql`'“' || r.title || '” was bought' || CASE WHEN oi.quantity > 1 THEN ' (' || oi.quantity || ' licences)' ELSE '' END || ' in order ' || o.number || '.'`,
        url: sql`'/seller/payments'`,
      },
      resourceLines(orderId, grantable),
    ),
  ],
  revoke: (db, orderId, revocable) => [
    db
      .insert(sellerLedger)
      .select(
        db
          .select(
            insertSelection(sellerLedger, {
              sellerId: sql`ended.seller_id`,
              type: 'refund',
              orderId: sql`ended.order_id`,
              orderItemId: sql`ended.item_id`,
              refundId: sql`ended.refund_id`,
              resourceId: sql`ended.resource_id`,
              grossCents: sql`-ended.amount`,
              feeCents: sql`-${refundFee}`,
              netCents: sql`-(ended.amount - ${refundFee})`,
              description: sql`ended.description`,
            }),
          )
          .from(
            sql`(SELECT s.seller_id, o.id AS order_id, oi.id AS item_id, s.resource_id, s.gross_cents AS sale_gross, s.fee_cents AS sale_fee,
                ${refundedOfLine} AS amount, ${endingRefundId} AS refund_id,
                'Refund: ' || oi.title || ' · Order ' || o.number AS description
              FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN seller_ledger s ON s.type = 'sale' AND s.order_item_id = oi.id
              WHERE o.id = ${orderId} AND oi.kind = 'RESOURCE' AND ${revocable}) AS ended`,
          )
          .where(sql`true`),
      )
      .onConflictDoNothing(),
    db.run(sql`DELETE FROM resource_ownerships WHERE source = 'purchase' AND EXISTS (
      SELECT 1 FROM order_items oi JOIN orders o ON o.id = oi.order_id
      WHERE o.id = ${orderId} AND oi.kind = 'RESOURCE' AND oi.item_id = resource_ownerships.resource_id
        AND o.user_id = resource_ownerships.user_id AND resource_ownerships.order_id = o.id AND ${revocable})`),
  ],
  nextAction: () => ({ label: 'Download', url: '/my-resources' }),
  // One email per seller of the order, beside the in-app notice of `grant` (decision 0029).
  paidEmails: (platform, orderId, paidHere) =>
    emailsFromSelect(
      platform,
      'resource_sold',
      {
        userId: sql`r.seller_id`,
        to: sql`u.email`,
        subject: sql`'You made a sale on DRX — order ' || o.number`,
        text: sql`${HELLO_USER} ||
        'These resources of yours were bought in order ' || o.number || ':' || char(10) ||
        group_concat('- ' || r.title || CASE WHEN oi.quantity > 1 THEN ' × ' || oi.quantity ELSE '' END, char(10)) || char(10) || char(10) ||
        'Your earnings, net of the platform fee, are under Seller Payments (/seller/payments).'`,
      },
      sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN resources r ON r.id = oi.item_id JOIN users u ON u.id = r.seller_id
      WHERE o.id = ${orderId} AND oi.kind = 'RESOURCE' AND u.email IS NOT NULL AND ${paidHere}
      GROUP BY r.seller_id`,
    ),
};

/** Per kind, its fulfiller; the sellable kinds are registered by payments/registry.ts (decision 0050). */
const registry = new Map<ItemKind, Fulfiller>();

/** Adds or replaces a kind's fulfiller. */
export function registerFulfiller(kind: ItemKind, fulfiller: Fulfiller): void {
  registry.set(kind, fulfiller);
}

export function fulfillerOf(kind: ItemKind): Fulfiller | undefined {
  return registry.get(kind);
}

export function registeredFulfillers(): [ItemKind, Fulfiller][] {
  return [...registry];
}

/** Every kind's `release` of an order that ended unpaid (see Fulfiller.release). */
export function releaseStatements(db: Db, orderId: number): BatchStatement[] {
  return [...registry.values()].flatMap((f) => f.release?.(db, orderId) ?? []);
}
