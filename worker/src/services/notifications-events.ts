import { sql, type SQL } from 'drizzle-orm';
import { formatUsd } from '../domain/orders.ts';
import type { Platform } from '../platform/context.ts';
import { publicLink } from '../platform/public-url.ts';
import { deliverOutboxRows, emailsFromSelect, HELLO_USER, noticesFromSelect, type OutboxRow } from './notifications.ts';
import { initialStatus } from './outbox.ts';
import { bind, preparedOnce, runBatch, sqlPrepared } from './prepared-batch.ts';
import { sqlMinutesAgo } from '../platform/sql-expressions.ts';

/**
 * The notices of events that had none before the notifications service (decision 0033), made through the service:
 * an enrolment (free, direct or by an accepted invitation; a paid one is noticed in its payment's
 * batch by the COURSE fulfiller), a certificate issued, and a payout made.
 */

type NoticePlatform = Pick<Platform, 'env' | 'db' | 'mailer'>;

/**
 * The enrolment notice and email, each written only while the user's channel is on, the email only
 * to an address: two statements made once per database (an enrolment is a hot write: the course's
 * title, the address and the choices are read inside them), run in one batch.
 */
const enrolmentAnnouncement = preparedOnce((db) => {
  const from = sql`FROM users u JOIN courses c ON c.id = ${sql.placeholder('courseId')} WHERE u.id = ${sql.placeholder('userId')}`;
  const title = sql`'You are enrolled in “' || c.title || '”'`;
  const body = sql`${sql.placeholder('body')}`;
  return {
    notice: sqlPrepared<never>(db, noticesFromSelect(db, 'enrolment', { userId: sql`u.id`, title, body, url: sql`'/learn/courses/' || c.id` }, from)),
    email: sqlPrepared<OutboxRow>(
      db,
      emailsFromSelect(
        // The status is a placeholder: neither the environment nor the mailer is read here.
        { db } as NoticePlatform,
        'enrolment',
        { userId: sql`u.id`, to: sql`u.email`, subject: title, text: sql`${body} || char(10) || char(10) || ${sql.placeholder('link')} || c.id` },
        from,
        { status: sql`${sql.placeholder('status')}` },
      ),
    ),
  };
});

/** A learner was enrolled (call once, when the enrolment was created): in-app and by email. */
export async function announceEnrolment(platform: NoticePlatform, userId: number, courseId: number, how: 'free' | 'admin' | 'guest' | 'instructor'): Promise<void> {
  const why = how === 'admin' ? 'An administrator enrolled you' : how === 'instructor' ? 'You accepted the invitation' : 'You enrolled';
  const { notice, email } = enrolmentAnnouncement(platform.db);
  const values = { userId, courseId, body: `${why}. Start whenever you like.`, link: publicLink(platform.env, '/learn/courses/'), status: initialStatus(platform) };
  const [, mails] = await runBatch(platform.db, [bind(notice, values), bind(email, values)]);
  deliverOutboxRows(platform, mails);
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
      AND ce.issued_at >= ${sqlMinutesAgo(FRESH_MINUTES)}`;
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
