import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ObjectStore } from '../worker/src/platform/storage.ts';

/**
 * The demo practice clip: a count-in "5, 6, 7, 8" and four eight-counts with large numbers over a
 * metronome at 120 BPM, 18 s (db/demo-media, made by scripts/make-practice-clip.sh). The seeded
 * video lessons play it as an uploaded file, so mirror, speed and the A–B loop can be judged by
 * eye and ear without any outside service. A new clip gets a new key: uploads are served as
 * immutable, so a browser that cached the old clip never sees stale bytes under the same name.
 */
export const DEMO_CLIP_KEY = 'demo/485aedf5-5e12-451e-9d01-3ac4ef75ec54.webm';
export const DEMO_CLIP_URL = `/uploads/${DEMO_CLIP_KEY}`;
export const DEMO_CLIP_FILE = 'db/demo-media/practice-clip.webm';
/** The tempo the clip counts at; the seeded lessons state it. */
export const DEMO_CLIP_BPM = 120;

/** Puts the clip into the object store once (Node; on Workers see the README's R2 step). */
export async function ensureDemoMedia(storage: ObjectStore, projectRoot: string): Promise<void> {
  if (await storage.head(DEMO_CLIP_KEY)) return;
  const bytes = new Uint8Array(await readFile(resolve(projectRoot, DEMO_CLIP_FILE)));
  await storage.put(DEMO_CLIP_KEY, bytes, 'video/webm');
}
