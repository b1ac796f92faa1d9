import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { appSecrets, courses, enrollments, lessons, modules, uploads } from '../../../db/schema/index.ts';
import { canManageCourse, isFullAdmin, type CourseActor } from '../domain/courses.ts';
import {
  checkMediaLink,
  importSigningKey,
  mediaLinkExpiry,
  newSigningSecret,
  replaceUploadLinks,
  signedUploadUrl,
  uploadKeyOf,
  uploadKeysIn,
  type MediaLinkCheck,
} from '../domain/media-links.ts';
import { memoized, type Platform } from '../platform/context.ts';
import type { Db } from '../platform/db.ts';

/**
 * Who may fetch which upload (decision 0015). Lesson media and a course's full video are
 * `access = 'course'` uploads, served only through short-lived signed links; the API hands those
 * links out only to the course's enrolled learners, its instructors and admins. Everything else
 * (preview videos, course images, profile images) stays public.
 */

export const MEDIA_LINK_REFUSED = 'This media link is invalid or has expired';

/** Where practice takes are kept (decision 0070): never public, even without a row. */
export const TAKE_KEY_PREFIX = 'takes/';

const SIGNING_SECRET_NAME = 'media-signing-key';
const EXISTING_MEDIA_MARKED = 'course-media-marked-v1';

// ---------------------------------------------------------------------------------------------
// The signing key

async function storedSecret(db: Db): Promise<string> {
  const read = () => db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SIGNING_SECRET_NAME)).limit(1);
  const [found] = await read();
  if (found) return found.value;
  // Two processes starting together both try; the first insert wins and both read it back.
  await db.insert(appSecrets).values({ name: SIGNING_SECRET_NAME, value: newSigningSecret() }).onConflictDoNothing();
  const [stored] = await read();
  if (!stored) throw new Error('The media signing secret could not be stored');
  return stored.value;
}

/** MEDIA_SIGNING_SECRET, else a random secret generated once and kept in app_secrets; read once per runtime. */
export function mediaSigningKey(platform: Platform): Promise<CryptoKey> {
  return memoized(platform, 'media-signing-key', async () =>
    importSigningKey(platform.env.MEDIA_SIGNING_SECRET ?? (await storedSecret(platform.db))),
  );
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

// ---------------------------------------------------------------------------------------------
// Handing out links

/**
 * Signs every link to an upload of this site in a text (a video link, lesson markdown, rendered
 * HTML with `html`); other links (YouTube, https files elsewhere) are left as they are.
 */
export async function signUploadLinks(platform: Platform, text: string, options: { html?: boolean } = {}): Promise<string> {
  // A take's link in a text (a lesson, a course) is never signed: only signTakeLink makes one.
  const keys = uploadKeysIn(text).filter((key) => !key.startsWith(TAKE_KEY_PREFIX));
  if (keys.length === 0) return text;
  const signingKey = await mediaSigningKey(platform);
  const exp = mediaLinkExpiry(nowSeconds());
  const signed = new Map<string, string>();
  for (const key of keys) signed.set(key, await signedUploadUrl(signingKey, key, exp));
  return replaceUploadLinks(text, (key) => {
    const url = signed.get(key);
    if (!url) return null;
    return options.html ? url.replace(/&/g, '&amp;') : url;
  });
}

/** A practice take's file (decision 0070), signed for a viewer the practice service allowed. */
export async function signTakeLink(platform: Platform, key: string): Promise<string> {
  return signedUploadUrl(await mediaSigningKey(platform), key, mediaLinkExpiry(nowSeconds()));
}

/** One link (a course's full video): signed when it is one of ours, as it is otherwise. */
export async function signUploadLink(platform: Platform, link: string | null): Promise<string | null> {
  if (!link) return link;
  return uploadKeyOf(link) ? signUploadLinks(platform, link) : link;
}

/** The lesson a learner opens (GET /api/learn/lessons/{id}), with its media links signed. */
export async function withSignedLessonMedia<
  L extends { content: string; content_html: string | null; video: { url: string } | null },
>(platform: Platform, lesson: L): Promise<L> {
  const [content, contentHtml, videoUrl] = await Promise.all([
    signUploadLinks(platform, lesson.content),
    lesson.content_html === null ? null : signUploadLinks(platform, lesson.content_html, { html: true }),
    lesson.video ? signUploadLinks(platform, lesson.video.url) : null,
  ]);
  return {
    ...lesson,
    content,
    content_html: contentHtml,
    video: lesson.video && videoUrl !== null ? { ...lesson.video, url: videoUrl } : lesson.video,
  };
}

/**
 * How a reader of a course sees its full video: 'raw' for those who edit it (the stored link, of
 * no use without a signature), 'signed' for its enrolled learners, 'hidden' for everyone else.
 */
export type FullVideoView = 'raw' | 'signed' | 'hidden';

export async function fullVideoViewOf(
  db: Db,
  reader: CourseActor | null,
  course: { id: number; instructorId: number | null },
  editor: boolean,
): Promise<FullVideoView> {
  if (editor) return 'raw';
  if (!reader) return 'hidden';
  if (canManageCourse(reader, course)) return 'signed';
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, reader.id), eq(enrollments.courseId, course.id)))
    .limit(1);
  return row ? 'signed' : 'hidden';
}

