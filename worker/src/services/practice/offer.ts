import { and, count, eq, sql } from 'drizzle-orm';
import { courseFeedbackSettings, feedbackCreditGrants, feedbackRequests } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';
import type { FeedbackOffer } from '../../../../shared/practice.ts';

/**
 * What a course offers a learner in feedback on takes (decision 0070): its mode and response
 * time, the included reviews this learner has left and their unused credits. Three small reads
 * in one round trip, each bounded by the learner and the course through its index.
 */
export async function feedbackOffer(db: Db, userId: number, courseId: number): Promise<FeedbackOffer> {
  const [settings, included, credits] = await db.batch([
    db.select().from(courseFeedbackSettings).where(eq(courseFeedbackSettings.courseId, courseId)).limit(1),
    // feedback_requests_user_idx: (user_id, course_id, paid_by).
    db
      .select({ n: count() })
      .from(feedbackRequests)
      .where(and(eq(feedbackRequests.userId, userId), eq(feedbackRequests.courseId, courseId), eq(feedbackRequests.paidBy, 'included'))),
    // feedback_credit_grants_user_course_idx.
    db
      .select({ left: sql<number>`coalesce(sum(${feedbackCreditGrants.credits} - ${feedbackCreditGrants.used} - ${feedbackCreditGrants.refunded}), 0)` })
      .from(feedbackCreditGrants)
      .where(and(eq(feedbackCreditGrants.userId, userId), eq(feedbackCreditGrants.courseId, courseId))),
  ]);
  const row = settings[0];
  const mode = row?.mode ?? 'none';
  const includedReviews = mode === 'included' ? (row?.includedReviews ?? 0) : 0;
  return {
    mode,
    response_days: row?.responseDays ?? 3,
    included_reviews: includedReviews,
    included_left: Math.max(0, includedReviews - (included[0]?.n ?? 0)),
    credits_left: Math.max(0, Number(credits[0]?.left ?? 0)),
    pack: mode === 'credits' && row ? { price_cents: row.creditPackCents, credits: row.creditsPerPack } : null,
  };
}
