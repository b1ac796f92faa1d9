import { and, eq, exists, not } from 'drizzle-orm';
import { feedbackRequests, lessonPracticeRules } from '../../../../db/schema/index.ts';
import type { Db } from '../../platform/db.ts';

/**
 * A lesson completed only by an approved take (decision 0070): Mark complete asks this first. One
 * read by the lesson's key and the learner's few requests (feedback_requests_user_idx).
 */
export async function awaitsApprovedTake(db: Db, userId: number, lessonId: number): Promise<boolean> {
  const approved = db
    .select({ id: feedbackRequests.id })
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.userId, userId), eq(feedbackRequests.lessonId, lessonId), eq(feedbackRequests.verdict, 'approved')));
  const [rule] = await db
    .select({ lessonId: lessonPracticeRules.lessonId })
    .from(lessonPracticeRules)
    .where(and(eq(lessonPracticeRules.lessonId, lessonId), eq(lessonPracticeRules.requiresApprovedTake, true), not(exists(approved))))
    .limit(1);
  return rule !== undefined;
}
