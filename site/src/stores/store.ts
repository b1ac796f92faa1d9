import { atom } from 'nanostores';
import type { DownloadLink, ResourceAccess, ReviewView } from '../../../worker/src/services/store/views.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { queryLayer } from './query-lazy.ts';

/**
 * The public store's actions (decision 0029): what a visitor of /curriculum/{id} may do with a
 * resource (read after the page loads: the page itself is the same for everybody), taking a
 * free one, download links and reviews. Reads go through the query layer (decision 0018), loaded
 * on the first read so a guest's page does not carry it.
 */

export const accessKey = (resourceId: number) => `/api/resources/${resourceId}/access`;

/** The signed-in visitor's access to the resource on the page; null until read (or for a guest). */
export const $resourceAccess = atom<ResourceAccess | null>(null);

/** GET /api/resources/{id}/access (personal, never cached by the server). */
export async function loadResourceAccess(resourceId: number): Promise<ResourceAccess> {
  const q = await queryLayer();
  const access = await q.read<ResourceAccess>(accessKey(resourceId));
  $resourceAccess.set(access);
  return access;
}

/** Reads the access again after a write changed it (taken, reviewed, added to the cart). */
async function refreshAccess(resourceId: number): Promise<ResourceAccess | null> {
  const q = await queryLayer();
  q.invalidate(accessKey(resourceId));
  return loadResourceAccess(resourceId).catch(() => null);
}

/** POST /api/resources/{id}/claim: a signed-in user takes a free resource (taking it twice changes nothing). */
export async function claimFreeResource(resourceId: number): Promise<ResourceAccess | null> {
  await apiFetch(`/api/resources/${resourceId}/claim`, { method: 'POST' });
  return refreshAccess(resourceId);
}

/** GET /api/resources/{id}/download[?file=]: a short-lived signed link to one file (the first without `fileId`). */
export function downloadLink(resourceId: number, fileId?: number): Promise<DownloadLink> {
  return apiFetch<DownloadLink>(`/api/resources/${resourceId}/download${fileId ? `?file=${fileId}` : ''}`);
}

export interface ReviewInput {
  rating: number;
  body: string;
}

/** The review's fields as the form shows its errors: the server's validation errors, else one message. */
export interface ReviewFailure {
  message: string;
  fields: Record<string, string>;
}

function failure(err: unknown): ReviewFailure {
  if (err instanceof ApiError) {
    const fields = Object.fromEntries(Object.entries(err.validationErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    return { message: err.status === 0 ? 'Please check your connection and try again.' : err.message, fields };
  }
  return { message: 'The review could not be saved. Please try again.', fields: {} };
}

/** POST /api/resources/{id}/reviews (an owner's first review), or PATCH …/reviews/{reviewId} (their own). */
export async function saveReview(resourceId: number, input: ReviewInput, reviewId?: number): Promise<{ ok: true; review: ReviewView } | { ok: false; error: ReviewFailure }> {
  try {
    const review = await apiFetch<ReviewView>(reviewId ? `/api/resources/${resourceId}/reviews/${reviewId}` : `/api/resources/${resourceId}/reviews`, {
      method: reviewId ? 'PATCH' : 'POST',
      json: input,
    });
    await refreshAccess(resourceId);
    return { ok: true, review };
  } catch (err) {
    return { ok: false, error: failure(err) };
  }
}
