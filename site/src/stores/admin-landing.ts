import { atom } from 'nanostores';
import type { ImageDebugCheck } from '../../../shared/dashboards/image-debug.ts';
import type { WorkQueues } from '../../../shared/dashboards/queues.ts';
import { api, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { $storeStats } from './admin-store-settings.ts';
import { loadMessage } from './admin-store.ts';
import { bind, loaded, refresh, toLoadable, type Loadable } from './query.ts';

/**
 * A sub-admin's landing (GET /api/admin/queues: what waits for review and for approval) and the
 * staff image check of /profile-image-debug (GET /api/me/profile-image-debug). Every read goes
 * through the query layer (decision 0053).
 */

export type { ImageDebugCheck, WorkQueues };

export const landingKeys = {
  queues: keyOf(api.admin.queues),
  imageCheck: (url: string) => keyOf(api.me['profile-image-debug'], { query: { url } }),
} as const;

export const $workQueues = atom<Loadable<WorkQueues>>({ status: 'idle' });

/** GET /api/admin/queues. */
export async function loadWorkQueues(): Promise<void> {
  await bind<KeyAnswer<typeof landingKeys.queues>, Loadable<WorkQueues>>($workQueues, landingKeys.queues, (value) =>
    toLoadable(
      value,
      (d) => d,
      (error) => loadMessage(error, 'what waits for you'),
    ),
  );
}

/**
 * A review decision (in the dialog or a list) reads the store's figures again (admin-store.ts
 * `storeWritten`): the queues follow them, so a reviewed resource leaves the landing's list too.
 */
export function followStoreWrites(): () => void {
  let seen = loaded($storeStats.get());
  return $storeStats.listen((state) => {
    const data = loaded(state);
    if (data && seen && data !== seen) void refresh(landingKeys.queues);
    if (data) seen = data;
  });
}

export const $imageCheck = atom<Loadable<ImageDebugCheck>>({ status: 'idle' });

/** GET /api/me/profile-image-debug?url=… */
export async function loadImageCheck(url: string): Promise<void> {
  const key = landingKeys.imageCheck(url);
  await bind<KeyAnswer<typeof key>, Loadable<ImageDebugCheck>>($imageCheck, key, (value) =>
    toLoadable(
      value,
      (d) => d,
      (error) => loadMessage(error, 'the stored file'),
    ),
  );
}
