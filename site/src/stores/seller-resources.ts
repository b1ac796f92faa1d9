import { atom } from 'nanostores';
import type { OwnResource } from '../../../shared/store/seller-analytics.ts';
import type { ResourceDetail, ResourceFileView } from '../../../shared/store/views.ts';
import type { InferRequestType } from 'hono/client';
import { ApiError, getToken } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { AUTH_REQUIRED_MESSAGE, fetchWithProgress, friendlyUploadMessage, serverErrorMessage } from '../lib/upload.ts';
import { changeMessage, loadMessage, type ChangeResult } from './admin-store.ts';
import { bind, invalidate, toLoadable, type Loadable } from './query.ts';
import { sellerChange, sellerKeys, sellerWritten } from './seller.ts';
import { toast } from './toasts.ts';

/**
 * The seller's resources: the list of /seller/resources with its moves (submit for
 * review, archive, restore, delete), and the resource form of /seller/resources/add and
 * /curriculum/{id}/edit — the resource's fields, then its files one request each with a progress
 * bar. The API (decision 0029) checks every move; these only say what happened.
 */

export type { OwnResource, ResourceDetail, ResourceFileView };

export const $ownResources = atom<Loadable<OwnResource[]>>({ status: 'idle' });

/** GET /api/seller/resources: every resource of the seller, every status. */
export async function loadOwnResources(): Promise<void> {
  await bind<KeyAnswer<typeof sellerKeys.resources>, Loadable<OwnResource[]>>($ownResources, sellerKeys.resources, (value) =>
    toLoadable(value, (answer) => answer.data, (error) => loadMessage(error, 'your resources')),
  );
}

export type ResourceMove = 'submit' | 'archive' | 'restore';

const MOVES: Record<ResourceMove, { done: (title: string) => string; failed: string }> = {
  submit: { done: (t) => `“${t}” was submitted for review.`, failed: 'submit the resource' },
  archive: { done: (t) => `“${t}” was archived: it is out of the store.`, failed: 'archive the resource' },
  restore: { done: (t) => `“${t}” is back as a draft.`, failed: 'restore the resource' },
};

/** POST /api/resources/{id}/submit | archive | restore. */
export function moveResource(resource: { id: number; title: string }, move: ResourceMove): Promise<ChangeResult> {
  const { done, failed } = MOVES[move];
  const param = { id: String(resource.id) };
  const moved = api.resources[':id'];
  const send = { submit: () => moved.submit.$post({ param }), archive: () => moved.archive.$post({ param }), restore: () => moved.restore.$post({ param }) }[move];
  return sellerChange(() => call(send()), done(resource.title), failed);
}

/** DELETE /api/resources/{id}: a draft that never sold (the API answers 409 for the rest). */
export function deleteResource(resource: { id: number; title: string }): Promise<ChangeResult> {
  return sellerChange(() => call(api.resources[':id'].$delete({ param: { id: String(resource.id) } })), `“${resource.title}” was deleted.`, 'delete the resource');
}

// ---------------------------------------------------------------------------------------------
// The resource form

export const resourceKey = (id: number) => keyOf(api.resources[':id'], { param: { id: String(id) } });

/** The resource being edited, read fresh with its files and rejection reason. */
export const $editedResource = atom<Loadable<ResourceDetail> & { notFound?: boolean }>({ status: 'idle' });

/** GET /api/resources/{id}: the seller and resources.manage holders read it in any state; others get 404. */
export async function loadEditedResource(id: number): Promise<void> {
  invalidate(resourceKey(id));
  const key = resourceKey(id);
  await bind<KeyAnswer<typeof key>, Loadable<ResourceDetail> & { notFound?: boolean }>($editedResource, key, (value) => {
    if (value.error instanceof ApiError && (value.error.status === 404 || value.error.status === 403) && !value.loading) {
      return { status: 'error', message: value.error.message, notFound: true };
    }
    return toLoadable(value, (r) => r, (error) => loadMessage(error, 'the resource'));
  });
}

/** GET /api/resources/{id}, read fresh (after an upload or a removal moved its files or its status). */
export async function readResource(id: number): Promise<ResourceDetail> {
  const fresh = await call(api.resources[':id'].$get({ param: { id: String(id) } }));
  invalidate(resourceKey(id));
  return fresh;
}

/**
 * What the form sends: the API's resource fields, as the form builds them (lib/seller-resource-form.ts,
 * an untyped record for now); the route's zod schema checks them on arrival.
 */
export type ResourceBody = Record<string, unknown>;
type CreateBody = InferRequestType<typeof api.resources.$post>['json'];
type UpdateBody = InferRequestType<(typeof api.resources)[':id']['$patch']>['json'];

/** POST /api/resources (a new draft) or PATCH /api/resources/{id}. */
export async function saveResource(id: number | null, body: ResourceBody): Promise<ChangeResult & { data?: ResourceDetail }> {
  return sellerChange(
    () => call(id === null ? api.resources.$post({ json: body as CreateBody }) : api.resources[':id'].$patch({ param: { id: String(id) }, json: body as UpdateBody })),
    (saved) => (id === null ? `“${saved.title}” was saved as a draft.` : `“${saved.title}” was saved.`),
    id === null ? 'create the resource' : 'update the resource',
  );
}

/**
 * POST /api/resources/{id}/files with one file (sent as `files`), reporting the share sent. Resolves
 * with the resource's files after it, or throws an Error whose message is the friendly one for people.
 */
export async function uploadResourceFile(id: number, file: File, onProgress: (sent: number) => void, send: typeof fetch = fetchWithProgress(onProgress)): Promise<ResourceFileView[]> {
  const token = getToken();
  if (!token) throw new Error(friendlyUploadMessage(AUTH_REQUIRED_MESSAGE));
  const body = new FormData();
  body.append('files', file);
  let res: Response;
  try {
    res = await send(`/api/resources/${id}/files`, { method: 'POST', body, headers: { authorization: `Bearer ${token}` }, credentials: 'include' });
  } catch {
    throw new Error(friendlyUploadMessage('Network error occurred'));
  }
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(friendlyUploadMessage(serverErrorMessage(res.status, res.statusText, answer)));
  onProgress(1);
  sellerWritten();
  // A PDF whose pages could not be copied is kept without a store preview: the seller is told why.
  const previewMessage = (answer as { preview_message?: unknown } | null)?.preview_message;
  if (typeof previewMessage === 'string' && previewMessage) toast({ title: 'Uploaded without a preview', description: previewMessage });
  return filesOf(answer);
}

/** The files in an upload's answer: a list of files, a `data` list, or a resource with its files. */
export function filesOf(answer: unknown): ResourceFileView[] {
  if (Array.isArray(answer)) return answer as ResourceFileView[];
  const body = answer as { files?: unknown; data?: unknown } | null;
  if (Array.isArray(body?.files)) return body.files as ResourceFileView[];
  if (Array.isArray(body?.data)) return body.data as ResourceFileView[];
  return [];
}

/** DELETE /api/resources/{id}/files/{fileId}. */
export async function removeResourceFile(id: number, file: ResourceFileView): Promise<ChangeResult> {
  return sellerChange(
    () => call(api.resources[':id'].files[':fileId'].$delete({ param: { id: String(id), fileId: String(file.id) } })),
    `${file.name} was removed.`,
    'remove the file',
  );
}

/** The message of a refusal the form shows above its buttons. */
export function formProblem(error: unknown): string {
  return changeMessage(error);
}
