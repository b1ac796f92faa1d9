import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { lessonPackages, packagePurchases } from '../../../../db/schema/index.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { linesOf, o, oi, type Fulfiller } from '../payments/fulfilment.ts';
import { noticesFromSelect } from '../notifications.ts';
import { startCheckout } from '../payments/checkout.ts';
import { notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { MAX_QUANTITY, REASON_MESSAGES, type KindDescriber, type Purchasable } from '../purchasables.ts';
import { instructorRefundStatement, instructorSaleStatement } from './instructor-ledger.ts';
import { ACTIVE_IN } from './seats.ts';
import type { PackagePurchaseView } from '../../../../shared/bookings/views.ts';

/**
 * Lesson packages (decision 0032): bought through checkout as kind PACKAGE (its describer and
 * fulfiller are registered in payments/registry.ts); the payment's batch creates the
 * `package_purchases` row (one per order line), a refund that ends the line marks it refunded.
 * Credits left = total − its bookings that are held, offered or confirmed, or cancelled late
 * (`credit_forfeited`).
 */

export const PACKAGE_NOT_FOUND = 'Package not found';
export const OWN_PACKAGE = 'This is your own package: you cannot buy it.';

/** PACKAGE: an active package of a published instructor, never to the instructor themself. */
export const describePackages: KindDescriber = async (db, userId, itemIds) => {
  const rows = await db.all<{ id: number; title: string; priceCents: number; instructorId: number; active: number; published: number; photoUrl: string | null }>(sql`SELECT
      lp.id, lp.title, lp.price_cents AS priceCents, lp.instructor_id AS instructorId, lp.active,
      (p.status = 'published' AND lt.active = 1) AS published, p.photo_url AS photoUrl
    FROM lesson_packages lp JOIN lesson_types lt ON lt.id = lp.lesson_type_id JOIN instructor_profiles p ON p.user_id = lp.instructor_id
    WHERE lp.id IN (${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const out = new Map<number, Purchasable>();
  for (const row of rows) {
    const reason = !row.active || !row.published ? 'unpublished' : row.instructorId === userId ? 'own_item' : null;
    out.set(row.id, {
      kind: 'PACKAGE',
      itemId: row.id,
      title: row.title,
      priceCents: row.priceCents,
      imageUrl: row.photoUrl,
      url: `/instructors/${row.instructorId}`,
      available: reason === null,
      reason,
      reasonMessage: reason === 'own_item' ? OWN_PACKAGE : reason ? REASON_MESSAGES[reason] : null,
      maxQuantity: MAX_QUANTITY.PACKAGE,
    });
  }
  return out;
};

/**
 * The credits: a purchase per paid PACKAGE line (the unique order_item_id keeps one) and the
 * instructor's sale in the ledger; a refund marks it refunded and writes the ledger's refund row.
 */
const lp = alias(lessonPackages, 'lp');

export const packageFulfiller: Fulfiller = {
  grant: (db, orderId, grantable) => [
    db
      .insert(packagePurchases)
      .select(
        db
          .select(
            insertSelection(packagePurchases, {
              userId: o.userId,
              packageId: lp.id,
              instructorId: lp.instructorId,
              lessonTypeId: lp.lessonTypeId,
              orderId: o.id,
              orderItemId: oi.id,
              title: lp.title,
              creditsTotal: lp.lessonsCount,
              pricePaidCents: oi.totalCents,
            }),
          )
          .from(oi)
          .innerJoin(o, eq(o.id, oi.orderId))
          .innerJoin(lp, eq(lp.id, oi.itemId))
          .where(linesOf(orderId, 'PACKAGE', grantable)),
      )
      .onConflictDoNothing(),
    noticesFromSelect(
      db,
      'package_sold',
      { userId: sql`lp.instructor_id`, title: sql`'A lesson package was bought'`, body: sql`'“' || lp.title || '” was bought in order ' || o.number || '.'`, url: sql`'/instructor/bookings'` },
      sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN lesson_packages lp ON lp.id = oi.item_id
      WHERE o.id = ${orderId} AND oi.kind = 'PACKAGE' AND ${grantable}`,
    ),
    instructorSaleStatement(
      db,
      sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN lesson_packages lp ON lp.id = oi.item_id
        WHERE o.id = ${orderId} AND oi.kind = 'PACKAGE' AND ${grantable}`,
      sql`lp.instructor_id`,
      sql`'Lesson package: ' || lp.title`,
    ),
  ],
  revoke: (db, orderId, revocable) => [
    instructorRefundStatement(db, orderId, 'PACKAGE', revocable),
    db
      .update(packagePurchases)
      .set({ status: 'refunded' })
      .where(
        and(
          eq(packagePurchases.status, 'active'),
          inArray(packagePurchases.orderItemId, db.select({ id: oi.id }).from(oi).innerJoin(o, eq(o.id, oi.orderId)).where(linesOf(orderId, 'PACKAGE', revocable))),
        ),
      ),
  ],
  nextAction: () => null,
};

/** GET /api/packages/mine: the user's purchases with their credits, newest first. */
export async function listMyPackages(platform: Pick<Platform, 'db'>, userId: number): Promise<PackagePurchaseView[]> {
  const rows = await platform.db.all<{
    id: number;
    title: string;
    instructorId: number;
    instructorName: string;
    photoUrl: string | null;
    lessonTypeId: number;
    lessonTypeTitle: string;
    creditsTotal: number;
    creditsUsed: number;
    status: 'active' | 'refunded';
    orderNumber: string | null;
    createdAt: string;
  }>(sql`SELECT pp.id, pp.title, pp.instructor_id AS instructorId,
      CASE WHEN trim(u.first_name || ' ' || u.last_name) <> '' THEN trim(u.first_name || ' ' || u.last_name) ELSE u.username END AS instructorName,
      p.photo_url AS photoUrl, pp.lesson_type_id AS lessonTypeId, COALESCE(lt.title, pp.title) AS lessonTypeTitle, pp.credits_total AS creditsTotal,
      (SELECT count(*) FROM bookings b WHERE b.package_purchase_id = pp.id AND (b.status IN ${ACTIVE_IN} OR (b.status = 'cancelled' AND b.credit_forfeited = 1))) AS creditsUsed,
      pp.status, o.number AS orderNumber, pp.created_at AS createdAt
    FROM package_purchases pp JOIN users u ON u.id = pp.instructor_id LEFT JOIN instructor_profiles p ON p.user_id = pp.instructor_id
    LEFT JOIN lesson_types lt ON lt.id = pp.lesson_type_id LEFT JOIN orders o ON o.id = pp.order_id
    WHERE pp.user_id = ${userId}
    ORDER BY pp.created_at DESC, pp.id DESC`);
  return rows.map((r) => {
    const used = Math.min(Number(r.creditsUsed), r.creditsTotal);
    return {
      id: r.id,
      title: r.title,
      instructor: { id: r.instructorId, name: r.instructorName, photo_url: r.photoUrl },
      lesson_type_id: r.lessonTypeId,
      lesson_type_title: r.lessonTypeTitle,
      credits_total: r.creditsTotal,
      credits_used: used,
      credits_left: r.status === 'active' ? r.creditsTotal - used : 0,
      status: r.status,
      order_number: r.orderNumber,
      created_at: r.createdAt,
    };
  });
}

/** POST /api/packages/{id}/checkout: a checkout of one PACKAGE line (the describer says whether it may be bought). */
export async function checkoutPackage(platform: Platform, userId: number, packageId: number, requestOrigin: string): Promise<{ checkoutUrl: string }> {
  const [exists] = await platform.db.all(sql`SELECT 1 FROM lesson_packages WHERE id = ${packageId}`);
  if (!exists) throw notFound(PACKAGE_NOT_FOUND);
  const started = await startCheckout(platform, userId, { items: [{ type: 'PACKAGE', itemId: packageId }] }, requestOrigin);
  return { checkoutUrl: started.checkoutUrl };
}
