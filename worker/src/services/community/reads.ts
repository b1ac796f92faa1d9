import { and, asc, desc, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { communityPosts, communityTotals, type CommunityPostRow } from '../../../../db/schema/community.ts';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  type CommunityAnswerView,
  type CommunityCounts,
  type CommunityPostView,
  type CommunityQuestionPage,
  type CommunityQuestionView,
  type CommunitySort,
  type CommunityTarget,
  type CommunityThreadView,
} from '../../../../shared/community.ts';
import { encodeCursor, type Cursor } from '../../domain/page-cursor.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Db } from '../../platform/db.ts';
import { after } from '../keyset.ts';
import { loadPostContext, loadTarget, mayReadTarget, postRefusal, type CommunityActor, type CommunityTargetInfo } from './access.ts';
import { readerFor, viewsOf, type ViewReader } from './views.ts';

/**
 * Reading the community (decision 0075): a page's questions by the three sorts, a thread (its
 * answers with their first replies), and an answer's further replies. Every list is one range of
 * an index of community_posts (the schema names them), read a page at a time after a cursor.
 */

const PAGE = COMMUNITY_LIMITS.pageSize;
/** Replies a thread page carries under each answer; the rest are read with GET …/posts/{id}/replies. */
export const REPLIES_PER_ANSWER = 5;

/** Literal (not a bound value) so SQLite matches the partial indexes declared `WHERE kind = 'question'`. */
export const isQuestion = sql`${communityPosts.kind} = 'question'`;

/**
 * The reader's own posts among a target's or an answer's held and hidden ones: the author is
 * matched on the rows that range finds (`+` keeps SQLite off the author's index, whose range is
 * every post they ever wrote).
 */
const byAuthor = (userId: number) => sql`+${communityPosts.authorId} = ${userId}`;

/** The page's running totals (never a count of rows). */
export async function countsOf(db: Db, scopeKind: CommunityTarget | 'course', scopeId: number): Promise<CommunityCounts> {
  const [row] = await db
    .select({ questions: communityTotals.questions, unanswered: communityTotals.unanswered })
    .from(communityTotals)
    .where(and(eq(communityTotals.scopeKind, scopeKind), eq(communityTotals.scopeId, scopeId)))
    .limit(1);
  return { questions: row?.questions ?? 0, unanswered: row?.unanswered ?? 0 };
}

/** The target, when the actor may read it: a lesson's non-readers are told why, anything else is not found. */
export async function readableTarget(db: Db, actor: CommunityActor | null, kind: CommunityTarget, id: number): Promise<CommunityTargetInfo> {
  const target = await loadTarget(db, kind, id);
  if (!target) throw notFound(COMMUNITY_MESSAGES.TARGET_NOT_FOUND);
  if (!(await mayReadTarget(db, actor, target))) {
    if (target.kind === 'lesson') throw forbidden(actor ? COMMUNITY_MESSAGES.LESSON_NEEDS_ENROLMENT : COMMUNITY_MESSAGES.SIGN_IN_TO_POST);
    throw notFound(COMMUNITY_MESSAGES.TARGET_NOT_FOUND);
  }
  return target;
}


/** The order and cursor of each sort of a target's questions (each served by its index). */
function sortOf(sort: CommunitySort, cursor: Cursor | undefined): { where: SQL | undefined; orderBy: SQL[]; key: (r: CommunityPostRow) => number } {
  if (sort === 'helpful') {
    return {
      where: cursor ? after(communityPosts.voteCount, communityPosts.id, [Number(cursor.key), cursor.id]) : undefined,
      orderBy: [desc(communityPosts.voteCount), desc(communityPosts.id)],
      key: (r) => r.voteCount,
    };
  }
  return {
    where: and(sort === 'unanswered' ? eq(communityPosts.answerCount, 0) : undefined, cursor ? lt(communityPosts.id, cursor.id) : undefined),
    orderBy: [desc(communityPosts.id)],
    key: (r) => r.id,
  };
}

/**
 * The reader's own questions on the target that others do not see (held or hidden), and for its
 * owners and moderators every hidden one: an ordered walk of the newest index per status.
 */
async function unlistedQuestions(db: Db, reader: ViewReader, target: CommunityTargetInfo): Promise<CommunityPostRow[]> {
  if (!reader.actor) return [];
  const me = reader.actor.id;
  const walk = (status: 'pending' | 'hidden', author: SQL | undefined) =>
    db
      .select()
      .from(communityPosts)
      .where(and(isQuestion, eq(communityPosts.targetKind, target.kind), eq(communityPosts.targetId, target.id), eq(communityPosts.status, status), author))
      .orderBy(desc(communityPosts.id))
      .limit(PAGE);
  const [held, hidden] = await db.batch([walk('pending', byAuthor(me)), walk('hidden', reader.owner || reader.moderator ? undefined : byAuthor(me))]);
  return [...held, ...hidden].toSorted((a, b) => b.id - a.id);
}

