import type { AstroIntegration } from 'astro';

/**
 * Our own Astro adapter (decision 0020): the site stays pre-rendered, and the few pages marked
 * `prerender = false` are compiled into one server module, build/astro/entry.mjs, that exports
 * a `PageRenderer`. The module has no server of its own: the Hono app (Node and Workers) calls
 * it from its site router with data it read itself. The static files stay in dist/.
 */
export function pageRendererAdapter(): AstroIntegration {
  return {
    name: 'drx-page-renderer',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'drx-page-renderer',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.ts', import.meta.url),
          supportedAstroFeatures: { staticOutput: 'stable', hybridOutput: 'stable', serverOutput: 'stable' },
        });
      },
    },
  };
}
