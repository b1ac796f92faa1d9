import { eq, sql, type SQL } from 'drizzle-orm';
import { courses } from '../../../db/schema/index.ts';
import { formatUsd } from '../domain/orders.ts';
import type { Platform } from '../platform/context.ts';
import { publicLink } from '../platform/public-url.ts';
import { deliverOutboxRows, emailsFromSelect, HELLO_USER, noticesFromSelect, notify, type OutboxRow } from './notifications.ts';

/**
 * The notices of events that had none before issue 13 (decision 0033), made through the service:
 * an enrolment (free, direct or by an accepted invitation; a paid one is noticed in its payment's
 * batch by the COURSE fulfiller), a certificate issued, and a payout made.
 */

type NoticePlatform = Pick<Platform, 'env' | 'db' | 'mailer'>;

/** A learner was enrolled (call once, when the enrolment was created): in-app and by email. */
export async function announceEnrolment(platform: NoticePlatform, userId: number, courseId: number, how: 'free' | 'admin' | 'guest' | 'instructor'): Promise<void> {
  const [course] = await platform.db.select({ title: courses.title }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) return;
  const why = how === 'admin' ? 'An administrator enrolled you' : how === 'instructor' ? 'You accepted the invitation' : 'You enrolled';
  await notify(platform, {
    userId,
    kind: 'enrolment',
    title: `You are enrolled in “${course.title}”`,
    body: `${why}. Start whenever you like.`,
    url: `/learn/courses/${courseId}`,
  });
}

/** A certificate issued this long ago or less is still news (a later progress call does not announce it again). */
const FRESH_MINUTES = 10;

/**
 * A certificate was issued (on completing a course, or by staff): its learner hears of it in-app
 * and by email, exactly once per certificate — each insert finds the one already written (the
 * notice by its link, the email by its subject, which names the code) and writes nothing. Called
 * after anything that may have issued one; a revoked or older certificate is not announced.
 */
export async function announceCertificate(platform: NoticePlatform, userId: number, courseId: number): Promise<number> {
  const { db } = platform;
  const fresh = sql`FROM certificates ce JOIN courses c ON c.id = ce.course_id JOIN users u ON u.id = ce.user_id
    WHERE ce.user_id = ${userId} AND ce.course_id = ${courseId} AND ce.revoked_at IS NULL
      AND ce.issued_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${FRESH_MINUTES} minutes`})`;
  const [, mails] = await db.batch([
    noticesFromSelect(
      db,
      'certificate_issued',
      {
        userId: sql`ce.user_id`,
        title: sql`'Your certificate for “' || c.title || '”'`,
        body: sql`'Congratulations: your certificate ' || ce.code || ' is issued.'`,
        url: sql`'/certificates/' || ce.id`,
      },
      sql`${fresh} AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = ce.user_id AND n.kind = 'certificate_issued' AND n.url = '/certificates/' || ce.id)`,
    ),
    emailsFromSelect(
      platform,
      'certificate_issued',
      {
        userId: sql`ce.user_id`,
        to: sql`u.email`,
        subject: sql`'Your DRX certificate for “' || c.title || '” (' || ce.code || ')'`,
        text: sql`${HELLO_USER} ||
          'Congratulations: your certificate for “' || c.title || '” is issued (code ' || ce.code || ').' || char(10) || char(10) ||
          ${publicLink(platform.env, '/certificates/')} || ce.id`,
      },
      fresh,
      { once: true },
    ),
  ]);
  deliverOutboxRows(platform, mails as OutboxRow[]);
  return (mails as OutboxRow[]).length;
}

/**
 * The payout's notice and email, for the batch that marks it paid, written only while `happened`
 * holds (that batch made it paid). Deliver the email rows it returns with `deliverOutboxRows`.
 */
export function payoutStatements(platform: NoticePlatform, payeeId: number, amountCents: number, happened: SQL) {
  const amount = formatUsd(amountCents);
  return [
    noticesFromSelect(
      platform.db,
      'payout',
      { userId: sql`${payeeId}`, title: sql`${`A payout of ${amount} is on its way`}`, body: sql`${`${amount} of your earnings were paid out to your account.`}`, url: sql`'/seller/payments'` },
      sql`WHERE ${happened}`,
    ),
    emailsFromSelect(
      platform,
      'payout',
      {
        userId: sql`u.id`,
        to: sql`u.email`,
        subject: sql`${`Your DRX payout of ${amount}`}`,
        text: sql`${HELLO_USER} ||
          ${`${amount} of your earnings were paid out to your account. The payout is listed under Payments: ${publicLink(platform.env, '/seller/payments')}`}`,
      },
      sql`FROM users u WHERE u.id = ${payeeId} AND ${happened}`,
    ),
  ] as const;
}
