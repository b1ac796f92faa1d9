import type { FeedbackVerdict } from '../../../../shared/practice.ts';
import type { Platform } from '../../platform/context.ts';
import { notify } from '../notifications.ts';

/**
 * The notices of feedback on takes (decision 0070), through the one notifications service: each
 * in-app and by email as the person's choice for its kind says. Sent once the write is done.
 */

type NoticePlatform = Pick<Platform, 'env' | 'db' | 'mailer'>;

/** Where a request is read and answered: one page for both sides. */
export const feedbackPath = (requestId: number) => `/practice/feedback/${requestId}`;

const quoted = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A learner sent a take for feedback: the course's instructor hears of it. */
export async function announceFeedbackRequest(
  platform: NoticePlatform,
  request: { id: number; question: string },
  to: { instructorId: number | null; learnerId: number },
  about: { learner: string; lesson: string; course: string },
): Promise<void> {
  if (to.instructorId === null || to.instructorId === to.learnerId) return;
  await notify(platform, {
    userId: to.instructorId,
    kind: 'feedback_requested',
    title: `${about.learner} sent a take of “${about.lesson}” for feedback`,
    body: `${about.course}. Their question: ${quoted(request.question)}`,
    url: feedbackPath(request.id),
  });
}

/** The learner's take is answered. */
export async function announceFeedbackAnswer(platform: NoticePlatform, learnerId: number, requestId: number, verdict: FeedbackVerdict, lesson: string): Promise<void> {
  await notify(platform, {
    userId: learnerId,
    kind: 'feedback_answered',
    title: verdict === 'approved' ? `Your take of “${lesson}” is approved` : `Feedback on your take of “${lesson}”: try again`,
    body: 'Your instructor answered your take: open it to see their notes at each moment.',
    url: feedbackPath(requestId),
  });
}

/** A reply under a note: the other side hears of it. */
export async function announceFeedbackReply(platform: NoticePlatform, recipientId: number | null, requestId: number, author: string, body: string): Promise<void> {
  if (recipientId === null) return;
  await notify(platform, { userId: recipientId, kind: 'feedback_reply', title: `${author} replied on a take's feedback`, body: quoted(body), url: feedbackPath(requestId) });
}
