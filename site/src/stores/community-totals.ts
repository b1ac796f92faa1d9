import { atom } from 'nanostores';
import type { CommunityLessonCounts, CommunityWaiting } from '../../../shared/community.ts';
import { describeError } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { bindLoadable, setCached, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * The community's running totals as the course outline and the owners' dashboards show them
 * (decision 0075), and a member's daily digest choice. Reads go through the query layer: the
 * community's writes mark every /api/community key stale, so the counts follow a new question.
 */

export type WaitingScope = 'teaching' | 'selling' | 'all';

const countsKey = (courseId: number) => keyOf(api.community.courses[':id'].counts, { param: { id: String(courseId) } });
const waitingKey = (scope: WaitingScope) => keyOf(api.community.waiting, { query: { scope } });
const DIGEST_KEY = keyOf(api.community.digest);

const message = (what: string) => (error: unknown) => `${what} could not be loaded: ${describeError(error).title}`;

/** Each lesson's questions on the course outline; an extra: the outline shows without it. */
export const $lessonQuestionCounts = atom<Loadable<CommunityLessonCounts>>({ status: 'idle' });

export function loadLessonQuestionCounts(courseId: number): Promise<unknown> {
  return bindLoadable<CommunityLessonCounts>($lessonQuestionCounts, countsKey(courseId), { failed: message('The question counts') });
}

/** "N questions wait for an answer", one store per dashboard's scope. */
export const $questionsWaiting: Record<WaitingScope, ReturnType<typeof atom<Loadable<CommunityWaiting>>>> = {
  teaching: atom<Loadable<CommunityWaiting>>({ status: 'idle' }),
  selling: atom<Loadable<CommunityWaiting>>({ status: 'idle' }),
  all: atom<Loadable<CommunityWaiting>>({ status: 'idle' }),
};

export function loadQuestionsWaiting(scope: WaitingScope): Promise<unknown> {
  return bindLoadable<CommunityWaiting>($questionsWaiting[scope], waitingKey(scope), { failed: message('The questions waiting') });
}

/** Whether the member's community emails come as one digest a day. */
export const $digestChoice = atom<Loadable<{ email_digest: boolean }>>({ status: 'idle' });
export const $digestSaving = atom(false);

export function loadDigestChoice(): Promise<unknown> {
  return bindLoadable<{ email_digest: boolean }>($digestChoice, DIGEST_KEY, { failed: message('Your digest choice') });
}

/** Saves the choice, shown at once (the box follows the click) and put back if it could not be saved. */
export async function saveDigestChoice(on: boolean): Promise<boolean> {
  const before = $digestChoice.get();
  $digestChoice.set({ status: 'ready', data: { email_digest: on } });
  $digestSaving.set(true);
  try {
    const answer = await call(api.community.digest.$put({ json: { email_digest: on } }));
    setCached(DIGEST_KEY, answer);
    $digestChoice.set({ status: 'ready', data: answer });
    toast({ title: on ? 'Community emails: one digest a day' : 'Community emails: one email each' });
    return true;
  } catch (error) {
    const d = describeError(error);
    toast({ title: 'Could not save your digest choice', description: d.message, variant: 'destructive' });
    $digestChoice.set(before);
    return false;
  } finally {
    $digestSaving.set(false);
  }
}