/** GET /api/community/questions: a page of the target's visible questions (the first page leads with the reader's held ones). */
export async function listQuestions(
  db: Db,
  actor: CommunityActor | null,
  query: { target_kind: CommunityTarget; target_id: number; sort: CommunitySort; cursor: Cursor | undefined },
): Promise<CommunityQuestionPage> {
  const target = await readableTarget(db, actor, query.target_kind, query.target_id);
  const order = sortOf(query.sort, query.cursor);
  const [rows, counts, refusal] = await Promise.all([
    db
      .select()
      .from(communityPosts)
      .where(and(isQuestion, eq(communityPosts.targetKind, target.kind), eq(communityPosts.targetId, target.id), eq(communityPosts.status, 'visible'), order.where))
      .orderBy(...order.orderBy)
      .limit(PAGE + 1),
    countsOf(db, target.kind, target.id),
    postRefusal(db, actor, target, 'question'),
  ]);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  const next = rows.length > PAGE && last ? encodeCursor({ key: order.key(last), id: last.id, page: (query.cursor?.page ?? 1) + 1 }) : null;
  const unlisted = query.cursor ? [] : await unlistedQuestions(db, readerFor(actor, target), target);
  const views = await viewsOf(db, actor, target, [...unlisted, ...page]);
  return { data: [...unlisted, ...page].map(views.question), next, counts, can_ask: refusal === null, ask_refusal: refusal };
}

/**
 * Which posts of a thread the reader sees: the visible ones; their own held or hidden ones; the
 * hidden ones for the page's owners and moderators (held ones too for moderators); and a deleted
 * or hidden answer that has visible replies, as a placeholder.
 */
function shownTo(reader: ViewReader): SQL {
  const me = reader.actor?.id ?? null;
  const privileged = reader.moderator ? inArray(communityPosts.status, ['pending', 'hidden']) : reader.owner ? eq(communityPosts.status, 'hidden') : undefined;
  return or(
    eq(communityPosts.status, 'visible'),
    me === null ? undefined : and(eq(communityPosts.authorId, me), inArray(communityPosts.status, ['pending', 'hidden'])),
    privileged,
    and(inArray(communityPosts.status, ['deleted', 'hidden']), sql`${communityPosts.replyCount} > 0`),
  )!;
}

/** The question the reader may open (held or hidden ones only for those who see them), and its page. */
async function openQuestion(db: Db, actor: CommunityActor | null, questionId: number) {
  const context = await loadPostContext(db, questionId);
  if (!context || context.post.kind !== 'question') throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  const { post: question, target } = context;
  if (!(await mayReadTarget(db, actor, target))) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  const reader = readerFor(actor, target);
  const mine = actor !== null && question.authorId === actor.id;
  const sees =
    question.status === 'visible' ||
    reader.moderator ||
    (mine && question.status !== 'deleted') ||
    (reader.owner && question.status === 'hidden') ||
    (question.status !== 'pending' && question.answerCount > 0);
  if (!sees) throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  return { question, target, reader };
}

/**
 * The first replies under each answer (a few each, oldest first): one ordered walk of the replies'
 * index per answer, in one batch, and the reader's own held or hidden replies there.
 */
async function firstReplies(db: Db, reader: ViewReader, answerIds: number[]): Promise<Map<number, CommunityPostRow[]>> {
  const out = new Map<number, CommunityPostRow[]>();
  if (answerIds.length === 0) return out;
  const me = reader.actor?.id ?? null;
  const visible = answerIds.map((id) =>
    db
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.parentId, id), eq(communityPosts.status, 'visible')))
      .orderBy(asc(communityPosts.id))
      .limit(REPLIES_PER_ANSWER),
  );
  const own = db
    .select()
    .from(communityPosts)
    .where(and(byAuthor(me ?? 0), inArray(communityPosts.parentId, answerIds), inArray(communityPosts.status, ['pending', 'hidden'])))
    .limit(REPLIES_PER_ANSWER * answerIds.length);
  // The page's owners see the replies they may restore; moderators the held ones as well.
  const privileged = reader.moderator ? (['pending', 'hidden'] as const) : reader.owner ? (['hidden'] as const) : null;
  const others = privileged
    ? db
        .select()
        .from(communityPosts)
        .where(and(inArray(communityPosts.parentId, answerIds), inArray(communityPosts.status, [...privileged])))
        .limit(REPLIES_PER_ANSWER * answerIds.length)
    : null;
  const [first, ...rest] = [own, ...(others ? [others] : []), ...visible];
  const results = await db.batch([first!, ...rest]);
  const seen = new Set<number>();
  for (const row of results.flat().toSorted((a, b) => a.id - b.id)) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    const list = out.get(row.parentId!) ?? [];
    if (list.length < REPLIES_PER_ANSWER) list.push(row);
    out.set(row.parentId!, list);
  }
  return out;
}

