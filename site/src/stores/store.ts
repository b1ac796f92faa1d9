import { atom } from 'nanostores';
import type { InferRequestType } from 'hono/client';
import type { DownloadLink, ResourceAccess, ReviewView } from '../../../shared/store/views.ts';
import { ApiError } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { queryLayer } from './query-lazy.ts';

/**
 * The public store's actions (decision 0029): what a visitor of /curriculum/{id} may do with a
 * resource (read after the page loads: the page itself is the same for everybody), taking a
 * free one, download links and reviews. Reads go through the query layer (decision 0018), loaded
 * on the first read so a guest's page does not carry it.
 */

export const accessKey = (resourceId: number) => keyOf(api.resources[':id'].access, { param: { id: String(resourceId) } });

/** The signed-in visitor's access to the resource on the page; null until read (or for a guest). */
export const $resourceAccess = atom<ResourceAccess | null>(null);

/** GET /api/resources/{id}/access (personal, never cached by the server). */
export async function loadResourceAccess(resourceId: number): Promise<ResourceAccess> {
  const q = await queryLayer();
  const key = accessKey(resourceId);
  const access: ResourceAccess = await q.read<KeyAnswer<typeof key>>(key);
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
  await call(api.resources[':id'].claim.$post({ param: { id: String(resourceId) } }));
  return refreshAccess(resourceId);
}

/** GET /api/resources/{id}/download[?file=]: a short-lived signed link to one file (the first without `fileId`). */
export function downloadLink(resourceId: number, fileId?: number): Promise<DownloadLink> {
  return call(api.resources[':id'].download.$get({ param: { id: String(resourceId) }, query: fileId ? { file: String(fileId) } : {} }));
}

/** A review as the form sends it (POST /api/resources/{id}/reviews). */
export type ReviewInput = InferRequestType<(typeof api.resources)[':id']['reviews']['$post']>['json'];

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
    const id = String(resourceId);
    const review: ReviewView = await call(
      reviewId
        ? api.resources[':id'].reviews[':reviewId'].$patch({ param: { id, reviewId: String(reviewId) }, json: input })
        : api.resources[':id'].reviews.$post({ param: { id }, json: input }),
    );
    await refreshAccess(resourceId);
    return { ok: true, review };
  } catch (err) {
    return { ok: false, error: failure(err) };
  }
}
