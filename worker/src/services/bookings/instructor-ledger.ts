import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { endingRefundId, refundedOfLine, type BatchStatement } from '../payments/fulfilment.ts';
import { platformFeePercentSql } from '../store/store-settings.ts';

/**
 * An instructor's earnings (decision 0032) in the sellers' ledger of decision 0029: a sale row per
 * paid line of a booking or a lesson package (gross = the line's total, fee = the platform fee of
 * app_settings, net = the rest; the unique index keeps one per line), and a negative refund row
 * when a refund ends that line. So bookings and packages show in the instructor's seller payments
 * and are paid out through the same Connect onboarding as the store's sales.
 */

/**
 * The sale row of each line that `lines` selects. `lines` is a FROM … WHERE clause over `oi`
 * (order_items) and `o` (orders) that also yields `seller_id` and `description` as its
 * `instructor` and `label` expressions.
 */
export function instructorSaleStatement(db: Db, lines: SQL, instructor: SQL, label: SQL): BatchStatement {
  return db.run(sql`INSERT INTO seller_ledger (seller_id, type, order_id, order_item_id, resource_id, gross_cents, fee_cents, net_cents, description)
    SELECT seller_id, 'sale', order_id, item_id, NULL, gross, fee, gross - fee, description FROM (
      SELECT ${instructor} AS seller_id, o.id AS order_id, oi.id AS item_id, oi.total_cents AS gross,
        CAST(round(oi.total_cents * ${platformFeePercentSql} / 100.0) AS INTEGER) AS fee,
        ${label} || ' · Order ' || o.number AS description
      ${lines})
    WHERE true ON CONFLICT DO NOTHING`);
}

/** The refund row of each line of `kind` in the order that `revocable` selects and that has a sale row. */
export function instructorRefundStatement(db: Db, orderId: number, kind: 'BOOKING' | 'PACKAGE', revocable: SQL): BatchStatement {
  return db.run(sql`INSERT INTO seller_ledger (seller_id, type, order_id, order_item_id, refund_id, resource_id, gross_cents, fee_cents, net_cents, description)
    SELECT seller_id, 'refund', order_id, item_id, refund_id, NULL, -amount, -fee, -(amount - fee), description FROM (
      SELECT ended.*, CASE WHEN sale_gross > 0 THEN CAST(round(sale_fee * 1.0 * amount / sale_gross) AS INTEGER) ELSE 0 END AS fee FROM (
        SELECT s.seller_id, o.id AS order_id, oi.id AS item_id, s.gross_cents AS sale_gross, s.fee_cents AS sale_fee,
          ${refundedOfLine} AS amount, ${endingRefundId} AS refund_id,
          'Refund: ' || oi.title || ' · Order ' || o.number AS description
        FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN seller_ledger s ON s.type = 'sale' AND s.order_item_id = oi.id
        WHERE o.id = ${orderId} AND oi.kind = ${kind} AND ${revocable}) AS ended)
    WHERE true ON CONFLICT DO NOTHING`);
}
