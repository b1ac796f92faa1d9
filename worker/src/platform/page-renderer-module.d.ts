/** The build's server-rendered pages (build/astro/entry.mjs), aliased in wrangler.toml (decision 0020). */
declare module 'drx-page-renderer' {
  import type { PageRenderer } from './page-renderer.ts';
  export const renderer: PageRenderer | undefined;
}
