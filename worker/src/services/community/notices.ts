import { and, eq, lt, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { communityAnnouncements, communityDigestItems, communityMembers, communityPosts, courses, lessons, resources, users } from '../../../../db/schema/index.ts';
import { communityThreadUrl, type CommunityTarget } from '../../../../shared/community.ts';
import { displayName } from '../../domain/certificates.ts';
import type { NotificationKind } from '../../domain/notification-kinds.ts';
import type { Platform } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { insertSelection } from '../../platform/insert-select.ts';
import { channelOnSql, deliverOutboxRows, emailsFromSelect, HELLO_USER, noticeEmailText, noticesFromSelect } from '../notifications.ts';

type NoticePlatform = Pick<Platform, 'env' | 'db' | 'mailer'>;

/**
 * The community's notices (decision 0075), through the one notifications service (decision 0033):
 * a question its page's owners hear of, an answer its asker, a reply the thread's participants
 * (the answer's author, the asker, earlier repliers) — never the post's own author, each once.
 * A member who chose the daily digest (community_members.email_digest) gets the email side
 * gathered in community_digest_items (digest.ts sends them); the in-app notice is as ever.
 */

const question = alias(communityPosts, 'q');
const parent = alias(communityPosts, 'a');
const author = alias(users, 'author');
const asker = alias(users, 'asker');
const profile = alias(users, 'profile');

const quoted = (text: string, max = 160) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The post with its thread and target, while it is visible and not yet announced. */
async function announcementContext(db: Db, postId: number) {
  const [row] = await db
    .select({
      id: communityPosts.id,
      kind: communityPosts.kind,
      status: communityPosts.status,
      body: communityPosts.body,
      authorId: communityPosts.authorId,
      parentId: communityPosts.parentId,
      targetKind: communityPosts.targetKind,
      targetId: communityPosts.targetId,
      courseId: communityPosts.courseId,
      questionId: question.id,
      questionTitle: question.title,
      questionStatus: question.status,
      askerId: question.authorId,
      answerAuthorId: parent.authorId,
      author: { firstName: author.firstName, lastName: author.lastName, username: author.username },
      askerName: { firstName: asker.firstName, lastName: asker.lastName, username: asker.username },
      lessonTitle: lessons.title,
      moduleId: lessons.moduleId,
      courseInstructorId: courses.instructorId,
      resourceTitle: resources.title,
      sellerId: resources.sellerId,
      profileName: { firstName: profile.firstName, lastName: profile.lastName, username: profile.username },
      announced: communityAnnouncements.postId,
    })
    .from(communityPosts)
    .innerJoin(question, eq(question.id, sql`coalesce(${communityPosts.questionId}, ${communityPosts.id})`))
    .leftJoin(parent, eq(parent.id, communityPosts.parentId))
    .leftJoin(author, eq(author.id, communityPosts.authorId))
    .leftJoin(asker, eq(asker.id, question.authorId))
    .leftJoin(lessons, and(eq(communityPosts.targetKind, 'lesson'), eq(lessons.id, communityPosts.targetId)))
    .leftJoin(courses, and(eq(communityPosts.targetKind, 'lesson'), eq(courses.id, communityPosts.courseId)))
    .leftJoin(resources, and(eq(communityPosts.targetKind, 'resource'), eq(resources.id, communityPosts.targetId)))
    .leftJoin(profile, and(eq(communityPosts.targetKind, 'instructor'), eq(profile.id, communityPosts.targetId)))
    .leftJoin(communityAnnouncements, eq(communityAnnouncements.postId, communityPosts.id))
    .where(eq(communityPosts.id, postId))
    .limit(1);
  return row ?? null;
}

type Context = NonNullable<Awaited<ReturnType<typeof announcementContext>>>;

/** The page's owner(s): a lesson's course instructor, a resource's seller, the profile's instructor. */
function ownerOf(c: Context): number | null {
  if (c.targetKind === 'lesson') return c.courseInstructorId;
  if (c.targetKind === 'resource') return c.sellerId;
  return c.targetId;
}

function targetTitle(c: Context): string {
  if (c.targetKind === 'lesson') return `“${c.lessonTitle ?? 'a lesson'}”`;
  if (c.targetKind === 'resource') return `“${c.resourceTitle ?? 'your resource'}”`;
  return 'your profile';
}

/** Who hears of the post, its author left out; the earlier repliers of an answer are read here. */
async function recipientsOf(db: Db, c: Context): Promise<number[]> {
  const ids: (number | null)[] = [];
  if (c.kind === 'question') ids.push(ownerOf(c));
  else if (c.kind === 'answer') ids.push(c.askerId);
  else {
    ids.push(c.answerAuthorId, c.askerId);
    const earlier = await db
      .selectDistinct({ id: communityPosts.authorId })
      .from(communityPosts)
      .where(and(eq(communityPosts.parentId, c.parentId!), eq(communityPosts.status, 'visible'), lt(communityPosts.id, c.id)));
    ids.push(...earlier.map((r) => r.id));
  }
  return [...new Set(ids.filter((id): id is number => id !== null && id !== c.authorId))];
}

interface Composed {
  kind: Extract<NotificationKind, 'community_question' | 'community_answer' | 'community_reply'>;
  title: string;
  body: string;
  url: string;
}

function compose(c: Context): Composed {
  const who = displayName(c.author, 'A member');
  const url = communityThreadUrl({ id: c.questionId, target_kind: c.targetKind as CommunityTarget, target_id: c.targetId, course_id: c.courseId, module_id: c.moduleId });
  const topic = `“${c.questionTitle ?? ''}”`;
  if (c.kind === 'question') return { kind: 'community_question', title: `New question on ${targetTitle(c)}`, body: `${who} asked ${topic}: ${quoted(c.body)}`, url };
  if (c.kind === 'answer') return { kind: 'community_answer', title: `${who} answered your question`, body: `${topic}: ${quoted(c.body)}`, url };
  return { kind: 'community_reply', title: `${who} replied on ${topic}`, body: quoted(c.body), url };
}

/** The recipients as rows of `users` (u): active accounts among `ids`, while the post is not announced. */
function recipientsWhere(ids: readonly number[], postId: number): SQL {
  return sql`u.id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) AND u.is_active = 1 AND NOT EXISTS (SELECT 1 FROM community_announcements ca WHERE ca.post_id = ${postId})`;
}

/**
 * A post became visible (published at once, or approved by a moderator): the people it concerns
 * hear of it once — in-app and by email as each one's choices say, or in their daily digest. One
 * batch: the notices, the digest items, the emails and, last, the announcement's row that every
 * other statement is guarded by, so a replayed or racing call writes nothing.
 */
export async function announceCommunityPost(platform: NoticePlatform, postId: number): Promise<void> {
  const { db } = platform;
  const c = await announcementContext(db, postId);
  if (!c || c.announced !== null) return;
  // Only a visible post of a visible thread is told (a held one is told at its approval).
  if (c.status !== 'visible' || c.questionStatus !== 'visible') return;
  const recipients = await recipientsOf(db, c);
  const claim = db.insert(communityAnnouncements).values({ postId }).onConflictDoNothing();
  if (recipients.length === 0) {
    await claim;
    return;
  }
  const notice = compose(c);
  const where = recipientsWhere(recipients, postId);
  const digested = sql`EXISTS (SELECT 1 FROM community_members m WHERE m.user_id = u.id AND m.email_digest = 1)`;
  const [, , mails] = await db.batch([
    noticesFromSelect(db, notice.kind, { userId: sql`u.id`, title: sql`${notice.title}`, body: sql`${notice.body}`, url: sql`${notice.url}` }, sql`FROM users u WHERE ${where}`),
    // The digest's members: the email waits for their daily digest (when its email is on for them).
    db.insert(communityDigestItems).select(
      db
        .select(insertSelection(communityDigestItems, { userId: users.id, kind: notice.kind, title: sql<string>`${`${notice.title}: ${notice.body}`}`, url: notice.url }))
        .from(users)
        .innerJoin(communityMembers, and(eq(communityMembers.userId, users.id), eq(communityMembers.emailDigest, true)))
        .where(
          and(
            sql`${users.id} IN (${sql.join(
              recipients.map((id) => sql`${id}`),
              sql`, `,
            )})`,
            eq(users.isActive, true),
            sql`${users.email} IS NOT NULL`,
            channelOnSql(sql`${users.id}`, notice.kind, 'email'),
            notExists(db.select({ one: sql`1` }).from(communityAnnouncements).where(eq(communityAnnouncements.postId, postId))),
          ),
        ),
    ),
    emailsFromSelect(
      platform,
      notice.kind,
      { userId: sql`u.id`, to: sql`u.email`, subject: sql`${notice.title}`, text: sql`${HELLO_USER} || ${noticeEmailText(platform, notice)}` },
      sql`FROM users u WHERE ${where} AND NOT ${digested}`,
    ),
    claim,
  ]);
  deliverOutboxRows(platform, mails);
}
