import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from './page-renderer.ts';

/** Where `npm run build` puts the server-rendered pages' module, bundled for Node (scripts/build-server.ts). */
export const NODE_PAGE_RENDERER = 'build/server/page-renderer.mjs';

/**
 * The build's page renderer (decision 0020), or undefined when the site was not built with it
 * (then the built pages are served as they are).
 */
export async function loadNodePageRenderer(projectRoot: string): Promise<PageRenderer | undefined> {
  const file = resolve(projectRoot, NODE_PAGE_RENDERER);
  if (!existsSync(file)) {
    console.warn(`No ${NODE_PAGE_RENDERER}: pages changed since the build cannot be rendered (run npm run build)`);
    return undefined;
  }
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { renderer?: PageRenderer };
  return module.renderer;
}
