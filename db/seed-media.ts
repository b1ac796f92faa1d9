import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ObjectStore } from '../worker/src/platform/storage.ts';

/**
 * The demo practice clip: an 8-second test pattern with a running counter (db/demo-media,
 * generated with ffmpeg's testsrc2), so the seeded video lessons play as uploaded files and show
 * the practice controls — mirror, speed and the A–B loop — without any outside service.
 */
export const DEMO_CLIP_KEY = 'demo/0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c01.webm';
export const DEMO_CLIP_URL = `/uploads/${DEMO_CLIP_KEY}`;
export const DEMO_CLIP_FILE = 'db/demo-media/practice-clip.webm';

/** Puts the clip into the object store once (Node; on Workers see the README's R2 step). */
export async function ensureDemoMedia(storage: ObjectStore, projectRoot: string): Promise<void> {
  if (await storage.get(DEMO_CLIP_KEY)) return;
  const bytes = new Uint8Array(await readFile(resolve(projectRoot, DEMO_CLIP_FILE)));
  await storage.put(DEMO_CLIP_KEY, bytes, 'video/webm');
}
