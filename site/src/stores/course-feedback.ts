import { atom } from 'nanostores';
import { ApiError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import { bindLoadable, setCached, type Loadable } from './query.ts';
import { toast } from './toasts.ts';
import type { CourseFeedbackSettingsPage, FeedbackSettingsInput } from '../../../shared/course-feedback-settings.ts';

/**
 * A course's feedback on takes in the course editor (decision 0070): GET/PUT
 * /api/courses/{id}/feedback-settings and PUT /api/lessons/{id}/practice-rule. The saved answer is
 * shown as it is, not read again.
 */

export type { CourseFeedbackSettingsPage };

export const $feedbackSettings = atom<Loadable<CourseFeedbackSettingsPage>>({ status: 'idle' });

const settingsKey = (courseId: number) => keyOf(api.courses[':id']['feedback-settings'], { param: { id: String(courseId) } });

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError && error.status !== 0 && error.message ? error.message : fallback);

export async function loadFeedbackSettings(courseId: number): Promise<void> {
  await bindLoadable($feedbackSettings, settingsKey(courseId), {
    failed: (error) => ({ message: messageOf(error, 'The feedback settings could not be loaded.'), forbidden: error instanceof ApiError && error.status === 403 }),
    keep: (shown) => shown?.course_id === courseId,
  });
}

export type SaveResult = { ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors };

function failed(error: unknown, fallback: string): SaveResult {
  const message = messageOf(error, fallback);
  toast({ title: fallback, description: message === fallback ? undefined : message, variant: 'destructive' });
  return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
}

export async function saveFeedbackSettings(courseId: number, values: FeedbackSettingsInput): Promise<SaveResult> {
  try {
    setCached(settingsKey(courseId), await call(api.courses[':id']['feedback-settings'].$put({ param: { id: String(courseId) }, json: values })));
    toast({ title: 'Feedback settings saved' });
    return { ok: true };
  } catch (error) {
    return failed(error, 'Could not save the feedback settings');
  }
}

/** Ticks or unticks "Complete only with an approved take" of one lesson; the list shows the answer. */
export async function setPracticeRule(courseId: number, lessonId: number, requiresApprovedTake: boolean): Promise<SaveResult> {
  try {
    const rule = await call(api.lessons[':id']['practice-rule'].$put({ param: { id: String(lessonId) }, json: { requires_approved_take: requiresApprovedTake } }));
    const shown = $feedbackSettings.get();
    if ((shown.status === 'ready' || shown.status === 'loading') && shown.data?.course_id === courseId) {
      setCached(settingsKey(courseId), {
        ...shown.data,
        lessons: shown.data.lessons.map((l) => (l.id === lessonId ? { ...l, requires_approved_take: rule.requires_approved_take } : l)),
      });
    }
    toast({ title: rule.requires_approved_take ? 'The lesson now needs an approved take' : 'The lesson is completed the usual way again' });
    return { ok: true };
  } catch (error) {
    return failed(error, 'Could not change the lesson');
  }
}