/**
 * GET /api/community/questions/{id}: the question and a page of its answers — the accepted one
 * first (on the first page), then by votes, older first among equals — each with its first replies.
 */
export async function readThread(db: Db, actor: CommunityActor | null, questionId: number, cursor: Cursor | undefined): Promise<CommunityThreadView> {
  const { question, target, reader } = await openQuestion(db, actor, questionId);
  const accepted = question.acceptedAnswerId;
  const ofQuestion = and(eq(communityPosts.questionId, questionId), eq(communityPosts.kind, 'answer'), shownTo(reader));
  const [acceptedRows, rows, refusal] = await Promise.all([
    accepted !== null && !cursor ? db.select().from(communityPosts).where(and(eq(communityPosts.id, accepted), ofQuestion)).limit(1) : Promise.resolve([] as CommunityPostRow[]),
    db
      .select()
      .from(communityPosts)
      .where(
        and(
          ofQuestion,
          accepted !== null ? ne(communityPosts.id, accepted) : undefined,
          cursor ? sql`(${communityPosts.voteCount} < ${Number(cursor.key)} OR (${communityPosts.voteCount} = ${Number(cursor.key)} AND ${communityPosts.id} > ${cursor.id}))` : undefined,
        ),
      )
      .orderBy(desc(communityPosts.voteCount), asc(communityPosts.id))
      .limit(PAGE + 1),
    question.status === 'visible' ? postRefusal(db, actor, target, 'answer') : Promise.resolve('closed'),
  ]);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  const next = rows.length > PAGE && last ? encodeCursor({ key: last.voteCount, id: last.id, page: (cursor?.page ?? 1) + 1 }) : null;
  const answers = [...acceptedRows, ...page];
  const replies = await firstReplies(
    db,
    reader,
    answers.map((a) => a.id),
  );
  const views = await viewsOf(db, actor, target, [question, ...answers, ...[...replies.values()].flat()]);
  return {
    question: views.question(question),
    answers: answers.map(
      (a): CommunityAnswerView => ({
        ...(views.post(a) as CommunityPostView & { kind: 'answer' }),
        accepted: a.id === accepted,
        replies: (replies.get(a.id) ?? []).map(views.post),
        reply_count: a.replyCount,
      }),
    ),
    next,
    target: { kind: target.kind, id: target.id, title: target.title, url: target.url },
    can_answer: refusal === null,
  };
}

/**
 * GET /api/community/posts/{id}/replies: an answer's visible replies, oldest first, after the
 * cursor (an ordered walk of the replies' index); the first page adds the reader's own held or
 * hidden replies, and the hidden ones for the page's owners and moderators.
 */
export async function listReplies(db: Db, actor: CommunityActor | null, answerId: number, cursor: Cursor | undefined): Promise<{ data: CommunityPostView[]; next: string | null }> {
  const context = await loadPostContext(db, answerId);
  if (!context || context.post.kind !== 'answer') throw notFound(COMMUNITY_MESSAGES.NOT_FOUND);
  await openQuestion(db, actor, context.question.id);
  const reader = readerFor(actor, context.target);
  const walk = (status: 'visible' | 'hidden') =>
    db
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.parentId, answerId), eq(communityPosts.status, status), cursor ? sql`${communityPosts.id} > ${cursor.id}` : undefined))
      .orderBy(asc(communityPosts.id))
      .limit(PAGE + 1);
  const me = reader.actor?.id ?? null;
  const [rows, hidden, own] = await Promise.all([
    walk('visible'),
    !cursor && (reader.owner || reader.moderator) ? walk('hidden') : Promise.resolve([] as CommunityPostRow[]),
    !cursor && me !== null
      ? db
          .select()
          .from(communityPosts)
          .where(and(byAuthor(me), eq(communityPosts.parentId, answerId), inArray(communityPosts.status, ['pending', 'hidden'])))
          .limit(PAGE)
      : Promise.resolve([] as CommunityPostRow[]),
  ]);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  const seen = new Set<number>();
  const shown = [...page, ...hidden.slice(0, PAGE), ...own].filter((r) => !seen.has(r.id) && seen.add(r.id)).toSorted((a, b) => a.id - b.id);
  const views = await viewsOf(db, actor, context.target, shown);
  return {
    data: shown.map(views.post),
    next: rows.length > PAGE && last ? encodeCursor({ key: last.id, id: last.id, page: (cursor?.page ?? 1) + 1 }) : null,
  };
}

export type { CommunityQuestionView };
