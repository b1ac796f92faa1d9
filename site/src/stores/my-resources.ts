import { atom } from 'nanostores';
import type { DownloadLink, OwnedResource } from '../../../shared/store/views.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { api, call, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { reviewDate } from '../lib/store-format.ts';
import { read, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * /my-resources: everything the signed-in user bought or took for free
 * (GET /api/my-resources), and each file's download: GET /api/resources/{id}/download?file=
 * answers a short-lived signed link, which the browser then opens.
 */

export type { DownloadLink, OwnedResource };

export const MY_RESOURCES_KEY = keyOf(api['my-resources']);

export const $myResources = atom<Loadable<OwnedResource[]>>({ status: 'idle' });

/** The answer as a list, whether it comes bare or as `{ data }`. */
export function ownedList(answer: OwnedResource[] | { data: OwnedResource[] }): OwnedResource[] {
  return Array.isArray(answer) ? answer : answer.data;
}

export async function loadMyResources(): Promise<void> {
  const before = $myResources.get();
  $myResources.set({ status: 'loading', data: before.status === 'ready' || before.status === 'loading' ? before.data : undefined });
  try {
    const answer = await read<KeyAnswer<typeof MY_RESOURCES_KEY>>(MY_RESOURCES_KEY);
    $myResources.set({ status: 'ready', data: ownedList(answer) });
  } catch (error) {
    const { title } = describeError(error);
    $myResources.set({ status: 'error', message: `Your resources could not be loaded: ${title}` });
  }
}

/** How the user came to own it: 'Bought on Nov 3, 2026 · Order DRX-…', 'Free download, taken on …', 'Given to you on …'. */
export function acquiredLabel(owned: Pick<OwnedResource, 'source' | 'order_number' | 'acquired_at'>): string {
  const day = reviewDate(owned.acquired_at);
  const on = day ? ` on ${day}` : '';
  if (owned.source === 'purchase') return `Bought${on}${owned.order_number ? ` · Order ${owned.order_number}` : ''}`;
  if (owned.source === 'free') return `Free download, taken${on}`;
  return `Given to you${on}`;
}

/** The file being fetched a link for (`{resourceId}:{fileId}`), so its button says so. */
export const $downloading = atom<string | null>(null);

export const downloadKey = (resourceId: number, fileId: number) => `${resourceId}:${fileId}`;

/** Where the browser is sent for a link: an anchor with `download` keeps the page, whatever the file's type. */
export type Opener = (url: string, name: string) => void;

const openInBrowser: Opener = (url, name) => {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
};

/**
 * Asks the API for a signed link to one file (each link counts one download) and opens it. The
 * link is asked at the click, never kept: it expires within minutes.
 */
export async function downloadFile(resourceId: number, fileId: number, open: Opener = openInBrowser): Promise<boolean> {
  const key = downloadKey(resourceId, fileId);
  if ($downloading.get() === key) return false;
  $downloading.set(key);
  try {
    const link = await call(api.resources[':id'].download.$get({ param: { id: String(resourceId) }, query: { file: String(fileId) } }));
    open(link.url, link.file.name);
    return true;
  } catch (error) {
    const message = error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : describeError(error).title;
    toast({ title: 'Download failed', description: message, variant: 'destructive' });
    return false;
  } finally {
    if ($downloading.get() === key) $downloading.set(null);
  }
}
