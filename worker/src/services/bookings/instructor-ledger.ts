import { sql, type SQL } from 'drizzle-orm';
import { sellerLedger } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { endingRefundId, refundedOfLine } from '../payments/fulfilment.ts';
import { platformFeePercentSql } from '../store/store-settings.ts';

/**
 * An instructor's earnings (decision 0032) in the sellers' ledger of decision 0029: a sale row per
 * paid line of a booking, a lesson package or a course's feedback credits (decision 0070) (gross =
 * the line's total, fee = the platform fee of app_settings, net = the rest; the unique index keeps
 * one per line), and a negative refund row when a refund ends that line. So they show in the
 * instructor's seller payments and are paid out through the same Connect onboarding as the store's
 * sales.
 */

/**
 * The sale row of each line that `lines` selects. `lines` is a FROM … WHERE clause over `oi`
 * (order_items) and `o` (orders) that also yields `seller_id` and `description` as its
 * `instructor` and `label` expressions.
 */
export function instructorSaleStatement(db: Db, lines: SQL, instructor: SQL, label: SQL) {
  const sale = sql`(SELECT ${instructor} AS seller_id, o.id AS order_id, oi.id AS item_id, oi.total_cents AS gross,
      CAST(round(oi.total_cents * ${platformFeePercentSql} / 100.0) AS INTEGER) AS fee,
      ${label} || ' · Order ' || o.number AS description
    ${lines}) AS sale`;
  return db
    .insert(sellerLedger)
    .select(
      db
        .select(
          insertSelection(sellerLedger, {
            sellerId: sql`sale.seller_id`,
            type: 'sale',
            orderId: sql`sale.order_id`,
            orderItemId: sql`sale.item_id`,
            grossCents: sql`sale.gross`,
            feeCents: sql`sale.fee`,
            netCents: sql`sale.gross - sale.fee`,
            description: sql`sale.description`,
          }),
        )
        .from(sale)
        .where(sql`true`),
    )
    .onConflictDoNothing();
}

/** The refund row of each line of `kind` in the order that `revocable` selects and that has a sale row. */
export function instructorRefundStatement(db: Db, orderId: number, kind: 'BOOKING' | 'PACKAGE' | 'FEEDBACK_CREDITS', revocable: SQL) {
  const refund = sql`(SELECT ended.*, CASE WHEN sale_gross > 0 THEN CAST(round(sale_fee * 1.0 * amount / sale_gross) AS INTEGER) ELSE 0 END AS fee FROM (
      SELECT s.seller_id, o.id AS order_id, oi.id AS item_id, s.gross_cents AS sale_gross, s.fee_cents AS sale_fee,
        ${refundedOfLine} AS amount, ${endingRefundId} AS refund_id,
        'Refund: ' || oi.title || ' · Order ' || o.number AS description
      FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN seller_ledger s ON s.type = 'sale' AND s.order_item_id = oi.id
      WHERE o.id = ${orderId} AND oi.kind = ${kind} AND ${revocable}) AS ended) AS refund`;
  return db
    .insert(sellerLedger)
    .select(
      db
        .select(
          insertSelection(sellerLedger, {
            sellerId: sql`refund.seller_id`,
            type: 'refund',
            orderId: sql`refund.order_id`,
            orderItemId: sql`refund.item_id`,
            refundId: sql`refund.refund_id`,
            grossCents: sql`-refund.amount`,
            feeCents: sql`-refund.fee`,
            netCents: sql`-(refund.amount - refund.fee)`,
            description: sql`refund.description`,
          }),
        )
        .from(refund)
        .where(sql`true`),
    )
    .onConflictDoNothing();
}
