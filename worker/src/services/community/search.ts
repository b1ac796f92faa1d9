import { and, count, desc, eq, inArray, lt, min, sql, type SQL } from 'drizzle-orm';
import { communityPosts } from '../../../../db/schema/community.ts';
import { courses, lessons } from '../../../../db/schema/index.ts';
import { COMMUNITY_LIMITS, COMMUNITY_MESSAGES, communityThreadUrl, type CommunityCourseSort, type CommunityQuestionPage } from '../../../../shared/community.ts';
import { encodeCursor, type Cursor } from '../../domain/page-cursor.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { mayReadTarget, type CommunityActor, type CommunityTargetInfo } from './access.ts';
import { countsOf, isQuestion } from './reads.ts';
import { viewsOf } from './views.ts';

/**
 * A course's questions over all its lessons, newest first, searchable by their words (decision
 * 0075): one range of the course's index. A search or the "unanswered" filter reads at most
 * SEARCH_WINDOW questions of that range per page and matches their title and body with LIKE; when
 * the window ends before a page is full, the next cursor continues from the window's end, so a deep
 * search goes on page by page and no request reads more than the window.
 */

export const SEARCH_WINDOW = 2_000;
const PAGE = COMMUNITY_LIMITS.pageSize;
const MAX_WORDS = 5;

export const COURSE_NOT_FOUND = 'This course was not found.';

/** The course as a page of the community: its readers are its lessons' readers. */
async function courseTarget(db: Db, courseId: number): Promise<CommunityTargetInfo | null> {
  const [row] = await db
    .select({ title: courses.title, instructorId: courses.instructorId, requiredLevel: courses.requiredLevel })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!row) return null;
  return {
    kind: 'lesson',
    id: 0,
    title: row.title,
    url: `/learn/courses/${courseId}`,
    courseId,
    moduleId: null,
    ownerIds: row.instructorId === null ? [] : [row.instructorId],
    ownerBadge: 'Instructor',
    isVideo: false,
    isPublic: false,
    course: { instructorId: row.instructorId, requiredLevel: row.requiredLevel },
  };
}

/** The words of a search (at least two characters each), each one a LIKE pattern with its wildcards escaped. */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length >= COMMUNITY_LIMITS.searchMin)
    .slice(0, MAX_WORDS)
    .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Every word in the title or the body. */
function matchesAll(words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(...words.map((w) => sql`(${communityPosts.title} LIKE ${w} ESCAPE '\\' OR ${communityPosts.body} LIKE ${w} ESCAPE '\\')`));
}

/** GET /api/community/courses/{id}/questions?q&sort&cursor. */
export async function courseQuestions(
  db: Db,
  actor: CommunityActor,
  courseId: number,
  query: { q: string; sort: CommunityCourseSort; cursor: Cursor | undefined },
): Promise<CommunityQuestionPage> {
  const target = await courseTarget(db, courseId);
  if (!target) throw notFound(COURSE_NOT_FOUND);
  if (!(await mayReadTarget(db, actor, target))) throw forbidden(COMMUNITY_MESSAGES.LESSON_NEEDS_ENROLMENT);
  const words = searchWords(query.q);
  const filtered = words.length > 0 || query.sort === 'unanswered';
  const range = and(isQuestion, eq(communityPosts.courseId, courseId), eq(communityPosts.status, 'visible'), query.cursor ? lt(communityPosts.id, query.cursor.id) : undefined);
  const pageNo = (query.cursor?.page ?? 1) + 1;

  let rows: (typeof communityPosts.$inferSelect)[];
  let next: string | null;
  if (!filtered) {
    rows = await db.select().from(communityPosts).where(range).orderBy(desc(communityPosts.id)).limit(PAGE + 1);
    const last = rows[PAGE - 1];
    next = rows.length > PAGE && last ? encodeCursor({ key: last.id, id: last.id, page: pageNo }) : null;
    rows = rows.slice(0, PAGE);
  } else {
    const window = db.select({ id: communityPosts.id }).from(communityPosts).where(range).orderBy(desc(communityPosts.id)).limit(SEARCH_WINDOW);
    const windowRows = window.as('w');
    const [found, [span]] = await db.batch([
      db
        .select()
        .from(communityPosts)
        .where(and(inArray(communityPosts.id, window), query.sort === 'unanswered' ? eq(communityPosts.answerCount, 0) : undefined, matchesAll(words)))
        .orderBy(desc(communityPosts.id))
        .limit(PAGE + 1),
      db.select({ read: count(), lowest: min(windowRows.id) }).from(windowRows),
    ]);
    rows = found.slice(0, PAGE);
    const last = rows.at(-1);
    if (found.length > PAGE && last) next = encodeCursor({ key: last.id, id: last.id, page: pageNo });
    else if (span && span.read >= SEARCH_WINDOW && span.lowest !== null) next = encodeCursor({ key: span.lowest, id: span.lowest, page: pageNo });
    else next = null;
  }

  const lessonIds = [...new Set(rows.map((r) => r.targetId))];
  const [places, counts, views] = await Promise.all([
    lessonIds.length === 0
      ? Promise.resolve([])
      : db.select({ id: lessons.id, title: lessons.title, moduleId: lessons.moduleId }).from(lessons).where(inArray(lessons.id, lessonIds)),
    countsOf(db, 'course', courseId),
    viewsOf(db, actor, target, rows),
  ]);
  const lessonOf = new Map(places.map((p) => [p.id, p]));
  return {
    data: rows.map((r) => {
      const lesson = lessonOf.get(r.targetId);
      const view = views.question(r);
      return lesson
        ? { ...view, place: { title: lesson.title, url: communityThreadUrl({ id: r.id, target_kind: 'lesson', target_id: r.targetId, course_id: courseId, module_id: lesson.moduleId }) } }
        : view;
    }),
    next,
    counts,
    can_ask: false,
    ask_refusal: null,
  };
}
