import type { PageRenderer } from './page-renderer.ts';

/**
 * Stands in for the build's page renderer (`drx-page-renderer`, wrangler.toml's alias) when the
 * worker is bundled without a built site, as the workerd test does: no page is rendered.
 */
export const renderer: PageRenderer | undefined = undefined;
