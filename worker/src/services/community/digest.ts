import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { communityDigestItems, communityMembers } from '../../../../db/schema/index.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { publicLink } from '../../platform/public-url.ts';
import { sqlNow } from '../../platform/sql-expressions.ts';
import { deliverOutboxRows, emailsFromSelect, HELLO_USER } from '../notifications.ts';

/**
 * The community's daily digest (decision 0075): a member may choose one email a day for the
 * community's notices instead of one email each. Their notices' emails wait in
 * community_digest_items (notices.ts); the sweep sends each member's waiting items in one email at
 * most once a day and deletes them, in one batch guarded by the member's last digest time, so a
 * racing sweep sends nothing twice.
 */

export const DIGEST_EVERY_MS = 24 * 3_600_000;
/** Members whose digest is sent per round of the sweep, and the items one digest lists at most (the rest wait a day). */
export const DIGEST_CHUNK = 25;
export const DIGEST_ITEMS_MAX = 200;

export interface DigestChoice {
  email_digest: boolean;
}

export async function digestChoice(db: Db, userId: number): Promise<DigestChoice> {
  const [row] = await db.select({ on: communityMembers.emailDigest }).from(communityMembers).where(eq(communityMembers.userId, userId));
  return { email_digest: row?.on ?? false };
}

/** Choosing the digest starts its day: the first digest goes a day later, with what gathered meanwhile. */
export async function chooseDigest(db: Db, userId: number, on: boolean): Promise<DigestChoice> {
  await db
    .insert(communityMembers)
    .values({ userId, emailDigest: on, digestSentAt: on ? sqlNow : null })
    .onConflictDoUpdate({
      target: communityMembers.userId,
      set: { emailDigest: on, digestSentAt: on ? sql`CASE WHEN ${communityMembers.emailDigest} = 1 THEN ${communityMembers.digestSentAt} ELSE ${sqlNow} END` : communityMembers.digestSentAt },
    });
  return digestChoice(db, userId);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The digest's text: one line per notice and its link. */
export function digestText(env: Platform['env'], items: readonly { title: string; url: string }[]): string {
  const lines = items.map((i) => `- ${i.title}\n  ${publicLink(env, i.url)}`);
  return `Here is what happened in the community for you since your last digest:\n\n${lines.join('\n\n')}\n\nChoose how you hear of the community on ${publicLink(env, '/notifications')}.`;
}

/**
 * Sends the digests that are due: members with waiting items whose last digest is a day old (or
 * who never had one). Answers how many were sent.
 */
export async function sendCommunityDigests(platform: Pick<Platform, 'env' | 'db' | 'mailer'>, now: Date = new Date()): Promise<number> {
  const { db } = platform;
  const cutoff = new Date(now.getTime() - DIGEST_EVERY_MS).toISOString();
  const stamp = now.toISOString();
  const due = or(isNull(communityMembers.digestSentAt), lte(communityMembers.digestSentAt, cutoff));
  let sent = 0;
  let after = 0;
  for (;;) {
    // The members with waiting items (the items' index, one row per member), whose day has come.
    const members = await db
      .select({ userId: communityDigestItems.userId })
      .from(communityDigestItems)
      .innerJoin(communityMembers, eq(communityMembers.userId, communityDigestItems.userId))
      .where(and(gt(communityDigestItems.userId, after), due))
      .groupBy(communityDigestItems.userId)
      .orderBy(asc(communityDigestItems.userId))
      .limit(DIGEST_CHUNK);
    for (const { userId } of members) {
      const items = await db
        .select({ id: communityDigestItems.id, title: communityDigestItems.title, url: communityDigestItems.url })
        .from(communityDigestItems)
        .where(eq(communityDigestItems.userId, userId))
        .orderBy(asc(communityDigestItems.id))
        .limit(DIGEST_ITEMS_MAX);
      if (items.length === 0) continue;
      const lastId = items[items.length - 1]!.id;
      const stillDue = sql`EXISTS (SELECT 1 FROM community_members m WHERE m.user_id = ${userId} AND (m.digest_sent_at IS NULL OR m.digest_sent_at <= ${cutoff}))`;
      const subject = `Your community digest: ${plural(items.length, 'new notice')}`;
      const [mails, removed] = await db.batch([
        emailsFromSelect(
          platform,
          'community_digest',
          { userId: sql`u.id`, to: sql`u.email`, subject: sql`${subject}`, text: sql`${HELLO_USER} || ${digestText(platform.env, items)}` },
          sql`FROM users u WHERE u.id = ${userId} AND u.is_active = 1 AND ${stillDue}`,
        ),
        db
          .delete(communityDigestItems)
          .where(and(eq(communityDigestItems.userId, userId), lte(communityDigestItems.id, lastId), stillDue))
          .returning({ id: communityDigestItems.id }),
        // Last: the day of this digest starts (the statements above read the member as due).
        db
          .update(communityMembers)
          .set({ digestSentAt: stamp })
          .where(and(eq(communityMembers.userId, userId), due)),
      ]);
      if (removed.length > 0) sent += 1;
      deliverOutboxRows(platform, mails);
    }
    if (members.length < DIGEST_CHUNK) break;
    after = members[members.length - 1]!.userId;
  }
  return sent;
}
