import type { APIRequestContext, Page } from '@playwright/test';
import type { CourseFeedbackSettingsView } from '../../../shared/practice.ts';
import { expect, hydrated } from '../fixtures.ts';

// Steps the practice room's browser tests share (decision 0070): signing in through the API, the
// demo learner's practice lessons, a course's feedback offer, and opening the room from a lesson.

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new session's token (for accounts a test creates). */
export async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

type SavedSignIn = (username: string) => Promise<{ origins: { localStorage: { value: string }[] }[] }>;

/** A demo account's token from the worker's saved sign-in (the `savedSignIn` fixture): no new session. */
export async function demoToken(savedSignIn: SavedSignIn, username: string): Promise<string> {
  return (await savedSignIn(username)).origins[0]!.localStorage[0]!.value;
}

export interface PracticeLesson {
  courseId: number;
  /** Who teaches the course: who answers its feedback requests. */
  instructorId: number | null;
  path: string;
  lessonId: number;
}

/** The demo learner's video lessons that open a practice room, one per enrolled course. */
export async function practiceLessons(request: APIRequestContext, student: string): Promise<PracticeLesson[]> {
  const enrolments = (await (await request.get('/api/enrollments', { headers: bearer(student) })).json()) as { course: { id: number; instructor: { id: number } | null } }[];
  const found: PracticeLesson[] = [];
  for (const { course } of enrolments) {
    const player = (await (await request.get(`/api/learn/courses/${course.id}`, { headers: bearer(student) })).json()) as {
      modules: { id: number; locked: boolean; lessons: { id: number; type: string }[] }[];
    };
    for (const m of player.modules) {
      const lesson = m.locked ? undefined : m.lessons.find((l) => l.type === 'video');
      if (!lesson) continue;
      const room = await request.get(`/api/practice/lessons/${lesson.id}`, { headers: bearer(student) });
      if (!room.ok()) continue;
      found.push({ courseId: course.id, instructorId: course.instructor?.id ?? null, lessonId: lesson.id, path: `/courses/${course.id}/modules/${m.id}/lessons/${lesson.id}` });
      break;
    }
  }
  expect(found.length, 'the demo learner has a video lesson with a practice room').toBeGreaterThan(0);
  return found;
}

/** Sets a course's feedback offer as an admin would (`admin`: an admin's token). */
export async function offerFeedback(request: APIRequestContext, admin: string, courseId: number, settings: Partial<Omit<CourseFeedbackSettingsView, 'course_id'>>) {
  const res = await request.put(`/api/courses/${courseId}/feedback-settings`, {
    headers: bearer(admin),
    data: { mode: 'included', included_reviews: 3, credit_pack_cents: 2500, credits_per_pack: 5, response_days: 3, delete_takes_after_days: null, ...settings },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Opens the practice room under a lesson's clip; the room takes the focus. */
export async function openRoom(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('button', { name: 'Practice', exact: true }).click();
  const room = page.getByRole('region', { name: 'Practice room' });
  await expect(room.getByRole('heading', { name: 'Practice room' })).toBeFocused();
  await expect(room.getByRole('heading', { name: 'Your takes of this lesson' })).toBeVisible();
  return room;
}
