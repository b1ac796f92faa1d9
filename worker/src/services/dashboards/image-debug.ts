import { uploadKeyOf } from '../../domain/media-links.ts';
import type { ObjectStore } from '../../platform/storage.ts';
import type { ImageDebugCheck } from '../../../../shared/dashboards/image-debug.ts';

/** An image address checked against the uploads: its key, and the stored file's size and type (no bytes read). */
export async function profileImageCheck(storage: ObjectStore, url: string | null): Promise<ImageDebugCheck> {
  const key = uploadKeyOf(url);
  if (!key) return { url, upload: null };
  const info = await storage.head(key);
  return {
    url,
    upload: {
      key,
      stored: info !== null,
      size: info?.size ?? null,
      content_type: info?.contentType ?? null,
    },
  };
}
