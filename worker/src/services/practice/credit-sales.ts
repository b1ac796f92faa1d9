import { and, eq, exists, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { courseFeedbackSettings, courses, enrollments, feedbackCreditGrants, orderItems } from '../../../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { instructorRefundStatement, instructorSaleStatement } from '../bookings/instructor-ledger.ts';
import { linesOf, o, oi, type Fulfiller } from '../payments/fulfilment.ts';
import { MAX_QUANTITY, REASON_MESSAGES, type KindDescriber, type Purchasable } from '../purchasables.ts';
import { CREDITS_SIGN_IN, FEEDBACK_NOT_OFFERED } from '../../../../shared/practice.ts';
import { feedbackCreditsTitle } from '../../../../shared/course-feedback-settings.ts';

/**
 * FEEDBACK_CREDITS on the money path (decisions 0050, 0070): a pack of a course's feedback
 * credits, item_id = the course. Sold only to a learner enrolled in a course whose feedback is
 * sold in packs, never to a visitor (a guest's cart or checkout); the verified payment grants one
 * `feedback_credit_grants` row per paid line (the credits per pack the line was sold with × its
 * quantity; the unique order_item_id keeps one) and the course's instructor earns the sale in the
 * sellers' ledger, as a booking's instructor does.
 *
 * The refund rule: a refund that ends the line takes back only the credits still unused
 * (refunded = credits − used); credits already spent stay spent, their reviews given. A refund
 * that would end a line whose every credit is used is refused before the provider is asked:
 * nothing is left to take back (`assertCreditsRefundable`).
 */

export const CREDITS_NOT_ENROLLED = 'Enrol in this course to buy feedback credits for it.';
export { CREDITS_SIGN_IN };
export const OWN_COURSE_CREDITS = 'This is your own course: you answer its takes.';
export const CREDITS_ALL_USED = (title: string) =>
  `Every credit of “${title}” is used: nothing is left to take back, so that line cannot be refunded. Refund other lines, or an amount alone.`;

const fs = alias(courseFeedbackSettings, 'fs');

/** The pack's size an order line fixes at checkout: `credits_per_pack` in order_items.metadata. */
export const packSnapshot = (creditsPerPack: number) => JSON.stringify({ credits_per_pack: creditsPerPack });

/**
 * FEEDBACK_CREDITS: the course's pack while its feedback is sold in packs, to its enrolled learners.
 * A visitor (no user, or a guest checkout's account still to be made: no id above 0) is never one.
 */
export const describeFeedbackCredits: KindDescriber = async (db, userId, itemIds) => {
  const visitor = userId === null || userId <= 0;
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      imageUrl: courses.imageUrl,
      status: courses.status,
      instructorId: courses.instructorId,
      mode: fs.mode,
      packCents: fs.creditPackCents,
      perPack: fs.creditsPerPack,
      enrolled:
        visitor
          ? sql<number>`0`
          : sql<number>`${exists(db.select({ one: sql`1` }).from(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courses.id))))}`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(fs, eq(fs.courseId, courses.id))
    .where(inArray(courses.id, itemIds));
  const out = new Map<number, Purchasable>();
  for (const row of rows) {
    const offered = row.mode === 'credits' && (row.packCents ?? 0) > 0;
    const reason = row.status !== 'published' || !offered ? 'unpublished' : row.instructorId !== null && row.instructorId === userId ? 'own_item' : row.enrolled !== 1 ? 'not_enrolled' : null;
    const perPack = row.perPack ?? 1;
    out.set(row.id, {
      kind: 'FEEDBACK_CREDITS',
      itemId: row.id,
      title: feedbackCreditsTitle(perPack, row.title),
      priceCents: offered ? row.packCents! : 0,
      imageUrl: row.imageUrl,
      url: `/learn/courses/${row.id}`,
      available: reason === null,
      reason,
      reasonMessage:
        reason === 'unpublished' && row.status === 'published'
          ? FEEDBACK_NOT_OFFERED
          : reason === 'own_item'
            ? OWN_COURSE_CREDITS
            : reason === 'not_enrolled'
              ? visitor
                ? CREDITS_SIGN_IN
                : CREDITS_NOT_ENROLLED
              : reason
                ? REASON_MESSAGES[reason]
                : null,
      maxQuantity: MAX_QUANTITY.FEEDBACK_CREDITS,
      // The line keeps the size its title names: the grant gives what was sold.
      lineMetadata: packSnapshot(perPack),
    });
  }
  return out;
};

/** The FEEDBACK_CREDITS lines of the order that `condition` selects whose course has an instructor (`c`) to earn them. */
const creditLines = (orderId: number, condition: SQL) => sql`FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN courses c ON c.id = oi.item_id
  WHERE o.id = ${orderId} AND oi.kind = 'FEEDBACK_CREDITS' AND c.instructor_id IS NOT NULL AND ${condition}`;

export const feedbackCreditsFulfiller: Fulfiller = {
  grant: (db, orderId, grantable) => [
    db
      .insert(feedbackCreditGrants)
      .select(
        db
          .select(
            insertSelection(feedbackCreditGrants, {
              userId: o.userId,
              courseId: oi.itemId,
              orderItemId: oi.id,
              // The pack as sold at checkout (the line's snapshot), times the packs bought; a line
              // without one (made before lines kept it) reads the course's settings.
              credits: sql`COALESCE(CASE WHEN json_valid(${oi.metadata}) AND json_type(${oi.metadata}, '$.credits_per_pack') = 'integer'
                THEN json_extract(${oi.metadata}, '$.credits_per_pack') END, ${fs.creditsPerPack}, 1) * ${oi.quantity}`,
            }),
          )
          .from(oi)
          .innerJoin(o, eq(o.id, oi.orderId))
          .leftJoin(fs, eq(fs.courseId, oi.itemId))
          .where(and(linesOf(orderId, 'FEEDBACK_CREDITS', grantable), exists(db.select({ one: sql`1` }).from(courses).where(eq(courses.id, oi.itemId))))),
      )
      .onConflictDoNothing(),
    instructorSaleStatement(db, creditLines(orderId, grantable), sql`c.instructor_id`, sql`oi.title`),
  ],
  revoke: (db, orderId, revocable) => [
    instructorRefundStatement(db, orderId, 'FEEDBACK_CREDITS', revocable),
    // Only the unused credits go back; a grant already taken back is left as it is.
    db
      .update(feedbackCreditGrants)
      .set({ refunded: sql`${feedbackCreditGrants.credits} - ${feedbackCreditGrants.used}` })
      .where(
        and(
          eq(feedbackCreditGrants.refunded, 0),
          inArray(feedbackCreditGrants.orderItemId, db.select({ id: oi.id }).from(oi).innerJoin(o, eq(o.id, oi.orderId)).where(linesOf(orderId, 'FEEDBACK_CREDITS', revocable))),
        ),
      ),
  ],
  nextAction: (line) => ({ label: 'Go to course', url: `/learn/courses/${line.itemId}` }),
};

/**
 * Refuses (409) a refund that would end a FEEDBACK_CREDITS line whose every credit is used: the
 * lines it names, or every line when it refunds all that is left and names none. Read before the
 * refund is reserved; a credit spent between this check and the provider's event only means
 * fewer credits are taken back.
 */
export async function assertCreditsRefundable(db: Db, orderId: number, itemIds: readonly number[] | null, endsEveryLine: boolean): Promise<void> {
  if (!itemIds && !endsEveryLine) return;
  const [spent] = await db
    .select({ title: orderItems.title })
    .from(orderItems)
    .innerJoin(feedbackCreditGrants, eq(feedbackCreditGrants.orderItemId, orderItems.id))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.kind, 'FEEDBACK_CREDITS'),
        isNull(orderItems.revokedAt),
        sql`${feedbackCreditGrants.used} + ${feedbackCreditGrants.refunded} >= ${feedbackCreditGrants.credits}`,
        itemIds ? inArray(orderItems.id, [...itemIds]) : undefined,
      ),
    )
    .limit(1);
  if (spent) throw conflict(CREDITS_ALL_USED(spent.title));
}
