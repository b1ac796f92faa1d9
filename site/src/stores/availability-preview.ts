import { atom } from 'nanostores';
import { ApiError } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import type { SlotsAnswer } from '../../../shared/bookings/views.ts';

/**
 * The next open times of an instructor's lesson type (the booking card of /instructors/{id},
 * decision 0032), from GET /api/connect/instructors/{id}/slots?lessonTypeId=&days=7. Live data,
 * never part of the cached page.
 */

export const PREVIEW_DAYS = 7;

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading'; lessonTypeId: number }
  | { status: 'ready'; lessonTypeId: number; answer: SlotsAnswer }
  | { status: 'unavailable'; lessonTypeId: number; message: string };

export const $preview = atom<PreviewState>({ status: 'idle' });

export async function loadPreview(instructorId: number, lessonTypeId: number): Promise<void> {
  $preview.set({ status: 'loading', lessonTypeId });
  try {
    const answer = await call(
      api.connect.instructors[':id'].slots.$get({ param: { id: String(instructorId) }, query: { lessonTypeId: String(lessonTypeId), days: String(PREVIEW_DAYS) } }),
    );
    if (($preview.get() as { lessonTypeId?: number }).lessonTypeId === lessonTypeId) $preview.set({ status: 'ready', lessonTypeId, answer });
  } catch (error) {
    const message =
      error instanceof ApiError && error.status === 404 ? 'Open times are not available here yet: choose a time on the booking page.' : 'We could not load the open times. Choose a time on the booking page.';
    if (($preview.get() as { lessonTypeId?: number }).lessonTypeId === lessonTypeId) $preview.set({ status: 'unavailable', lessonTypeId, message });
  }
}