/** A course read with its full video link as this reader may see it. */
export async function withFullVideoFor<C extends { video_url: string | null }>(platform: Platform, course: C, view: FullVideoView): Promise<C> {
  if (view === 'raw') return course;
  if (view === 'hidden') return { ...course, video_url: null };
  return { ...course, video_url: await signUploadLink(platform, course.video_url) };
}

// ---------------------------------------------------------------------------------------------
// Serving

export type UploadAccess = { access: 'public' } | { access: 'course' | 'take'; courseId: number | null };

/** An upload without a row (files put by the seed) is public, like the preview clip it is — but a take never is. */
export async function uploadAccessOf(db: Db, key: string): Promise<UploadAccess> {
  if (key.startsWith(TAKE_KEY_PREFIX)) return { access: 'take', courseId: null };
  const [row] = await db.select({ access: uploads.access, courseId: uploads.courseId }).from(uploads).where(eq(uploads.key, key)).limit(1);
  if (!row || row.access === 'public') return { access: 'public' };
  return { access: row.access, courseId: row.courseId };
}

export async function checkSignedRequest(platform: Platform, key: string, exp: string | undefined, sig: string | undefined): Promise<MediaLinkCheck> {
  return checkMediaLink(await mediaSigningKey(platform), key, exp, sig, nowSeconds());
}

// ---------------------------------------------------------------------------------------------
// Marking course media

const uploadLink = sql`('/uploads/' || ${uploads.key})`;

/** Uploads shown publicly anywhere: a course's preview video or image, a profile image. */
const usedPublicly = sql`(EXISTS (SELECT 1 FROM courses pc WHERE pc.preview_video_url = ${uploadLink} OR pc.image_url = ${uploadLink})
  OR EXISTS (SELECT 1 FROM users pu WHERE pu.profile_image_url = ${uploadLink}))`;

/**
 * Marks the uploads a course's lessons and full video refer to as that course's media, and the
 * ones its preview video and image refer to as public (a file that is also a public preview
 * stays public). Only files of the course's instructor or of the one editing are changed, unless
 * an admin edits (or the system, with no actor): nobody can lock away or open up someone
 * else's file by linking to it.
 */
export async function markCourseMedia(db: Db, courseId: number, actor: CourseActor | null): Promise<void> {
  const [course] = await db
    .select({ instructorId: courses.instructorId, videoUrl: courses.videoUrl, previewVideoUrl: courses.previewVideoUrl, imageUrl: courses.imageUrl })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) return;
  const lessonRows = await db
    .select({ content: lessons.content })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(eq(modules.courseId, courseId));

  const publicKeys = new Set([...uploadKeysIn(course.previewVideoUrl), ...uploadKeysIn(course.imageUrl)]);
  const courseKeys = new Set([...uploadKeysIn(course.videoUrl), ...lessonRows.flatMap((l) => uploadKeysIn(l.content))]);
  for (const key of publicKeys) courseKeys.delete(key);

  const owners = ownerCondition(actor, course.instructorId);
  const statements = [];
  if (publicKeys.size > 0) {
    statements.push(
      db
        .update(uploads)
        .set({ access: 'public', courseId: null })
        .where(and(inArray(uploads.key, [...publicKeys]), eq(uploads.access, 'course'), owners)),
    );
  }
  if (courseKeys.size > 0) {
    statements.push(
      db
        .update(uploads)
        .set({ access: 'course', courseId })
        // A learner's practice take stays theirs whatever a lesson links to (decision 0070).
        .where(and(inArray(uploads.key, [...courseKeys]), ne(uploads.access, 'take'), sql`NOT ${usedPublicly}`, owners)),
    );
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

function ownerCondition(actor: CourseActor | null, instructorId: number | null): SQL | undefined {
  if (actor === null || isFullAdmin(actor.roles)) return undefined;
  const ids = [actor.id, ...(instructorId === null ? [] : [instructorId])];
  return and(isNotNull(uploads.userId), inArray(uploads.userId, ids));
}

/**
 * Existing data (before uploads had an access column): every course's media marked once per
 * database, remembered in app_secrets so later starts skip it.
 */
export async function markExistingCourseMedia(db: Db): Promise<void> {
  const [done] = await db.select({ name: appSecrets.name }).from(appSecrets).where(eq(appSecrets.name, EXISTING_MEDIA_MARKED)).limit(1);
  if (done) return;
  const rows = await db
    .selectDistinct({ id: courses.id })
    .from(courses)
    .leftJoin(modules, eq(modules.courseId, courses.id))
    .leftJoin(lessons, eq(lessons.moduleId, modules.id))
    .where(or(sql`${courses.videoUrl} LIKE '/uploads/%'`, sql`${lessons.content} LIKE '%/uploads/%'`));
  for (const row of rows) await markCourseMedia(db, row.id, null);
  await db.insert(appSecrets).values({ name: EXISTING_MEDIA_MARKED, value: new Date().toISOString() }).onConflictDoNothing();
}
